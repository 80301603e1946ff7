import CartoucheJSON

// Deterministic GeoJSON output straight into a `JSONWriter` byte buffer: no
// intermediate `JSONValue` tree for geometry, members in UTF-8 key order
// (`bbox`, `coordinates`/`features`/`geometries`/`geometry`, `id`,
// `properties`, `type`, with foreign members merged in), positions as
// `[longitude, latitude(, altitude)]` in shortest round-trip form.
//
// A Feature always gets `"geometry"` and `"properties"` (null when nil), as
// RFC 7946 requires. A non-finite number anywhere throws `JSONWriteError`
// with the path of that number, e.g. `features[2].geometry.coordinates[1]`.

/// Member names written for every feature and geometry, escaped and quoted once.
private enum Names {
    static let bbox = JSONQuotedString("bbox")
    static let coordinates = JSONQuotedString("coordinates")
    static let geometries = JSONQuotedString("geometries")
    static let geometry = JSONQuotedString("geometry")
    static let id = JSONQuotedString("id")
    static let properties = JSONQuotedString("properties")
    static let type = JSONQuotedString("type")
    static let feature = JSONQuotedString("Feature")
}

extension GeoJSONObject: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        switch self {
        case .geometry(let geometry): try geometry.write(to: &writer)
        case .feature(let feature): try feature.write(to: &writer)
        case .featureCollection(let collection): try collection.write(to: &writer)
        }
    }
}

extension FeatureCollection: JSONWritable {
    /// - Complexity: O(total positions + property values); reserves an
    ///   estimate of the output size up front so large collections rarely regrow.
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        writer.reserveCapacity(features.count * 128)
        writer.beginObject()
        var standard: [String] = []
        if bbox != nil { standard.append("bbox") }
        standard += ["features", "type"]
        try writeMembers(standard: standard, foreign: foreignMembers, to: &writer) {
            name, writer throws(JSONWriteError) in
            switch name {
            case "bbox":
                if let bbox { try bbox.write(to: &writer) }
            case "features":
                writer.beginArray()
                for index in features.indices {
                    do throws(JSONWriteError) { try features[index].write(to: &writer) } catch {
                        throw error.prefixed(by: .index(index))
                    }
                }
                writer.endArray()
            default:
                writer.write("FeatureCollection")
            }
        }
        writer.endObject()
    }
}

extension Feature: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        writer.beginObject()
        if foreignMembers.isEmpty {
            // Common case, no per-feature allocation or name dispatch: the
            // standard members in key order.
            if let bbox {
                writer.key(Names.bbox)
                do throws(JSONWriteError) { try bbox.write(to: &writer) } catch { throw error.prefixed(by: .key("bbox")) }
            }
            writer.key(Names.geometry)
            try writeGeometryValue(to: &writer)
            if id != nil {
                writer.key(Names.id)
                try writeIdValue(to: &writer)
            }
            writer.key(Names.properties)
            try writePropertiesValue(to: &writer)
            writer.key(Names.type)
            writer.write(Names.feature)
        } else {
            var standard: [String] = []
            if bbox != nil { standard.append("bbox") }
            standard.append("geometry")
            if id != nil { standard.append("id") }
            standard += ["properties", "type"]
            try writeMembers(standard: standard, foreign: foreignMembers, to: &writer) {
                name, writer throws(JSONWriteError) in
                switch name {
                case "bbox": if let bbox { try bbox.write(to: &writer) }
                case "geometry": try writeGeometryValue(to: &writer, prefixingErrors: false)
                case "id": try writeIdValue(to: &writer, prefixingErrors: false)
                case "properties": try writePropertiesValue(to: &writer, prefixingErrors: false)
                default: writer.write("Feature")
                }
            }
        }
        writer.endObject()
    }

    // Each writes one member's value; errors get the member name prepended
    // unless the caller (writeMembers) does that itself.

    private func writeGeometryValue(to writer: inout JSONWriter, prefixingErrors: Bool = true) throws(JSONWriteError) {
        guard let geometry else { return writer.writeNull() }
        do { try geometry.write(to: &writer) } catch {
            throw prefixingErrors ? error.prefixed(by: .key("geometry")) : error
        }
    }

    private func writeIdValue(to writer: inout JSONWriter, prefixingErrors: Bool = true) throws(JSONWriteError) {
        switch id {
        case .string(let text): writer.write(text)
        case .number(let number):
            do { try writer.write(number) } catch { throw prefixingErrors ? error.prefixed(by: .key("id")) : error }
        case nil: writer.writeNull()
        }
    }

    private func writePropertiesValue(to writer: inout JSONWriter, prefixingErrors: Bool = true) throws(JSONWriteError) {
        guard let properties else { return writer.writeNull() }
        do { try writer.write(JSONValue.object(properties)) } catch {
            throw prefixingErrors ? error.prefixed(by: .key("properties")) : error
        }
    }
}

