/// The location of a value inside a JSON document, used in every Cartouche
/// parse and decoding error.
///
/// Printed form: member names are joined with `.` and array indices appear in
/// brackets, e.g. `features[3].geometry.coordinates[0][2]`. The document root
/// (no components) prints as `$`. Member names that are not plain identifiers
/// (empty, containing spaces, dots, brackets, quotes …) print in bracket form
/// with a JSON string literal, e.g. `properties["opening hours"]`, so every
/// printed path is unambiguous.
public struct JSONPath: Hashable, Sendable {
    /// One step from a container to a child value.
    public enum Component: Hashable, Sendable {
        /// An object member name.
        case key(String)
        /// A zero-based array index.
        case index(Int)
    }

    /// Steps from the root, outermost first.
    public var components: [Component]

    /// The document root.
    public static let root = JSONPath(components: [])

    public init(components: [Component]) {
        self.components = components
    }

    /// True for the document root.
    public var isRoot: Bool { components.isEmpty }

    /// Appends an object member step in place.
    public mutating func append(key: String) { components.append(.key(key)) }

    /// Appends an array index step in place.
    public mutating func append(index: Int) { components.append(.index(index)) }

    /// This path extended by an object member step.
    public func appending(key: String) -> JSONPath {
        var copy = self
        copy.append(key: key)
        return copy
    }

    /// This path extended by an array index step.
    public func appending(index: Int) -> JSONPath {
        var copy = self
        copy.append(index: index)
        return copy
    }

    /// `prefix` followed by this path's steps: used when an error raised
    /// relative to a child is re-thrown by its parent.
    public func prepending(_ prefix: JSONPath) -> JSONPath {
        JSONPath(components: prefix.components + components)
    }
}

extension JSONPath: CustomStringConvertible {
    public var description: String {
        if components.isEmpty { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key) where Self.isPlainIdentifier(key):
                if !text.isEmpty { text += "." }
                text += key
            case .key(let key):
                text += "["
                text += JSONWriter.quoted(key)
                text += "]"
            }
        }
        return text
    }

    /// ASCII letters, digits, `_` and `-`, not starting with a digit.
    private static func isPlainIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        else { return false }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                true
            default:
                false
            }
        }
    }
}
