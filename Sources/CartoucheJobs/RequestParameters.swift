import CartoucheAnnotations
import CartouchePlacement
import CartoucheScene

/// Query parameters read strictly: every name must be one the operation
/// knows and given at most once, every value one it accepts. The CLI passes
/// its options through the same reader (as name/value pairs), so a bad
/// `--target` and a bad `?target=` give the same message.
package struct ParameterReader {
    private let values: [String: String]

    /// - Throws: ``JobError`` 400 `invalid-parameter` for an unknown or repeated name.
    package init(_ pairs: [(name: String, value: String)], allowed: [String]) throws(JobError) {
        var values: [String: String] = [:]
        for (name, value) in pairs {
            guard allowed.contains(name) else {
                let known = allowed.isEmpty ? "this route takes no query parameters" : "allowed are \(allowed.joined(separator: ", "))"
                throw .invalidParameter(name, "unknown parameter; \(known)")
            }
            guard values.updateValue(value, forKey: name) == nil else { throw .invalidParameter(name, "given more than once") }
        }
        self.values = values
    }

    package func has(_ name: String) -> Bool { values[name] != nil }

    /// The raw value, nil when absent. An empty value is refused: `?glyphs=` is more likely a slip than a wish.
    package func string(_ name: String) throws(JobError) -> String? {
        guard let value = values[name] else { return nil }
        guard !value.isEmpty else { throw .invalidParameter(name, "must not be empty") }
        return value
    }

    /// One of `options` (by its spelling), nil when absent.
    package func choice<T>(_ name: String, _ options: [(String, T)]) throws(JobError) -> T? {
        guard let value = values[name] else { return nil }
        guard let match = options.first(where: { $0.0 == value }) else {
            throw .invalidParameter(name, "must be \(options.map(\.0).joined(separator: " or ")), got \"\(value)\"")
        }
        return match.1
    }

    /// `target=portable|mapbox`, nil when absent (the scene's `options.target` then holds).
    package func target() throws(JobError) -> StyleTarget? {
        try choice(StyleTarget.parameterName, StyleTarget.allCases.map { ($0.rawValue, $0) })
    }

    /// `mode=greedy|optimise`, nil when absent (the scene's `options.mode` then holds).
    package func mode() throws(JobError) -> PlacementMode? {
        try choice(PlacementMode.parameterName, PlacementMode.allCases.map { ($0.rawValue, $0) })
    }

    /// `true` or `false`, nil when absent.
    package func bool(_ name: String) throws(JobError) -> Bool? {
        try choice(name, [("true", true), ("false", false)])
    }

    /// A whole number ≥ 0 (a camera index), nil when absent.
    package func index(_ name: String) throws(JobError) -> Int? {
        guard let value = values[name] else { return nil }
        guard let number = Int(value), number >= 0 else {
            throw .invalidParameter(name, "must be a whole number ≥ 0, got \"\(value)\"")
        }
        return number
    }
}

extension StyleTarget {
    /// The query parameter (and CLI option) naming a request's target.
    package static let parameterName = "target"
}

extension PlacementMode {
    /// The query parameter (and CLI option) naming a request's placement mode.
    package static let parameterName = "mode"
}

/// The query parameters of `POST /v1/place` and `/v1/query`: the target and
/// the placement mode (and the `place` and `query` commands' `--target` and
/// `--mode`, read through the same reader).
public struct TargetOptions: Hashable, Sendable {
    /// The request's target; nil keeps the scene's `options.target`.
    public var target: StyleTarget?
    /// The request's placement mode; nil keeps the scene's `options.mode`.
    public var mode: PlacementMode?

    public init(target: StyleTarget? = nil, mode: PlacementMode? = nil) {
        self.target = target
        self.mode = mode
    }

    public static let parameterNames = [StyleTarget.parameterName, PlacementMode.parameterName]

    /// Reads `target=portable|mapbox` and `mode=greedy|optimise`.
    /// - Throws: ``JobError`` 400 `invalid-parameter` naming the parameter.
    public init(parameters: [(name: String, value: String)]) throws(JobError) {
        let reader = try ParameterReader(parameters, allowed: Self.parameterNames)
        self.init(target: try reader.target(), mode: try reader.mode())
    }
}
