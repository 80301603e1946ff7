import CartoucheGeometry
import CartoucheJSON
import CartoucheStyle

// The streaming compile path: a manager's GeoJSON source `data` written
// straight to bytes, without a `JSONValue` tree per feature. Building those
// trees (three dictionaries and an array per point) is what made compiling a
// million annotations take seconds; here the bytes are the only allocation
// that grows with the input (plus the duplicate-id scan's hashes, 24 bytes
// per annotation, freed before the first feature is written). Each feature
// is assembled in one reused `JSONRawBuffer` from prepared fragments and
// keys, property values go straight from the typed fields into it
// (`writeMember`), numbers through `JSONWriter`'s own shortest-digit
// formatter, and the finished feature goes to the writer in one call.
//
// The output is byte-identical to writing `compile().source.json["data"]`
// with a compact `JSONWriter`, and the checks run in the same order, so both
// paths throw the same `AnnotationError` for the same input. Tests hold the
// two paths to that.

extension AnnotationManager {
    /// Writes this manager's source data, a GeoJSON FeatureCollection, to
    /// `writer` with the same bytes and the same validation as
    /// ``compile(retainedDataDrivenKeys:target:)``.
    ///
    /// Use it to serve or store large managers; use `compile` for the
    /// layers, images and style document. Features are assembled compact;
    /// into a `JSONWriter.Style.pretty` writer each is re-read to indent
    /// it, which is correct but several times slower.
    ///
    /// - Returns: the warnings `compile` would report (duplicate ids, the
    ///   first of each wins).
    /// - Throws: ``AnnotationError`` for invalid properties or geometry; the
    ///   writer then holds a partial document and should be discarded.
    /// - Complexity: O(n · p) for n annotations and p property descriptors.
    @discardableResult
    @_specialize(exported: false, where Kind == PointAnnotationKind)
    @_specialize(exported: false, where Kind == CircleAnnotationKind)
    @_specialize(exported: false, where Kind == PolylineAnnotationKind)
    @_specialize(exported: false, where Kind == PolygonAnnotationKind)
    public func writeSourceData(to writer: inout JSONWriter, target: StyleTarget = .portable) throws(AnnotationError) -> [AnnotationError] {
        guard !id.isEmpty else { throw .emptyManagerId }
        // Per-annotation expressions become constants of their features.
        if hasAnnotationExpressions { return try evaluatingAnnotationExpressions().writeSourceData(to: &writer, target: target) }
        try validateManagerLevel(target: target)
        let descriptors = Kind.Annotation.Properties.descriptors
        // Descriptor indices in the writer's key order, so each feature's
        // `layerProperties.*` members are written sorted without sorting per feature.
        let keyOrder = descriptors.indices.sorted { descriptors[$0].key.utf8.lexicographicallyPrecedes(descriptors[$1].key.utf8) }
        let iconImageIndex = descriptors.firstIndex { $0.key == "icon-image" }

        // Later occurrences of an id are dropped (the first wins), before
        // anything about them is checked.
        let duplicates = DuplicateIds.find(in: annotations)
        let warnings: [AnnotationError] = duplicates.map {
            .duplicateAnnotationId(manager: id, annotation: annotations[$0.dropped].id, keptIndex: $0.kept, droppedIndex: $0.dropped)
        }
        var nextDuplicate = 0
        // The member writers in key order, called through unmanaged
        // references: loading each closure from an array retained and
        // released its context for every property of every annotation,
        // a tenth of the time in profiles. Each with its descriptor index
        // and whether the target lacks its property, in one array the
        // feature loop walks without an index (no bounds checks).
        let members: [MemberSlot] = keyOrder.map { index in
            (writer: Unmanaged.passRetained(MemberWriter(descriptors[index].writeMember)), index: index,
             isRestricted: target != .mapbox && descriptors[index].support != .all)
        }
        defer { for member in members { member.writer.release() } }
        let keys = SourceKeys.shared
        // Each feature is assembled here and handed to the writer in one call.
        var feature = JSONRawBuffer()

        // Room for a sample of features first, then for the rest at the sample's size per feature
        // plus slack: regrowing a buffer of hundreds of megabytes would briefly need it three times over.
        let sampleSize = 256
        writer.reserveCapacity(min(annotations.count, sampleSize) * 256)
        let start = writer.bytes.count
        writer.beginObject()
        writer.key(keys.features)
        writer.beginArray()
        // The annotations are read in place through a pointer: copying each
        // out of the array (and its property set out of it) retained and
        // released its id, custom data and expressions per feature.
        try annotations.withUnsafeBufferPointer { (elements) throws(AnnotationError) in
            for position in elements.indices {
                if position == sampleSize {
                    let perFeature = (writer.bytes.count - start) / sampleSize
                    writer.reserveCapacity((annotations.count - sampleSize) * (perFeature + perFeature / 8) + 64)
                    writer.prefault(expectedBytes: (annotations.count - sampleSize) * perFeature)  // one call, not a fault per page
                }
                if nextDuplicate < duplicates.count && duplicates[nextDuplicate].dropped == position {
                    nextDuplicate += 1
                    continue
                }
                // Mutable only to name the property set's address (`&`): nothing is written through it.
                let element = UnsafeMutablePointer(mutating: elements.baseAddress.unsafelyUnwrapped + position)
                if let problem = element.pointee.geometryProblem {
                    throw .invalidGeometry(manager: id, annotation: element.pointee.id, problem: problem)
                }
                // Checked now, thrown after the property checks: `compile`
                // reports an invalid property first.
                let customDataWritable = element.pointee.customData.isEmpty || isWritable(.object(element.pointee.customData))
                let image = element.pointee.styleImage

                // Assembled while its properties are encoded; a failed check abandons the partial feature.
                try writeFeatureHead(of: element, customDataWritable: customDataWritable, keys: keys, into: &feature)
                // The member writers read the property set in place, by address.
                let firstRestricted = try withUnsafeMutablePointer(to: &element.pointee.properties) { (properties) throws(AnnotationError) in
                    try writeMembers(of: properties, annotationId: element.pointee.id, members: members,
                                     iconImageIndex: iconImageIndex, image: image, into: &feature)
                }
                try checkAfterProperties(of: element, firstRestricted: firstRestricted,
                                         customDataWritable: customDataWritable, image: image)
                feature.append(fragment: "},\"type\":\"Feature\"}")
                do throws(JSONWriteError) { try writer.writeRawValue(feature) } catch {
                    // Unreachable: every number in the feature was checked.
                    throw .invalidProperty(manager: id, annotation: element.pointee.id, property: "feature", problem: .notFinite)
                }
            }
        }
        writer.endArray()
        writer.key(keys.type)
        writer.write(keys.featureCollection)
        writer.endObject()
        return warnings
    }

