/// The GeoJSON geometry schemas of ``OpenAPIDocument`` (RFC 7946, as the
/// decoders read it), one object per geometry type; joined into the
/// document's `components.schemas` by `template`.
extension OpenAPIDocument {
    static let geometrySchemas: String = #"""
      "Geometry": {
        "description": "A GeoJSON geometry (RFC 7946), strictly: no bbox or foreign members on the geometry; GeometryCollections nest at most 32 deep",
        "oneOf": [
          {"$ref": "#/components/schemas/PointGeometry"},
          {"$ref": "#/components/schemas/MultiPointGeometry"},
          {"$ref": "#/components/schemas/LineStringGeometry"},
          {"$ref": "#/components/schemas/MultiLineStringGeometry"},
          {"$ref": "#/components/schemas/PolygonGeometry"},
          {"$ref": "#/components/schemas/MultiPolygonGeometry"},
          {"$ref": "#/components/schemas/GeometryCollection"}
        ]
      },
      "PointGeometry": {
        "type": "object", "required": ["type", "coordinates"], "additionalProperties": false,
        "properties": {"type": {"const": "Point"}, "coordinates": {"$ref": "#/components/schemas/Position"}}
      },
      "MultiPointGeometry": {
        "type": "object", "required": ["type", "coordinates"], "additionalProperties": false,
        "properties": {"type": {"const": "MultiPoint"}, "coordinates": {"type": "array", "items": {"$ref": "#/components/schemas/Position"}}}
      },
      "LineStringPositions": {"type": "array", "minItems": 2, "items": {"$ref": "#/components/schemas/Position"}},
      "LineStringGeometry": {
        "type": "object", "required": ["type", "coordinates"], "additionalProperties": false,
        "properties": {"type": {"const": "LineString"}, "coordinates": {"$ref": "#/components/schemas/LineStringPositions"}}
      },
      "MultiLineStringGeometry": {
        "type": "object", "required": ["type", "coordinates"], "additionalProperties": false,
        "properties": {"type": {"const": "MultiLineString"}, "coordinates": {"type": "array", "items": {"$ref": "#/components/schemas/LineStringPositions"}}}
      },
      "PolygonRings": {
        "type": "array", "minItems": 1, "description": "The outer ring, then the holes; each ring closed (its last position equal to its first)",
        "items": {"type": "array", "minItems": 4, "items": {"$ref": "#/components/schemas/Position"}}
      },
      "PolygonGeometry": {
        "type": "object", "required": ["type", "coordinates"], "additionalProperties": false,
        "properties": {"type": {"const": "Polygon"}, "coordinates": {"$ref": "#/components/schemas/PolygonRings"}}
      },
      "MultiPolygonGeometry": {
        "type": "object", "required": ["type", "coordinates"], "additionalProperties": false,
        "properties": {"type": {"const": "MultiPolygon"}, "coordinates": {"type": "array", "items": {"$ref": "#/components/schemas/PolygonRings"}}}
      },
      "GeometryCollection": {
        "type": "object", "required": ["type", "geometries"], "additionalProperties": false,
        "properties": {"type": {"const": "GeometryCollection"}, "geometries": {"type": "array", "items": {"$ref": "#/components/schemas/Geometry"}}}
      },
"""#
}
