import CartoucheTestSupport
import Foundation
import Testing

/// An installed `serve` (`scripts/install PREFIX`, run from another folder)
/// serves what the prefix holds: the playground's page and the OpenAPI
/// document from its resource bundle, the example scenes and the basemap from
/// `PREFIX/share/cartouche`; without a basemap the 404 tells how to install
/// one into that prefix (not "run scripts/setup", which an installed copy has
/// no repository for).
@Suite("installed serve", .serialized)
struct InstalledServeTests {
    static let basemap = Shared.repositoryRoot.appendingPathComponent(".cache/basemap/naturalearth_lowres.geojson")

    /// A started `PREFIX/bin/cartouche serve` on a free port, its output in a file.
    struct Server {
        var process: Process
        var port: Int
        var log: URL

        /// `curl` of `path`: the status and the body.
        func get(_ path: String) throws -> (status: Int, body: Data) {
            let body = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-get-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: body) }
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-s", "-o", body.path, "-w", "%{http_code}", "http://127.0.0.1:\(port)\(path)"]
            let output = Pipe()
            curl.standardOutput = output
            try curl.run()
            let code = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            curl.waitUntilExit()
            return (Int(code) ?? 0, (try? Data(contentsOf: body)) ?? Data())
        }

        func stop() -> String {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            return (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
    }

    struct NotStarted: Error {}

    /// Starts the installed binary from a folder with nothing in it, with no CARTOUCHE_* settings.
    static func start(_ prefix: URL) throws -> Server {
        let port = try LocalPort.free()
        let log = prefix.appendingPathComponent("serve.log")
        try #require(FileManager.default.createFile(atPath: log.path, contents: nil))
        let handle = try FileHandle(forWritingTo: log)
        let process = Process()
        process.executableURL = prefix.appendingPathComponent("bin/cartouche")
        process.arguments = ["serve", "--port", String(port)]
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CARTOUCHE_") }
        process.currentDirectoryURL = FileManager.default.temporaryDirectory
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let server = Server(process: process, port: port, log: log)
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline, process.isRunning {
            if (try? server.get("/healthz").status) == 200 { return server }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let output = server.stop()
        Issue.record("the installed serve did not answer /healthz: \(output.suffix(2000))")
        throw NotStarted()
    }

    @Test("from another folder it offers the installed examples, basemap, page and OpenAPI document, and logs where it found them")
    func servesThePrefix() throws {
        guard FileManager.default.fileExists(atPath: Self.basemap.path) else {
            Issue.record("\(Self.basemap.path) is missing: run scripts/setup (scripts/install copies it into the prefix)")
            return
        }
        let prefix = try InstallTests.installedPrefix(keepAllFonts: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/cartouche")
        let server = try Self.start(prefix)
        let examples = try server.get("/v1/examples")
        let map = try server.get("/playground/basemap.geojson")
        let page = try server.get("/")
        let document = try server.get("/openapi.json")
        let log = server.stop()

        #expect(examples.status == 200)
        let names = try #require(try JSONSerialization.jsonObject(with: examples.body) as? [String: Any])["examples"] as? [[String: Any]]
        let expected = try FileManager.default.contentsOfDirectory(atPath: Shared.repositoryRoot.appendingPathComponent("Examples").path)
            .filter { $0.hasSuffix(".scene.json") }.map { String($0.dropLast(".scene.json".count)) }.sorted()
        #expect(names?.compactMap { $0["name"] as? String } == expected)
        #expect(map.status == 200)
        #expect(map.body == (try Data(contentsOf: Self.basemap)))
        #expect(page.status == 200)
        #expect(page.body == (try Data(contentsOf: share.appendingPathComponent("Cartouche_CartoucheService.resources/playground/index.html"))))
        #expect(document.status == 200 && document.body.count > 50_000)
        #expect(log.contains(share.appendingPathComponent("Examples").path), "\(log)")
        #expect(log.contains(share.appendingPathComponent("basemap/naturalearth_lowres.geojson").path), "\(log)")
        #expect(log.contains("installed next to the executable"), "\(log)")
    }

    @Test("without a basemap in the prefix the 404 names where this copy looks, not scripts/setup")
    func missingBasemapHint() throws {
        let prefix = try InstallTests.installedPrefix(keepAllFonts: true)
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/cartouche").standardized
        try? FileManager.default.removeItem(at: share.appendingPathComponent("basemap"))
        let server = try Self.start(prefix)
        let map = try server.get("/playground/basemap.geojson")
        _ = server.stop()
        #expect(map.status == 404)
        let detail = try #require(try JSONSerialization.jsonObject(with: map.body) as? [String: Any])["detail"] as? String ?? ""
        #expect(detail.contains("this installed copy looks for \(share.path)/basemap/naturalearth_lowres.geojson"), "\(detail)")
        #expect(!detail.contains("run scripts/setup"), "\(detail)")
    }
}
