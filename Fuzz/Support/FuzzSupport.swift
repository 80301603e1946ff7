// Shared by every fuzz target: compiled into each target's executable next to
// the target's own file (see Fuzz/README.md). Nothing here is part of the
// Cartouche library; the `fatalError` below is deliberate: it is how a harness
// tells libFuzzer "this input broke an invariant", and it can only run inside
// a fuzz binary.

/// Copies libFuzzer's input into an array, the form the Cartouche decoders take.
///
/// libFuzzer owns the buffer and may reuse it after the call returns, so the
/// harness must not keep a pointer to it.
func fuzzInputBytes(_ start: UnsafeRawPointer, _ count: Int) -> [UInt8] {
    Array(UnsafeRawBufferPointer(start: start, count: count))
}

/// Stops the fuzz run with a readable report when an invariant does not hold.
///
/// libFuzzer treats the resulting trap as a crash and saves the input, so a
/// broken round trip is reported exactly like a memory error.
func fuzzCheck(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        fatalError("fuzz invariant failed: \(message())", file: file, line: line)
    }
}

/// Shows at most `limit` bytes of an input as text for failure messages
/// (invalid UTF-8 is repaired, which is fine for a diagnostic).
func fuzzPreview(_ bytes: [UInt8], limit: Int = 200) -> String {
    let shown = String(decoding: bytes.prefix(limit), as: UTF8.self)
    return bytes.count > limit ? shown + "… (\(bytes.count) bytes)" : shown
}
