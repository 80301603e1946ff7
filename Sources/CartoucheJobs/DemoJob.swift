import CartoucheJSON
import CartoucheQuery
import CartoucheRender
import CartoucheScene
import CartoucheText

/// Every output of one scene, from one preparation: what `cartouche demo`
/// writes for each bundled example.
public struct DemoOutputs: Sendable {
    /// What one camera showed.
    public struct FrameSummary: Hashable, Sendable {
        public var shown: Int
        public var total: Int
        /// Hidden callouts by reason code.
        public var hiddenByReason: [String: Int]
    }

    /// The place response, as `PlaceJob` writes it (pretty-printed).
    public var place: [UInt8]
    /// The whole style document, as `CompileJob` writes it (pretty-printed).
    public var style: [UInt8]
    /// One SVG per camera, rejected candidates drawn as ghosts.
    public var pictures: [[UInt8]]
    /// A tap at the centre of every shown callout of every camera, with its
    /// hits top-most first: `[{"camera", "at", "hits": [{"id", "kind", "layer"}]}]`.
    public var taps: [UInt8]
    public var frames: [FrameSummary]
}

/// The demo's job: decode once, prepare once (each camera placed once, in
/// order), then write the placement, the style, a picture and the taps of
/// every camera from that one preparation.
public enum DemoJob {
    /// - Complexity: one placement per camera, then linear in what is drawn
    ///   and queried.
    public static func run(_ body: [UInt8], text: TextLayoutEngine?) -> Result<DemoOutputs, JobError> {
        let document: SceneDocument
        switch SceneInput.decode(body: body, limits: .unlimited) {
        case .success(let decoded): document = decoded
        case .failure(let problem): return .failure(problem)
        }
        do {
            // Ghosts need the rejected candidates; the place output leaves
            // them out unless the scene asked for them, as `place` does.
            let prepared = try PreparedScene(document, text: text, recordRejected: true)
            var response = prepared.response
            if !document.options.recordRejected {
                for i in response.frames.indices { response.frames[i].result.rejected = [] }
            }
            let style = try document.styleDocument().json.jsonBytes(style: .pretty)
            var pictures: [[UInt8]] = []
            var taps: [JSONValue] = []
            var summaries: [DemoOutputs.FrameSummary] = []
            for (i, frame) in prepared.response.frames.enumerated() {
                pictures.append(try SVGRenderer().renderBytes(prepared.drawing(frame: i, options: .init(ghosts: true))))
                let index = try prepared.queryIndex(frame: i)
                var hidden: [String: Int] = [:]
                for p in frame.result.placements {
                    if let reason = p.hiddenReason { hidden[reason.code, default: 0] += 1 }
                    guard let f = p.frame else { continue }
                    let hits = index.query(at: f.center).map { h -> JSONValue in
                        ["id": .string(h.id), "kind": .string(h.kind.rawValue), "layer": h.layerId.map(JSONValue.string) ?? .null]
                    }
                    taps.append(["camera": .number(Double(i)), "at": [.number(f.center.x), .number(f.center.y)], "hits": .array(hits)])
                }
                summaries.append(.init(shown: frame.result.drawOrder.count, total: frame.result.placements.count, hiddenByReason: hidden))
            }
            return .success(DemoOutputs(
                place: try response.jsonBytes(style: .pretty), style: style, pictures: pictures,
                taps: try JSONValue.array(taps).jsonBytes(style: .pretty), frames: summaries))
        } catch let error as SceneError {
            return .failure(PlaceJob.jobError(for: error, in: document))
        } catch {
            // Writing validated numbers and drawing validated values cannot
            // fail; reaching here is a bug, reported without internals.
            return .failure(.internalFailure)
        }
    }
}
