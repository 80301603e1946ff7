import CartoucheJSON

/// A manager of any of the four annotation types, so the orchestrator can
/// hold them in one ordered list.
public enum AnyAnnotationManager: Hashable, Sendable {
    case point(PointAnnotationManager)
    case circle(CircleAnnotationManager)
    case polyline(PolylineAnnotationManager)
    case polygon(PolygonAnnotationManager)

    public var id: String {
        switch self {
        case .point(let m): m.id
        case .circle(let m): m.id
        case .polyline(let m): m.id
        case .polygon(let m): m.id
        }
    }

    public var layerPosition: LayerPosition {
        switch self {
        case .point(let m): m.layerPosition
        case .circle(let m): m.layerPosition
        case .polyline(let m): m.layerPosition
        case .polygon(let m): m.layerPosition
        }
    }

    public var slot: String? {
        switch self {
        case .point(let m): m.slot
        case .circle(let m): m.slot
        case .polyline(let m): m.slot
        case .polygon(let m): m.slot
        }
    }

    /// The ids of the manager's annotations, in order.
    public var annotationIds: [String] {
        switch self {
        case .point(let m): m.annotations.map(\.id)
        case .circle(let m): m.annotations.map(\.id)
        case .polyline(let m): m.annotations.map(\.id)
        case .polygon(let m): m.annotations.map(\.id)
        }
    }

    public func compile(retainedDataDrivenKeys: Set<String> = [], target: StyleTarget = .portable) throws(AnnotationError) -> CompiledManager {
        switch self {
        case .point(let m): try m.compile(retainedDataDrivenKeys: retainedDataDrivenKeys, target: target)
        case .circle(let m): try m.compile(retainedDataDrivenKeys: retainedDataDrivenKeys, target: target)
        case .polyline(let m): try m.compile(retainedDataDrivenKeys: retainedDataDrivenKeys, target: target)
        case .polygon(let m): try m.compile(retainedDataDrivenKeys: retainedDataDrivenKeys, target: target)
        }
    }

    /// The checks and layers of a compile without its features; see
    /// ``AnnotationManager/validated(target:)``.
    public func validated(target: StyleTarget = .portable) throws(AnnotationError) -> CompiledManager {
        switch self {
        case .point(let m): try m.validated(target: target)
        case .circle(let m): try m.validated(target: target)
        case .polyline(let m): try m.validated(target: target)
        case .polygon(let m): try m.validated(target: target)
        }
    }

    /// The manager's GeoJSON source data written straight to `writer`; see
    /// ``AnnotationManager/writeSourceData(to:target:)``.
    @discardableResult
    public func writeSourceData(to writer: inout JSONWriter, target: StyleTarget = .portable) throws(AnnotationError) -> [AnnotationError] {
        switch self {
        case .point(let m): try m.writeSourceData(to: &writer, target: target)
        case .circle(let m): try m.writeSourceData(to: &writer, target: target)
        case .polyline(let m): try m.writeSourceData(to: &writer, target: target)
        case .polygon(let m): try m.writeSourceData(to: &writer, target: target)
        }
    }
}
