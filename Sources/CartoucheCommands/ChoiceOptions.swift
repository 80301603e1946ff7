import ArgumentParser
import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJobs
import CartouchePlacement
import CartoucheQuery
import CartoucheScene
import CartoucheStyle

// The CLI's choice options as enums, so ArgumentParser refuses a value
// outside the set and `--help` lists the values. Where the library has the
// enum (target, mode, query rules, text layout) the flag takes it, so the
// spellings cannot drift; only `compile --output`, which the library has
// no type for, is the CLI's own. Each raw value is the spelling of the
// service's query parameter or request member it stands for, and the
// command hands it on as that spelling, so the job reads the flags and the
// HTTP request with one reader.

/// `compile --output`.
public enum CompileOutputChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A complete v8 style.
    case style
    /// `{sources, layers}` to merge into a style.
    case fragment
}

// The library's own enum, so `--target`'s values are the scene format's
// `options.target` spellings and cannot drift from them.
extension StyleTarget: ExpressibleByArgument {}

/// `--target`, shared by every command that takes a scene: the request's
/// target, over the scene's `options.target`, as the routes' `target`
/// query parameter (one resolution rule, `SceneDocument.resolvingTarget`).
public struct TargetOption: ParsableArguments {
    @Option(help: "portable (MapLibre and Mapbox GL) or mapbox (Mapbox-only properties and slots allowed); default: the scene's options.target, else portable.")
    var target: StyleTarget?

    public init() {}

    /// The flag as the `target` query parameter (nothing when not given).
    var parameters: [(name: String, value: String)] {
        target.map { [("target", $0.rawValue)] } ?? []
    }

    /// The flag (and `mode`'s, when given) read as the routes read `?target=` and `?mode=`.
    func options(_ mode: ModeOption? = nil) throws(JobError) -> TargetOptions {
        try TargetOptions(parameters: parameters + (mode?.parameters ?? []))
    }
}

// The library's own enum, so the flag's values are the scene format's
// `options.mode` spellings and cannot drift from them.
extension PlacementMode: ExpressibleByArgument {}

/// `--mode` of `place`, `query`, `render`: the request's placement mode over
/// the scene's `options.mode`, as the routes' `mode` query parameter.
public struct ModeOption: ParsableArguments {
    @Option(help: "greedy (Mapbox's first fit in priority order) or optimise (as many callouts as possible, priorities kept); default: the scene's options.mode, else greedy.")
    var mode: PlacementMode?

    public init() {}

    /// The flag as the `mode` query parameter (nothing when not given).
    var parameters: [(name: String, value: String)] {
        mode.map { [("mode", $0.rawValue)] } ?? []
    }
}

// `query --holes` and `--globe-taps` take the query index's own rules,
// whose raw values are the request's `holes` / `globeTaps` spellings.
extension SceneQueryIndex.HoleRule: ExpressibleByArgument {}
extension SceneQueryIndex.GlobeTapRule: ExpressibleByArgument {}

// `shape --justify`, `--anchor` and `--transform` take the style-spec
// enums themselves (one vocabulary: no CLI copy to keep in step).
extension TextJustify: ExpressibleByArgument {}
extension BoxAnchor: ExpressibleByArgument {}
extension TextTransform: ExpressibleByArgument {}
