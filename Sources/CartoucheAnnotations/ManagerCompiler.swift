@_spi(Instrumentation) import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

/// One manager compiled: its source, its layers (bottom to top) and what the
/// orchestrator needs to merge it with the others.
public struct CompiledManager: Hashable, Sendable {
    /// An image and the first annotation of the manager that uses it.
    public struct ImageUse: Hashable, Sendable {
        public var image: StyleImage
        public var annotation: String
    }

    public var id: String
    public var source: GeoJSONSource
    /// The main layer, then for clustered point managers the cluster circle
    /// and cluster count layers.
    public var layers: [StyleLayer]
    /// Keys that are data-driven (`coalesce`) in the main layer. Passing
    /// them to the next compile keeps them data-driven, so features that
    /// still carry a value never flash to a default while a patch is applied.
    public var dataDrivenKeys: Set<String>
    /// One entry per annotation that shows an image, in annotation order.
    public var imageUses: [ImageUse]
    public var warnings: [AnnotationError]
}

/// The prefix of the feature properties holding per-annotation style values,
/// one flat member each: `"layerProperties.line-width"`
/// (`StyleExpression.perFeatureKey`).
public let layerPropertiesKey = "layerProperties"
/// The key under which `customData` sits in feature properties.
public let customDataKey = "custom_data"
/// The feature property holding the annotation id when the manager
/// promotes ids (``AnnotationManager/promoteIds``, the default); the source's
/// `promoteId`, so renderers report the annotation id as the feature id.
public let annotationIdPropertyKey = "id"

extension AnnotationManager {
    /// Ids of the extra layers a clustered point manager adds.
    public var clusterCircleLayerId: String { "\(id)-cluster-circle" }
    public var clusterCountLayerId: String { "\(id)-cluster-count" }

    /// Validates and compiles this manager alone.
    ///
    /// - Parameters:
    ///   - retainedDataDrivenKeys: keys to keep data-driven even if no
    ///     annotation sets them any more (pass the previous compile's keys).
    ///   - target: the renderers the output must be valid for.
    /// - Throws: ``AnnotationError`` for invalid properties or geometry.
    ///   Duplicate annotation ids are not thrown: the first wins and the rest
    ///   are listed in ``CompiledManager/warnings``.
    /// - Complexity: O(n · p) for n annotations and p property descriptors.
    public func compile(retainedDataDrivenKeys: Set<String> = [], target: StyleTarget = .portable) throws(AnnotationError) -> CompiledManager {
        AnnotationInstrument.sourcesBuilt?.increment()
        return try compile(retainedDataDrivenKeys: retainedDataDrivenKeys, target: target, buildingFeatures: true)
    }

    /// Every check of ``compile(retainedDataDrivenKeys:target:)``, with the
    /// same first error, and the manager's layers — but no features: what
    /// placing, querying and drawing a scene need of a compile (its draw
    /// order and its errors), without a GeoJSON tree per annotation.
    /// ``CompiledManager/source`` has no features.
    /// - Complexity: O(n · p), as `compile`, without the features' allocations.
    public func validated(target: StyleTarget = .portable) throws(AnnotationError) -> CompiledManager {
        try compile(retainedDataDrivenKeys: [], target: target, buildingFeatures: false)
    }

