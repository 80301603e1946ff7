import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import CartoucheService

/// What a real HTTP client meets on the wire: `Expect: 100-continue` (curl
/// sends it with bodies over 1 MB), a time budget that covers reading the
/// body, and a client that hangs up. These measure wall-clock latency, so
/// `scripts/test` runs them alone, before the parallel suites.
@Suite("connections: 100-continue, budgets that cover reading, clients that go away", .serialized)
struct ConnectionTests {
    /// Runs curl against the live server; returns its `-w` line and verbose log.
    static func curl(_ arguments: [String]) throws -> (summary: String, log: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "-v", "-o", "/dev/null", "-w", "%{http_code} %{time_total}"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    static func bodyFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cartouche-body-\(UUID().uuidString).json")
        try Data(bytes).write(to: url)
        return url
    }

    @Test("curl's Expect: 100-continue gets 100 Continue at once; a declared length over the limit gets the 413 at once")
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
            #expect(accepted.summary.hasPrefix("200 "))
        }
        let small = testConfiguration { $0.maxBodyBytes = 1 << 20 }
        try await makeApp(small).test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))/v1/place"
            let refused = try Self.curl(["-H", "Content-Type: application/json", "--data-binary", "@\(body.path)", url])
            #expect(!refused.log.contains("< HTTP/1.1 100 Continue"))
            #expect(refused.summary.hasPrefix("413 "), "\(refused.summary)")
            // Answered before curl's one-second wait for 100 Continue would have ended: the body was never sent.
            let seconds = try #require(Double(refused.summary.split(separator: " ").last ?? ""))
            #expect(seconds < 0.9, "413 after \(seconds) s")
        }
    }

    @Test("a body near the size limit on a 200 ms budget is answered 503 within the budget plus 100 ms, not after decoding")
    func budgetCoversReadingAndDecoding() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/curl"), "curl is needed (Debian package curl)")
        let bytes = pointScene(count: 9_000, mode: "greedy")
        let body = try Self.bodyFile(bytes)
        defer { try? FileManager.default.removeItem(at: body) }
        let config = testConfiguration { $0.maxBodyBytes = bytes.count + 1_000; $0.requestTimeout = .milliseconds(200) }
        try await makeApp(config).test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))/v1/place"
            // A slow upload too: 1 MB/s makes reading alone outlast the budget.
            for extra in [[String](), ["--limit-rate", "1M"]] {
                let run = try Self.curl(["-H", "Content-Type: application/json", "--data-binary", "@\(body.path)"] + extra + [url])
                let parts = run.summary.split(separator: " ")
                #expect(parts.first == "503", "\(run.summary)")
                let seconds = try #require(Double(parts.last ?? ""))
                #expect(seconds < 0.3, "answered after \(seconds) s with \(extra)")
            }
        }
    }

    @Test("a client that disconnects while its scene is being solved frees the pool slot within 100 ms of the close")
    func disconnectFreesSlot() async throws {
        let slow = pointScene(count: 5_000, mode: "optimise")
        let probe = Array(#"{"text":"probe"}"#.utf8)
        let config = testConfiguration {
            $0.maxConcurrentJobs = 1; $0.maxQueuedJobs = 0; $0.requestTimeout = .seconds(60); $0.maxBodyBytes = 64 << 20
        }
        try await makeApp(config).test(.live) { client in
            let port = try #require(client.port)
            let socket = try RawClient(port: port)
            socket.send("POST /v1/place HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(slow.count)\r\n\r\n")
            socket.send(slow)
            // Wait until the slow job holds the only slot: a probe is then refused as overloaded.
            var busy = false
            for _ in 0..<400 where !busy {
                try await Task.sleep(for: .milliseconds(10))
                busy = try await client.execute(uri: "/v1/shape", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: probe)) {
                    $0.status == .serviceUnavailable
                }
            }
            try #require(busy, "the slow scene never occupied the slot")
            // Past parsing and decoding (not interruptible, bounded by the body
            // limit) and into the solver, which runs for seconds here.
            try await Task.sleep(for: .seconds(1))
            let stillBusy = try await client.execute(uri: "/v1/shape", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: probe)) {
                $0.status == .serviceUnavailable
            }
            try #require(stillBusy, "the slow scene finished before the client left; make it slower")
            let closed = ContinuousClock.now
            socket.close()
            var freedAfter: Duration?
            while freedAfter == nil, ContinuousClock.now - closed < .seconds(10) {
                let ok = try await client.execute(uri: "/v1/shape", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: probe)) {
                    $0.status == .ok
                }
                if ok { freedAfter = ContinuousClock.now - closed } else { try await Task.sleep(for: .milliseconds(2)) }
            }
            let freed = try #require(freedAfter, "the slot was still busy 10 s after the client left")
            #expect(freed < .milliseconds(100), "slot freed \(freed) after the close")
        }
    }
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
