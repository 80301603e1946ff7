import CartoucheJSON
import CartoucheStyle

/// Why a cluster index could not be built or queried.
public enum ClusterIndexError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A `clusterProperties` entry whose reduce or map expression is invalid.
    case invalidClusterProperty(property: String, ClusterPropertyError)
    /// The id names no cluster of this index.
    case unknownCluster(Int)
    /// Point `index` is not a valid coordinate (NaN, infinite, latitude beyond ±90).
    case invalidCoordinate(index: Int)
    /// Options out of range (`clusterMaxZoom` in 0...24, radius >= 0, minPoints >= 1).
    case invalidOption(String, StyleValueError)

    public var description: String {
        switch self {
        case .invalidClusterProperty(let property, let error): "cluster property \"\(property)\": \(error)"
        case .unknownCluster(let id): "no cluster with id \(id)"
        case .invalidCoordinate(let index): "point \(index) is not a valid coordinate (latitude in [-90, 90], finite numbers)"
        case .invalidOption(let name, let problem): "cluster option \(name): \(problem)"
        }
    }
}

/// supercluster's `map` and `reduce` for a set of cluster properties, as
/// MapLibre's GeoJSON worker builds them from `clusterProperties`.
struct ClusterAggregation: Sendable {
    /// Sorted by name, so the fold visits them in a fixed order (each reads
    /// only its own accumulator, so the order does not change the values).
    let properties: [ParsedClusterProperty]

    init(_ clusterProperties: [String: ClusterProperty]) throws(ClusterIndexError) {
        var parsed: [ParsedClusterProperty] = []
        for (name, property) in clusterProperties.sorted(by: { $0.key < $1.key }) {
            do { parsed.append(try property.parsed(name: name)) } catch {
                throw .invalidClusterProperty(property: name, error)
            }
        }
        properties = parsed
    }

    var isEmpty: Bool { properties.isEmpty }

    /// supercluster's `map`: a point's properties → its mapped properties.
    func map(_ pointProperties: [String: JSONValue]) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.mapped(pointProperties)) })
    }

    /// supercluster's `reduce(accumulated, props)`, in place.
    func reduce(_ accumulated: inout [String: JSONValue], with other: [String: JSONValue]) {
        for property in properties {
            accumulated[property.name] = property.reduced(accumulated[property.name] ?? .null, with: other)
        }
    }
}
