import CartoucheTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// What a real HTTP client meets on the wire: `Expect: 100-continue` (curl
/// sends it with bodies over 1 MB), a time budget that covers reading the
/// body, and a client that hangs up. Each test asserts what must hold on any
/// machine, busy or quiet — what was sent, in which order, what was answered
/// and that a job ended before it would have by itself — never a latency:
/// those are measured by `Benchmarks/run service`. They drive a live server,
/// so `scripts/test` runs them with the other live-server suites.
@Suite("connections: 100-continue, budgets that cover reading, clients that go away", .serialized)
struct ConnectionTests {
    /// What curl did: its `-w` fields (status, bytes of body uploaded) and its verbose log.
    struct CurlRun {
        var status: Int
        var uploaded: Int
        var log: String
    }

    /// Runs curl against the live server. `--expect100-timeout 120` makes
    /// curl wait for the server's word before sending a body it asked about
    /// (its default is to send anyway after one second), so what the log
    /// says was sent does not depend on how fast the server answered.
    static func curl(_ arguments: [String]) throws -> CurlRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "-v", "--expect100-timeout", "120", "-o", "/dev/null", "-w", "%{http_code} %{size_upload}"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: out, as: UTF8.self).split(separator: " ")
        return CurlRun(status: fields.first.flatMap { Int($0) } ?? -1,
                       uploaded: fields.count > 1 ? Int(Double(fields[1]) ?? -1) : -1,
                       log: String(decoding: err, as: UTF8.self))
    }

    static func bodyFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-body-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        return url
    }

    @Test("curl's Expect: 100-continue gets 100 Continue before it sends the body; a declared length over the limit gets the 413 and the body is never sent")
    func expectContinue() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is needed (Debian package curl)")
        // Over 1 MB, so curl asks before uploading.
        let body = try Self.bodyFile(pointScene(count: 9_000, mode: "greedy"))
        defer { try? FileManager.default.removeItem(at: body) }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: body.path)[.size] as? Int)
        #expect(size > 1 << 20)
        let config = testConfiguration { $0.maxBodyBytes = 8 << 20 }
        try await makeApp(config).test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))/v1/place"
            let accepted = try Self.curl(["-H", "Content-Type: application/json", "--data-binary", "@\(body.path)", url])
            #expect(accepted.log.contains("> Expect: 100-continue"))
            #expect(accepted.log.contains("< HTTP/1.1 100 Continue"), "\(accepted.log.suffix(600))")
            #expect(accepted.status == 200)
            #expect(accepted.uploaded == size, "the whole body went up after the 100")
        }
        let small = testConfiguration { $0.maxBodyBytes = 1 << 20 }
        try await makeApp(small).test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))/v1/place"
            let refused = try Self.curl(["-H", "Content-Type: application/json", "--data-binary", "@\(body.path)", url])
            #expect(!refused.log.contains("< HTTP/1.1 100 Continue"))
            #expect(refused.status == 413, "\(refused.log.suffix(600))")
            // Refused on the declared length alone: not one byte of the body was sent.
            #expect(refused.uploaded == 0, "curl uploaded \(refused.uploaded) bytes")
        }
    }

    @Test("a body near the size limit on a 200 ms budget is answered 503 time-budget-exceeded, a slow upload before its body is read")
    func budgetCoversReadingAndDecoding() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is needed (Debian package curl)")
        let bytes = pointScene(count: 9_000, mode: "greedy")
        let body = try Self.bodyFile(bytes)
        defer { try? FileManager.default.removeItem(at: body) }
        let config = testConfiguration { $0.maxBodyBytes = bytes.count + 1_000; $0.requestTimeout = .milliseconds(200) }
        try await makeApp(config).test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))/v1/place"
            let whole = try Self.curl(["-H", "Content-Type: application/json", "--data-binary", "@\(body.path)", url])
            #expect(whole.status == 503, "\(whole.log.suffix(600))")
            // At 64 kB/s the upload alone would take 20 s, a hundred times the
            // budget: the budget covers reading, so the 503 comes while the
            // body is still on its way, and curl stops sending.
            let slow = try Self.curl(["-H", "Content-Type: application/json", "--data-binary", "@\(body.path)", "--limit-rate", "64K", url])
            #expect(slow.status == 503, "\(slow.log.suffix(600))")
            #expect(slow.uploaded < bytes.count, "the whole body was read before the budget answer")
        }
    }

    @Test("a client that disconnects while its scene is being solved cancels the job: the pool slot frees long before the job would have ended")
    func disconnectFreesSlot() async throws {
        // Optimise mode on 5,000 callouts of 80×30 with nine anchors each on
        // one screen: candidates covering it about 52 times over, under the
        // 64 at which a tier is placed first fit and by chains alone
        // (`LexicographicSearch.denseCoverage`), so the local search runs:
        // about 33 s in a debug build on a quiet machine (minutes on a busy
        // one), where the test leaves after 1 s. (160×60 callouts, 208 times
        // over, took 84 s before that shortcut and 3 s after it.)
        let slow = denseScene(count: 5_000, width: 80, height: 30)
        let config = testConfiguration {
            $0.maxConcurrentJobs = 1; $0.maxQueuedJobs = 0; $0.requestTimeout = .seconds(3_600); $0.maxBodyBytes = 64 << 20
        }
        try await makeApp(config).test(.live) { client in
            let port = try #require(client.port)
            // The pool as /metrics reports it: a scrape takes no slot, where a
            // probe job would (and could take the slot before the slow one).
            let slotTaken = {
                try await client.execute(uri: "/metrics", method: .get) { response in
                    String(decoding: response.body.bytes, as: UTF8.self).contains(#"cartouche_heavy_jobs{state="running"} 1"#)
                }
            }
            let socket = try RawClient(port: port)
            socket.send("POST /v1/place HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(slow.count)\r\n\r\n")
            socket.send(slow)
            // Wait until the slow job holds the only slot.
            let busySince = ContinuousClock.now
            var busy = false
            while !busy, ContinuousClock.now - busySince < .seconds(300) {
                busy = try await slotTaken()
                if !busy { try await Task.sleep(for: .milliseconds(20)) }
            }
            try #require(busy, "the slow scene never occupied the slot in 5 minutes")
            // Past parsing and decoding (not interruptible, bounded by the body
            // limit) and into the solver.
            try await Task.sleep(for: .seconds(1))
            try #require(try await slotTaken(), "the slow scene finished before the client left; make it slower")
            socket.close()
            // The job stops at the solver's next poll once the hang-up is seen
            // (a fraction of a second; `Benchmarks/run service` measures it);
            // 30 s is a generous bound on that, and well short of the job's
            // own length.
            let closed = ContinuousClock.now
            var freed = false
            while !freed, ContinuousClock.now - closed < .seconds(30) {
                freed = try await !slotTaken()
                if !freed { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(freed, "the slot was still busy 30 s after the client left: the job was not cancelled")
        }
    }
}

/// `count` callouts of `width`×`height` with all nine anchors at random on a
/// 1920×1080 screen in optimise mode, one tier
/// (`OptimisePlacerTests.denseTierOverTheGraphBudgetIsStillOptimised`
/// places the same kind of screen).
func denseScene(count: Int, width: Int, height: Int, seed: UInt64 = 77) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    let anchors = #"["center","top","bottom","left","right","top-left","top-right","bottom-left","bottom-right"]"#
    var text = #"{"version":1,"viewport":{"width":1920,"height":1080},"camera":{"center":[0,0],"zoom":10},"options":{"mode":"optimise"},"viewAnnotations":["#
    for i in 0..<count {
        // Zoom 10 spans about ±0.66° of longitude across 1920 px and ±0.37° of latitude across 1080.
        let lon = (rng.unit() - 0.5) * 1.3, lat = (rng.unit() - 0.5) * 0.72
        if i > 0 { text += "," }
        text += #"{"id":"c\#(i)","feature":{"type":"Point","coordinates":[\#(lon),\#(lat)]},"size":{"width":\#(width),"height":\#(height)},"variableAnchors":\#(anchors)}"#
    }
    text += "]}"
    return Array(text.utf8)
}

/// A bare TCP client: sends bytes, then hangs up without reading the answer.
struct RawClient {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        try #require(connected, "cannot connect to 127.0.0.1:\(port)")
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, 0) }
            if written <= 0 { return }
            offset += written
        }
    }

    func close() { _ = Glibc.close(fd) }
}
