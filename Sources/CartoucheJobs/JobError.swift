import CartouchePlacement
import CartoucheJSON

/// Why a job refused its input or stopped, without saying how to send it:
/// the service turns it into an RFC 9457 problem (`Problem(_:)` in
/// `CartoucheService`), the CLI into a message and an exit status. The
/// `detail` sentences are the ones both show, so the HTTP and CLI answers to
/// the same input stay word for word the same.
public struct JobError: Error, Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The body (or a scene file) is not JSON; `line` and `column` say where.
        case invalidJSON
        /// A JSON value breaks the format or a scene rule; `path` names it (or
        /// `parameter`, for a well-formed parameter that does not fit the scene).
        case invalidValue
        /// A query parameter or CLI option that is unknown, repeated or out of its set.
        case invalidParameter
        /// More annotations than the limit.
        case tooManyAnnotations
        /// A text with more Unicode scalars than the limit.
        case textTooLong
        /// The job's time budget ran out (its `shouldCancel` said stop).
        case cancelled
        /// A failure of Cartouche itself; `detail` stays vague on purpose.
        case internalFailure
    }

    public var kind: Kind
    public var detail: String
    /// JSON path of the offending value, e.g. `viewAnnotations[3].size.width`.
    public var path: String?
    /// The parameter (query parameter or CLI option) with the bad value.
    public var parameter: String?
    public var line: Int?
    public var column: Int?

    public init(_ kind: Kind, detail: String, path: String? = nil, parameter: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.path = path
        self.parameter = parameter
        self.line = line
        self.column = column
    }
}

// MARK: - The errors the jobs report

extension JobError {
    /// A spent budget (the solver's, or the job's own check before or
    /// after it): kind `cancelled`, with the one sentence every route says.
    public init(_ cancelled: PlacementCancelled) {
        self.init(.cancelled, detail: cancelled.description)
    }
}

extension JobError {
    /// A parameter that is unknown, repeated or has a value outside its set;
    /// `detail` starts with its name.
    package static func invalidParameter(_ name: String, _ reason: String) -> JobError {
        JobError(.invalidParameter, detail: "\(name): \(reason)", parameter: name)
    }

    /// A well-formed parameter whose value does not fit the scene (e.g. a camera index past the last camera).
    static func parameterOutOfRange(_ name: String, _ reason: String) -> JobError {
        JobError(.invalidValue, detail: "\(name): \(reason)", parameter: name)
    }

    static func textTooLong(count: Int, limit: Int, path: String) -> JobError {
        JobError(.textTooLong, detail: "the text has \(count) Unicode scalars, more than the limit of \(limit)", path: path)
    }

    /// The body (or a scene file) is not JSON.
    public static func invalidJSON(_ error: JSONParseError) -> JobError {
        JobError(.invalidJSON, detail: error.description, line: error.line, column: error.column)
    }

    /// A decoding error: kind `invalidValue`, or the limit it names when it
    /// is one (`tooManyAnnotations`, `textTooLong`; the decoder checks the
    /// scene limits as it reads).
    public init(decoding error: JSONDecodingError) {
        switch error.exceeded {
        case .elements?: self.init(.tooManyAnnotations, detail: error.reason, path: error.path.description)
        case .textLength?: self.init(.textTooLong, detail: error.reason, path: error.path.description)
        case nil: self.init(.invalidValue, detail: error.description, path: error.path.description)
        }
    }

    static func invalidValue(detail: String, path: String?) -> JobError {
        JobError(.invalidValue, detail: detail, path: path)
    }

    /// Deliberately vague: the details belong in a log, never in an answer.
    public static let internalFailure = JobError(
        .internalFailure, detail: "the server failed to answer this request; it has been logged")
}

extension JobError {
    /// A failure of Cartouche itself rather than of the input.
    public var isInternal: Bool { kind == .internalFailure }

    /// `detail`, followed by ` at PATH` unless the detail already starts by
    /// naming that path (decoding errors do): each path said once.
    public var detailNamingPath: String {
        guard let path, !detail.hasPrefix(path + ":") else { return detail }
        return "\(detail) at \(path)"
    }
}
