import Foundation
import Testing

@testable import CartoucheText

/// One registry for the whole test run: loading the bundled faces is the slow part.
let sharedRegistry = Result { () throws(TextError) -> FontRegistry in try FontRegistry() }

/// An engine over the bundled fonts with caching off, so every test shapes for real.
func makeEngine() throws -> TextLayoutEngine {
    TextLayoutEngine(registry: try sharedRegistry.get(), cache: nil)
}

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func fontPath(_ file: String) -> String {
    repositoryRoot.appendingPathComponent("Fonts").appendingPathComponent(file).path
}

/// Scalar index sequence of glyph clusters, in visual order, over all lines.
func visualClusters(_ shaped: ShapedText) -> [Int] {
    shaped.lines.flatMap { $0.glyphs.map(\.cluster) }
}

/// The text of each line.
func lineTexts(_ shaped: ShapedText) -> [String] {
    let scalars = Array(shaped.text.unicodeScalars)
    return shaped.lines.map { line in
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[line.scalarRange])
        return String(view)
    }
}

/// Runs a command and returns its standard output; throws with its standard error on failure.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String
}

func run(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe(), errors = Pipe(), input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CommandFailure(description: "\(executable) \(arguments) exited \(process.terminationStatus): \(errorText)")
    }
    return data
}
