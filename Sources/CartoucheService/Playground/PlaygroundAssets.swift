/// The playground's page, style sheet and script, read once from the
/// service's resources (``ServiceResources``, `Resources/playground/`):
///
/// * `index.html` (`GET /`): the layout and accessible labels only; the
///   elements the browser test drives carry a `data-testid`;
/// * `playground.css` (`GET /playground.css`);
/// * `playground.js` (`GET /playground.js`): ``scriptParts`` joined in
///   order after `'use strict';`, then `start();`. Each part only declares;
///   the camera models (`camera.js`, `globe.js`) use nothing of the page, so
///   `PlaygroundCameraParityTests` runs them in Node against `CartoucheCamera`.
///
/// Behaviour and looks are files of their own so the page's
/// Content-Security-Policy can forbid every inline script and style.
struct PlaygroundAssets: Sendable {
    let html: String
    let style: String
    let script: String

    /// The script's parts, in the order they are joined (each file's header says what it does).
    static let scriptParts = ["camera.js", "globe.js", "basemap.js", "style-map.js", "page.js", "gestures.js"]
    static let folder = "playground/"

    /// - Throws: ``ServiceResourcesError`` naming a file that cannot be read.
    init(resources: ServiceResources) throws(ServiceResourcesError) {
        html = try resources.text(Self.folder + "index.html")
        style = try resources.text(Self.folder + "playground.css")
        var script = "'use strict';\n"
        for part in Self.scriptParts { script += try resources.text(Self.folder + part) }
        self.script = script + "start();\n"
    }
}