    /// `{"geometry":…,"id":…,"properties":{"custom_data":…[,"id":…]`
    /// — the part of a feature before its style properties. The annotation
    /// comes by address: passed as a value it was copied (its id and
    /// custom data retained and released) for every feature.
    @inline(__always)
    private func writeFeatureHead(
        of annotation: UnsafeMutablePointer<Kind.Annotation>, customDataWritable: Bool, keys: SourceKeys, into feature: inout JSONRawBuffer
    ) throws(AnnotationError) {
        feature.removeAll()
        do throws(JSONWriteError) {
            feature.append(fragment: "{\"geometry\":")
            try annotation.pointee.geometry.write(to: &feature)
            feature.append(fragment: ",\"id\":")
            feature.appendString(annotation.pointee.id)
            feature.append(fragment: ",\"properties\":{\"custom_data\":")
            if annotation.pointee.customData.isEmpty || !customDataWritable {
                feature.append(fragment: "{}")
            } else {
                try feature.append(JSONValue.object(annotation.pointee.customData))
            }
            if promoteIds {
                feature.append(byte: UInt8(ascii: ","))
                feature.appendMemberName(keys.annotationId)
                feature.appendString(annotation.pointee.id)
            }
        } catch {
            // Unreachable: geometry and custom data were checked before.
            throw .invalidProperty(manager: id, annotation: annotation.pointee.id, property: "feature", problem: .notFinite)
        }
    }

