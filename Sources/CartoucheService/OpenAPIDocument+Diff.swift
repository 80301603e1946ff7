import CartoucheJSON

/// `POST /v1/diff` in the OpenAPI document: its path item and schemas, kept
/// apart from the long hand-written text and merged in by
/// ``OpenAPIDocument/json(fontNames:maxTextLength:)``.
extension OpenAPIDocument {
    static let diffPath: String = #"""
{
  "post": {
    "operationId": "diffScenes",
    "summary": "The MapLibre GL JS calls that turn the old scene's compiled style into the new one's without reloading it",
    "description": "Both scenes are compiled as POST /v1/compile compiles them (same parameters; output is always style). The answer lists, in order, the calls to make: updateData per GeoJSON source (MapLibre 5's GeoJSONSourceDiff, features by id), setData where features were reordered, paint/layout/filter changes, layers and sources added, removed and moved, and the root's glyphs, sprite and projection. The new scene's compile warnings travel in the headers.",
    "parameters": [
      {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides both scenes' options.target; without it the two scenes must have the same target (else 422 at new.options.target)"},
      {"name": "name", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Style name, as compile's"},
      {"name": "glyphs", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Glyph URL template, as compile's (default: this service's glyph route when a style draws text)"},
      {"name": "sprite", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Sprite URL, as compile's"},
      {"name": "background", "in": "query", "schema": {"anyOf": [{"const": "none"}, {"$ref": "#/components/schemas/Color"}], "default": "white"}, "description": "As compile's"},
      {"name": "slots", "in": "query", "schema": {"type": "string", "pattern": "^[^,]+(,[^,]+)*$"}, "description": "As compile's"},
      {"name": "output", "in": "query", "schema": {"const": "style"}, "description": "Only style (fragment is a 400)"}
    ],
    "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DiffRequest"}}}},
    "responses": {
      "200": {
        "description": "The operations, in the order to apply them",
        "headers": {
          "Cartouche-Warning-Count": {"schema": {"type": "integer", "minimum": 0}},
          "Cartouche-Warnings": {"schema": {"type": "string"}, "description": "JSON array of strings (the new scene's compile warnings); present when the count is not 0"}
        },
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DiffResponse"}}}
      },
      "400": {"$ref": "#/components/responses/BadRequest"},
      "413": {"$ref": "#/components/responses/TooLarge"},
      "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
      "422": {"$ref": "#/components/responses/InvalidValue"},
      "503": {"$ref": "#/components/responses/Unavailable"}
    }
  }
}
"""#

    static let diffSchemas: String = #"""
{
  "DiffRequest": {
    "type": "object", "required": ["old", "new"], "additionalProperties": false,
    "properties": {
      "old": {"$ref": "#/components/schemas/Scene", "description": "The scene whose compiled style the map shows (errors at old…)"},
      "new": {"$ref": "#/components/schemas/Scene", "description": "The scene it should show (errors at new…)"}
    }
  },
  "DiffResponse": {
    "type": "object", "required": ["operations"], "additionalProperties": false,
    "properties": {"operations": {"type": "array", "items": {"$ref": "#/components/schemas/DiffOperation"}}}
  },
  "DiffOperation": {
    "description": "One MapLibre call, named by op",
    "oneOf": [
      {"type": "object", "required": ["op", "id"], "additionalProperties": false, "properties": {"op": {"enum": ["removeLayer", "removeSource"]}, "id": {"type": "string"}}},
      {"type": "object", "required": ["op", "id", "source"], "additionalProperties": false, "properties": {"op": {"const": "addSource"}, "id": {"type": "string"}, "source": {"$ref": "#/components/schemas/StyleSource"}}},
      {"type": "object", "required": ["op", "source", "diff"], "additionalProperties": false, "properties": {"op": {"const": "updateData"}, "source": {"type": "string"}, "diff": {"$ref": "#/components/schemas/GeoJSONSourceDiff"}}},
      {"type": "object", "required": ["op", "source", "data"], "additionalProperties": false, "properties": {"op": {"const": "setData"}, "source": {"type": "string"}, "data": {"type": "object", "required": ["type", "features"], "properties": {"type": {"const": "FeatureCollection"}, "features": {"type": "array", "items": {"$ref": "#/components/schemas/StyleFeature"}}}}}},
      {"type": "object", "required": ["op", "layer", "name", "value"], "additionalProperties": false, "properties": {"op": {"enum": ["setPaintProperty", "setLayoutProperty"]}, "layer": {"type": "string"}, "name": {"type": "string"}, "value": {"description": "The new value; null resets the property to its default"}}},
      {"type": "object", "required": ["op", "layer", "filter"], "additionalProperties": false, "properties": {"op": {"const": "setFilter"}, "layer": {"type": "string"}, "filter": {"description": "The new filter; null removes it"}}},
      {"type": "object", "required": ["op", "layer", "before"], "additionalProperties": false, "properties": {"op": {"const": "addLayer"}, "layer": {"$ref": "#/components/schemas/StyleLayer"}, "before": {"type": ["string", "null"], "description": "The layer to go below; null: on top"}}},
      {"type": "object", "required": ["op", "id", "before"], "additionalProperties": false, "properties": {"op": {"const": "moveLayer"}, "id": {"type": "string"}, "before": {"type": ["string", "null"]}}},
      {"type": "object", "required": ["op", "url"], "additionalProperties": false, "properties": {"op": {"enum": ["setGlyphs", "setSprite"]}, "url": {"type": ["string", "null"]}}},
      {"type": "object", "required": ["op", "projection"], "additionalProperties": false, "properties": {"op": {"const": "setProjection"}, "projection": {"type": "object"}}}
    ]
  },
  "GeoJSONSourceDiff": {
    "type": "object", "additionalProperties": false,
    "description": "MapLibre GL JS 5's GeoJSONSourceDiff, for GeoJSONSource.updateData: remove, then add (appended), then update (in place); features by their id (the source's promoteId)",
    "properties": {
      "remove": {"type": "array", "items": {"type": "string"}},
      "add": {"type": "array", "items": {"$ref": "#/components/schemas/StyleFeature"}},
      "update": {"type": "array", "items": {
        "type": "object", "required": ["id"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "newGeometry": {"$ref": "#/components/schemas/Geometry"},
          "removeProperties": {"type": "array", "items": {"type": "string"}},
          "addOrUpdateProperties": {"type": "array", "items": {"type": "object", "required": ["key", "value"], "additionalProperties": false, "properties": {"key": {"type": "string"}, "value": {}}}}
        }
      }}
    }
  }
}
"""#

    /// `document` with the diff route's path item and schemas added.
    static func addingDiff(to document: inout [String: JSONValue], schemas: inout [String: JSONValue]) {
        guard case .object(var paths)? = document["paths"],
              let path = try? JSONParser().parse(Array(diffPath.utf8)),
              case .object(let extra)? = try? JSONParser().parse(Array(diffSchemas.utf8)) else {
            preconditionFailure("OpenAPIDocument+Diff's text is not JSON")  // a test parses it on every run
        }
        paths["/v1/diff"] = path
        document["paths"] = .object(paths)
        schemas.merge(extra) { current, _ in current }
    }
}
