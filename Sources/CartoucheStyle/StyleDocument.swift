import CartoucheJSON

/// A style image the renderer must have (`map.addImage`) before symbol
/// layers that name it can draw.
public struct StyleImage: Hashable, Sendable {
    public var name: String
    /// Size in physical pixels.
    public var width: Int, height: Int
    /// Physical pixels per screen point (2 for a @2x image).
    public var pixelRatio: Double
    /// Signed-distance-field image, which `icon-color` can tint.
    public var sdf: Bool

    public init(name: String, width: Int, height: Int, pixelRatio: Double = 1, sdf: Bool = false) {
        self.name = name
        self.width = width
        self.height = height
        self.pixelRatio = pixelRatio
        self.sdf = sdf
    }

    public var json: JSONValue {
        ["name": .string(name), "width": .number(Double(width)), "height": .number(Double(height)),
         "pixelRatio": .number(pixelRatio), "sdf": .bool(sdf)]
    }
}

/// Sources and ordered layers to merge into someone else's style: add each
/// source, then each layer in order, each before the layer named by
/// ``insertBefore`` (nil: on top).
public struct StyleFragment: Hashable, Sendable {
    public var sources: [String: GeoJSONSource]
    public var layers: [StyleLayer]
    /// For each entry of ``layers``: the id of the existing style layer it
    /// goes directly below, or nil to go on top. Keep it as long as
    /// ``layers``; ``json`` treats missing entries as nil.
    public var insertBefore: [String?]
    /// Images the layers reference, sorted by name.
    public var images: [StyleImage]

    public init(sources: [String: GeoJSONSource] = [:], layers: [StyleLayer] = [], insertBefore: [String?]? = nil, images: [StyleImage] = []) {
        self.sources = sources
        self.layers = layers
        // One entry per layer: missing entries mean "on top", extras are dropped.
        let given = insertBefore ?? []
        self.insertBefore = layers.indices.map { $0 < given.count ? given[$0] : nil }
        self.images = images
    }

    /// `{"sources": {...}, "layers": [...]}`, with `"beforeId"` on layers that
    /// go below an existing layer and `"images"` when any are referenced.
    public var json: JSONValue {
        var layerList: [JSONValue] = []
        for (i, layer) in layers.enumerated() {
            let before = i < insertBefore.count ? insertBefore[i] : nil
            guard let before, case .object(var object) = layer.json else {
                layerList.append(layer.json)
                continue
            }
            object["beforeId"] = .string(before)
            layerList.append(.object(object))
        }
        var object: [String: JSONValue] = [
            "sources": .object(sources.mapValues(\.json)),
            "layers": .array(layerList),
        ]
        if !images.isEmpty { object["images"] = .array(images.map(\.json)) }
        return .object(object)
    }
}

/// Why a style document would be invalid.
public enum StyleDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateLayerId(String)
    case missingSource(layer: String, source: String)
    case sourceRequired(layer: String)
    case glyphsRequired(layer: String)

    public var description: String {
        switch self {
        case .duplicateLayerId(let id): "layer id \"\(id)\" is used more than once"
        case .missingSource(let layer, let source): "layer \"\(layer)\" uses source \"\(source)\", which the style does not define"
        case .sourceRequired(let layer): "layer \"\(layer)\" needs a source"
        case .glyphsRequired(let layer): "layer \"\(layer)\" draws text, so the style needs a glyphs URL"
        }
    }
}

/// The root camera of a style (`center`, `zoom`, `bearing`, `pitch`): where a
/// renderer opens a map loaded from the style alone.
public struct StyleCamera: Hashable, Sendable {
    /// Longitude and latitude, in degrees.
    public var longitude: Double, latitude: Double
    public var zoom: Double, bearing: Double, pitch: Double

    public init(longitude: Double, latitude: Double, zoom: Double, bearing: Double = 0, pitch: Double = 0) {
        self.longitude = longitude
        self.latitude = latitude
        self.zoom = zoom
        self.bearing = bearing
        self.pitch = pitch
    }
}

/// The root `projection` of a style, in the spelling of the renderer it is
/// written for: the two style specs name the same projection differently.
public enum StyleProjection: Hashable, Sendable {
    /// MapLibre's `{"type": type}` (e.g. `"globe"`, MapLibre GL JS 5's globe preset).
    case mapLibre(type: String)
    /// Mapbox GL's `{"name": name}` (e.g. `"globe"`).
    case mapbox(name: String)

    /// The root member's value.
    public var json: JSONValue {
        switch self {
        case .mapLibre(let type): ["type": .string(type)]
        case .mapbox(let name): ["name": .string(name)]
        }
    }
}

/// A complete style-spec v8 document.
public struct StyleDocument: Hashable, Sendable {
    public var name: String?
    /// The camera the style opens on (root `center`, `zoom`, `bearing`,
    /// `pitch`); none leaves the renderer's defaults (0,0 at zoom 0).
    public var camera: StyleCamera?
    /// The root `projection`; none leaves the renderer's default (Mercator).
    public var projection: StyleProjection?
    /// Glyph PBF URL template with `{fontstack}` and `{range}`; required as
    /// soon as any symbol layer draws text.
    public var glyphs: String?
    /// Sprite URL (without `.json`/`.png`).
    public var sprite: String?
    public var sources: [String: GeoJSONSource]
    /// Bottom to top.
    public var layers: [StyleLayer]

    public init(name: String? = nil, glyphs: String? = nil, sprite: String? = nil, sources: [String: GeoJSONSource] = [:], layers: [StyleLayer] = []) {
        self.name = name
        self.glyphs = glyphs
        self.sprite = sprite
        self.sources = sources
        self.layers = layers
    }

    /// Checks what a renderer would reject: repeated layer ids, layers whose
    /// source is missing, text without glyphs.
    /// - Complexity: O(layers).
    public func validate() throws(StyleDocumentError) {
        var seen = Set<String>()
        for layer in layers {
            guard seen.insert(layer.id).inserted else { throw .duplicateLayerId(layer.id) }
            switch layer.type {
            case .background, .slot: break
            default:
                guard let source = layer.source else { throw .sourceRequired(layer: layer.id) }
                guard sources[source] != nil else { throw .missingSource(layer: layer.id, source: source) }
            }
        }
        if glyphs == nil, let layer = firstTextLayer { throw .glyphsRequired(layer: layer) }
    }

    /// The id of the lowest symbol layer that draws text (has a
    /// `text-field`), the one that makes a `glyphs` URL required; nil when
    /// no layer draws text.
    /// - Complexity: O(layers).
    public var firstTextLayer: String? {
        layers.first { $0.type == .symbol && $0.layout["text-field"] != nil }?.id
    }

    /// The document as JSON (validate first if it was assembled by hand).
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "version": 8,
            "sources": .object(sources.mapValues(\.json)),
            "layers": .array(layers.map(\.json)),
        ]
        if let name { object["name"] = .string(name) }
        if let camera {
            object["center"] = [.number(camera.longitude), .number(camera.latitude)]
            object["zoom"] = .number(camera.zoom)
            object["bearing"] = .number(camera.bearing)
            object["pitch"] = .number(camera.pitch)
        }
        if let projection { object["projection"] = projection.json }
        if let glyphs { object["glyphs"] = .string(glyphs) }
        if let sprite { object["sprite"] = .string(sprite) }
        return .object(object)
    }
}
