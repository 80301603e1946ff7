import ArgumentParser
import CartoucheGeometry
import CartoucheStyle

// The CLI's choice options as enums, so ArgumentParser refuses a value
// outside the set and `--help` lists the values. Each raw value is the
// spelling of the service's query parameter or request member it stands
// for, and the command hands it on as that spelling, so the job reads the
// flags and the HTTP request with one reader.

/// `compile --output`.
public enum CompileOutputChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A complete v8 style.
    case style
    /// `{sources, layers}` to merge into a style.
    case fragment
}

/// `compile --target`.
public enum StyleTargetChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// MapLibre and Mapbox GL.
    case portable
    /// Mapbox-only properties allowed.
    case mapbox
}

/// `query --holes`.
public enum HoleRuleChoice: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// A tap in a polygon hole misses.
    case honoured
    /// A tap in a polygon hole hits, as MapLibre's `queryRenderedFeatures`.
    case maplibre
}

// `shape --justify`, `--anchor` and `--transform` take the style-spec
// enums themselves (one vocabulary: no CLI copy to keep in step).
extension TextJustify: ExpressibleByArgument {}
extension BoxAnchor: ExpressibleByArgument {}
extension TextTransform: ExpressibleByArgument {}
