/// The version of Cartouche: one constant that `cartouche --version`, the
/// OpenAPI document's `info.version` and `GET /healthz` all report.
///
/// It follows semantic versioning for the scene format, the HTTP API and the
/// library products (see `CHANGELOG.md`). The scene format has its own
/// `version` member (`SceneDocument.currentVersion`), which changes only when
/// the format does.
public enum CartoucheVersion {
    /// `MAJOR.MINOR.PATCH`, as released (see `CHANGELOG.md`).
    public static let string = "0.1.0"
}
