// Fuzz target `json`: the strict JSON parser and the writer.
//
// Any byte string either fails to parse with a `JSONParseError` or parses to
// a tree that the writer prints, and printing is a fixed point: the printed
// bytes parse to an equal tree and print to the same bytes again, in both the
// compact and the pretty style.
import CartoucheJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzInputBytes(start, count)
    let parser = JSONParser()
    let value: JSONValue
    do {
        value = try parser.parse(input)
    } catch {
        // Rejected input is fine; the error must still describe itself.
        fuzzCheck(!error.description.isEmpty, "empty parse error description")
        return 0
    }
    for style in [JSONWriter.Style.compact, .pretty] {
        var writer = JSONWriter(style: style)
        do {
            try writer.write(value)
        } catch {
            // A parsed tree holds only finite numbers, so writing cannot fail.
            fuzzCheck(false, "writer rejected a parsed value: \(error) input: \(fuzzPreview(input))")
            return 0
        }
        let printed = writer.bytes
        guard let reparsed = try? parser.parse(printed) else {
            fuzzCheck(false, "printed JSON does not parse: \(fuzzPreview(printed))")
            return 0
        }
        fuzzCheck(reparsed == value, "round trip changed the value: \(fuzzPreview(printed))")
        var again = JSONWriter(style: style)
        try? again.write(reparsed)
        fuzzCheck(again.bytes == printed, "printing is not a fixed point: \(fuzzPreview(printed))")
    }
    return 0
}
