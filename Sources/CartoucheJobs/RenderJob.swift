import CartoucheAnnotations
import CartoucheJSON
import CartouchePlacement
import CartoucheRender
import CartoucheScene
import CartoucheText

/// How `POST /v1/render` (and `cartouche render`) draws a scene.
public struct RenderOptions: Hashable, Sendable {
    /// Which camera of the scene.
    public var frame: Int
    /// Draw the candidates the solver rejected, with their reasons.
    public var ghosts: Bool
    /// Add the caption with the counts.
    public var caption: Bool
    /// The request's target; nil keeps the scene's `options.target`.
    public var target: StyleTarget?
    /// The request's placement mode; nil keeps the scene's `options.mode`.
    public var mode: PlacementMode?

    public init(frame: Int = 0, ghosts: Bool = false, caption: Bool = true, target: StyleTarget? = nil, mode: PlacementMode? = nil) {
        self.frame = frame
        self.ghosts = ghosts
        self.caption = caption
        self.target = target
        self.mode = mode
    }

    public static let parameterNames = ["frame", "ghosts", "caption", StyleTarget.parameterName, PlacementMode.parameterName]

    /// Reads `frame` (whole number ≥ 0), `ghosts` and `caption` (`true` |
    /// `false`), `target` (`portable` | `mapbox`), `mode` (`greedy` | `optimise`).
    /// - Throws: ``JobError`` 400 `invalid-parameter` naming the parameter.
    public init(parameters: [(name: String, value: String)]) throws(JobError) {
        let reader = try ParameterReader(parameters, allowed: Self.parameterNames)
        self.init(frame: try reader.index("frame") ?? 0, ghosts: try reader.bool("ghosts") ?? false,
                  caption: try reader.bool("caption") ?? true, target: try reader.target(), mode: try reader.mode())
    }
}

/// A drawn scene, ready to send.
public struct RenderOutcome: Sendable {
    /// The SVG document as UTF-8 bytes (deterministic).
    public var svg: [UInt8]
    /// The scene's warnings (missing glyphs), one sentence each: the SVG has
    /// no place for them, so they travel in headers and on stderr.
    public var warnings: [String]
}

/// "Draw this scene": parse, check limits, decode, place for the camera,
/// draw, write SVG. Shared by `POST /v1/render` and `cartouche render`.
public enum RenderJob {
    /// ``runWithWarnings(_:options:limits:text:budget:)`` without the warnings.
    /// - Returns: the SVG document as UTF-8 bytes (deterministic).
    public static func run(
        _ body: [UInt8], options: RenderOptions, limits: SceneLimits, text: TextLayoutEngine?,
        budget: PlacementBudget = .unlimited
    ) -> Result<[UInt8], JobError> {
        runWithWarnings(body, options: options, limits: limits, text: text, budget: budget).map(\.svg)
    }

    /// - Returns: the SVG and the scene's warnings.
    /// - Complexity: dominated by placement (polled by the budget), then linear in what is drawn.
    public static func runWithWarnings(
        _ body: [UInt8], options: RenderOptions, limits: SceneLimits, text: TextLayoutEngine?,
        budget: PlacementBudget = .unlimited
    ) -> Result<RenderOutcome, JobError> {
        let document: SceneDocument
        switch SceneInput.decode(body: body, limits: limits, target: options.target, mode: options.mode) {
        case .success(let decoded): document = decoded
        case .failure(let problem): return .failure(problem)
        }
        guard options.frame < document.cameras.count else {
            return .failure(.parameterOutOfRange(
                "frame", "\(options.frame) is not the index of one of the scene's \(document.cameras.count) cameras"))
        }
        if budget.isCancelled { return .failure(JobError(PlacementCancelled())) }
        let drawing: Drawing
        let warnings: [SceneWarning]
        do {
            let prepared = try PreparedScene(
                document, text: text, through: options.frame,
                recordRejected: document.options.recordRejected || options.ghosts, budget: budget)
            drawing = try prepared.drawing(
                frame: options.frame, options: SceneDocument.DrawingOptions(ghosts: options.ghosts, caption: options.caption))
            warnings = prepared.warnings
        } catch {
            return .failure(PlaceJob.jobError(for: error, in: document))
        }
        do {
            return .success(RenderOutcome(svg: try SVGRenderer().renderBytes(drawing), warnings: warnings.map(\.description)))
        } catch {
            // The drawing is built from validated values; a refusal names the element.
            return .failure(.invalidValue(detail: "render: \(error)", path: nil))
        }
    }
}
