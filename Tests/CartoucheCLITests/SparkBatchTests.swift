import Foundation
import Testing

/// `Examples/spark/place_scenes.py` on PySpark in `local[2]` mode, against
/// the single-process `cartouche place --batch` on the same NDJSON (bad and
/// blank lines included): the Spark output sorted by line is the same bytes.
/// The binary runs from a `scripts/install` layout, as executors unpack it.
///
/// Needs `scripts/setup` (the `.venv-spark` venv with pyspark, and a Java
/// runtime); `CARTOUCHE_SKIP_SPARK_TESTS=1` skips it deliberately.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CARTOUCHE_SKIP_SPARK_TESTS"] != "1",
                "CARTOUCHE_SKIP_SPARK_TESTS=1 skips the Spark test"))
struct SparkBatchTests {
    static let python = Shared.repositoryRoot.appendingPathComponent(".venv-spark/bin/python")

    /// The example scenes three times over, with bad lines (not JSON, a
    /// scene missing members, an out-of-range zoom) and blank lines between.
    static func input() throws -> [String] {
        let scenes = try String(contentsOf: Shared.repositoryRoot.appendingPathComponent("Examples/scenes.ndjson"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let bad = [#"{"version": 1}"#, "not json", #"{"version":1,"viewport":{"width":400,"height":300},"camera":{"center":[0,0],"zoom":99}}"#]
        var lines: [String] = []
        for round in 0..<3 {
            lines += scenes
            lines.append(bad[round])
            lines.append("")
        }
        return lines
    }

    @Test("the Spark job's output, sorted by line, is the single-process batch output byte for byte")
    func sparkEqualsSingleProcess() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.python.path),
                     "run scripts/setup: the .venv-spark venv (pyspark) is missing")
        let prefix = try InstallTests.installedPrefix(keepAllFonts: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-spark-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let job: [String: Any] = [
            "cartouche": prefix.appendingPathComponent("bin/cartouche").path, "input": try Self.input(),
            "partitions": 4, "master": "local[2]", "workdir": work.path,
        ]
        let process = Process()
        process.executableURL = Self.python
        process.arguments = [Shared.repositoryRoot.appendingPathComponent("scripts/spark/check.py").path]
        var environment = InstallTests.environmentWithoutFonts
        environment["PYSPARK_PYTHON"] = Self.python.path
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe()
        // stderr to a file: Spark is chatty, and a full pipe would stall the child.
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let errorLog = work.appendingPathComponent("stderr.log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorLog)
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = errorHandle
        try process.run()
        stdin.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: job))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        let errorData = (try? Data(contentsOf: errorLog)) ?? Data()
        try #require(process.terminationStatus == 0, "spark check failed: \(String(decoding: errorData.suffix(3000), as: UTF8.self))")
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let single = try #require(result["single"] as? [String: Any])
        let spark = try #require(result["spark"] as? [String: Any])
        let placed = try #require(spark["placed"] as? [String])
        let errors = try #require(spark["errors"] as? [String])
        // 3 rounds × 3 example scenes placed; 3 bad lines reported and skipped (exit 3).
        #expect(placed.count == 9)
        #expect(errors.count == 3)
        #expect(single["status"] as? Int == 3)
        #expect(result["placedEqual"] as? Bool == true, "spark: \(placed.map { $0.prefix(40) })")
        #expect(result["errorsEqual"] as? Bool == true, "spark: \(errors), single: \(single["errors"] ?? [])")
        #expect(errors.first?.hasPrefix("line 4: ") == true, "line numbers are global: \(errors)")
        #expect((spark["partitions"] as? Int ?? 0) >= 1)
        print("spark check: \(spark["seconds"] ?? 0) s in local[2], \(placed.count) scenes placed, \(errors.count) bad lines")
    }
}
