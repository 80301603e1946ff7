import Foundation

// cartouche-bench <suite> [--rounds N] [suite options]
// Prints one JSON array of measurements on stdout.

let allSuites: [BenchmarkSuite] = [
    TextSuite(), PlacementSuite(), PlacementSpeedSuite(), PlacementScaleSuite(), PlacementGlobeSuite(), QuerySuite(), CompileSuite(), MotionSuite(), PlaceSceneSuite(),
]

var arguments = Array(CommandLine.arguments.dropFirst())
guard let suiteName = arguments.first, let suite = allSuites.first(where: { $0.name == suiteName }) else {
    FileHandle.standardError.write(Data("usage: cartouche-bench <\(allSuites.map(\.name).joined(separator: "|"))> [--rounds N] [options]\n".utf8))
    exit(2)
}
arguments.removeFirst()
var rounds = 3
if let i = arguments.firstIndex(of: "--rounds"), i + 1 < arguments.count, let n = Int(arguments[i + 1]), n > 0 {
    rounds = n
    arguments.removeSubrange(i...(i + 1))
}
do {
    let measurements = try suite.run(rounds: rounds, arguments: arguments)
    if measurements.isEmpty { exit(0) }  // e.g. --dump-corpus
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    FileHandle.standardOutput.write(try encoder.encode(measurements))
    FileHandle.standardOutput.write(Data("\n".utf8))
} catch {
    FileHandle.standardError.write(Data("cartouche-bench \(suiteName): \(error)\n".utf8))
    exit(1)
}
