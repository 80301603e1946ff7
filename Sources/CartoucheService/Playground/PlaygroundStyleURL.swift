import Foundation

/// The `?style=` of the playground page (`GET /?style=URL`): a MapLibre or
/// Mapbox style the page draws with MapLibre GL JS under the callouts.
///
/// The page's Content-Security-Policy is made for it: only with a style does
/// the page get more than its own origin, and then only the style's origin
/// and what MapLibre GL JS itself needs (``contentSecurityPolicy``).
struct PlaygroundStyleURL: Hashable, Sendable {
    /// `scheme://host[:port]`, lowercased, as a CSP source expression.
    let origin: String

    /// Checks `text`: an absolute `http`/`https` URL without credentials,
    /// whose host a CSP source expression can name (letters, digits, `-`, `.`).
    /// - Throws: a 400 `invalid-parameter` problem for `style` saying what is wrong.
    init(_ text: String) throws(Problem) {
        func bad(_ why: String) -> Problem {
            Problem(slug: "invalid-parameter", title: "Bad Request", status: .badRequest,
                    detail: "style must be the http or https URL of a MapLibre/Mapbox style JSON: \(why)", parameter: "style")
        }
        guard !text.isEmpty else { throw bad("it is empty") }
        if text.lowercased().hasPrefix("mapbox:") {
            throw bad("mapbox:// URLs need Mapbox GL JS and an access token; give the style's https URL instead")
        }
        guard let url = URLComponents(string: text), let scheme = url.scheme?.lowercased() else { throw bad("\(text) is not an absolute URL") }
        guard scheme == "http" || scheme == "https" else { throw bad("the scheme is \(scheme)") }
        guard url.user == nil, url.password == nil else { throw bad("it must not carry a user name or password") }
        guard let host = url.host?.lowercased(), !host.isEmpty else { throw bad("it has no host") }
        // A CSP host-source cannot name an IPv6 literal or other characters.
        guard host.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == ".") }) else {
            throw bad("its host \(host) cannot be allowed by the page's Content-Security-Policy (use a name or an IPv4 address)")
        }
        origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// The page's policy with this style: ``PlaygroundController/contentSecurityPolicy``
    /// plus, and only, what drawing the style with MapLibre GL JS needs:
    /// * `connect-src` the style's origin: MapLibre fetches the style, its
    ///   sources, tiles, sprites and glyphs (those on other origins are
    ///   blocked, and the page says which);
    /// * `img-src` the style's origin and `blob:`: images decoded from fetched bytes;
    /// * `worker-src blob:` (and `child-src blob:` for browsers without
    ///   worker-src): MapLibre starts its workers from a blob of its own bundle.
    /// Scripts and style sheets still come only from this server (MapLibre's
    /// own files are served by it); no inline code, no eval.
    var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob: \(origin); "
            + "connect-src 'self' \(origin); worker-src blob:; child-src blob:; "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }
}
