import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import Testing

import CartoucheJobs
@testable import CartoucheService

@Suite("Heavy work does not starve the service")
struct ConcurrencyTests {
    @Test("the pool refuses a job once its waiting line is full, and runs queued jobs when slots free up")
    func poolAdmission() async throws {
        let pool = HeavyWorkPool(maxConcurrent: 1, maxQueued: 1)
        let gate = DispatchSemaphore(value: 0)
        // Occupies the only slot until the gate opens.
        async let first: Int = try pool.run { gate.wait(); return 1 }
        while pool.load.running < 1 { try await Task.sleep(for: .milliseconds(1)) }
        async let second: Int = try pool.run { 2 }
        while pool.load.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
        await #expect(throws: HeavyWorkPool.QueueFull.self) { try await pool.run { 3 } }
        gate.signal()
        #expect(try await first == 1)
        #expect(try await second == 2)
        #expect(pool.load.running == 0 && pool.load.waiting == 0)
    }

    @Test("a waiting job whose deadline passes, or whose client leaves, gives up its place in the line")
    func orphansLeaveTheLine() async throws {
        let pool = HeavyWorkPool(maxConcurrent: 1, maxQueued: 1)
        let gate = DispatchSemaphore(value: 0)
        async let first: Int = try pool.run { gate.wait(); return 1 }
        while pool.load.running < 1 { try await Task.sleep(for: .milliseconds(1)) }

        // Its deadline passes while it waits: it leaves the line with .expired.
        let soon = RequestBudget(deadline: .now + .milliseconds(30))
        await #expect(throws: HeavyWorkPool.Refusal.expired) { try await pool.run(budget: soon) { 2 } }
        #expect(pool.load.waiting == 0)

        // Its client leaves: it leaves the line at once with .abandoned.
        let later = RequestBudget(deadline: .now + .seconds(60))
        let abandoned = Task { try await pool.run(budget: later) { 3 } }
        while pool.load.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
        later.abandon()
        await #expect(throws: HeavyWorkPool.Refusal.abandoned) { try await abandoned.value }
        #expect(pool.load.waiting == 0)

        // The line is free again for a request somebody still waits for.
        let live = RequestBudget(deadline: .now + .seconds(60))
        async let fourth: Int = try pool.run(budget: live) { 4 }
        while pool.load.waiting < 1 { try await Task.sleep(for: .milliseconds(1)) }
        gate.signal()
        #expect(try await first == 1)
        #expect(try await fourth == 4)
        #expect(pool.load.running == 0 && pool.load.waiting == 0)
    }

    @Test("a running job that outlasts its deadline is answered at the deadline; its slot frees when it ends")
    func answeredAtDeadline() async throws {
        let pool = HeavyWorkPool(maxConcurrent: 1, maxQueued: 0)
        let gate = DispatchSemaphore(value: 0)
        let budget = RequestBudget(deadline: .now + .milliseconds(30))
        await #expect(throws: HeavyWorkPool.Refusal.expired) { try await pool.run(budget: budget) { gate.wait(); return 1 } }
        #expect(pool.load.running == 1, "the job still holds its slot until it returns")
        gate.signal()
        while pool.load.running > 0 { try await Task.sleep(for: .milliseconds(1)) }
    }

    @Test("/healthz answers while both pool slots and the waiting line are taken by heavy requests")
    func healthWhileBusy() async throws {
        let body = pointScene(count: 4_000, mode: "optimise")
        let config = testConfiguration {
            $0.requestTimeout = .seconds(3_600); $0.maxConcurrentJobs = 2; $0.maxQueuedJobs = 2; $0.maxBodyBytes = 64 << 20
        }
        try await makeApp(config).test(.live) { client in
            let port = try #require(client.port)
            // The heavy requests go through URLSession, a client that may be used
            // from several tasks at once; /healthz through the test client.
            let session = URLSession(configuration: .ephemeral)
            var request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:\(port)/v1/place")))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(body)
            request.timeoutInterval = 3_600
            try await withThrowingTaskGroup(of: (status: Int, finishedAt: ContinuousClock.Instant).self) { group in
                for _ in 0..<4 {
                    group.addTask { [request] in
                        let (_, response) = try await session.data(for: request)
                        return ((response as? HTTPURLResponse)?.statusCode ?? -1, ContinuousClock.now)
                    }
                }
                // Wait until the heavy requests hold both slots and fill the
                // line, as /metrics reports the pool (a scrape takes no slot).
                let since = ContinuousClock.now
                var full = false
                while !full, ContinuousClock.now - since < .seconds(300) {
                    full = try await client.execute(uri: "/metrics", method: .get) { response in
                        let exposition = String(decoding: response.body.bytes, as: UTF8.self)
                        return exposition.contains(#"cartouche_heavy_jobs{state="running"} 2"#)
                            && exposition.contains(#"cartouche_heavy_jobs{state="waiting"} 2"#)
                    }
                    if !full { try await Task.sleep(for: .milliseconds(20)) }
                }
                try #require(full, "the heavy requests never filled the pool in 5 minutes")
                for _ in 0..<5 {
                    try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
                }
                let healthChecked = ContinuousClock.now
                var lastFinish = healthChecked - .seconds(3600)
                for try await (status, finishedAt) in group {
                    #expect(status == 200)
                    lastFinish = max(lastFinish, finishedAt)
                }
                // Heavy work was still running when /healthz had answered five
                // times: the probes did not wait for the pool.
                #expect(lastFinish > healthChecked)
            }
        }
    }
}

@Suite("Configuration")
struct ConfigurationTests {
    @Test("environment variables override the defaults")
    func environment() throws {
        let c = try ServiceConfiguration().applying(environment: [
            "CARTOUCHE_HOST": "0.0.0.0", "CARTOUCHE_PORT": "9090", "CARTOUCHE_MAX_BODY_BYTES": "1024",
            "CARTOUCHE_MAX_ANNOTATIONS": "10", "CARTOUCHE_MAX_TEXT_LENGTH": "20", "CARTOUCHE_REQUEST_TIMEOUT_MS": "150",
        ])
        #expect(c.host == "0.0.0.0")
        #expect(c.port == 9090)
        #expect(c.maxBodyBytes == 1024)
        #expect(c.maxAnnotations == 10)
        #expect(c.maxTextLength == 20)
        #expect(c.requestTimeout == .milliseconds(150))
    }

    @Test("the documented defaults")
    func defaults() {
        let c = ServiceConfiguration()
        #expect(c.host == "127.0.0.1" && c.port == 8080)
        #expect(c.maxBodyBytes == 8 * 1024 * 1024)
        #expect(c.maxAnnotations == 100_000 && c.maxTextLength == 5_000)
        #expect(c.requestTimeout == .seconds(2))
    }

    @Test("a bad value names its variable", arguments: [
        ("CARTOUCHE_PORT", "80a"), ("CARTOUCHE_PORT", "70000"), ("CARTOUCHE_REQUEST_TIMEOUT_MS", "0"),
        ("CARTOUCHE_MAX_BODY_BYTES", "-5"),
    ])
    func badValue(name: String, value: String) {
        do {
            _ = try ServiceConfiguration().applying(environment: [name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            #expect(error.setting == name)
            #expect(error.value == value)
        }
    }
}
