/// Formats a finite double the way JavaScript's `String(number)` does:
/// shortest round-trip digits, no trailing `.0` on integers, exponent form
/// only below 1e-6 or from 1e21 up. Used where a number ends up *inside a
/// string* (the alpha of `rgba(…)`), so that output matches what a GL
/// renderer would print for the same color.
func formatJavaScriptNumber(_ x: Double) -> String {
    guard x.isFinite else { return x.isNaN ? "NaN" : (x < 0 ? "-Infinity" : "Infinity") }
    if x == 0 { return "0" }
    // Swift's description also yields the shortest round-trip digits; only
    // the layout differs. Split it into sign, digits and decimal exponent.
    let text = x.magnitude.description
    let (mantissa, exponentPart) = text.split(separator: "e").count == 2
        ? (String(text.split(separator: "e")[0]), Int(text.split(separator: "e")[1]) ?? 0)
        : (text, 0)
    let pointIndex = mantissa.firstIndex(of: ".") ?? mantissa.endIndex
    let integerDigits = mantissa[..<pointIndex]
    let fractionDigits = pointIndex < mantissa.endIndex ? mantissa[mantissa.index(after: pointIndex)...] : ""
    var digits = Array(integerDigits + fractionDigits)
    var pointPosition = integerDigits.count + exponentPart  // digits before the point
    while digits.count > 1, digits.first == "0" {
        digits.removeFirst()
        pointPosition -= 1
    }
    while digits.count > 1, digits.last == "0" { digits.removeLast() }
    let sign = x < 0 ? "-" : ""
    let k = digits.count
    let n = pointPosition
    let body: String
    if k <= n && n <= 21 {
        body = String(digits) + String(repeating: "0", count: n - k)
    } else if 0 < n && n <= 21 {
        body = String(digits[..<n]) + "." + String(digits[n...])
    } else if -6 < n && n <= 0 {
        body = "0." + String(repeating: "0", count: -n) + String(digits)
    } else {
        let e = n - 1
        let exponent = e >= 0 ? "+\(e)" : "\(e)"
        body = k == 1
            ? "\(digits[0])e\(exponent)"
            : "\(digits[0]).\(String(digits[1...]))e\(exponent)"
    }
    return sign + body
}
