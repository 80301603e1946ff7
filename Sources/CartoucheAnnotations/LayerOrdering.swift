/// A layer of the style the annotations go into, known by id only.
public struct BaseLayer: Hashable, Sendable {
    public var id: String
    /// True for Mapbox `slot` marker layers.
    public var isSlot: Bool
    /// True for the style's own `background` layer at the bottom of the
    /// stack: `LayerPosition.at` indices count the layers above it, so
    /// `at: 0` is the lowest layer a renderer draws over the background, not
    /// under it, where nothing would show.
    public var isBackground: Bool = false

    public static func layer(_ id: String) -> BaseLayer { BaseLayer(id: id, isSlot: false) }
    public static func slot(_ id: String) -> BaseLayer { BaseLayer(id: id, isSlot: true) }
    public static func background(_ id: String) -> BaseLayer { BaseLayer(id: id, isSlot: false, isBackground: true) }
}

/// Resolves manager layer positions and slots into one layer order.
enum LayerOrdering {
    enum Entry: Hashable {
        case base(String)
        case manager(Int)  // index into the compiled managers
    }

    /// Places managers, in creation order, into the stack of base layers.
    ///
    /// A manager positioned relative to another manager that is not placed
    /// yet waits for it; managers that only wait on each other form a cycle.
    /// - Parameter layerIds: the layer ids of each manager (main layer first).
    /// - Complexity: O(m² · L) in the worst case for m managers and L layers;
    ///   m is small (managers, not annotations).
    static func resolve(
        managers: [AnyAnnotationManager], layerIds: [[String]], base: [BaseLayer]
    ) throws(AnnotationError) -> [Entry] {
        var order = base.map { Entry.base($0.id) }
        // Leading background layers are under everything: `at` indices start above them.
        let floor = base.prefix(while: \.isBackground).count
        let slotIds = Set(base.filter(\.isSlot).map(\.id))
        var ownerOfLayer: [String: Int] = [:]
        for (m, ids) in layerIds.enumerated() { for id in ids { ownerOfLayer[id] = m } }
        let baseIds = Set(base.map(\.id))

        /// The entry holding a layer: a base layer or a manager's group.
        func entryIndex(of layerId: String) -> Int? {
            if baseIds.contains(layerId) { return order.firstIndex(of: .base(layerId)) }
            guard let m = ownerOfLayer[layerId] else { return nil }
            return order.firstIndex(of: .manager(m))
        }
        func layerCount(_ entry: Entry) -> Int {
            if case .manager(let m) = entry { return layerIds[m].count }
            return 1
        }

        var pending = Array(managers.indices)
        while !pending.isEmpty {
            var waiting: [Int] = []
            for m in pending {
                let manager = managers[m]
                if let slot = manager.slot, !slotIds.contains(slot) {
                    throw .unknownSlot(manager: manager.id, slot: slot)
                }
                switch manager.layerPosition {
                case .default:
                    if let slot = manager.slot, let marker = order.firstIndex(of: .base(slot)) {
                        // Layers of a slot render where its marker is; later ones on top.
                        order.insert(.manager(m), at: marker)
                    } else {
                        order.append(.manager(m))
                    }
                case .above(let target), .below(let target):
                    if ownerOfLayer[target] == m { throw .layerPositionCycle(managers: [manager.id]) }
                    guard let found = entryIndex(of: target) else {
                        if let owner = ownerOfLayer[target], owner != m, pending.contains(owner) {
                            waiting.append(m)
                            continue
                        }
                        throw .unknownLayerId(manager: manager.id, layerId: target)
                    }
                    if case .above = manager.layerPosition {
                        order.insert(.manager(m), at: found + 1)
                    } else {
                        order.insert(.manager(m), at: found)
                    }
                case .at(let layerIndex):
                    let total = order.dropFirst(floor).reduce(0) { $0 + layerCount($1) }
                    guard (0...total).contains(layerIndex) else {
                        throw .layerIndexOutOfRange(manager: manager.id, index: layerIndex, layerCount: total)
                    }
                    // Convert a layer index to an entry index; an index inside
                    // another manager's group moves past that group.
                    var seen = 0
                    var entryIndex = order.count
                    for (i, entry) in order.enumerated().dropFirst(floor) {
                        if seen >= layerIndex {
                            entryIndex = i
                            break
                        }
                        seen += layerCount(entry)
                    }
                    order.insert(.manager(m), at: entryIndex)
                }
            }
            if waiting.count == pending.count {
                throw .layerPositionCycle(managers: waiting.map { managers[$0].id })
            }
            pending = waiting
        }
        return order
    }
}
