import ArgumentParser
import Foundation

extension CommandLine {
    /// Parses and runs `root`'s command line with Cartouche's exit statuses:
    /// usage errors 2 (not ArgumentParser's 64), commands' own `ExitCode`s as
    /// thrown, and any other escaping error 1 (an internal failure).
    public static func runCartouche<Root: ParsableCommand>(root: Root.Type, arguments: [String]? = nil) async {
        var parsed: (any ParsableCommand)?
        do {
            var command = try Root.parseAsRoot(arguments)
            parsed = command
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = Root.exitCode(for: error)
            let message = usageMessage(root: Root.self, for: error, in: parsed) ?? Root.fullMessage(for: error)
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

    /// A usage error a subcommand's `run()` threw (a `ValidationError` about a
    /// flag's value found only when running), with that subcommand's usage:
    /// ArgumentParser adds its own usage only to errors thrown while parsing,
    /// and the root's generic `cartouche <subcommand>` to the others. nil for
    /// every other error, and for errors thrown while parsing (`command` nil).
    static func usageMessage<Root: ParsableCommand>(root: Root.Type, for error: any Error, in command: (any ParsableCommand)?) -> String? {
        guard let command, error is ValidationError else { return nil }
        let subcommand = type(of: command)
        guard subcommand != Root.self, let name = subcommand.configuration.commandName else { return nil }
        let path = (Root.configuration.commandName ?? "cartouche") + " " + name
        return "Error: \(Root.message(for: error))\nUsage: \(Root.usageString(for: subcommand))\n  See '\(path) --help' for more information."
    }
}