extension Geometry: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        writer.beginObject()
        if case .geometryCollection(let collection) = self {
            writer.key(Names.geometries)
            writer.beginArray()
            for index in collection.geometries.indices {
                do throws(JSONWriteError) { try collection.geometries[index].write(to: &writer) } catch {
                    throw error.prefixed(by: .index(index)).prefixed(by: .key("geometries"))
                }
            }
            writer.endArray()
        } else {
            writer.key(Names.coordinates)
            do throws(JSONWriteError) { try writeCoordinates(to: &writer) } catch { throw error.prefixed(by: .key("coordinates")) }
        }
        writer.key(Names.type)
        writer.write(typeName)
        writer.endObject()
    }

    /// Writes the `coordinates` array of a non-collection geometry.
    private func writeCoordinates(to writer: inout JSONWriter) throws(JSONWriteError) {
        switch self {
        case .point(let point):
            try writePosition(point.position, to: &writer)
        case .multiPoint(let multiPoint):
            try writePositions(multiPoint.positions, to: &writer)
        case .lineString(let lineString):
            try writePositions(lineString.positions, to: &writer)
        case .multiLineString(let multiLineString):
            writer.beginArray()
            for index in multiLineString.lineStrings.indices {
                do throws(JSONWriteError) { try writePositions(multiLineString.lineStrings[index].positions, to: &writer) } catch {
                    throw error.prefixed(by: .index(index))
                }
            }
            writer.endArray()
        case .polygon(let polygon):
            try writeRings(of: polygon, to: &writer)
        case .multiPolygon(let multiPolygon):
            writer.beginArray()
            for index in multiPolygon.polygons.indices {
                do throws(JSONWriteError) { try writeRings(of: multiPolygon.polygons[index], to: &writer) } catch {
                    throw error.prefixed(by: .index(index))
                }
            }
            writer.endArray()
        case .geometryCollection:
            // Written as `geometries` by the caller; never reached.
            writer.beginArray()
            writer.endArray()
        }
    }
}

extension BoundingBox: JSONWritable {
    /// Writes `[west, south, east, north]`, or the 6-number 3-D form.
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        var numbers = [west, south]
        if let altitudeRange { numbers.append(altitudeRange.lowerBound) }
        numbers += [east, north]
        if let altitudeRange { numbers.append(altitudeRange.upperBound) }
        writer.beginArray()
        for (index, number) in numbers.enumerated() {
            do throws(JSONWriteError) { try writer.write(number) } catch { throw error.prefixed(by: .index(index)) }
        }
        writer.endArray()
    }
}

extension Position: JSONWritable {
    public func write(to writer: inout JSONWriter) throws(JSONWriteError) {
        try writePosition(self, to: &writer)
    }
}

// MARK: - Helpers

@inline(__always)
private func writePosition(_ position: Position, to writer: inout JSONWriter) throws(JSONWriteError) {
    writer.beginArray()
    do throws(JSONWriteError) { try writer.write(position.coordinate.longitude) } catch { throw error.prefixed(by: .index(0)) }
    do throws(JSONWriteError) { try writer.write(position.coordinate.latitude) } catch { throw error.prefixed(by: .index(1)) }
    if let altitude = position.altitude {
        do throws(JSONWriteError) { try writer.write(altitude) } catch { throw error.prefixed(by: .index(2)) }
    }
    writer.endArray()
}

private func writePositions(_ positions: [Position], to writer: inout JSONWriter) throws(JSONWriteError) {
    writer.beginArray()
    for index in positions.indices {
        do throws(JSONWriteError) { try writePosition(positions[index], to: &writer) } catch { throw error.prefixed(by: .index(index)) }
    }
    writer.endArray()
}

private func writeRings(of polygon: Polygon, to writer: inout JSONWriter) throws(JSONWriteError) {
    writer.beginArray()
    do throws(JSONWriteError) { try writePositions(polygon.outerRing, to: &writer) } catch { throw error.prefixed(by: .index(0)) }
    for index in polygon.innerRings.indices {
        do throws(JSONWriteError) { try writePositions(polygon.innerRings[index], to: &writer) } catch {
            throw error.prefixed(by: .index(index + 1))
        }
    }
    writer.endArray()
}

/// Writes an object's members in UTF-8 key order: `standard` (already sorted,
/// each written by `writeStandard`) merged with the foreign members.
private func writeMembers(
    standard: [String], foreign: [String: JSONValue], to writer: inout JSONWriter,
    _ writeStandard: (String, inout JSONWriter) throws(JSONWriteError) -> Void
) throws(JSONWriteError) {
    if foreign.isEmpty {
        for name in standard {
            writer.key(name)
            do throws(JSONWriteError) { try writeStandard(name, &writer) } catch { throw error.prefixed(by: .key(name)) }
        }
        return
    }
    let foreignNames = JSONWriter.sortedKeys(foreign)
    var standardIndex = 0
    var foreignIndex = 0
    while standardIndex < standard.count || foreignIndex < foreignNames.count {
        let takeStandard: Bool
        if standardIndex == standard.count {
            takeStandard = false
        } else if foreignIndex == foreignNames.count {
            takeStandard = true
        } else {
            let (standardName, foreignName) = (standard[standardIndex], foreignNames[foreignIndex])
            if standardName == foreignName { throw .duplicateKey(standardName, path: .root) }
            takeStandard = standardName.utf8.lexicographicallyPrecedes(foreignName.utf8)
        }
        if takeStandard {
            let name = standard[standardIndex]
            standardIndex += 1
            writer.key(name)
            do throws(JSONWriteError) { try writeStandard(name, &writer) } catch { throw error.prefixed(by: .key(name)) }
        } else {
            let name = foreignNames[foreignIndex]
            foreignIndex += 1
            writer.key(name)
            // The name came from `foreign`, so the lookup cannot miss.
            do throws(JSONWriteError) { try writer.write(foreign[name] ?? .null) } catch { throw error.prefixed(by: .key(name)) }
        }
    }
}
