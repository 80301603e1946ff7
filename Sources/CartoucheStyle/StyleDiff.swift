import CartoucheJSON

extension StylePatch {
    /// The patch that turns `old` into `new`, both merged into a style with
    /// the same base layers (`baseLayerIds`, bottom to top).
    ///
    /// Features are matched by id: removed, updated in place, appended. When
    /// that cannot reproduce the new order (features reordered or inserted
    /// in the middle) the source's features are replaced whole. Layers that
    /// changed type, source, slot or zoom range, or whose source is
    /// re-created (clustering, `promoteId` or `lineMetrics` changed), are
    /// removed and added again; others get per-key property changes, and the
    /// fewest moves that restore the order (the rest form a longest
    /// increasing subsequence).
    /// - Complexity: O(F + L²) for F features and L layers.
    public static func diff(from old: StyleFragment, to new: StyleFragment, baseLayerIds: [String] = []) -> StylePatch {
        var ops: [StylePatchOperation] = []
        let oldImages = Dictionary(old.images.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let newImages = Dictionary(new.images.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let changedImages = new.images.filter { oldImages[$0.name] != nil && oldImages[$0.name] != $0 }.map(\.name)
        for image in new.images where oldImages[image.name] != image {
            if oldImages[image.name] != nil { ops.append(.removeImage(image.name)) }
            ops.append(.addImage(image))
        }

        // Sources to (re)create: new ones and those whose options changed
        // (clustering, promoteId, lineMetrics: a renderer reads them only
        // when the source is added).
        let recreated = Set(new.sources.keys.filter { id in
            guard let before = old.sources[id], let after = new.sources[id] else { return false }
            return !before.hasSameOptions(as: after)
        })
        let oldLayers = Dictionary(old.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let newLayers = Dictionary(new.layers.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func mustReAdd(_ id: String) -> Bool {
            guard let before = oldLayers[id], let after = newLayers[id] else { return false }
            return before.type != after.type || before.source != after.source || before.slot != after.slot
                || before.minZoom != after.minZoom || before.maxZoom != after.maxZoom
                || after.source.map(recreated.contains) == true
        }
        let keptIds = Set(new.layers.map(\.id).filter { oldLayers[$0] != nil && !mustReAdd($0) })

        for layer in old.layers where !keptIds.contains(layer.id) { ops.append(.removeLayer(layer.id)) }
        for id in old.sources.keys.sorted() where new.sources[id] == nil || recreated.contains(id) {
            ops.append(.removeSource(id))
        }
        for id in new.sources.keys.sorted() where old.sources[id] == nil || recreated.contains(id) {
            if let source = new.sources[id] { ops.append(.addSource(id: id, source)) }
        }
        for id in new.sources.keys.sorted() where !recreated.contains(id) {
            if let before = old.sources[id], let after = new.sources[id] {
                ops += featureOperations(source: id, old: before.features, new: after.features)
            }
        }
        for layer in new.layers where keptIds.contains(layer.id) {
            if let before = oldLayers[layer.id] { ops += propertyOperations(old: before, new: layer) }
        }
        ops += layerPlacement(old: old, new: new, kept: keptIds, baseLayerIds: baseLayerIds)
        for image in old.images where newImages[image.name] == nil && !changedImages.contains(image.name) {
            ops.append(.removeImage(image.name))
        }
        return StylePatch(operations: ops)
    }

    private static func featureOperations(source: String, old: [JSONValue], new: [JSONValue]) -> [StylePatchOperation] {
        if old == new { return [] }
        let oldIds = old.map(featureId), newIds = new.map(featureId)
        guard !oldIds.contains(nil), !newIds.contains(nil), Set(oldIds).count == old.count, Set(newIds).count == new.count else {
            return [.setFeatures(source: source, new)]
        }
        let oldById = Dictionary(uniqueKeysWithValues: zip(oldIds.compactMap { $0 }, old))
        let newIdSet = Set(newIds.compactMap { $0 })
        let removed = oldIds.compactMap { $0 }.filter { !newIdSet.contains($0) }
        let added = new.filter { oldById[featureId($0) ?? ""] == nil }
        let updated = new.filter { f in oldById[featureId(f) ?? ""].map { $0 != f } ?? false }
        // Removing, updating in place and appending must give the new order.
        let removedSet = Set(removed)
        let resulting = oldIds.compactMap { $0 }.filter { !removedSet.contains($0) } + added.compactMap(featureId)
        guard resulting == newIds.compactMap({ $0 }) else { return [.setFeatures(source: source, new)] }
        var ops: [StylePatchOperation] = []
        if !removed.isEmpty { ops.append(.removeFeatures(source: source, ids: removed)) }
        if !updated.isEmpty { ops.append(.updateFeatures(source: source, updated)) }
        if !added.isEmpty { ops.append(.addFeatures(source: source, added)) }
        return ops
    }

    private static func propertyOperations(old: StyleLayer, new: StyleLayer) -> [StylePatchOperation] {
        var ops: [StylePatchOperation] = []
        for (group, before, after) in [(StylePropertyGroup.layout, old.layout, new.layout), (.paint, old.paint, new.paint)] {
            for key in after.keys.sorted() where before[key] != after[key] {
                if let value = after[key] { ops.append(.setLayerProperty(layer: new.id, group: group, key: key, value: value)) }
            }
            for key in before.keys.sorted() where after[key] == nil {
                ops.append(.unsetLayerProperty(layer: new.id, group: group, key: key))
            }
        }
        if old.filter != new.filter { ops.append(.setFilter(layer: new.id, new.filter)) }
        return ops
    }

    /// Adds new layers and moves kept ones so the stack matches `new`.
    private static func layerPlacement(old: StyleFragment, new: StyleFragment, kept: Set<String>, baseLayerIds: [String]) -> [StylePatchOperation] {
        let target = StyleStack(new, baseLayerIds: baseLayerIds).items
        let current = StyleStack(old, baseLayerIds: baseLayerIds).items.filter {
            if case .layer(let layer) = $0 { kept.contains(layer.id) } else { true }
        }
        // Items of the current stack that stay put: the heaviest increasing
        // run of target positions, where base layers (which cannot move)
        // outweigh any number of annotation layers.
        let targetIndex = Dictionary(uniqueKeysWithValues: target.enumerated().map { ($1.id, $0) })
        let positions = current.compactMap { targetIndex[$0.id] }
        let weights = current.map { if case .base = $0 { 1_000_000 } else { 1 } }
        let staying = Set(heaviestIncreasingSubsequence(positions, weights: weights).map { current[$0].id })

        var ops: [StylePatchOperation] = []
        var above: String? = nil
        for item in target.reversed() {
            defer { above = item.id }
            guard case .layer(let layer) = item else { continue }
            if !kept.contains(layer.id) {
                ops.append(.addLayer(layer, before: above))
            } else if !staying.contains(layer.id) {
                ops.append(.moveLayer(layer.id, before: above))
            }
        }
        return ops
    }

    /// Indices of a maximum-weight strictly increasing subsequence.
    /// - Complexity: O(n²); n is a number of layers.
    static func heaviestIncreasingSubsequence(_ values: [Int], weights: [Int]) -> [Int] {
        guard !values.isEmpty else { return [] }
        var best = weights
        var previous = [Int](repeating: -1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] && best[j] + weights[i] > best[i] {
                best[i] = best[j] + weights[i]
                previous[i] = j
            }
        }
        var i = best.indices.max { best[$0] < best[$1] } ?? 0
        var result: [Int] = []
        while i >= 0 {
            result.append(i)
            i = previous[i]
        }
        return result.reversed()
    }
}
