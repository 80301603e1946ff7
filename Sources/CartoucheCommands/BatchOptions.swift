import ArgumentParser

/// `--shard i/n`: this machine takes input lines whose zero-based index `k`
/// satisfies `k % count == index`, so `n` machines given the same file
/// and shards `0/n … (n-1)/n` cover every line exactly once.
public struct Shard: Hashable, Sendable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    public static let all = Shard(index: 0, count: 1)

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// Parses `"i/n"` with 0 ≤ i < n.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n > 0, (0..<n).contains(i) else { return nil }
        self.init(index: i, count: n)
    }

    /// Whether the line with zero-based index `lineIndex` belongs to this shard.
    public func owns(lineIndex: Int) -> Bool { lineIndex % count == index }

    public var description: String { "\(index)/\(count)" }
}

/// What to do with a line that is not a valid scene.
public enum BadLinePolicy: String, Sendable, CaseIterable {
    /// Report it (stderr, with its line number) and go on; exit status 3 at the end.
    case skip
    /// Report it and stop; exit status 4.
    case fail
}

/// Process exit statuses of `cartouche`.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A failure of Cartouche itself, not of the input.
    case internalFailure = 1
    /// Bad flags or arguments.
    case usage = 2
    /// Some input lines were bad and skipped (`--on-error skip`).
    case someInputSkipped = 3
    /// Bad input stopped the run (`--on-error fail`, or a single bad scene).
    case badInput = 4
}

extension BadLinePolicy: ExpressibleByArgument {}
