// Typed, path-aware reads of single JSON values. Decoders call these with the
// path of the value so a wrong type is reported where it is.

extension JSONValue {
    /// The value's JSON type with an article, for error messages ("a string").
    public var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private func mismatch(_ expected: String, at path: JSONPath) -> JSONDecodingError {
        JSONDecodingError(path: path, reason: "expected \(expected), found \(typeDescription)")
    }

    /// The string payload, or an error naming `path`.
    public func decodeString(at path: JSONPath) throws(JSONDecodingError) -> String {
        guard case .string(let text) = self else { throw mismatch("a string", at: path) }
        return text
    }

    /// The boolean payload, or an error naming `path`.
    public func decodeBool(at path: JSONPath) throws(JSONDecodingError) -> Bool {
        guard case .bool(let flag) = self else { throw mismatch("a boolean", at: path) }
        return flag
    }

    /// The number payload; NaN and ±inf (only possible in values built in
    /// code, never parsed) are rejected.
    public func decodeNumber(at path: JSONPath) throws(JSONDecodingError) -> Double {
        guard case .number(let number) = self else { throw mismatch("a number", at: path) }
        guard number.isFinite else {
            throw JSONDecodingError(path: path, reason: "expected a finite number, found \(number)")
        }
        return number
    }

    /// An integral number with |x| ≤ 2^53 − 1 (JavaScript's safe integers:
    /// each is held exactly, and no other integer reads as the same double,
    /// as 2^53 + 1 would read as 2^53).
    public func decodeInt(at path: JSONPath) throws(JSONDecodingError) -> Int {
        let number = try decodeNumber(at: path)
        guard number == number.rounded(.towardZero) else {
            throw JSONDecodingError(path: path, reason: "expected an integer, found \(number)")
        }
        // Integral but beyond 2^53 − 1: say the range, or the message would
        // deny that 1e18 is an integer (JSON Schema calls it one).
        guard number.magnitude <= 9_007_199_254_740_991 else {
            throw JSONDecodingError(
                path: path,
                reason: "expected an integer from -9007199254740991 to 9007199254740991 (JavaScript's safe integers), found \(number)")
        }
        return Int(number)
    }

    /// The array payload, or an error naming `path`.
    public func decodeArray(at path: JSONPath) throws(JSONDecodingError) -> [JSONValue] {
        guard case .array(let elements) = self else { throw mismatch("an array", at: path) }
        return elements
    }

    /// The object payload, or an error naming `path`.
    public func decodeObject(at path: JSONPath) throws(JSONDecodingError) -> [String: JSONValue] {
        guard case .object(let members) = self else { throw mismatch("an object", at: path) }
        return members
    }
}

extension JSONValue {
    /// Decodes every element of an array with `decodeElement(element, pathOfElement)`.
    public func decodeArray<T>(
        at path: JSONPath, each decodeElement: (JSONValue, JSONPath) throws(JSONDecodingError) -> T
    ) throws(JSONDecodingError) -> [T] {
        let elements = try decodeArray(at: path)
        var decoded: [T] = []
        decoded.reserveCapacity(elements.count)
        for index in elements.indices {
            decoded.append(try decodeElement(elements[index], path.appending(index: index)))
        }
        return decoded
    }

    /// A string naming one case of `T`, e.g. an enum of style keywords; the
    /// error lists the accepted spellings.
    public func decodeCase<T: RawRepresentable & CaseIterable>(
        _ type: T.Type = T.self, at path: JSONPath
    ) throws(JSONDecodingError) -> T where T.RawValue == String {
        let text = try decodeString(at: path)
        guard let value = T(rawValue: text) else {
            let allowed = T.allCases.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ")
            throw JSONDecodingError(path: path, reason: "unknown value \(JSONWriter.quoted(text)); expected one of \(allowed)")
        }
        return value
    }
}
