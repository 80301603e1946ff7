/// The schemas of the scene members that carry motion across frames and
/// requests (a camera's `lineTrim`, the scene's `previous`), joined into
/// ``OpenAPIDocument`` between the request schemas and the answers.
extension OpenAPIDocument {
    static let motionSchemas: String = #"""
      "Trim": {
        "type": "array", "description": "[start, end] progress of a line not drawn (line-trim-offset), 0 ≤ start ≤ end ≤ 1",
        "prefixItems": [{"type": "number", "minimum": 0, "maximum": 1}, {"type": "number", "minimum": 0, "maximum": 1}], "minItems": 2, "maxItems": 2
      },
      "LineTrims": {
        "type": "object", "additionalProperties": {"$ref": "#/components/schemas/Trim"},
        "description": "This frame's trims by view annotation id (its lineTrim) or polyline manager id (its lines' line-trim-offset); a callout's own entry wins over its manager's; unnamed ones keep the scene's"
      },
      "Previous": {
        "description": "The previous answer, seeding the first camera as if it were the frame before it: a map by view annotation id, or the previous place response's last frame (or whole response) pasted as is. Ids the scene no longer has and anchors a callout no longer offers are left out with a previous-ignored warning, the rest placed",
        "anyOf": [
          {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/PreviousEntry"}},
          {"$ref": "#/components/schemas/PreviousPlaceFrame"},
          {"$ref": "#/components/schemas/PreviousPlaceResponse"}
        ]
      },
      "PreviousPlaceResponse": {
        "type": "object", "required": ["frames"], "additionalProperties": false,
        "description": "A place response pasted as is: its last frame is the previous one",
        "properties": {
          "frames": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/PreviousPlaceFrame"}},
          "version": {"description": "Read and ignored"}
        }
      },
      "PreviousPlaceFrame": {
        "type": "object", "required": ["placements"], "additionalProperties": false,
        "description": "A frame of a place response pasted as is: only its placements are read (ids unique)",
        "properties": {
          "placements": {"type": "array", "items": {"$ref": "#/components/schemas/PreviousPlacement"}},
          "camera": {"description": "Read and ignored"},
          "drawOrder": {"description": "Read and ignored"},
          "rejected": {"description": "Read and ignored"},
          "stats": {"description": "Read and ignored"}
        }
      },
      "PreviousPlacement": {
        "type": "object", "required": ["id", "visible"], "additionalProperties": false,
        "description": "A placement of a pasted frame: a shown one names an anchor, a hidden one no anchor nor frame",
        "properties": {
          "id": {"type": "string", "description": "A view annotation of this scene (else left out with a warning)"},
          "visible": {"type": "boolean"},
          "anchor": {"$ref": "#/components/schemas/Anchor"},
          "anchorCoordinate": {"$ref": "#/components/schemas/Coordinate"},
          "frame": {"$ref": "#/components/schemas/Rect", "description": "The box on screen: the motion contract keeps the next box as near it as the rules allow"},
          "zIndex": {"description": "Read and ignored"},
          "hiddenReason": {"description": "Read and ignored"}
        },
        "if": {"properties": {"visible": {"const": false}}},
        "then": {"properties": {"anchor": {"type": "null"}, "anchorCoordinate": {"type": "null"}, "frame": {"type": "null"}}},
        "else": {"required": ["anchor"], "properties": {"anchor": {"not": {"type": "null"}}}}
      },
      "PreviousEntry": {
        "type": "object", "additionalProperties": false,
        "properties": {
          "shown": {"type": "boolean", "default": true},
          "anchor": {"$ref": "#/components/schemas/Anchor", "description": "Required when shown; one the callout no longer offers is not kept (a previous-ignored warning)"},
          "anchorCoordinate": {"$ref": "#/components/schemas/Coordinate", "description": "The point it was anchored to"},
          "frame": {"$ref": "#/components/schemas/Rect", "description": "The box on screen (the answer's frame): the motion contract keeps the next box as near it as the rules allow; without it, the previous anchor at anchorCoordinate stands for it"}
        },
        "if": {"required": ["shown"], "properties": {"shown": {"const": false}}},
        "then": {"properties": {"anchor": {"type": "null"}, "anchorCoordinate": {"type": "null"}, "frame": {"type": "null"}}},
        "else": {"required": ["anchor"], "properties": {"anchor": {"not": {"type": "null"}}}}
      },
"""#
}
