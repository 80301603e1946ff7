/// A fast seeded hash of byte strings for the shaping cache's hot path.
///
/// Cache lookups hash every label's text; Swift's `Hasher` (SipHash-1-3) was
/// a third of a cached lookup. This hash folds eight bytes per step with a
/// 64×64→128-bit multiply (the wyhash construction). The seed is random per
/// process, so texts cannot be crafted offline to collide in the table; the
/// table also stays at most half full, which bounds probe lengths for
/// ordinary input.
enum FastHash {
    static let seed = UInt64.random(in: .min ... .max)

    @inline(__always)
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    /// Hash of the string's UTF-8 bytes.
    /// - Complexity: O(n) in the UTF-8 length.
    static func hash(_ string: String) -> UInt64 {
        let hashed = string.utf8.withContiguousStorageIfAvailable { hash(UnsafeRawBufferPointer($0)) }
        if let hashed { return hashed }
        let bytes = Array(string.utf8)
        return bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> UInt64 in hash(raw) }
    }

    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var h = seed ^ mix(UInt64(bytes.count) ^ 0x9E37_79B9_7F4A_7C15, 0xA076_1D64_78BD_642F)
        var i = 0
        while i + 8 <= bytes.count {
            h = mix(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self), 0xE703_7ED1_A0B4_28DB)
            i += 8
        }
        if i < bytes.count {
            var tail: UInt64 = 0
            for k in i..<bytes.count { tail |= UInt64(bytes[k]) << UInt64(8 * (k - i)) }
            h = mix(h ^ tail, 0x8EBC_6AF0_9C88_C6E3)
        }
        return mix(h, 0x5899_65CC_7537_4CC3)
    }
}
