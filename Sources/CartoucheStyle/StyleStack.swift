/// A fragment seen as one layer stack together with the base style's
/// layers: the form in which layer moves are computed and applied.
public struct StyleStack: Hashable, Sendable {
    /// A base-style layer known by id, or one of the fragment's layers.
    public enum Item: Hashable, Sendable {
        case base(String)
        case layer(StyleLayer)

        public var id: String {
            switch self {
            case .base(let id): id
            case .layer(let layer): layer.id
            }
        }
    }

    /// Bottom to top.
    public var items: [Item]

    /// A stack from its items, bottom to top.
    public init(items: [Item]) { self.items = items }

    /// Interleaves `fragment.layers` into `baseLayerIds` by `insertBefore`.
    public init(_ fragment: StyleFragment, baseLayerIds: [String]) {
        items = baseLayerIds.map(Item.base)
        for (layer, before) in zip(fragment.layers, fragment.insertBefore) {
            if let before, let i = items.firstIndex(of: .base(before)) {
                items.insert(.layer(layer), at: i)
            } else {
                items.append(.layer(layer))
            }
        }
    }

    /// The fragment's layers and, for each, the nearest base layer above.
    public func split() -> (layers: [StyleLayer], insertBefore: [String?]) {
        var layers: [StyleLayer] = []
        var before: [String?] = []
        var baseAbove: String? = nil
        for item in items.reversed() {
            switch item {
            case .base(let id): baseAbove = id
            case .layer(let layer):
                layers.append(layer)
                before.append(baseAbove)
            }
        }
        return (layers.reversed(), before.reversed())
    }

    public func index(of id: String) -> Int? { items.firstIndex { $0.id == id } }

    /// Inserts directly below `before`, or on top.
    mutating func insert(_ item: Item, before: String?) throws(StylePatchError) {
        guard let before else {
            items.append(item)
            return
        }
        guard let i = index(of: before) else { throw .unknownLayer(before) }
        items.insert(item, at: i)
    }
}
