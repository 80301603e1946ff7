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

    public init(path: JSONPath, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
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
