/// The bad-input corpus of issue #8: named hostile inputs, each with its
/// exact expected outcome. Big inputs are generated in code.
enum HostileCorpus {
    static let all: [HostileCase] =
        syntaxCases + limitCases + coordinateCases + cameraCases + viewportCases + geometryCases + typeCases
        + identityCases + textCases + layerCases + httpCases
}
