#if canImport(Glibc)
import Glibc
#endif

extension JSONWriter {
    /// Maps the next `expectedBytes` of reserved, unwritten capacity in one
    /// system call (Linux's `MADV_POPULATE_WRITE`) instead of one page
    /// fault per 4 KiB page as the writes reach it.
    ///
    /// A fresh buffer of hundreds of megabytes costs the kernel a fault per
    /// page on first touch: a quarter of the 1M-feature compile's time in
    /// `perf`. Populating the range at once does the same zeroing and
    /// mapping without the trap per page (305 MB: about 0.19 s of faults
    /// and writes became 0.15 s in a standalone test). Only the expected
    /// size is populated, not the reservation's slack, so resident memory
    /// stays what the writes would have made it. Elsewhere, on kernels
    /// before 5.14 and below a megabyte it does nothing; the bytes are
    /// unchanged either way.
    public mutating func prefault(expectedBytes: Int) {
        #if os(Linux)
        let count = bytes.count
        let length = min(expectedBytes, bytes.capacity - count)
        guard length >= 1 << 20 else { return }
        let pageSize = UInt(max(sysconf(Int32(_SC_PAGESIZE)), 4096))
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = (UInt(bitPattern: base + count) + pageSize - 1) & ~(pageSize - 1)
            let end = UInt(bitPattern: base + count + length) & ~(pageSize - 1)
            guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
            // MADV_POPULATE_WRITE (Linux 5.14); older kernels answer EINVAL, ignored.
            _ = madvise(address, Int(end - start), 23)
        }
        #endif
    }
}
