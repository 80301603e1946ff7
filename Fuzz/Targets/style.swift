// Fuzz target `style`: CSS colour parsing, strict decoding of style-spec
// values from JSON, and the cluster-property expressions the cluster index
// evaluates.
//
// The input is read three ways:
// - as a CSS colour string (UTF-8; invalid sequences become U+FFFD): either
//   `StyleValueError.malformedColor` naming the input, or a colour with
//   channels in 0...1 whose normal form `cssString` parses back to a colour
//   with the same normal form (printing is a fixed point);
// - as JSON: when it parses, each typed style value either refuses it with a
//   `StyleValueError` or decodes to a value whose `styleJSON` decodes back to
//   an equal value;
// - as a clustering request `{"clusterProperties": {name: [reducer, map]},
//   "points": [properties...], "radius", "minPoints", "maxZoom"}`: the index
//   either refuses it with a `ClusterIndexError` or, at every zoom, shows each
//   point exactly once, and every cluster's leaves and children add up to its
//   point count.
import CartoucheAnnotations
import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStyle(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzInputBytes(start, count)
    checkColor(String(decoding: input, as: UTF8.self))
    if let json = try? JSONParser().parse(input) {
        checkValue(StyleColor.self, json)
        checkValue([Double].self, json)
        checkValue(StyleOffset.self, json)
        checkValue(StylePadding.self, json)
        checkValue(Pixels.self, json)
        checkValue(BoxAnchor.self, json)
        checkValue([String].self, json)
        checkClusters(json)
    }
    return 0
}

func checkColor(_ text: String) {
    let color: StyleColor
    do {
        color = try StyleColor(parsing: text)
    } catch {
        fuzzCheck(error == .malformedColor(text), "unexpected error \(error) for \(text.debugDescription)")
        return
    }
    let channels = [color.red, color.green, color.blue, color.alpha]
    fuzzCheck(channels.allSatisfy { $0 >= 0 && $0 <= 1 }, "channels \(channels) of \(text.debugDescription)")
    let normal = color.cssString
    guard let reparsed = try? StyleColor(parsing: normal) else {
        fuzzCheck(false, "normal form \(normal) of \(text.debugDescription) does not parse")
        return
    }
    fuzzCheck(reparsed.cssString == normal, "\(normal) reprints as \(reparsed.cssString)")
}

func checkValue<Value: StyleValue>(_ type: Value.Type, _ json: JSONValue) {
    guard let value = try? Value(styleJSON: json) else { return }
    fuzzCheck(value.styleValueProblem == nil, "decoded \(value) reports \(String(describing: value.styleValueProblem))")
    let again = try? Value(styleJSON: value.styleJSON)
    fuzzCheck(again == value, "\(Value.self) round trip of \(value) gave \(String(describing: again))")
}

func checkClusters(_ json: JSONValue) {
    guard case .object(let request) = json, case .object(let expressions)? = request["clusterProperties"],
          case .array(let points)? = request["points"] else { return }
    var properties: [String: ClusterProperty] = [:]
    for (name, value) in expressions {
        guard case .array(let pair) = value, pair.count == 2,
              let reducer = pair[0].stringValue.flatMap(ClusterReducer.init(rawValue:)) else { return }
        properties[name] = ClusterProperty(reduce: reducer, map: pair[1])
    }
    let pointProperties: [[String: JSONValue]] = points.prefix(64).map {
        if case .object(let members) = $0 { members } else { [:] }
    }
    // A small grid, 0.001° apart, so that points cluster at low zooms and split at high ones.
    let coordinates = pointProperties.indices.map {
        Coordinate(latitude: Double($0 % 8) * 0.001, longitude: Double($0 / 8) * 0.001)
    }
    let minPoints = request["minPoints"]?.numberValue.flatMap { Int(exactly: $0.rounded()) } ?? 2
    let options = ClusterOptions(
        clusterRadius: request["radius"]?.numberValue ?? 50,
        clusterMaxZoom: request["maxZoom"]?.numberValue ?? 14,
        clusterMinPoints: minPoints, clusterProperties: properties)
    let index: ClusterIndex
    do {
        index = try ClusterIndex(coordinates: coordinates, pointProperties: pointProperties, options: options)
    } catch {
        fuzzCheck(!error.description.isEmpty, "empty cluster error description")
        return
    }
    for zoom in 0...(index.maxZoom + 1) {
        var shown = 0
        for item in index.items(atZoom: Double(zoom)) {
            guard case .cluster(let cluster) = item else { shown += 1; continue }
            shown += cluster.pointCount
            let leaves = (try? index.leaves(ofCluster: cluster.id, limit: Int.max)) ?? []
            fuzzCheck(leaves.count == cluster.pointCount && Set(leaves).count == leaves.count
                      && leaves.allSatisfy(coordinates.indices.contains),
                      "cluster \(cluster.id) at zoom \(zoom): \(cluster.pointCount) points, leaves \(leaves)")
            let children = (try? index.children(ofCluster: cluster.id)) ?? []
            let childPoints = children.reduce(0) { sum, child in
                if case .cluster(let inner) = child { sum + inner.pointCount } else { sum + 1 }
            }
            fuzzCheck(childPoints == cluster.pointCount, "cluster \(cluster.id): children hold \(childPoints) points")
            fuzzCheck((try? index.expansionZoom(ofCluster: cluster.id)) != nil, "no expansion zoom for \(cluster.id)")
        }
        fuzzCheck(shown == coordinates.count, "zoom \(zoom) shows \(shown) of \(coordinates.count) points")
    }
}