    private func compile(
        retainedDataDrivenKeys: Set<String>, target: StyleTarget, buildingFeatures: Bool
    ) throws(AnnotationError) -> CompiledManager {
        guard !id.isEmpty else { throw .emptyManagerId }
        // Per-annotation expressions become constants of their features.
        let annotations = try evaluatingAnnotationExpressions().annotations
        try validateManagerLevel(target: target)
        let descriptors = Kind.Annotation.Properties.descriptors
        // Per descriptor: whether the target cannot take it per feature (none for .mapbox).
        let isRestricted = descriptors.map { target != .mapbox && $0.support != .all }
        // The feature property of each descriptor (`layerProperties.<key>`),
        // spelled once per compile rather than once per annotation and key.
        let featureKeys = descriptors.map { StyleExpression.perFeatureKey($0.key, in: layerPropertiesKey) }
        let iconImageIndex = descriptors.firstIndex { $0.key == "icon-image" }
        let iconImageFeatureKey = StyleExpression.perFeatureKey("icon-image", in: layerPropertiesKey)

        // Later occurrences of an id are dropped (the first wins), before
        // anything about them is checked. Found by the streaming compile's
        // hash scan: a `[String: Int]` of every id was a tenth of this loop.
        let duplicates = DuplicateIds.find(in: annotations)
        let warnings: [AnnotationError] = duplicates.map {
            .duplicateAnnotationId(manager: id, annotation: annotations[$0.dropped].id, keptIndex: $0.kept, droppedIndex: $0.dropped)
        }
        var nextDuplicate = 0
        var features: [JSONValue] = []
        if buildingFeatures { features.reserveCapacity(annotations.count) }
        var dataDrivenKeys = retainedDataDrivenKeys
        var isSet = [Bool](repeating: false, count: descriptors.count)
        var usesImageKey = false
        var imageUses: [CompiledManager.ImageUse] = []
        // One annotation's set properties, in descriptor order (reused).
        var values: [(index: Int, value: JSONValue)] = []
        values.reserveCapacity(descriptors.count)

        // Index loop, not enumerated(): see checkedStyleValues on generic tuples.
        for index in annotations.indices {
            if nextDuplicate < duplicates.count && duplicates[nextDuplicate].dropped == index {
                nextDuplicate += 1
                continue
            }
            let annotation = annotations[index]
            if let problem = annotation.geometryProblem {
                throw .invalidGeometry(manager: id, annotation: annotation.id, problem: problem)
            }
            do {
                try annotation.properties.checkedStyleValues(into: &values, markingSetIn: &isSet)
            } catch {
                throw .invalidProperty(manager: id, annotation: annotation.id, property: error.key, problem: error.problem)
            }
            // The first property (in descriptor order) the target cannot take.
            for (i, _) in values where isRestricted[i] {
                throw .unsupportedByTarget(manager: id, annotation: annotation.id, property: descriptors[i].key, support: descriptors[i].support)
            }
            if !isWritable(.object(annotation.customData)) {
                throw .invalidProperty(manager: id, annotation: annotation.id, property: customDataKey, problem: .notFinite)
            }
            var setsIconImage = iconImageIndex.map { icon in values.contains { $0.index == icon } } ?? false
            // The image doubles as the icon unless one is named explicitly.
            var imageIcon: String?
            if let image = annotation.styleImage {
                if let (field, problem) = image.firstProblem {
                    throw .invalidProperty(manager: id, annotation: annotation.id, property: "image.\(field)", problem: problem)
                }
                if !setsIconImage {
                    imageIcon = image.name
                    setsIconImage = true
                }
                imageUses.append(.init(image: image, annotation: annotation.id))
            }
            if setsIconImage { usesImageKey = true }
            guard buildingFeatures else { continue }
            // Sized once: grown from a literal, the dictionary was rehashed as members came in.
            var properties = [String: JSONValue](minimumCapacity: values.count + 3)
            properties[customDataKey] = .object(annotation.customData)
            for (i, value) in values { properties[featureKeys[i]] = value }
            if let imageIcon { properties[iconImageFeatureKey] = .string(imageIcon) }
            if promoteIds { properties[annotationIdPropertyKey] = .string(annotation.id) }
            // A plain dictionary literal: JSONValue's literal init de-duplicates keys, which costs here.
            let feature: [String: JSONValue] = [
                "type": "Feature", "id": .string(annotation.id), "geometry": annotation.geometry.json, "properties": .object(properties),
            ]
            features.append(.object(feature))
        }
        for i in 0..<descriptors.count where isSet[i] { dataDrivenKeys.insert(descriptors[i].key) }
        // An image sets icon-image on the feature without setting the field.
        if usesImageKey { dataDrivenKeys.insert("icon-image") }

        var layers = [mainLayer(dataDrivenKeys: dataDrivenKeys)]
        if let clustering { layers += clusterLayers(clustering) }
        return CompiledManager(
            id: id,
            source: GeoJSONSource(
                features: features, clustering: clustering?.sourceClustering, promoteId: promoteIds ? annotationIdPropertyKey : nil,
                lineMetrics: needsLineMetrics),
            layers: layers, dataDrivenKeys: dataDrivenKeys, imageUses: imageUses, warnings: warnings)
    }

    /// Whether the source must give its lines `line-progress`: the layer
    /// trims them (`line-trim-offset`), or ``lineMetrics`` asks for it.
    var needsLineMetrics: Bool {
        guard !lineMetrics else { return true }
        guard let line = layerProperties as? LineLayerProperties else { return false }
        return line.lineTrimOffset != nil || line.expressions["line-trim-offset"] != nil
    }

    func validateManagerLevel(target: StyleTarget) throws(AnnotationError) {
        if target == .portable {
            // Manager values are layer constants, which MapLibre accepts unless
            // the property is Mapbox-only.
            for descriptor in Kind.Annotation.Properties.descriptors where descriptor.support == .mapboxOnly && defaults.isSet(descriptor) {
                throw .unsupportedByTarget(manager: id, annotation: nil, property: descriptor.key, support: .mapboxOnly)
            }
            for descriptor in Kind.LayerProperties.descriptors where descriptor.support == .mapboxOnly && layerProperties.isSet(descriptor) {
                throw .unsupportedByTarget(manager: id, annotation: nil, property: descriptor.key, support: .mapboxOnly)
            }
            // A manager expression that reads the feature varies per feature.
            for descriptor in Kind.Annotation.Properties.descriptors where descriptor.support == .constantInMapLibre {
                if let expression = defaults.expressions[descriptor.key], !expression.isFeatureConstant {
                    throw .unsupportedByTarget(manager: id, annotation: nil, property: descriptor.key, support: .constantInMapLibre)
                }
            }
        }
        if let (key, problem) = defaults.firstProblem {
            throw .invalidProperty(manager: id, annotation: nil, property: key, problem: problem)
        }
        if let (key, problem) = layerProperties.firstProblem {
            throw .invalidProperty(manager: id, annotation: nil, property: key, problem: problem)
        }
        if let problem = NumericRange.nonNegative.problem(tapRadius) {
            throw .invalidProperty(manager: id, annotation: nil, property: "tapRadius", problem: problem)
        }
        if let (key, problem) = clustering?.firstProblem {
            throw .invalidProperty(manager: id, annotation: nil, property: key, problem: problem)
        }
        if let clustering {
            if !isWritable(clustering.textField) {
                throw .invalidProperty(manager: id, annotation: nil, property: "textField", problem: .notFinite)
            }
            for (name, property) in clustering.clusterProperties.sorted(by: { $0.key < $1.key }) {
                guard isWritable(property.json) else {
                    throw .invalidProperty(manager: id, annotation: nil, property: "clusterProperties.\(name)", problem: .notFinite)
                }
                do { _ = try property.parsed(name: name) } catch {
                    throw .invalidProperty(manager: id, annotation: nil, property: "clusterProperties.\(name)",
                                           problem: .expression(path: "[\(error.part)]" + error.error.path, reason: error.error.reason))
                }
            }
        }
    }

