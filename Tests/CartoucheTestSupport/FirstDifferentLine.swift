/// Where two multi-line texts (a golden file and what was produced) first
/// differ, as "line N:\n got: …\nwant: …", or nil when no line differs; a
/// mismatch then reads as one line instead of two long strings. Only lines
/// both texts have are compared (an equality check finds a missing tail).
public func firstDifferentLine(got: String, want: String) -> String? {
    let got = got.split(separator: "\n", omittingEmptySubsequences: false)
    let want = want.split(separator: "\n", omittingEmptySubsequences: false)
    guard let k = Array(zip(got, want)).firstIndex(where: { $0 != $1 }) else { return nil }
    return "line \(k + 1):\n got: \(got[k])\nwant: \(want[k])"
}
