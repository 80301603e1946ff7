// String scanning for JSONParserCore: escapes, surrogate pairs and strict
// UTF-8 validation (RFC 3629), with a copy-free path for escape-free strings.

extension JSONParserCore {
    /// Parses a string starting at its opening quote.
    mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error(.controlCharacterInString(byte)) }
            if byte < 0x80 { position += 1 } else { try skipValidUTF8Sequence() }
        }
        guard position < input.count else { throw error(.unexpectedEndOfInput) }
        // Slow path: decode escapes into a scratch buffer.
        var decoded = [UInt8](UnsafeBufferPointer(rebasing: input[start..<position]))
        while position < input.count {
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try decodeEscape(into: &decoded)
            case 0..<0x20:
                throw error(.controlCharacterInString(byte))
            case 0..<0x80:
                decoded.append(byte)
                position += 1
            default:
                let sequenceStart = position
                try skipValidUTF8Sequence()
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: input[sequenceStart..<position]))
            }
        }
        throw error(.unexpectedEndOfInput)
    }

    /// Decodes one backslash escape at `position` and appends its UTF-8.
    private mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = position
        position += 1
        guard position < input.count else { throw error(.unexpectedEndOfInput) }
        let letter = input[position]
        position += 1
        switch letter {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHexQuad()
            var scalarValue = UInt32(unit)
            if (0xDC00...0xDFFF).contains(unit) {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                    input[position + 1] == UInt8(ascii: "u")
                else { throw error(.loneSurrogate(unit), at: escapeStart) }
                position += 2
                let low = try readHexQuad()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(.loneSurrogate(unit), at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            // Surrogates were excluded above, so this always succeeds.
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            decoded.append(contentsOf: scalar.utf8)
        default:
            throw error(.invalidEscape, at: escapeStart)
        }
    }

    private mutating func readHexQuad() throws(JSONParseError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < input.count else { throw error(.unexpectedEndOfInput) }
            let byte = input[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Advances over one well-formed multi-byte UTF-8 sequence (RFC 3629:
    /// no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func skipValidUTF8Sequence() throws(JSONParseError) {
        let lead = input[position]
        let continuationCount: Int
        var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0: continuationCount = 2; secondByteRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: continuationCount = 2
        case 0xED: continuationCount = 2; secondByteRange = 0x80...0x9F
        case 0xF0: continuationCount = 3; secondByteRange = 0x90...0xBF
        case 0xF1...0xF3: continuationCount = 3
        case 0xF4: continuationCount = 3; secondByteRange = 0x80...0x8F
        default: throw error(.invalidUTF8)
        }
        guard position + continuationCount < input.count else { throw error(.invalidUTF8) }
        guard secondByteRange.contains(input[position + 1]) else { throw error(.invalidUTF8) }
        var index = position + 2
        while index <= position + continuationCount {
            guard (0x80...0xBF).contains(input[index]) else { throw error(.invalidUTF8) }
            index += 1
        }
        position += continuationCount + 1
    }
}
