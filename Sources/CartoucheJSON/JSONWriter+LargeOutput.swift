#if canImport(Glibc)
import Glibc
#endif

// Output of hundreds of megabytes (the streaming compile of a million
// annotations writes ~300 MB) is written into fresh memory, and on Linux
// every 4 KiB page of it is one page fault when first written: 75,000
// faults, a fifth of the compile benchmark's time in the kernel's fault
// path (`perf`: `exc_page_fault`, `clear_page_erms`). Transparent huge
// pages take one fault per 2 MiB. Debian's default THP mode is `madvise`,
// so the writer asks for them on a reservation that large.

extension JSONWriter {
    /// Reservations at least this large ask for huge pages.
    static let hugePageReservation = 16 << 20

    /// Makes room for at least `additionalBytes` more output, like
    /// ``reserveCapacity(_:)``; for a reservation of 16 MiB or more it also
    /// advises the kernel to back the buffer with transparent huge pages
    /// (`madvise(MADV_HUGEPAGE)` on Linux; elsewhere, and when the kernel
    /// declines, the plain reservation). The bytes written are the same.
    public mutating func reserveLargeCapacity(_ additionalBytes: Int) {
        reserveCapacity(additionalBytes)
        guard additionalBytes >= Self.hugePageReservation else { return }
        #if os(Linux)
        let capacity = bytes.capacity
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Only whole 2 MiB pages inside the buffer can be huge.
            let hugePage: UInt = 2 << 20
            let start = (UInt(bitPattern: base) + hugePage - 1) & ~(hugePage - 1)
            let end = (UInt(bitPattern: base) + UInt(capacity)) & ~(hugePage - 1)
            guard end > start, let address = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(address, Int(end - start), MADV_HUGEPAGE)  // advice only: a refusal changes nothing
        }
        #endif
    }
}
