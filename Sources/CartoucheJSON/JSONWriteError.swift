/// Why ``JSONWriter`` refused to write a value.
///
/// JSON has no representation for NaN or ±infinity, and emitting `null` in
/// their place would silently change data, so writing one throws instead.
public enum JSONWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A NaN or infinite number at `path` (the root when written directly).
    case nonFiniteNumber(Double, path: JSONPath)

    public var description: String {
        switch self {
        case .nonFiniteNumber(let value, let path):
            "\(path): cannot write non-finite number \(value) as JSON"
        }
    }

    /// The same error located below `prefix` (used while unwinding nested writes).
    func prefixed(by component: JSONPath.Component) -> JSONWriteError {
        switch self {
        case .nonFiniteNumber(let value, let path):
            .nonFiniteNumber(value, path: JSONPath(components: [component] + path.components))
        }
    }
}
