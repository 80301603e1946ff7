import Foundation

/// The id a request is logged and answered under (`X-Request-Id`).
///
/// A client's own id is kept, so its logs and ours line up, when it is 1 to
/// 128 printable ASCII characters (space to `~`); anything else (empty, too
/// long, control or non-ASCII bytes that would corrupt log lines) is replaced.
/// Generated ids are random UUIDs: unique across replicas and restarts, unlike
/// a per-process counter.
enum RequestID {
    /// The longest client id kept.
    static let maximumLength = 128

    /// The client's id when acceptable, else a new UUID.
    static func accepting(_ header: String?) -> String {
        if let header, isAcceptable(header) { return header }
        return UUID().uuidString.lowercased()
    }

    static func isAcceptable(_ id: String) -> Bool {
        let bytes = id.utf8
        return !bytes.isEmpty && bytes.count <= maximumLength && bytes.allSatisfy { (0x20...0x7E).contains($0) }
    }
}
