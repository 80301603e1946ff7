import ArgumentParser
import CartoucheJobs
import Foundation

/// What `compile`, `query` and `render` share: reading the scene, writing
/// the answer (to stdout, or to `-o FILE` only once it is complete), and
/// turning a job's problem into a message and an exit status.
enum CommandIO {
    /// The whole input: a file, or stdin for `-`.
    /// - Throws: `ValidationError` (exit 2) when the file cannot be opened.
    static func readAll(_ input: String) throws -> [UInt8] {
        let handle = try InputFile.open(input)
        return Array(try handle.readToEnd() ?? Data())
    }

    /// Writes `bytes` to `file` (atomically: a temporary file renamed into
    /// place, so a failure never leaves half a file), or to stdout, ended
    /// by a newline, when `file` is nil. The file gets exactly the bytes the
    /// service would send.
    static func deliver(_ bytes: [UInt8], to file: String?) throws {
        guard let file else {
            Terminal.writeOut(bytes.last == UInt8(ascii: "\n") ? bytes : bytes + [UInt8(ascii: "\n")])
            return
        }
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(file): \(error.localizedDescription)")
        }
    }

    /// Reports `problem` on stderr and gives the exit status to throw.
    ///
    /// - A problem with a flag (`problem.parameter`, or `flagPath` says its
    ///   JSON path came from a flag) is a usage error: `--detail`, status 2.
    /// - A problem with the scene is bad input: `INPUT: detail at path`, status 4.
    /// - A failure of Cartouche itself: status 1.
    static func fail(_ command: String, _ problem: JobError, input: String, flagPath: (String) -> Bool = { _ in false }) -> ExitCode {
        if problem.isInternal {
            Terminal.writeError("\(command): \(problem.detail)")
            return ExitCode(ExitStatus.internalFailure.rawValue)
        }
        if problem.parameter != nil || problem.path.map(flagPath) == true {
            Terminal.writeError("\(command): --\(problem.detail)")
            return ExitCode(ExitStatus.usage.rawValue)
        }
        Terminal.writeError("\(input): \(problem.detailNamingPath)")
        return ExitCode(ExitStatus.badInput.rawValue)
    }
}
