/// The schemas of zoom-range scenes (`zoomRange` instead of cameras) and
/// their place answer, joined into ``OpenAPIDocument`` with the answers.
extension OpenAPIDocument {
    static let zoomRangeSchemas: String = #"""
      "ZoomRangeScene": {
        "type": "object", "required": ["version", "zoomRange"], "additionalProperties": false,
        "description": "A scene placed once for a whole range of zooms (Mercator, bearing 0, pitch 0, the whole data set): each shown view annotation keeps one anchor and is shown at every zoom from its minZoom to the range's max, never colliding. View annotations bound to GeoJSON Points only; camera, cameras, managers, puck, avoid members, previous, featureState and the globe projection are 422 at their path",
        "properties": {
          "version": {"const": 1},
          "zoomRange": {"$ref": "#/components/schemas/ZoomRange"},
          "viewport": {"$ref": "#/components/schemas/Viewport", "description": "Allowed and unused"},
          "viewAnnotations": {"type": "array", "items": {"$ref": "#/components/schemas/ZoomRangeViewAnnotation"}, "default": [], "description": "Ids unique"},
          "options": {"$ref": "#/components/schemas/Options"},
          "projection": {"type": "object", "additionalProperties": false, "properties": {"type": {"const": "mercator"}}}
        }
      },
      "ZoomRangeViewAnnotation": {
        "description": "A view annotation bound to a GeoJSON Point, with no lineTrim",
        "allOf": [
          {"$ref": "#/components/schemas/ViewAnnotation"},
          {"properties": {"feature": {"$ref": "#/components/schemas/PointGeometry"}, "lineTrim": {"type": "null"}}}
        ]
      },
      "ZoomRange": {
        "type": "object", "required": ["min", "max"], "additionalProperties": false,
        "description": "Zooms placed, both ends included; min ≤ max, both within the camera's limits",
        "properties": {
          "min": {"type": "number", "minimum": 0, "maximum": 25.5},
          "max": {"type": "number", "minimum": 0, "maximum": 25.5}
        }
      },
      "ZoomRangePlaceResponse": {
        "type": "object", "required": ["placements", "stats", "version", "zoomRange"], "additionalProperties": false,
        "properties": {
          "version": {"const": 1},
          "zoomRange": {"$ref": "#/components/schemas/ZoomRange"},
          "placements": {"type": "array", "items": {"$ref": "#/components/schemas/ZoomRangePlacement"}, "description": "One per view annotation, in scene order"},
          "stats": {
            "type": "object", "required": ["coverage", "finished", "hidden", "improvements", "method", "pairTests", "shown"], "additionalProperties": false,
            "properties": {
              "coverage": {"type": "number", "description": "Σ(maxZoom − minZoom) over the shown callouts"},
              "finished": {"type": "boolean", "description": "False when the time budget ended optimise mode's search early (the answer is valid)"},
              "hidden": {"type": "integer", "minimum": 0},
              "improvements": {"type": "integer", "minimum": 0, "description": "Moves of optimise mode's search, each lowering one minZoom"},
              "method": {"enum": ["greedy", "optimise"]},
              "pairTests": {"type": "integer", "minimum": 0, "description": "Pairs of boxes whose conflict zooms were computed"},
              "shown": {"type": "integer", "minimum": 0}
            }
          },
          "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/SceneWarning"}, "description": "Present when there are any"}
        }
      },
      "ZoomRangePlacement": {
        "type": "object", "required": ["id", "visible"], "additionalProperties": false,
        "description": "Shown: visible at every zoom of [minZoom, maxZoom or the range's max] with one anchor. Hidden: never shown in the range",
        "properties": {
          "id": {"type": "string"},
          "visible": {"type": "boolean"},
          "minZoom": {"type": "number"},
          "maxZoom": {"type": "number", "description": "Present when the callout's own maxZoom ends its range below the range's max"},
          "anchor": {"$ref": "#/components/schemas/Anchor"},
          "anchorCoordinate": {"$ref": "#/components/schemas/Coordinate"},
          "hiddenReason": {"$ref": "#/components/schemas/HiddenReason"}
        }
      },
"""#
}
