import CartoucheJSON

/// Property expressions for the agreement test with MapLibre's evaluator:
/// each is valid for its property and is evaluated in every context of
/// ``ExpressionCorpus/contexts``.
enum ExpressionCorpus {
    /// (property key, expression as JSON text).
    static let valid: [(String, String)] = interpolation + control + lookups + math + strings + colors + conversions

    static let interpolation: [(String, String)] = [
        ("line-width", #"["interpolate", ["linear"], ["zoom"], 10, 2, 16, 8]"#),
        ("line-width", #"["interpolate", ["exponential", 2], ["zoom"], 10, 2, 14, 10]"#),
        ("line-width", #"["interpolate", ["exponential", 1.5], ["zoom"], 0, 1, 6, 4, 12, 9, 18, 20]"#),
        ("line-width", #"["interpolate", ["exponential", 0.5], ["zoom"], 2, 30, 15, 1]"#),
        ("line-width", #"["interpolate", ["cubic-bezier", 0.42, 0, 0.58, 1], ["zoom"], 0, 0, 20, 40]"#),
        ("line-width", #"["interpolate", ["cubic-bezier", 0, 0.5, 1, 0.5], ["zoom"], 4, 1, 14, 11]"#),
        ("line-width", #"["interpolate", ["cubic-bezier", 0.1, 0.9, 0.2, 1], ["zoom"], 5, 2, 13, 7]"#),
        ("line-width", #"["interpolate", ["linear"], ["get", "n"], -2, 1, 0, 3, 10, 13]"#),
        ("line-width", #"["interpolate", ["linear"], ["zoom"], 4, ["get", "n"], 14, ["*", 2, ["get", "n"]]]"#),
        ("line-width", #"["interpolate", ["exponential", 1.2], ["zoom"], 5, ["case", ["boolean", ["feature-state", "selected"], false], 6, 2], 15, 12]"#),
        ("line-width", #"["step", ["zoom"], 1, 5, 2, 10, 4, 15, 8]"#),
        ("line-width", #"["step", ["get", "n"], 0, 0, 1, 2, 5]"#),
        ("line-width", #"["step", ["zoom"], ["get", "n"], 12, 20]"#),
        ("line-width", #"["let", "w", ["get", "n"], ["interpolate", ["linear"], ["zoom"], 0, 0, 20, ["var", "w"]]]"#),
        ("line-width", #"["coalesce", ["to-number", ["get", "missing"]], ["interpolate", ["linear"], ["zoom"], 0, 1, 20, 21]]"#),
        ("circle-radius", #"["interpolate", ["linear"], ["zoom"], 0, 2, 22, 40]"#),
        ("circle-radius", #"["interpolate", ["exponential", 1.75], ["zoom"], 12, 2, 22, 180]"#),
        ("line-opacity", #"["interpolate", ["linear"], ["zoom"], 5, 0.2, 15, 1]"#),
        ("line-color", #"["interpolate", ["linear"], ["zoom"], 0, "red", 20, "blue"]"#),
        ("line-color", ##"["interpolate", ["exponential", 2], ["zoom"], 5, "#000000", 15, "#ffffff"]"##),
        ("line-color", #"["interpolate", ["linear"], ["zoom"], 0, "rgba(255, 0, 0, 0)", 20, "rgba(0, 0, 255, 1)"]"#),
        ("line-color", #"["step", ["zoom"], "red", 6, "green", 13, "blue"]"#),
        ("text-offset", #"["interpolate", ["linear"], ["zoom"], 0, ["literal", [0, 0]], 20, ["literal", [2, -4]]]"#),
        ("icon-offset", #"["step", ["zoom"], ["literal", [0, 0]], 10, ["literal", [5, 5]]]"#),
        ("text-size", #"["interpolate", ["linear"], ["zoom"], 8, 10, 16, 18]"#),
        ("line-sort-key", #"["get", "n"]"#),
    ]

    static let control: [(String, String)] = [
        ("line-color", ##"["case", ["boolean", ["feature-state", "selected"], false], "#57A9FB", "#999999"]"##),
        ("line-color", #"["case", ["==", ["get", "k"], "bus"], "red", ["==", ["get", "k"], "tram"], "green", "gray"]"#),
        ("line-width", #"["case", ["has", "n"], ["get", "n"], 3]"#),
        ("line-width", #"["case", [">", ["get", "n"], 2], 10, ["<=", ["get", "n"], -1], 1, 5]"#),
        ("line-width", #"["case", ["all", ["has", "n"], [">=", ["get", "n"], 0]], 4, 2]"#),
        ("line-width", #"["case", ["any", ["!", ["has", "n"]], ["==", ["get", "b"], true]], 7, 8]"#),
        ("line-width", #"["match", ["get", "k"], "bus", 1, ["tram", "rail"], 2, 3]"#),
        ("line-width", #"["match", ["get", "n"], [1, 2, 3], 10, -1, 20, 30]"#),
        ("line-width", #"["match", ["id"], 42, 9, 7, 8, 1]"#),
        ("line-width", #"["match", ["geometry-type"], "Point", 1, "LineString", 2, 3]"#),
        ("line-width", #"["coalesce", ["get", "missing"], ["get", "n"], 6]"#),
        ("line-width", #"["coalesce", ["feature-state", "hover"], 0]"#),
        ("line-width", #"["let", "a", 2, "b", 3, ["*", ["var", "a"], ["var", "b"]]]"#),
        ("line-color", #"["coalesce", ["get", "col"], "black"]"#),
        ("line-color", ##"["match", ["get", "k"], "bus", "#ff0000", "tram", "#00ff00", "#0000ff"]"##),
        ("line-join", #"["match", ["get", "k"], "bus", "round", "bevel"]"#),
        ("line-join", #"["case", ["get", "b"], "round", "miter"]"#),
        ("text-anchor", #"["step", ["zoom"], "top", 10, "bottom"]"#),
        ("text-transform", #"["match", ["get", "k"], "bus", "uppercase", "none"]"#),
        ("line-width", #"["case", ["==", ["feature-state", "selected"], true], 12, 2]"#),
        ("line-width", #"["case", ["in", ["get", "k"], ["literal", ["bus", "tram"]]], 5, 1]"#),
        ("line-width", #"["case", ["!=", ["get", "s"], ""], 3, 9]"#),
        ("line-width", #"["case", ["<", ["get", "s"], "M"], 3, 9]"#),
        ("line-width", #"["match", ["typeof", ["get", "n"]], "number", 2, 4]"#),
    ]

    static let lookups: [(String, String)] = [
        ("line-width", #"["get", "n"]"#),
        ("line-width", #"["number", ["get", "n"], 4]"#),
        ("line-width", #"["get", "a", ["get", "obj"]]"#),
        ("line-width", #"["case", ["has", "a", ["get", "obj"]], 1, 0]"#),
        ("line-width", #"["length", ["get", "arr"]]"#),
        ("line-width", #"["at", 1, ["array", "number", ["get", "arr"]]]"#),
        ("line-width", #"["at", ["get", "n"], ["literal", [1, 2, 3, 4]]]"#),
        ("line-width", #"["index-of", 2, ["literal", [1, 2, 3]]]"#),
        ("line-width", #"["index-of", "a", ["literal", ["b", "a", "a"]], 2]"#),
        ("line-width", #"["length", ["to-string", ["properties"]]]"#),
        ("line-width", #"["to-number", ["feature-state", "hover"], 0]"#),
        ("line-width", #"["length", ["slice", ["literal", [1, 2, 3, 4, 5]], 1, -1]]"#),
        ("text-field", #"["get", "s"]"#),
        ("text-field", #"["to-string", ["id"]]"#),
        ("text-field", #"["geometry-type"]"#),
        ("text-field", #"["to-string", ["get", "arr"]]"#),
        ("text-field", #"["to-string", ["get", "obj"]]"#),
        ("icon-image", #"["concat", "icon-", ["get", "k"]]"#),
        ("text-offset", #"["array", "number", 2, ["get", "pair"]]"#),
    ]

    static let math: [(String, String)] = [
        ("line-width", #"["+", 1, 2, 3.5]"#),
        ("line-width", #"["-", 10, ["get", "n"]]"#),
        ("line-width", #"["-", ["get", "n"]]"#),
        ("line-width", #"["*", ["get", "n"], 1.5, 2]"#),
        ("line-width", #"["/", 10, 3]"#),
        ("line-width", #"["/", ["get", "n"], 0]"#),
        ("line-width", #"["%", 17, 5]"#),
        ("line-width", #"["%", -7.5, 2]"#),
        ("line-width", #"["^", 2, 0.5]"#),
        ("line-width", #"["^", ["get", "n"], 3]"#),
        ("line-width", #"["min", 3, ["get", "n"], 7]"#),
        ("line-width", #"["max", 3, ["get", "n"], -7]"#),
        ("line-width", #"["abs", ["get", "n"]]"#),
        ("line-width", #"["round", 2.5]"#),
        ("line-width", #"["round", -2.5]"#),
        ("line-width", #"["round", ["get", "neg"]]"#),
        ("line-width", #"["floor", -1.5]"#),
        ("line-width", #"["ceil", -1.5]"#),
        ("line-width", #"["sqrt", 2]"#),
        ("line-width", #"["ln", 10]"#),
        ("line-width", #"["log10", 2000]"#),
        ("line-width", #"["log2", 10]"#),
        ("line-width", #"["sin", 1]"#),
        ("line-width", #"["cos", 1]"#),
        ("line-width", #"["tan", 1]"#),
        ("line-width", #"["asin", 0.5]"#),
        ("line-width", #"["acos", 0.5]"#),
        ("line-width", #"["atan", 3]"#),
        ("line-width", #"["+", ["e"], ["pi"], ["ln2"]]"#),
        ("line-width", #"["sqrt", ["get", "n"]]"#),
        ("line-opacity", #"["/", ["get", "n"], 10]"#),
        ("circle-radius", #"["+", 4, ["*", 2, ["get", "n"]]]"#),
    ]

    static let strings: [(String, String)] = [
        ("text-field", #"["concat", "n=", ["get", "n"], ", k=", ["get", "k"]]"#),
        ("text-field", #"["upcase", ["get", "s"]]"#),
        ("text-field", #"["downcase", "ÀBC Straße"]"#),
        ("text-field", #"["slice", ["get", "s"], 1]"#),
        ("text-field", #"["slice", ["get", "s"], -3, -1]"#),
        ("text-field", #"["concat", ["slice", "abcdef", 2, 4], "|", ["to-string", ["index-of", "St", ["get", "s"]]]]"#),
        ("text-field", #"["to-string", ["in", "ai", ["get", "s"]]]"#),
        ("text-field", #"["to-string", ["length", ["get", "s"]]]"#),
        ("text-field", #"["to-string", ["/", 1, 3]]"#),
        ("text-field", #"["to-string", 1e21]"#),
        ("text-field", #"["to-string", 0.000001]"#),
        ("text-field", #"["to-string", -0.5]"#),
        ("text-field", #"["to-string", ["get", "b"]]"#),
        ("text-field", #"["to-string", null]"#),
        ("text-field", #"["typeof", ["get", "arr"]]"#),
        ("text-field", #"["typeof", ["get", "obj"]]"#),
        ("text-field", #"["typeof", ["get", "missing"]]"#),
        ("text-field", #"["to-string", ["rgba", 10, 20, 30, 0.5]]"#),
    ]

    static let colors: [(String, String)] = [
        ("line-color", #"["rgb", 255, 128, 0]"#),
        ("line-color", #"["rgba", 10, 20, 30, 0.25]"#),
        ("line-color", #"["rgb", ["*", ["get", "n"], 20], 100, 200]"#),
        ("line-color", #"["to-color", ["get", "col"], "black"]"#),
        ("line-color", #"["to-color", "hsl(120, 50%, 50%)"]"#),
        ("line-color", ##"["to-color", "#abc"]"##),
        // Alpha 1 only: MapLibre 5.3 reads an array's channels as premultiplied
        // by its alpha (so [255, 0, 0, 0.5] prints as rgba(510, 0, 0, 0.5));
        // Cartouche reads them as the rgba operator does.
        ("line-color", #"["to-color", ["literal", [255, 0, 0, 1]]]"#),
        ("line-color", ##"["to-color", ["get", "missing"], "#123456"]"##),
        ("line-color", #"["get", "col"]"#),
        ("line-color", #"["string", ["get", "col"], "green"]"#),
        ("circle-color", #"["case", ["boolean", ["feature-state", "selected"], false], "rgba(0, 128, 255, 0.8)", "transparent"]"#),
        ("line-width", #"["at", 0, ["to-rgba", ["to-color", "rgb(200, 100, 50)"]]]"#),
        ("line-width", #"["at", 3, ["to-rgba", ["rgba", 1, 2, 3, 0.4]]]"#),
    ]

    static let conversions: [(String, String)] = [
        ("line-width", #"["to-number", "12.5"]"#),
        ("line-width", #"["to-number", ["get", "str5"]]"#),
        ("line-width", #"["to-number", ["get", "b"]]"#),
        ("line-width", #"["to-number", null]"#),
        ("line-width", #"["to-number", "abc", 4]"#),
        ("line-width", #"["to-number", " 7 "]"#),
        ("line-width", #"["to-number", "0x10"]"#),
        ("line-width", #"["to-number", "1e3"]"#),
        ("line-width", #"["case", ["to-boolean", ["get", "s"]], 1, 2]"#),
        ("line-width", #"["case", ["to-boolean", ["get", "n"]], 1, 2]"#),
        ("line-width", #"["case", ["to-boolean", 0], 1, 2]"#),
        ("line-width", #"["case", ["boolean", ["get", "b"], true], 1, 2]"#),
        ("line-width", #"["number", ["get", "s"], ["get", "n"], 9]"#),
        ("text-field", #"["string", ["get", "n"], "fallback"]"#),
        ("line-width", #"["get", "s"]"#),
        ("line-width", #"["to-number", ["get", "obj"]]"#),
    ]

    /// Contexts: (zoom, feature properties, feature id, geometry type, feature state).
    static let contexts: [(Double, String, JSONValue, String, String)] = [
        (0, #"{}"#, .null, "Point", #"{}"#),
        (5.5, #"{"n": 3, "s": "Main St", "k": "bus", "b": true, "neg": -2.5, "arr": [1, 2, 3], "col": "red", "str5": "5", "obj": {"a": 1}, "pair": [1, 2]}"#,
         42, "LineString", #"{"selected": true, "hover": 2}"#),
        (12.25, ##"{"n": -1, "s": "", "k": "tram", "b": false, "arr": [], "col": "#00ff0080", "str5": "x", "obj": {}, "pair": [3]}"##,
         .null, "Polygon", #"{"selected": false}"#),
        (17, #"{"n": 1000000, "s": "Über Straße", "k": 7, "b": "yes", "neg": -0.5, "arr": ["a", 2], "col": "nonsense", "obj": {"a": "one"}}"#,
         7, "LineString", #"{"hover": "3"}"#),
    ]

    /// Expressions MapLibre refuses as a property value, and where Cartouche
    /// reports the problem (the path under the property).
    static let invalid: [(key: String, expression: String, path: String)] = [
        ("line-color", #"["case", ["bogus", 1], "red", "blue"]"#, "[1][0]"),
        ("line-color", #"["interpolate", ["linear"], ["zoom"], 0, "red", 10, 5]"#, "[6]"),
        ("line-width", #"["+", 1, "a"]"#, "[2]"),
        ("line-width", #"["!", true, false]"#, ""),
        ("line-width", #"["concat", "a", "b"]"#, ""),
        ("line-width", #"["interpolate", ["linear"], ["zoom"], 10, 1, 5, 2]"#, "[5]"),
        ("line-width", #"["+", 1, ["zoom"]]"#, ""),
        ("line-width", #"["case", [">", ["zoom"], 5], 1, 2]"#, ""),
        ("line-width", #"["interpolate", ["linear"], ["zoom"], 0, ["step", ["zoom"], 1, 5, 2], 10, 3]"#, ""),
        ("line-join", #"["interpolate", ["linear"], ["zoom"], 0, "round", 10, "bevel"]"#, ""),
        ("line-sort-key", #"["feature-state", "x"]"#, ""),
        ("line-cap", #"["get", "cap"]"#, ""),
        ("line-width", #"["match", ["get", "k"], "a", 1, 2, 3, 0]"#, "[4]"),
        ("line-width", #"["get"]"#, ""),
        ("line-color", #"["rgb", 1, 2]"#, ""),
        ("line-width", #"["at", "x", ["literal", [1]]]"#, "[1]"),
        ("line-width", #"["step", ["zoom"], 1, 5]"#, ""),
        ("line-width", #"[1, 2]"#, "[0]"),
        ("text-offset", #"["literal", [1, 2, 3]]"#, ""),
        ("line-width", #"["let", "a", 1, ["var", "b"]]"#, "[3][1]"),
        ("text-field", #"["to-string", ["feature-state", "selected"]]"#, ""),
        // Constant subexpressions are evaluated while parsing: one that fails is refused there.
        ("line-width", #"["at", 5, ["literal", [1, 2, 3]]]"#, ""),
        ("line-width", #"["+", 1, ["at", 5, ["literal", [1, 2, 3]]]]"#, "[2]"),
        ("line-color", #"["case", ["has", "x"], ["to-color", "nonsense"], "red"]"#, "[2]"),
        // An untyped argument puts the coalesce under a run-time assertion: the curve is not top-level.
        ("line-width", #"["coalesce", ["get", "missing"], ["interpolate", ["linear"], ["zoom"], 0, 1, 20, 21]]"#, ""),
    ]
}
