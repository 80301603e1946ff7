import CartoucheJSON

extension Coordinate {
    /// The largest accepted |longitude|, in degrees.
    ///
    /// Longitudes beyond ±180 are legal in practice: a line that crosses the
    /// antimeridian is commonly written unwrapped (170 → 190) so renderers draw
    /// the short way round. One and a half turns (±540) covers every such line
    /// that starts inside [-180, 180]; anything larger is almost certainly a
    /// unit or axis-order mistake and is rejected.
    public static let longitudeLimit: Double = 540

    /// Why `latitude` is unusable, or nil when it is a finite value in [-90, 90].
    public static func latitudeProblem(_ latitude: Double) -> String? {
        guard latitude.isFinite else { return "latitude must be a finite number, found \(latitude)" }
        guard (-90...90).contains(latitude) else { return "latitude \(latitude) is outside [-90, 90]" }
        return nil
    }

    /// Why `longitude` is unusable, or nil when it is finite and within ±``longitudeLimit``.
    public static func longitudeProblem(_ longitude: Double) -> String? {
        guard longitude.isFinite else { return "longitude must be a finite number, found \(longitude)" }
        guard longitude.magnitude <= longitudeLimit else {
            let limit = Int(longitudeLimit)
            return "longitude \(longitude) is outside [-\(limit), \(limit)]"
        }
        return nil
    }

    /// This coordinate if both components are usable, else an error at `path`
    /// (the latitude is checked first).
    public func validated(path: JSONPath) throws(JSONDecodingError) -> Coordinate {
        if let problem = Coordinate.latitudeProblem(latitude) ?? Coordinate.longitudeProblem(longitude) {
            throw JSONDecodingError(path: path, reason: problem)
        }
        return self
    }
}
