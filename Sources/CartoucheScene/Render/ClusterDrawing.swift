import CartoucheAnnotations
import CartoucheCamera
import CartoucheGeometry
import CartoucheJSON
import CartoucheRender
import CartoucheStyle

extension SceneDocument {
    /// The picture layers of manager `m` at `zoom`. A clustered point manager
    /// draws as its compiled style does: the points not inside a cluster
    /// (layer `m.id`), then the cluster circles (`<id>-cluster-circle`) and
    /// their counts (`<id>-cluster-count`) — the clusters a query at the same
    /// camera hits, from the same index (``clustersAtZoom(of:zoom:)``). Each
    /// cluster's circle and count carry `data-id="cluster-<cluster_id>"`.
    /// - Complexity: linear in the annotations, plus the cluster index build.
    func drawingLayers(of m: AnyAnnotationManager, _ projection: Projection, environment: StyleEnvironment) throws(SceneError) -> [Drawing.Layer] {
        let primitives = primitives(of: m, projection, environment: environment)
        guard let shown = try clustersAtZoom(of: m, zoom: environment.zoom) else { return [Drawing.Layer(id: m.id, primitives: primitives)] }
        let singles = primitives.filter { primitive in
            guard case .symbol(let symbol) = primitive, let id = symbol.id else { return true }
            return shown.singles.contains(id)
        }
        let options = shown.options
        let circleStyle = Drawing.FillStyle(color: RenderColor(style: options.circleColor), opacity: options.circleColor.alpha, strokeWidth: 0)
        let textStyle = Drawing.TextStyle(size: options.textSize.value, weight: .bold, color: RenderColor(style: options.textColor))
        let textField = ClusterCountText(options.textField)
        var circles: [Drawing.Primitive] = []
        var counts: [Drawing.Primitive] = []
        for cluster in shown.clusters {
            guard let p = projection.project(cluster.coordinate) else { continue }
            let id = "cluster-\(cluster.id)"
            circles.append(.circle(Drawing.Circle(id: id, center: p, radius: options.circleRadius.value, style: circleStyle)))
            guard let label = textField.text(of: cluster), !label.isEmpty else { continue }
            // Centred on the point: the baseline sits about a third of the size
            // below the centre for Latin digits (SVG 1.1 text has no middle baseline).
            let run = Drawing.TextRun(label, at: ScreenPoint(x: p.x, y: p.y + 0.35 * options.textSize.value),
                                      anchor: .middle, style: textStyle)
            counts.append(.symbol(Drawing.PointSymbol(id: id, point: p, icon: .none, label: run)))
        }
        return [
            Drawing.Layer(id: m.id, primitives: singles),
            Drawing.Layer(id: "\(m.id)-cluster-circle", primitives: circles),
            Drawing.Layer(id: "\(m.id)-cluster-count", primitives: counts),
        ]
    }
}

/// A cluster count layer's `text-field` evaluated for one cluster with the
/// properties the renderer gives cluster features (`cluster`, `cluster_id`,
/// `point_count`, `point_count_abbreviated` and the `clusterProperties`
/// aggregates). A string is a legacy token template (`"{point_count}"`).
struct ClusterCountText {
    private enum Form {
        case template(String)
        case expression(ParsedExpression)
        /// An expression the style evaluator refuses: MapLibre draws no text.
        case none
    }

    private let form: Form

    init(_ field: JSONValue) {
        if case .string(let template) = field {
            form = .template(template)
        } else if let parsed = try? StyleExpression.parse(["to-string", field], expecting: .string) {
            form = .expression(parsed)
        } else {
            form = .none
        }
    }

    func text(of cluster: Cluster) -> String? {
        var properties = cluster.properties
        properties["cluster"] = .bool(true)
        properties["cluster_id"] = .number(Double(cluster.id))
        properties["point_count"] = .number(Double(cluster.pointCount))
        properties["point_count_abbreviated"] = .string(cluster.pointCountAbbreviated)
        switch form {
        case .template(let template):
            var out = template
            for (key, value) in properties where out.contains("{\(key)}") {
                let text = (try? StyleExpression.parse(["to-string", ["literal", value]], expecting: .string).evaluate(in: EvaluationContext()))?.string
                out = out.replacingOccurrences(of: "{\(key)}", with: text ?? "")
            }
            return out
        case .expression(let expression):
            return (try? expression.evaluate(in: EvaluationContext(properties: properties)))?.string
        case .none:
            return nil
        }
    }
}

extension RenderColor {
    /// A style colour without its alpha (SVG 1.1 colours have none; opacity
    /// is set on the primitive).
    init(style c: StyleColor) {
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        self.init(red: byte(c.red), green: byte(c.green), blue: byte(c.blue))
    }
}
