import ArgumentParser
import Logging
import Testing

@testable import CartoucheCommands

@Suite("serve --log-level and LOG_LEVEL")
struct ServeCommandTests {
    @Test("the flag wins over LOG_LEVEL, which wins over the default info")
    func precedence() throws {
        #expect(try ServeCommand.parse([]).resolvedLogLevel(environment: [:]) == .info)
        #expect(try ServeCommand.parse([]).resolvedLogLevel(environment: ["LOG_LEVEL": "debug"]) == .debug)
        #expect(try ServeCommand.parse([]).resolvedLogLevel(environment: ["LOG_LEVEL": "WARNING"]) == .warning)
        #expect(try ServeCommand.parse(["--log-level", "error"]).resolvedLogLevel(environment: ["LOG_LEVEL": "debug"]) == .error)
    }

    @Test("an unknown level names where it came from")
    func unknown() throws {
        do {
            _ = try ServeCommand.parse([]).resolvedLogLevel(environment: ["LOG_LEVEL": "loud"])
            Issue.record("loud is not a level")
        } catch let error as ValidationError {
            #expect(error.message.hasPrefix(#"LOG_LEVEL: unknown level "loud""#))
        }
    }
}