    /// What a feature that sets no value of a property without a spec default
    /// gets: 0 for the sort keys (MapLibre warns for every feature whose sort
    /// key evaluates to null, and sorts them as 0 anyway, as Cartouche's draw
    /// order does); nil otherwise (an absent `icon-image` is no icon).
    static func neutralValue(_ key: String) -> JSONValue? {
        key.hasSuffix("-sort-key") ? .number(0) : nil
    }

    /// The manager's own layer: data-driven keys as `coalesce` expressions
    /// (falling back to the manager value, else the spec default), other
    /// manager values as literals.
    private func mainLayer(dataDrivenKeys: Set<String>) -> StyleLayer {
        var layer = StyleLayer(id: id, type: Kind.layerType, source: id, slot: slot)
        for descriptor in Kind.Annotation.Properties.descriptors {
            // A manager expression is emitted as written (under the
            // per-feature lookup when annotations set the key too).
            let managerExpression = defaults.expressions[descriptor.key]?.json
            let managerValue = managerExpression ?? descriptor.read(defaults)
            if dataDrivenKeys.contains(descriptor.key) {
                let expression = managerExpression.map { StyleExpression.perFeature(descriptor.key, in: layerPropertiesKey, fallbackExpression: $0) }
                    ?? StyleExpression.perFeature(descriptor.key, in: layerPropertiesKey,
                                                  fallback: managerValue ?? descriptor.defaultValue ?? Self.neutralValue(descriptor.key))
                layer.setProperty(descriptor.key, in: descriptor.group, to: expression)
            } else if let managerValue {
                layer.setProperty(descriptor.key, in: descriptor.group, to: managerValue)
            }
        }
        for descriptor in Kind.LayerProperties.descriptors {
            if let value = layerProperties.expressions[descriptor.key]?.json ?? descriptor.read(layerProperties) {
                layer.setProperty(descriptor.key, in: descriptor.group, to: value)
            }
        }
        // Clustered sources also emit cluster features; the Mapbox SDK lets
        // the main layer draw them too (as a stray unlabelled symbol). Only
        // unclustered points belong here.
        if clustering != nil { layer.filter = StyleExpression.not(StyleExpression.has("point_count")) }
        return layer
    }

    private func clusterLayers(_ options: ClusterOptions) -> [StyleLayer] {
        let isCluster = StyleExpression.has("point_count")
        let circle = StyleLayer(
            id: clusterCircleLayerId, type: .circle, source: id, slot: slot, filter: isCluster,
            paint: ["circle-radius": options.circleRadius.styleJSON, "circle-color": options.circleColor.styleJSON])
        var layout: [String: JSONValue] = ["text-field": options.textField, "text-size": options.textSize.styleJSON]
        if let font = (layerProperties as? SymbolLayerProperties)?.textFont { layout["text-font"] = font.styleJSON }
        let count = StyleLayer(
            id: clusterCountLayerId, type: .symbol, source: id, slot: slot, filter: isCluster,
            layout: layout, paint: ["text-color": options.textColor.styleJSON])
        return [circle, count]
    }
}

/// False when the value holds a NaN or infinite number anywhere, which JSON
/// cannot represent (free-form values like `customData` are not typed).
func isWritable(_ value: JSONValue) -> Bool {
    switch value {
    case .number(let n): n.isFinite
    case .array(let items): items.allSatisfy(isWritable)
    case .object(let members): members.values.allSatisfy(isWritable)
    case .null, .bool, .string: true
    }
}

extension StyleImage {
    /// The first field that makes the image unusable, as (name, problem).
    var firstProblem: (String, StyleValueError)? {
        if width < 1 { return ("width", .outOfRange(Double(width), allowed: ">= 1")) }
        if height < 1 { return ("height", .outOfRange(Double(height), allowed: ">= 1")) }
        if !pixelRatio.isFinite { return ("pixelRatio", .notFinite) }
        if pixelRatio <= 0 { return ("pixelRatio", .outOfRange(pixelRatio, allowed: "> 0")) }
        return nil
    }
}
