/// A syntax error found by ``JSONParser``: where it is and what is wrong.
///
/// `offset` is the zero-based byte offset into the input; `line` and `column`
/// are one-based, and `column` counts Unicode scalars (UTF-8 lead bytes) from
/// the start of the line, so it matches what a text editor shows for ASCII
/// and most non-ASCII text.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The input ended inside a value.
        case unexpectedEndOfInput
        /// A byte that cannot start or continue a value here.
        case unexpectedCharacter(UInt8)
        /// A `,` directly before `]` or `}`.
        case trailingComma
        /// Non-whitespace after the top-level value.
        case trailingContent
        /// A malformed number (leading zero, missing digits, …); the payload says which.
        case invalidNumber(String)
        /// A number whose magnitude rounds to infinity.
        case numberOutOfRange
        /// A backslash escape that RFC 8259 does not define.
        case invalidEscape
        /// A `\u` escape that names half of a UTF-16 surrogate pair on its own.
        case loneSurrogate(UInt16)
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// An unescaped control character (U+0000 … U+001F) inside a string.
        case controlCharacterInString(UInt8)
        /// The same member name twice in one object; the path names the repeated member.
        case duplicateKey(JSONPath)
        /// Arrays and objects nested deeper than the parser's limit.
        case nestingTooDeep(limit: Int)
    }

    public var kind: Kind
    /// Zero-based byte offset of the offending byte.
    public var offset: Int
    /// One-based line number of `offset`.
    public var line: Int
    /// One-based column (in Unicode scalars) of `offset`.
    public var column: Int

    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A one-line explanation without the position.
    public var message: String {
        switch kind {
        case .unexpectedEndOfInput:
            return "unexpected end of input"
        case .unexpectedCharacter(let byte):
            return "unexpected character \(Self.describe(byte))"
        case .trailingComma:
            return "trailing comma before the closing bracket"
        case .trailingContent:
            return "unexpected content after the top-level value"
        case .invalidNumber(let why):
            return "invalid number: \(why)"
        case .numberOutOfRange:
            return "number is too large to represent as a double"
        case .invalidEscape:
            return "invalid escape sequence in string"
        case .loneSurrogate(let unit):
            let hex = String(unit, radix: 16, uppercase: true)
            return "lone UTF-16 surrogate \\u\(hex) in string escape"
        case .invalidUTF8:
            return "invalid UTF-8 byte sequence"
        case .controlCharacterInString(let byte):
            return "unescaped control character \(Self.describe(byte)) in string"
        case .duplicateKey(let path):
            return "duplicate object key at \(path)"
        case .nestingTooDeep(let limit):
            return "arrays and objects nested deeper than \(limit) levels"
        }
    }

    public var description: String {
        "JSON parse error at line \(line), column \(column) (byte \(offset)): \(message)"
    }

    private static func describe(_ byte: UInt8) -> String {
        let hex = "0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))' (\(hex))"
        }
        return hex
    }
}
