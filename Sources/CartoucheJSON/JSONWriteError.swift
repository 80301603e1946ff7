/// Why ``JSONWriter`` refused to write a value.
///
/// JSON has no representation for NaN or ±infinity, and emitting `null` in
/// their place would silently change data, so writing one throws instead.
public enum JSONWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A NaN or infinite number at `path` (the root when written directly).
    case nonFiniteNumber(Double, path: JSONPath)
    /// An encoder was asked to write the member `name` twice in one object at
    /// `path` (e.g. a GeoJSON foreign member named like a standard member).
    case duplicateKey(String, path: JSONPath)

    public var description: String {
        switch self {
        case .nonFiniteNumber(let value, let path):
            "\(path): cannot write non-finite number \(value) as JSON"
        case .duplicateKey(let name, let path):
            "\(path): member \(JSONWriter.quoted(name)) would be written twice"
        }
    }

    /// The same error located below `component` (used while unwinding nested writes).
    public func prefixed(by component: JSONPath.Component) -> JSONWriteError {
        switch self {
        case .nonFiniteNumber(let value, let path):
            .nonFiniteNumber(value, path: JSONPath(components: [component] + path.components))
        case .duplicateKey(let name, let path):
            .duplicateKey(name, path: JSONPath(components: [component] + path.components))
        }
    }
}
