import CartoucheTestSupport
import Testing

@testable import CartoucheJSON

/// The raw feature buffer spells everything as `JSONWriter` does, grows past
/// its first allocation, and `writeRawValue` fits its value into the
/// writer's structure in both styles.
@Suite struct JSONRawBufferTests {
    @Test func numbersAndStringsAreSpelledLikeTheWriter() throws {
        var random = SplitMix64(seed: 0xBEEF)
        var buffer = JSONRawBuffer(capacity: 64)  // small, so it must grow
        var writer = JSONWriter()
        writer.beginArray()
        buffer.append(byte: UInt8(ascii: "["))
        let strings = ["", "plain", "q\"b\\s", "tab\tnl\n\u{0}\u{1F}", "é😀", "\u{2028}x\u{2029}", String(repeating: "long ", count: 40)]
        for index in 0..<20_000 {
            if index > 0 { buffer.append(byte: UInt8(ascii: ",")) }
            if index % 10 == 0 {
                let text = strings[index / 10 % strings.count]
                buffer.appendString(text)
                writer.write(text)
            } else {
                let value = index % 2 == 0 ? Double(bitPattern: random.next()) : random.uniform(-180, 180)
                guard value.isFinite else {
                    buffer.append(fragment: "0")
                    writer.write(0)
                    continue
                }
                try buffer.appendNumber(value)
                try writer.write(value)
            }
        }
        buffer.append(byte: UInt8(ascii: "]"))
        writer.endArray()
        #expect(buffer.count > 64)
        buffer.withBytes { #expect(Array($0) == writer.bytes) }
        #expect(throws: JSONWriteError.nonFiniteNumber(.infinity, path: .root)) { try buffer.appendNumber(.infinity) }
    }

    @Test func prettyAndCompactWritersTakeRawValues() throws {
        let value: JSONValue = ["b": [1, 2.5, "x"], "a": ["k": .null, "t": true]]
        var buffer = JSONRawBuffer()
        try buffer.append(value)
        for style in [JSONWriter.Style.compact, .pretty] {
            var raw = JSONWriter(style: style)
            raw.beginArray()
            try raw.writeRawValue(buffer)
            try raw.writeRawValue(buffer)
            raw.endArray()
            var structured = JSONWriter(style: style)
            structured.beginArray()
            try structured.write(value)
            try structured.write(value)
            structured.endArray()
            #expect(String(decoding: raw.bytes, as: UTF8.self) == String(decoding: structured.bytes, as: UTF8.self))
        }
    }

    @Test func quotedStringsAreWrittenAsPrepared() {
        let names = [JSONQuotedString("type"), JSONQuotedString("a\"b\n"), JSONQuotedString(String(repeating: "n", count: 60))]
        for name in names {
            var buffer = JSONRawBuffer()
            buffer.appendMemberName(name)
            buffer.appendString(name)
            buffer.withBytes { #expect(String(decoding: $0, as: UTF8.self) == JSONWriter.quoted(name.text) + ":" + JSONWriter.quoted(name.text)) }
            var pretty = JSONWriter(style: .pretty)
            pretty.beginObject()
            pretty.key(name)
            pretty.write(name)
            pretty.endObject()
            #expect(String(decoding: pretty.bytes, as: UTF8.self) == "{\n  \(JSONWriter.quoted(name.text)): \(JSONWriter.quoted(name.text))\n}")
        }
    }

    /// The short copy (two overlapping runs of 4- or 8-byte moves up to 64
    /// bytes, `memmove` beyond) at every length from 0 to 100, at every
    /// offset modulo 8, leaves exactly the source's bytes and nothing past them.
    @Test func shortCopiesAreExactAtEveryLength() {
        let source = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for count in 0...100 {
            for offset in 0..<8 {
                var destination = [UInt8](repeating: 0xEE, count: 120)
                source.withUnsafeBufferPointer { from in
                    destination.withUnsafeMutableBufferPointer { to in
                        JSONRawBuffer.copy(from: from.baseAddress!, to: to.baseAddress! + offset, count: count)
                    }
                }
                #expect(Array(destination[offset..<(offset + count)]) == Array(source[0..<count]), "count \(count), offset \(offset)")
                #expect(destination[..<offset].allSatisfy { $0 == 0xEE } && destination[(offset + count)...].allSatisfy { $0 == 0xEE })
            }
        }
    }

    /// Member names of every length, inline (stored whole, 48 bytes) and
    /// spilled, followed by more text: the bytes are the writer's.
    @Test func memberNamesOfEveryLengthMatchTheWriter() throws {
        for length in 0...60 {
            let name = JSONQuotedString(String(repeating: "k", count: length) + (length % 3 == 0 ? "\"" : ""))
            var buffer = JSONRawBuffer(capacity: 64)
            var writer = JSONWriter()
            writer.beginObject()
            buffer.append(byte: UInt8(ascii: "{"))
            buffer.appendMemberName(name)
            buffer.appendString(name)
            buffer.append(fragment: ",")
            buffer.appendMemberName(JSONQuotedString("~last"))
            buffer.append(fragment: "1}")
            writer.key(name)
            writer.write(name)
            writer.key(JSONQuotedString("~last"))
            writer.write(1)
            writer.endObject()
            #expect(buffer.withBytes { Array($0) } == writer.bytes, "length \(length)")
        }
    }
}
