/// The second half of ``OpenAPIDocument``: the schemas of the answers
/// (place, query, compile, shape, fonts), closing the document.
extension OpenAPIDocument {
    static let answerSchemas: String = #"""
      "PlaceResponse": {
        "type": "object", "required": ["frames", "version"],
        "properties": {
          "version": {"const": 1},
          "frames": {"type": "array", "items": {"$ref": "#/components/schemas/PlaceFrame"}},
          "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/SceneWarning"}, "description": "Present when there are any"}
        }
      },
      "SceneWarning": {
        "type": "object", "required": ["annotation", "codePoints", "count", "kind", "message"], "additionalProperties": false,
        "description": "Text measured with .notdef boxes: code points no bundled or configured font has",
        "properties": {
          "kind": {"enum": ["missing-glyphs"]},
          "annotation": {"type": "string", "description": "The view annotation (callout content) or point annotation (text-field) id"},
          "manager": {"type": "string", "description": "The point manager; absent for view annotations"},
          "codePoints": {"type": "array", "items": {"type": "string", "pattern": "^U\\+[0-9A-F]{4,6}$"}, "maxItems": 32, "description": "Distinct, in text order; the first 32"},
          "count": {"type": "integer", "minimum": 1, "description": "How many distinct code points are missing"},
          "message": {"type": "string"}
        }
      },
      "PlaceFrame": {
        "type": "object", "required": ["camera", "drawOrder", "placements", "stats"],
        "description": "One camera's placement; pasted as is, the scene's previous",
        "properties": {
          "camera": {"type": "object"},
          "drawOrder": {"type": "array", "items": {"type": "string"}},
          "placements": {"type": "array", "items": {"type": "object"}},
          "rejected": {"type": "array", "items": {"type": "object"}},
          "stats": {"type": "object", "properties": {"anchorChanges": {"type": "integer"}, "candidateTests": {"type": "integer"}, "finished": {"type": "boolean"}, "method": {"enum": ["greedy", "optimise"]}, "placed": {"type": "integer"}}}
        }
      },
      "ScreenPoint": {
        "type": "array", "description": "[x, y] in screen points, origin top-left",
        "prefixItems": [{"type": "number"}, {"type": "number"}], "minItems": 2, "maxItems": 2
      },
      "QueryRequest": {
        "type": "object", "required": ["scene"], "additionalProperties": false,
        "description": "Give exactly one of at, rect, near and taps.",
        "properties": {
          "scene": {"$ref": "#/components/schemas/Scene"},
          "frame": {"type": "integer", "minimum": 0, "default": 0, "description": "Camera index"},
          "at": {"$ref": "#/components/schemas/ScreenPoint"},
          "rect": {"type": "array", "description": "[minX, minY, maxX, maxY], min ≤ max", "prefixItems": [{"type": "number"}, {"type": "number"}, {"type": "number"}, {"type": "number"}], "minItems": 4, "maxItems": 4},
          "near": {"$ref": "#/components/schemas/Coordinate"},
          "taps": {"type": "array", "items": {"$ref": "#/components/schemas/ScreenPoint"}},
          "radius": {"type": "number", "minimum": 0, "default": 0, "description": "Tap radius in points, added to each layer's tapRadius; not with rect"},
          "holes": {"enum": ["honoured", "maplibre"], "default": "honoured", "description": "maplibre: a tap inside a polygon hole hits, as queryRenderedFeatures answers"}
        },
        "oneOf": [{"required": ["at"]}, {"required": ["rect"]}, {"required": ["near"]}, {"required": ["taps"]}]
      },
      "QueryHit": {
        "type": "object", "required": ["distance", "id", "kind", "layer"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string", "description": "Annotation or view annotation id (cluster-N for clusters)"},
          "kind": {"enum": ["viewAnnotation", "symbol", "circle", "line", "fill", "cluster"]},
          "layer": {"oneOf": [{"type": "string"}, {"type": "null"}], "description": "Layer id: the manager id ({manager}-cluster-circle for clusters); null for view annotations"},
          "distance": {"type": "number", "minimum": 0, "description": "Points from the tap to the hit area (0 inside)"},
          "customData": {"type": "object", "description": "Present when the annotation has custom data"},
          "cluster": {
            "type": "object", "required": ["clusterId", "expansionZoom", "leaves", "pointCount"], "additionalProperties": false,
            "properties": {
              "clusterId": {"type": "integer"}, "pointCount": {"type": "integer"}, "expansionZoom": {"type": "integer"},
              "leaves": {"type": "array", "items": {"type": "string"}, "description": "The first page of annotation ids inside"}
            }
          }
        }
      },
      "QueryResponse": {
        "oneOf": [
          {
            "type": "object", "required": ["frame", "hits"], "additionalProperties": false,
            "properties": {
              "frame": {"type": "integer"}, "hits": {"type": "array", "items": {"$ref": "#/components/schemas/QueryHit"}},
              "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/SceneWarning"}}
            }
          },
          {
            "type": "object", "required": ["frame", "taps"], "additionalProperties": false,
            "properties": {
              "frame": {"type": "integer"},
              "taps": {
                "type": "array",
                "items": {
                  "type": "object", "required": ["at", "hits"], "additionalProperties": false,
                  "properties": {"at": {"$ref": "#/components/schemas/ScreenPoint"}, "hits": {"type": "array", "items": {"$ref": "#/components/schemas/QueryHit"}}}
                }
              },
              "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/SceneWarning"}}
            }
          }
        ]
      },
      "StyleDocument": {
        "type": "object", "required": ["version", "sources", "layers"],
        "description": "A Mapbox/MapLibre style-spec v8 document",
        "properties": {
          "version": {"const": 8}, "name": {"type": "string"}, "glyphs": {"type": "string"}, "sprite": {"type": "string"},
          "center": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2, "description": "The scene's first camera: [longitude, latitude]"},
          "zoom": {"type": "number"}, "bearing": {"type": "number"}, "pitch": {"type": "number"},
          "sources": {"type": "object"}, "layers": {"type": "array", "items": {"type": "object"}}
        }
      },
      "StyleFragment": {
        "type": "object", "required": ["sources", "layers"], "additionalProperties": false,
        "description": "Add each source, then each layer in order, below the layer named by its beforeId (on top without one)",
        "properties": {
          "sources": {"type": "object"},
          "layers": {"type": "array", "items": {"type": "object"}},
          "images": {"type": "array", "items": {"type": "object"}}
        }
      },
      "ShapeRequest": {
        "type": "object", "required": ["text"], "additionalProperties": false,
        "properties": {
          "text": {"type": "string", "description": "At most the configured text length (default 5000 Unicode scalars)"},
          "font": {"type": "array", "minItems": 1, "items": {"type": "string"}, "default": ["Noto Sans Regular"]},
          "size": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000, "default": 16},
          "maxWidth": {"type": "number", "exclusiveMinimum": 0, "default": 10},
          "lineHeight": {"type": "number", "minimum": 0, "default": 1.2},
          "letterSpacing": {"type": "number", "default": 0},
          "justify": {"enum": ["auto", "left", "center", "right"], "default": "center"},
          "anchor": {"$ref": "#/components/schemas/AnchorName", "default": "center"},
          "transform": {"enum": ["none", "uppercase", "lowercase"], "default": "none"},
          "glyphs": {"type": "boolean", "default": false}
        }
      },
      "ShapeRect": {
        "type": "object", "required": ["x", "y", "width", "height"],
        "properties": {"x": {"type": "number"}, "y": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}}
      },
      "ShapeResponse": {
        "type": "object", "required": ["bounds", "faces", "height", "lines", "missingCodePoints", "unknownFonts", "width"],
        "properties": {
          "width": {"type": "number"},
          "height": {"type": "number"},
          "bounds": {"$ref": "#/components/schemas/ShapeRect"},
          "faces": {"type": "array", "items": {"type": "string"}},
          "missingCodePoints": {"type": "array", "items": {"type": "string", "pattern": "^U\\+[0-9A-F]{4,6}$"}},
          "unknownFonts": {"type": "array", "items": {"type": "string"}},
          "lines": {
            "type": "array",
            "items": {
              "type": "object", "required": ["baseline", "bounds", "start", "end"],
              "properties": {
                "baseline": {"type": "number"},
                "bounds": {"$ref": "#/components/schemas/ShapeRect"},
                "start": {"type": "integer"},
                "end": {"type": "integer"},
                "glyphs": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {"id": {"type": "integer"}, "face": {"type": "integer"}, "cluster": {"type": "integer"}, "x": {"type": "number"}, "y": {"type": "number"}, "advance": {"type": "number"}}
                  }
                }
              }
            }
          }
        }
      },
      "FontsResponse": {
        "type": "object", "required": ["aliases", "fallbacks", "fonts"],
        "properties": {
          "aliases": {"type": "object", "additionalProperties": {"type": "string"}},
          "fallbacks": {"type": "array", "items": {"type": "string"}},
          "fonts": {
            "type": "array",
            "items": {
              "type": "object", "required": ["name", "family", "style", "codePoints", "blocks"],
              "properties": {
                "name": {"type": "string"}, "family": {"type": "string"}, "style": {"type": "string"},
                "codePoints": {"type": "integer"},
                "blocks": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "properties": {"name": {"type": "string"}, "first": {"type": "string"}, "last": {"type": "string"}, "size": {"type": "integer"}, "covered": {"type": "integer"}}
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}
"""#
}
