import CartoucheJSON

extension StylePatch {
    /// The fragment after every operation, applied in order.
    /// - Throws: ``StylePatchError`` when the patch does not fit `fragment`
    ///   (e.g. it was computed against another state).
    public func apply(to fragment: StyleFragment, baseLayerIds: [String] = []) throws(StylePatchError) -> StyleFragment {
        var stack = StyleStack(fragment, baseLayerIds: baseLayerIds)
        var sources = fragment.sources
        var images = Dictionary(fragment.images.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

        func withLayer(_ id: String, _ body: (inout StyleLayer) -> Void) throws(StylePatchError) {
            guard let i = stack.index(of: id), case .layer(var layer) = stack.items[i] else { throw .unknownLayer(id) }
            body(&layer)
            stack.items[i] = .layer(layer)
        }
        func withFeatures(_ source: String, _ body: (inout [JSONValue]) throws(StylePatchError) -> Void) throws(StylePatchError) {
            guard var s = sources[source] else { throw .unknownSource(source) }
            try body(&s.features)
            sources[source] = s
        }

        for op in operations {
            switch op {
            case .addImage(let image):
                images[image.name] = image
            case .removeImage(let name):
                images[name] = nil
            case .removeLayer(let id):
                guard let i = stack.index(of: id), case .layer = stack.items[i] else { throw .unknownLayer(id) }
                stack.items.remove(at: i)
            case .removeSource(let id):
                guard sources.removeValue(forKey: id) != nil else { throw .unknownSource(id) }
            case .addSource(let id, let source):
                guard sources[id] == nil else { throw .duplicateId(id) }
                sources[id] = source
            case .setFeatures(let source, let features):
                try withFeatures(source) { $0 = features }
            case .removeFeatures(let source, let ids):
                try withFeatures(source) { (features: inout [JSONValue]) throws(StylePatchError) in
                    let doomed = Set(ids)
                    let before = features.count
                    features.removeAll { featureId($0).map(doomed.contains) ?? false }
                    guard before - features.count == doomed.count else { throw .unknownFeature(source: source, id: ids.first ?? "") }
                }
            case .updateFeatures(let source, let updates):
                try withFeatures(source) { (features: inout [JSONValue]) throws(StylePatchError) in
                    var position: [String: Int] = [:]
                    for (i, f) in features.enumerated() { if let id = featureId(f) { position[id] = i } }
                    for update in updates {
                        guard let id = featureId(update), let i = position[id] else {
                            throw .unknownFeature(source: source, id: featureId(update) ?? "")
                        }
                        features[i] = update
                    }
                }
            case .addFeatures(let source, let added):
                try withFeatures(source) { $0 += added }
            case .setLayerProperty(let layer, let group, let key, let value):
                try withLayer(layer) { $0.setProperty(key, in: group, to: value) }
            case .unsetLayerProperty(let layer, let group, let key):
                try withLayer(layer) { $0.setProperty(key, in: group, to: nil) }
            case .setFilter(let layer, let filter):
                try withLayer(layer) { $0.filter = filter }
            case .addLayer(let layer, let before):
                guard stack.index(of: layer.id) == nil else { throw .duplicateId(layer.id) }
                try stack.insert(.layer(layer), before: before)
            case .moveLayer(let id, let before):
                guard let i = stack.index(of: id), case .layer = stack.items[i] else { throw .unknownLayer(id) }
                let item = stack.items.remove(at: i)
                try stack.insert(item, before: before)
            }
        }
        let (layers, insertBefore) = stack.split()
        return StyleFragment(
            sources: sources, layers: layers, insertBefore: insertBefore,
            images: images.keys.sorted().compactMap { images[$0] })
    }
}
