/// The second half of ``OpenAPIDocument``: the schemas of the answers
/// (place, query, compile, shape, fonts), closing the document.
extension OpenAPIDocument {
    static let answerSchemas: String = #"""
      "PlaceResponse": {
        "type": "object", "required": ["frames", "version"], "additionalProperties": false,
        "properties": {
          "version": {"const": 1},
          "frames": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/PlaceFrame"}, "description": "One per camera, in order"},
          "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/SceneWarning"}, "description": "Present when there are any"}
        }
      },
      "SceneWarning": {
        "type": "object", "required": ["annotation", "kind", "message"], "additionalProperties": false,
        "description": "missing-glyphs: text measured with .notdef boxes, code points no bundled or configured font has (codePoints and count present); previous-ignored: part of the scene's previous that no longer applies, left out (path present)",
        "properties": {
          "kind": {"enum": ["missing-glyphs", "previous-ignored"]},
          "path": {"type": "string", "description": "previous-ignored: where in the scene"},
          "annotation": {"type": "string", "description": "The view annotation (callout content) or point annotation (text-field) id"},
          "manager": {"type": "string", "description": "The point manager; absent for view annotations"},
          "codePoints": {"type": "array", "items": {"type": "string", "pattern": "^U\\+[0-9A-F]{4,6}$"}, "maxItems": 32, "description": "Distinct, in text order; the first 32"},
          "count": {"type": "integer", "minimum": 1, "description": "How many distinct code points are missing"},
          "message": {"type": "string"}
        }
      },
      "PlaceFrame": {
        "type": "object", "required": ["camera", "drawOrder", "placements", "stats"], "additionalProperties": false,
        "description": "One camera's placement; pasted as is, the scene's previous",
        "properties": {
          "camera": {"$ref": "#/components/schemas/ResolvedCamera"},
          "drawOrder": {"type": "array", "items": {"type": "string"}, "description": "Ids of the shown callouts, bottom to top"},
          "placements": {"type": "array", "items": {"$ref": "#/components/schemas/Placement"}, "description": "One per view annotation, in scene order"},
          "rejected": {"type": "array", "items": {"$ref": "#/components/schemas/RejectedCandidate"}, "description": "Candidates tried and refused (options.recordRejected); absent when none"},
          "stats": {"$ref": "#/components/schemas/PlaceStats"}
        }
      },
      "ResolvedCamera": {
        "type": "object", "required": ["bearing", "center", "padding", "pitch", "zoom"], "additionalProperties": false,
        "description": "The camera the frame was placed for (a fit resolved)",
        "properties": {
          "bearing": {"type": "number"},
          "center": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "minItems": 2, "maxItems": 2, "description": "[longitude, latitude]"},
          "padding": {
            "type": "object", "required": ["bottom", "left", "right", "top"], "additionalProperties": false,
            "properties": {"bottom": {"type": "number"}, "left": {"type": "number"}, "right": {"type": "number"}, "top": {"type": "number"}}
          },
          "pitch": {"type": "number"},
          "zoom": {"type": "number"}
        }
      },
      "ScreenFrame": {
        "type": "object", "required": ["height", "width", "x", "y"], "additionalProperties": false,
        "description": "A rectangle in screen points, (x, y) its top-left corner",
        "properties": {"height": {"type": "number"}, "width": {"type": "number"}, "x": {"type": "number"}, "y": {"type": "number"}}
      },
      "PlacedAnchor": {
        "type": "object", "required": ["anchor", "offsetX", "offsetY"], "additionalProperties": false,
        "properties": {"anchor": {"$ref": "#/components/schemas/AnchorName"}, "offsetX": {"type": "number"}, "offsetY": {"type": "number"}}
      },
      "HiddenReason": {
        "type": "object", "required": ["code"], "additionalProperties": false,
        "properties": {
          "code": {"enum": ["collision", "puck", "padding", "offscreen", "zoom", "notVisible", "featureNotFound", "avoidRegion", "avoidLayer", "horizon"]},
          "with": {"type": "string", "description": "collision: the callout it would overlap; avoidLayer: the layer"}
        }
      },
      "Placement": {
        "type": "object", "required": ["id", "visible"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "visible": {"type": "boolean"},
          "anchor": {"$ref": "#/components/schemas/PlacedAnchor"},
          "anchorCoordinate": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "number"}], "minItems": 2, "maxItems": 2, "description": "[longitude, latitude] of the point the callout points at"},
          "frame": {"$ref": "#/components/schemas/ScreenFrame"},
          "hiddenReason": {"$ref": "#/components/schemas/HiddenReason"},
          "zIndex": {"type": "integer"}
        }
      },
      "RejectedCandidate": {
        "type": "object", "required": ["anchor", "frame", "id", "reason"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "anchor": {"$ref": "#/components/schemas/PlacedAnchor"},
          "frame": {"$ref": "#/components/schemas/ScreenFrame"},
          "reason": {"$ref": "#/components/schemas/HiddenReason"}
        }
      },
      "PlaceStats": {
        "type": "object", "required": ["candidateTests", "finished", "method", "placed"], "additionalProperties": false,
        "properties": {
          "anchorChanges": {"type": "integer", "minimum": 0, "description": "Shown callouts whose anchor differs from the frame before (absent for a first frame without previous)"},
          "candidateTests": {"type": "integer", "minimum": 0},
          "exactTiers": {"type": "integer", "minimum": 0, "description": "Optimise mode only: the highest priority tiers whose count was decided exactly before the local search"},
          "finished": {"type": "boolean", "description": "false when the optimise search stopped at its time budget"},
          "method": {"enum": ["greedy", "optimise"]},
          "placed": {"type": "integer", "minimum": 0},
          "searchedComponents": {"type": "integer", "minimum": 0, "description": "Optimise mode only: groups of competing callouts that needed a search (the others ended at once, their first free candidates provably optimal)"}
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
          "frame": {"type": "integer", "minimum": 0, "default": 0, "description": "Camera index: less than the scene's number of cameras (else 422)"},
          "at": {"$ref": "#/components/schemas/ScreenPoint"},
          "rect": {"type": "array", "description": "[minX, minY, maxX, maxY], minX ≤ maxX and minY ≤ maxY", "prefixItems": [{"type": "number"}, {"type": "number"}, {"type": "number"}, {"type": "number"}], "minItems": 4, "maxItems": 4},
          "near": {"$ref": "#/components/schemas/Coordinate"},
          "taps": {"type": "array", "items": {"$ref": "#/components/schemas/ScreenPoint"}},
          "radius": {"type": "number", "minimum": 0, "default": 0, "description": "Tap radius in points, added to each layer's tapRadius; not with rect"},
          "holes": {"enum": ["honoured", "maplibre"], "default": "honoured", "description": "maplibre: a tap inside a polygon hole hits, as queryRenderedFeatures answers"},
          "globeTaps": {"enum": ["drawn", "maplibre"], "default": "drawn", "description": "On the globe (below zoom 12): drawn answers what is drawn under the tap; maplibre answers as MapLibre GL JS 5.3's queryRenderedFeatures (a tap in the sky hits at the horizon; circles only within MapLibre's tile query padding of the tap in Web Mercator)"},
          "leafLimit": {"type": "integer", "minimum": 0, "default": 10, "description": "Cluster hits list at most this many annotation ids (getClusterLeaves' limit)"},
          "leafOffset": {"type": "integer", "minimum": 0, "default": 0, "description": "Annotation ids of a cluster skipped before the first listed, depth-first as getClusterLeaves (its offset)"}
        },
        "oneOf": [
          {"required": ["at"], "properties": {"at": {"type": "array"}, "rect": {"type": "null"}, "near": {"type": "null"}, "taps": {"type": "null"}}},
          {"required": ["rect"], "properties": {"at": {"type": "null"}, "rect": {"type": "array"}, "near": {"type": "null"}, "taps": {"type": "null"}, "radius": {"type": "null"}}},
          {"required": ["near"], "properties": {"at": {"type": "null"}, "rect": {"type": "null"}, "near": {"type": "array"}, "taps": {"type": "null"}}},
          {"required": ["taps"], "properties": {"at": {"type": "null"}, "rect": {"type": "null"}, "near": {"type": "null"}, "taps": {"type": "array"}}}
        ]
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
              "clusterId": {"type": "integer"}, "pointCount": {"type": "integer", "minimum": 2}, "expansionZoom": {"type": "integer"},
              "leaves": {"type": "array", "items": {"type": "string"}, "description": "A page of the annotation ids inside (leafLimit, leafOffset; by default the first 10)"},
              "properties": {"type": "object", "description": "The clusterProperties aggregates (present when the manager has some; null where an evaluation failed)"}
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
        "type": "object", "required": ["version", "sources", "layers"], "additionalProperties": false,
        "description": "A Mapbox/MapLibre style-spec v8 document",
        "properties": {
          "version": {"const": 8}, "name": {"type": "string"}, "glyphs": {"type": "string"}, "sprite": {"type": "string"},
          "center": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2, "description": "The scene's first camera: [longitude, latitude]"},
          "zoom": {"type": "number"}, "bearing": {"type": "number"}, "pitch": {"type": "number"},
          "projection": {
            "type": "object", "description": "The scene's projection, absent for Mercator (the style spec's default): MapLibre's spelling for target=portable, Mapbox GL's for target=mapbox",
            "oneOf": [
              {"required": ["type"], "additionalProperties": false, "properties": {"type": {"const": "globe"}}},
              {"required": ["name"], "additionalProperties": false, "properties": {"name": {"const": "globe"}}}
            ]
          },
          "sources": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StyleSource"}, "description": "One per manager, by manager id"},
          "layers": {"type": "array", "items": {"$ref": "#/components/schemas/StyleLayer"}, "description": "Bottom to top: the background (unless background=none), slot markers, then the managers' layers"}
        }
      },
      "StyleFragment": {
        "type": "object", "required": ["sources", "layers"], "additionalProperties": false,
        "description": "Add each source, then each layer in order, below the layer named by its beforeId (on top without one)",
        "properties": {
          "sources": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/StyleSource"}},
          "layers": {"type": "array", "items": {"$ref": "#/components/schemas/StyleLayer"}},
          "images": {"type": "array", "items": {"$ref": "#/components/schemas/StyleImage"}, "description": "Images the layers reference (map.addImage before adding them); absent when none"}
        }
      },
      "StyleSource": {
        "type": "object", "required": ["type", "data"], "additionalProperties": false,
        "description": "A GeoJSON source with its data inline",
        "properties": {
          "type": {"const": "geojson"},
          "data": {
            "type": "object", "required": ["type", "features"], "additionalProperties": false,
            "properties": {"type": {"const": "FeatureCollection"}, "features": {"type": "array", "items": {"$ref": "#/components/schemas/StyleFeature"}}}
          },
          "promoteId": {"type": "string"},
          "cluster": {"const": true},
          "clusterRadius": {"type": "number"},
          "clusterMaxZoom": {"type": "number"},
          "clusterMinPoints": {"type": "integer"},
          "clusterProperties": {"type": "object", "additionalProperties": {"type": "array", "description": "[reduce operator or expression, map expression]"}}
        }
      },
      "StyleFeature": {
        "type": "object", "required": ["type", "geometry", "properties"], "additionalProperties": false,
        "description": "An annotation as a GeoJSON Feature: its id, its geometry, its custom data and per-annotation style values",
        "properties": {
          "type": {"const": "Feature"},
          "id": {"type": "string"},
          "geometry": {"$ref": "#/components/schemas/Geometry"},
          "properties": {
            "type": "object",
            "properties": {
              "custom_data": {"type": "object"},
              "id": {"type": "string", "description": "The annotation id, when the manager promotes ids"}
            },
            "patternProperties": {"^layerProperties\\.": {"description": "Per-annotation style-spec values, one flat member per key (layerProperties.line-width), read by the layer as [\"get\", \"layerProperties.line-width\"]"}}
          }
        }
      },
      "StyleLayer": {
        "type": "object", "required": ["id", "type"], "additionalProperties": false,
        "description": "A style-spec v8 layer",
        "properties": {
          "id": {"type": "string"},
          "type": {"enum": ["background", "fill", "line", "symbol", "circle", "slot"]},
          "source": {"type": "string"},
          "slot": {"type": "string"},
          "filter": {"type": "array", "description": "A style-spec filter expression"},
          "layout": {"type": "object", "description": "Layout properties by style-spec key (values or expressions)"},
          "paint": {"type": "object", "description": "Paint properties by style-spec key (values or expressions)"},
          "minzoom": {"type": "number"},
          "maxzoom": {"type": "number"},
          "beforeId": {"type": "string", "description": "Fragments only: the existing layer this one goes directly below"}
        }
      },
      "StyleImage": {
        "type": "object", "required": ["name", "width", "height", "pixelRatio", "sdf"], "additionalProperties": false,
        "properties": {
          "name": {"type": "string"}, "width": {"type": "integer", "minimum": 0}, "height": {"type": "integer", "minimum": 0},
          "pixelRatio": {"type": "number"}, "sdf": {"type": "boolean"}
        }
      },
      "ShapeRequest": {
        "type": "object", "required": ["text"], "additionalProperties": false,
        "properties": {
          "text": {"$ref": "#/components/schemas/Text"},
          "font": {"$ref": "#/components/schemas/FontStack", "default": ["Noto Sans Regular"]},
          "size": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000, "default": 16},
          "maxWidth": {"type": "number", "exclusiveMinimum": 0, "default": 10},
          "lineHeight": {"type": "number", "minimum": 0, "maximum": 1000, "default": 1.2},
          "letterSpacing": {"type": "number", "minimum": -1000, "maximum": 1000, "default": 0},
          "justify": {"enum": ["auto", "left", "center", "right"], "default": "center"},
          "anchor": {"$ref": "#/components/schemas/AnchorName", "default": "center"},
          "transform": {"enum": ["none", "uppercase", "lowercase"], "default": "none"},
          "glyphs": {"type": "boolean", "default": false}
        }
      },
      "ShapeRect": {
        "type": "object", "required": ["x", "y", "width", "height"], "additionalProperties": false,
        "properties": {"x": {"type": "number"}, "y": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}}
      },
      "ShapeResponse": {
        "type": "object", "required": ["bounds", "faces", "height", "lines", "missingCodePoints", "unknownFonts", "width"], "additionalProperties": false,
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
              "type": "object", "required": ["baseline", "bounds", "start", "end"], "additionalProperties": false,
              "properties": {
                "baseline": {"type": "number"},
                "bounds": {"$ref": "#/components/schemas/ShapeRect"},
                "start": {"type": "integer"},
                "end": {"type": "integer"},
                "glyphs": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["advance", "cluster", "face", "id", "x", "y"], "additionalProperties": false,
                    "properties": {"id": {"type": "integer", "description": "Glyph id in the face"}, "face": {"type": "integer", "description": "Index into faces"}, "cluster": {"type": "integer"}, "x": {"type": "number"}, "y": {"type": "number"}, "advance": {"type": "number"}}
                  }
                }
              }
            }
          }
        }
      },
      "FontsResponse": {
        "type": "object", "required": ["aliases", "fallbacks", "fonts"], "additionalProperties": false,
        "properties": {
          "aliases": {"type": "object", "additionalProperties": {"type": "string"}},
          "fallbacks": {"type": "array", "items": {"type": "string"}},
          "fonts": {
            "type": "array",
            "items": {
              "type": "object", "required": ["name", "family", "style", "codePoints", "blocks"], "additionalProperties": false,
              "properties": {
                "name": {"type": "string"}, "family": {"type": "string"}, "style": {"type": "string"},
                "codePoints": {"type": "integer"},
                "blocks": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["name", "first", "last", "size", "covered"], "additionalProperties": false,
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
