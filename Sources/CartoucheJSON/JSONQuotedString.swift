/// A string escaped and quoted once, for member names and values written
/// many times: GeoJSON's `"type"` and `"Feature"`, style property keys.
///
/// ``JSONWriter/key(_:)-(JSONQuotedString)`` and
/// ``JSONWriter/write(_:)-(JSONQuotedString)`` copy the prepared bytes in one
/// call instead of scanning the text for characters to escape each time.
public struct JSONQuotedString: Sendable, Hashable {
    /// The unescaped text.
    public let text: String
    /// `"text":` escaped, UTF-8: a member name in compact style, colon included.
    let memberNameBytes: [UInt8]

    public init(_ text: String) {
        self.text = text
        var writer = JSONWriter()
        writer.appendQuoted(text)
        writer.bytes.append(UInt8(ascii: ":"))
        memberNameBytes = writer.bytes
    }

    /// The quoted string without the colon.
    var quotedBytes: ArraySlice<UInt8> { memberNameBytes.dropLast() }
}
