import HTTPTypes

/// The base of the absolute URLs the service writes into its answers (a
/// compiled style's default `glyphs`), which the client fetches later, from
/// wherever it drew the style: a relative URL would not do, since a style's
/// URLs resolve against the page, not the service.
///
/// The configured ``ServiceConfiguration/publicURL`` when there is one (the
/// only way to say `https` or a path prefix behind a proxy); otherwise
/// `http://` (the service itself speaks plain HTTP) and the request's `Host`,
/// which is the address the client just reached the service at. A `Host`
/// with characters no host or port has (it is the client's text) is not
/// echoed into a URL: the configured listen address stands in for it, as it
/// does for a request with no `Host` at all (HTTP/1.0).
enum PublicBaseURL {
    /// - Complexity: O(length of the `Host` value).
    static func resolve(configuration: ServiceConfiguration, request: HTTPRequest) -> String {
        if let configured = configuration.publicURL { return configured }
        if let host = request.authority, isPlainAuthority(host) { return "http://" + host }
        let listen = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        return "http://\(listen):\(configuration.port)"
    }

    /// `host[:port]` made of a DNS name, an IPv4 address or a bracketed IPv6
    /// address: letters, digits and `.-:[]` only, not empty.
    static func isPlainAuthority(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 260 && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || ".-:[]".unicodeScalars.contains(scalar))
        }
    }

    /// `http(s)://host[:port][/path]` with no query, fragment, user info nor trailing slash.
    static func isUsable(_ text: String) -> Bool {
        let rest: Substring
        if text.hasPrefix("https://") { rest = text.dropFirst(8) } else if text.hasPrefix("http://") { rest = text.dropFirst(7) } else { return false }
        guard !rest.isEmpty, !text.hasSuffix("/"), !rest.contains(where: { "?#@ \\".contains($0) }) else { return false }
        let authority = rest.prefix { $0 != "/" }
        return isPlainAuthority(String(authority))
    }
}
