import Foundation

/// Reads a file (or stdin) as lines of bytes, `\n`-separated, with a `\r`
/// before it dropped, without loading the whole input.
public struct LineReader: Sendable {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    /// Bytes consumed so far (for progress).
    public private(set) var bytesRead = 0

    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its terminator, or nil at the end of input.
    public mutating func next() throws -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            // Compact before reading more so the buffer holds one partial line at most.
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            let chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            if chunk.isEmpty { atEnd = true } else {
                buffer.append(contentsOf: chunk)
                bytesRead += chunk.count
            }
        }
    }
}