    /// A member writer in key order, with its descriptor index and whether
    /// the target lacks its property.
    typealias MemberSlot = (writer: Unmanaged<MemberWriter<Kind.Annotation.Properties>>, index: Int, isRestricted: Bool)

    /// Appends the set style properties of the property set at `properties`
    /// as flat `layerProperties.*` members (they follow `custom_data`), the
    /// style image as `icon-image` unless one is named; returns the lowest
    /// descriptor index of a set property the target lacks (`Int.max` for none).
    @inline(__always)
    private func writeMembers(
        of properties: UnsafeMutablePointer<Kind.Annotation.Properties>, annotationId: @autoclosure () -> String,
        members: [MemberSlot], iconImageIndex: Int?, image: StyleImage?, into feature: inout JSONRawBuffer
    ) throws(AnnotationError) -> Int {
        let descriptors = Kind.Annotation.Properties.descriptors
        let owner = UnsafePointer(properties)
        var isFirstMember = false
        var firstRestricted = Int.max
        for (writer, index, isRestricted) in members {
            switch writer._withUnsafeGuaranteedRef({ $0.write(owner, &feature, isFirstMember) }) {
            case .unset:
                // The image doubles as the icon unless one is named explicitly.
                if index == iconImageIndex, let image {
                    if !isFirstMember { feature.append(byte: UInt8(ascii: ",")) }
                    feature.appendMemberName(descriptors[index].quotedKey)
                    feature.appendString(image.name)
                    isFirstMember = false
                }
            case .written:
                if isRestricted { firstRestricted = min(firstRestricted, index) }
                isFirstMember = false
            case .invalid:
                // `compile` reports the first invalid property in descriptor
                // order, not key order. (Only a number the checks passed and
                // the writer refused has no problem there, which cannot
                // happen: not finite.)
                let (key, first) = owner.pointee.firstProblem ?? (descriptors[index].key, .notFinite)
                throw .invalidProperty(manager: id, annotation: annotationId(), property: key, problem: first)
            }
        }
        return firstRestricted
    }

    /// The checks `compile` reports after an annotation's property checks:
    /// properties the target does not support, custom data that cannot be
    /// written, an invalid style image.
    @inline(__always)
    private func checkAfterProperties(
        of annotation: UnsafeMutablePointer<Kind.Annotation>, firstRestricted: Int, customDataWritable: Bool, image: StyleImage?
    ) throws(AnnotationError) {
        let descriptors = Kind.Annotation.Properties.descriptors
        if descriptors.indices.contains(firstRestricted) {
            let descriptor = descriptors[firstRestricted]
            throw .unsupportedByTarget(manager: id, annotation: annotation.pointee.id, property: descriptor.key, support: descriptor.support)
        }
        if !customDataWritable {
            throw .invalidProperty(manager: id, annotation: annotation.pointee.id, property: customDataKey, problem: .notFinite)
        }
        if let image, let (field, problem) = image.firstProblem {
            throw .invalidProperty(manager: id, annotation: annotation.pointee.id, property: "image.\(field)", problem: problem)
        }
    }

    /// This manager's source data as compact UTF-8 GeoJSON; see
    /// ``writeSourceData(to:target:)``.
    public func sourceDataBytes(target: StyleTarget = .portable) throws(AnnotationError) -> [UInt8] {
        var writer = JSONWriter()
        try writeSourceData(to: &writer, target: target)
        return writer.bytes
    }
}

/// A property's member writer in an object the hot loop holds unmanaged,
/// so calling it retains nothing.
final class MemberWriter<Owner> {
    let write: @Sendable (UnsafePointer<Owner>, inout JSONRawBuffer, Bool) -> WrittenField
    init(_ write: @escaping @Sendable (UnsafePointer<Owner>, inout JSONRawBuffer, Bool) -> WrittenField) { self.write = write }
}

/// The member names and constant values of a source's GeoJSON, escaped and
/// quoted once for the whole process.
struct SourceKeys: Sendable {
    static let shared = SourceKeys()
    let features = JSONQuotedString("features")
    let annotationId = JSONQuotedString(annotationIdPropertyKey)
    let type = JSONQuotedString("type")
    let featureCollection = JSONQuotedString("FeatureCollection")
}
