/// A JSON document that parsed but does not mean what the decoder needs:
/// a wrong type, a missing or unknown member, a value out of range.
///
/// Printed as `path: reason`, e.g.
/// `features[3].geometry.coordinates[0][2]: latitude 95.0 is outside [-90, 90]`.
public struct JSONDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the offending value is (see ``JSONPath`` for the printed form).
    public var path: JSONPath
    /// Why it was rejected, phrased to be read after the path.
    public var reason: String
    /// Set when the value is well formed but over a limit the caller chose
    /// (a service's request limits) rather than malformed: transports answer
    /// it apart (HTTP 413 for too many elements, `text-too-long` for text).
    public var exceeded: JSONLimitExceeded?

    public init(path: JSONPath, reason: String, exceeded: JSONLimitExceeded? = nil) {
        self.path = path
        self.reason = reason
        self.exceeded = exceeded
    }

    public var description: String { "\(path): \(reason)" }
}

/// Which caller-chosen limit a value went over (``JSONDecodingError/exceeded``).
public enum JSONLimitExceeded: Hashable, Sendable {
    /// An array, or several arrays counted together, holds `count` elements,
    /// more than `limit`.
    case elements(count: Int, limit: Int)
    /// A string holds `count` Unicode scalars, more than `limit`.
    case textLength(count: Int, limit: Int)
}

/// Failure to turn JSON text into a typed model: either the text is not JSON
/// or the JSON does not decode. Entry points that take bytes throw this.
public enum JSONInputError: Error, Hashable, Sendable, CustomStringConvertible {
    case syntax(JSONParseError)
    case decoding(JSONDecodingError)

    public var description: String {
        switch self {
        case .syntax(let error): error.description
        case .decoding(let error): error.description
        }
    }
}
