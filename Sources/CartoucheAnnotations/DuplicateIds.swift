// Finding repeated annotation ids before a streaming compile.
//
// A `Set<String>` of a million ids costs one SipHash and one or two cache
// misses per insert into a 32 MB table; in the compile benchmark that was a
// seventh of the whole time. Here the ids are hashed once into a flat array,
// the (hash, position) pairs are distributed by the top bits of the hash
// into buckets of about a hundred (a counting sort, so each bucket keeps
// the positions in order), and each bucket is checked with a small table
// that stays in the L1 cache. Only equal 64-bit hashes compare the ids
// themselves, so the answer is exact whatever the hash does.

/// Positions whose annotation id repeats an earlier annotation's id.
enum DuplicateIds {
    /// One repeated id: the later position is dropped, the first one kept.
    struct Duplicate: Equatable {
        var dropped: Int
        var kept: Int
    }

    /// Every later occurrence of an id, in ascending `dropped` order, each
    /// with the position of the first occurrence.
    ///
    /// - Complexity: O(n + total id length), about 30 ns per annotation.
    static func find<Annotation: LayerAnnotation>(in annotations: [Annotation]) -> [Duplicate] {
        let count = annotations.count
        guard count > 1 else { return [] }
        var hashes = [UInt64](repeating: 0, count: count)
        for position in 0..<count { hashes[position] = hash(annotations[position].id) }

        // Buckets of about 128 entries, by the top bits of the hash.
        let bucketBits = max(1, (Int.bitWidth - (count / 128).leadingZeroBitCount))
        let shift = UInt64(64 - bucketBits)
        var starts = [Int](repeating: 0, count: (1 << bucketBits) + 1)
        for hash in hashes { starts[Int(hash >> shift) + 1] += 1 }
        var largestBucket = 0
        for bucket in 0..<(1 << bucketBits) {
            largestBucket = max(largestBucket, starts[bucket + 1])
            starts[bucket + 1] += starts[bucket]
        }
        var entries = [Entry](repeating: Entry(hash: 0, position: 0), count: count)
        var next = starts
        for position in 0..<count {
            let bucket = Int(hashes[position] >> shift)
            entries[next[bucket]] = Entry(hash: hashes[position], position: position)
            next[bucket] += 1
        }

        // Per bucket: open addressing on the low hash bits, in position order,
        // so the first occurrence of an id is always the one in the table.
        var tableSize = 16
        while tableSize < 2 * largestBucket { tableSize *= 2 }
        let mask = tableSize - 1
        var slots = [Int](repeating: -1, count: tableSize)  // entry index or −1
        var used: [Int] = []
        used.reserveCapacity(largestBucket)
        var duplicates: [Duplicate] = []
        for bucket in 0..<(1 << bucketBits) {
            let range = starts[bucket]..<starts[bucket + 1]
            for index in range {
                let entry = entries[index]
                var slot = Int(truncatingIfNeeded: entry.hash) & mask
                var isRepeat = false
                while slots[slot] >= 0 {
                    let other = entries[slots[slot]]
                    if other.hash == entry.hash && annotations[other.position].id == annotations[entry.position].id {
                        duplicates.append(Duplicate(dropped: entry.position, kept: other.position))
                        isRepeat = true
                        break
                    }
                    slot = (slot + 1) & mask
                }
                if !isRepeat {
                    slots[slot] = index
                    used.append(slot)
                }
            }
            // Empty the table for the next bucket: only the slots this one used.
            for slot in used { slots[slot] = -1 }
            used.removeAll(keepingCapacity: true)
        }
        duplicates.sort { $0.dropped < $1.dropped }
        return duplicates
    }

    private struct Entry {
        var hash: UInt64
        var position: Int
    }

    /// A 64-bit hash of the id's UTF-8 bytes: eight bytes per multiply (the
    /// tail by overlapping loads), then MurmurHash3's finaliser so the top
    /// bits are well mixed.
    @inline(__always)
    static func hash(_ id: String) -> UInt64 {
        if let hash = id.utf8.withContiguousStorageIfAvailable({ hash(utf8: $0) }) { return hash }
        return Array(id.utf8).withUnsafeBufferPointer { hash(utf8: $0) }
    }

    @inline(__always)
    private static func hash(utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var state = UInt64(truncatingIfNeeded: utf8.count) &* multiplier
        let raw = UnsafeRawBufferPointer(utf8)
        var offset = 0
        while offset + 8 <= raw.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            state ^= state >> 29
            offset += 8
        }
        if offset < raw.count {
            // The last 1–7 bytes by overlapping loads rather than a byte
            // loop whose length varies from id to id: the last eight bytes
            // when the id has them, else two four-byte words, else three
            // single bytes. Every byte is covered and the length is mixed
            // in above, and only equal hashes are trusted to compare the ids.
            let count = raw.count
            let tail: UInt64
            if count >= 8 {
                tail = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            } else if count >= 4 {
                tail = UInt64(raw.loadUnaligned(as: UInt32.self))
                    | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) << 32
            } else {
                tail = UInt64(raw[0]) | UInt64(raw[count / 2]) << 8 | UInt64(raw[count - 1]) << 16
            }
            state = (state ^ tail) &* multiplier
            state ^= state >> 29
        }
        state ^= state >> 33
        state &*= 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 33
        state &*= 0xC4CE_B9FE_1A85_EC53
        state ^= state >> 33
        return state
    }
}
