import ArgumentParser
import Foundation

extension CommandLine {
    /// Parses and runs `root`'s command line with Cartouche's exit statuses:
    /// usage errors 2 (not ArgumentParser's 64), commands' own `ExitCode`s as
    /// thrown, and any other escaping error 1 (an internal failure).
    public static func runCartouche<Root: ParsableCommand>(root: Root.Type, arguments: [String]? = nil) async {
        do {
            var command = try Root.parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = Root.exitCode(for: error)
            let message = Root.fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { print(message) }
                exit(0)
            }
            if !message.isEmpty { Terminal.writeError(message) }
            if code == .validationFailure { exit(ExitStatus.usage.rawValue) }
            if error is ExitCode { exit(code.rawValue) }
            // Errors that are not usage errors nor a command's own status: a
            // file that cannot be read, fonts that cannot load. Status 1.
            exit(code == .failure ? ExitStatus.internalFailure.rawValue : code.rawValue)
        }
    }
}
