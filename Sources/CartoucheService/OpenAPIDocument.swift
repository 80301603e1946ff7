import CartoucheScene
/// The service's OpenAPI 3.1 description, served at `/openapi.json`.
///
/// Written by hand to follow the decoders exactly (`SceneDocument(json:)`,
/// `ShapeRequest(json:)`): every member, its type, default and whether it is
/// required; `additionalProperties: false` wherever the decoder rejects
/// unknown members. `OpenAPITests` checks every member of the example scenes
/// is described here and that the paths match ``ServiceRoute`` both ways.
public enum OpenAPIDocument {
    /// The document, with `info.version` set to ``CartoucheVersion/string``.
    public static let json: String = template.replacingOccurrences(
        of: #""version": "CARTOUCHE_VERSION""#, with: #""version": "\#(CartoucheVersion.string)""#)

    /// The document is long; its answers' schemas live in
    /// `OpenAPIDocument+Answers.swift` (``answerSchemas``), joined here.
    private static let template: String = pathsAndRequestSchemas + "\n" + motionSchemas + "\n" + answerSchemas

    /// From the top of the document to the last request schema (`Options`).
    private static let pathsAndRequestSchemas: String = #"""
{
  "openapi": "3.1.0",
  "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
  "info": {
    "title": "Cartouche",
    "version": "CARTOUCHE_VERSION",
    "description": "Places view-annotation callouts with a collision-aware solver and HarfBuzz-shaped text metrics. Every error is an RFC 9457 problem (application/problem+json)."
  },
  "paths": {
    "/v1/place": {
      "post": {
        "operationId": "placeScene",
        "summary": "Place the view annotations of a scene, one frame per camera",
        "parameters": [
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Scene"}}}},
        "responses": {
          "200": {"description": "The placement", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PlaceResponse"}}}},
          "400": {"$ref": "#/components/responses/MalformedJSON"},
          "413": {"$ref": "#/components/responses/TooLarge"},
          "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
          "422": {"$ref": "#/components/responses/InvalidValue"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/compile": {
      "post": {
        "operationId": "compileScene",
        "summary": "Compile a scene's annotation managers to a complete v8 style, or to a fragment to merge into one",
        "description": "The body is exactly the style (or fragment) the library builds, keys sorted. Non-fatal compile warnings (duplicate annotation ids; the first is kept) travel in headers: Cartouche-Warning-Count (always) and Cartouche-Warnings (a JSON array of the first messages: at most 10, each cut to 200 characters, at most 4 KiB; non-ASCII escaped as \\uXXXX).",
        "parameters": [
          {"name": "output", "in": "query", "schema": {"enum": ["style", "fragment"], "default": "style"}},
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"},
          {"name": "name", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Style name (output=style only)"},
          {"name": "glyphs", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Glyph URL template (output=style only)"},
          {"name": "sprite", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Sprite URL (output=style only)"},
          {"name": "background", "in": "query", "schema": {"type": "string", "default": "white"}, "description": "CSS colour of the background layer, or none (output=style only)"},
          {"name": "slots", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Comma-separated Mapbox slot names, bottom to top (output=style only)"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Scene"}}}},
        "responses": {
          "200": {
            "description": "A v8 style document, or {sources, layers, images?}",
            "headers": {
              "Cartouche-Warning-Count": {"schema": {"type": "integer", "minimum": 0}},
              "Cartouche-Warnings": {"schema": {"type": "string"}, "description": "JSON array of strings; present when the count is not 0"}
            },
            "content": {"application/json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/StyleDocument"}, {"$ref": "#/components/schemas/StyleFragment"}]}}}
          },
          "400": {"$ref": "#/components/responses/BadRequest"},
          "413": {"$ref": "#/components/responses/TooLarge"},
          "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
          "422": {"$ref": "#/components/responses/InvalidValue"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/query": {
      "post": {
        "operationId": "queryScene",
        "summary": "Hit-test taps on a scene for one camera, top-most first",
        "parameters": [
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QueryRequest"}}}},
        "responses": {
          "200": {"description": "Hits, or hits per tap", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QueryResponse"}}}},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "413": {"$ref": "#/components/responses/TooLarge"},
          "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
          "422": {"$ref": "#/components/responses/InvalidValue"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/render": {
      "post": {
        "operationId": "renderScene",
        "summary": "Draw a scene's result for one camera as SVG",
        "parameters": [
          {"name": "frame", "in": "query", "schema": {"type": "integer", "minimum": 0, "default": 0}, "description": "Camera index (422 when the scene has no such camera)"},
          {"name": "ghosts", "in": "query", "schema": {"enum": ["true", "false"], "default": "false"}, "description": "Draw rejected candidates"},
          {"name": "caption", "in": "query", "schema": {"enum": ["true", "false"], "default": "true"}},
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Scene"}}}},
        "responses": {
          "200": {"description": "The picture", "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "413": {"$ref": "#/components/responses/TooLarge"},
          "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
          "422": {"$ref": "#/components/responses/InvalidValue"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/shape": {
      "post": {
        "operationId": "shapeText",
        "summary": "Lay out one text with style-spec properties",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ShapeRequest"}}}},
        "responses": {
          "200": {"description": "Text metrics", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ShapeResponse"}}}},
          "400": {"$ref": "#/components/responses/MalformedJSON"},
          "413": {"$ref": "#/components/responses/TooLarge"},
          "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
          "422": {"$ref": "#/components/responses/InvalidValue"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/fonts": {
      "get": {
        "operationId": "listFonts",
        "summary": "Loaded fonts with their Unicode coverage",
        "responses": {"200": {"description": "Fonts", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/FontsResponse"}}}}}
      }
    },
    "/healthz": {
      "get": {
        "operationId": "health",
        "summary": "Liveness; answered even while heavy requests run",
        "responses": {"200": {"description": "Alive", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"const": "ok"}, "version": {"type": "string", "description": "The Cartouche version answering (semantic versioning)"}}, "required": ["status", "version"], "additionalProperties": false}}}}}
      }
    },
    "/metrics": {
      "get": {
        "operationId": "metrics",
        "summary": "Prometheus metrics (text exposition format)",
        "responses": {"200": {"description": "Metrics", "content": {"text/plain": {"schema": {"type": "string"}}}}}
      }
    },
    "/openapi.json": {
      "get": {
        "operationId": "openAPIDocument",
        "summary": "This document",
        "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {"schema": {"type": "object"}}}}}
      }
    },
    "/v1/examples": {
      "get": {
        "operationId": "listExamples",
        "summary": "The example scenes loaded at start-up (cartouche serve --examples DIR), sorted by name",
        "responses": {"200": {"description": "Examples", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ExamplesResponse"}}}}}
      }
    },
    "/": {
      "get": {
        "operationId": "playgroundPage",
        "summary": "The playground: an HTML page that places, draws and queries scenes with this service",
        "responses": {"200": {"description": "The page (Content-Security-Policy: only this server's script, style and API)", "content": {"text/html": {"schema": {"type": "string"}}}}}
      }
    },
    "/playground.js": {
      "get": {
        "operationId": "playgroundScript",
        "summary": "The playground's script",
        "responses": {"200": {"description": "JavaScript", "content": {"text/javascript": {"schema": {"type": "string"}}}}}
      }
    },
    "/playground.css": {
      "get": {
        "operationId": "playgroundStyleSheet",
        "summary": "The playground's style sheet",
        "responses": {"200": {"description": "CSS", "content": {"text/css": {"schema": {"type": "string"}}}}}
      }
    }
  },
  "components": {
    "responses": {
      "BadRequest": {"description": "The body is not JSON (line and column given), or a query parameter is unknown, repeated or has a bad value (parameter given)", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "MalformedJSON": {"description": "The body is not JSON (line and column given)", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "TooLarge": {"description": "Body over the byte limit, or more view annotations than allowed", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "UnsupportedMediaType": {"description": "Content-Type is not JSON", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "InvalidValue": {"description": "Valid JSON that breaks the rules (path given)", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "Unavailable": {"description": "Time budget exhausted or too many heavy requests waiting; see Retry-After", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    },
    "schemas": {
      "Problem": {
        "type": "object",
        "required": ["type", "title", "status", "detail"],
        "properties": {
          "type": {"type": "string", "format": "uri"},
          "title": {"type": "string"},
          "status": {"type": "integer"},
          "detail": {"type": "string"},
          "instance": {"type": "string"},
          "path": {"type": "string", "description": "JSON path of the offending value, e.g. viewAnnotations[3].size.width"},
          "parameter": {"type": "string", "description": "The query parameter with the bad value, e.g. target"},
          "line": {"type": "integer", "minimum": 1},
          "column": {"type": "integer", "minimum": 1}
        }
      },
      "ExamplesResponse": {
        "type": "object", "required": ["examples"], "additionalProperties": false,
        "properties": {
          "examples": {
            "type": "array",
            "items": {
              "type": "object", "required": ["name", "scene"], "additionalProperties": false,
              "properties": {
                "name": {"type": "string", "description": "The file name without .scene.json"},
                "scene": {"$ref": "#/components/schemas/Scene"}
              }
            }
          }
        }
      },
      "Scene": {
        "type": "object",
        "description": "Scene document version 1. Give exactly one of camera and cameras.",
        "required": ["version", "viewport"],
        "additionalProperties": false,
        "properties": {
          "version": {"const": 1},
          "viewport": {"$ref": "#/components/schemas/Viewport"},
          "camera": {"$ref": "#/components/schemas/Camera"},
          "cameras": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Camera"}},
          "puck": {"$ref": "#/components/schemas/Puck"},
          "viewAnnotations": {"type": "array", "items": {"$ref": "#/components/schemas/ViewAnnotation"}, "default": []},
          "avoidRegions": {"type": "array", "items": {"$ref": "#/components/schemas/Rect"}, "default": []},
          "avoidLines": {"type": "array", "items": {"$ref": "#/components/schemas/AvoidLine"}, "default": []},
          "managers": {"type": "array", "items": {"$ref": "#/components/schemas/Manager"}, "default": [], "description": "Annotation managers (ids unique)"},
          "avoidLayers": {"type": "array", "items": {"type": "string"}, "default": [], "description": "Ids of polyline managers whose lines callouts avoid"},
          "images": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Size"}, "default": {}, "description": "Icon image sizes by name"},
          "basemap": {"$ref": "#/components/schemas/Basemap"},
          "options": {"$ref": "#/components/schemas/Options"},
          "previous": {"$ref": "#/components/schemas/Previous"}
        },
        "oneOf": [{"required": ["camera"]}, {"required": ["cameras"]}]
      },
      "Manager": {
        "type": "object", "required": ["id", "type"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "type": {"enum": ["point", "circle", "polyline", "polygon"]},
          "layerPosition": {
            "type": "object", "additionalProperties": false,
            "properties": {"above": {"type": "string"}, "below": {"type": "string"}, "at": {"type": "integer"}}
          },
          "slot": {"type": "string", "description": "A slot of the basemap (basemap.slots); Mapbox-only: needs options.target mapbox"},
          "tapRadius": {"type": "number", "minimum": 0, "default": 0},
          "properties": {"type": "object", "description": "Manager-wide style-spec layout and paint properties, by style-spec name"},
          "annotations": {"type": "array", "items": {"$ref": "#/components/schemas/Annotation"}, "default": []},
          "cluster": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/ClusterOptions"}], "description": "Point managers only"}
        }
      },
      "Annotation": {
        "type": "object", "required": ["id", "geometry"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "geometry": {"$ref": "#/components/schemas/Geometry"},
          "properties": {"type": "object", "description": "Per-annotation style-spec properties"},
          "customData": {"type": "object"}
        }
      },
      "ClusterOptions": {
        "type": "object", "additionalProperties": false,
        "properties": {
          "radius": {"type": "number", "minimum": 0},
          "maxZoom": {"type": "number", "minimum": 0, "maximum": 24},
          "minPoints": {"type": "integer", "minimum": 1},
          "circleRadius": {"type": "number", "minimum": 0},
          "circleColor": {"type": "string"},
          "textColor": {"type": "string"},
          "textSize": {"type": "number", "minimum": 0}
        }
      },
      "Viewport": {
        "type": "object", "required": ["width", "height"], "additionalProperties": false,
        "description": "The map's size in screen points",
        "properties": {"width": {"type": "number", "exclusiveMinimum": 0, "maximum": 16384}, "height": {"type": "number", "exclusiveMinimum": 0, "maximum": 16384}}
      },
      "Size": {
        "type": "object", "required": ["width", "height"], "additionalProperties": false,
        "properties": {"width": {"type": "number", "minimum": 0}, "height": {"type": "number", "minimum": 0}}
      },
      "Rect": {
        "type": "object", "required": ["x", "y", "width", "height"], "additionalProperties": false,
        "properties": {
          "x": {"type": "number"}, "y": {"type": "number"},
          "width": {"type": "number", "minimum": 0}, "height": {"type": "number", "minimum": 0}
        }
      },
      "Insets": {
        "type": "object", "additionalProperties": false,
        "properties": {
          "top": {"type": "number", "minimum": 0, "default": 0}, "left": {"type": "number", "minimum": 0, "default": 0},
          "bottom": {"type": "number", "minimum": 0, "default": 0}, "right": {"type": "number", "minimum": 0, "default": 0}
        }
      },
      "Coordinate": {
        "type": "array", "description": "[longitude, latitude] as in GeoJSON",
        "prefixItems": [{"type": "number", "minimum": -180, "maximum": 180}, {"type": "number", "minimum": -90, "maximum": 90}],
        "minItems": 2, "maxItems": 2
      },
      "Camera": {
        "oneOf": [
          {
            "type": "object", "required": ["fit"], "additionalProperties": false,
            "properties": {
              "fit": {"$ref": "#/components/schemas/Fit"},
              "puck": {"$ref": "#/components/schemas/Puck", "description": "This frame's puck (default: the scene's)"},
              "lineTrim": {"$ref": "#/components/schemas/LineTrims"}
            }
          },
          {
            "type": "object", "required": ["center", "zoom"], "additionalProperties": false,
            "properties": {
              "center": {"$ref": "#/components/schemas/Coordinate"},
              "zoom": {"type": "number"},
              "bearing": {"type": "number", "default": 0},
              "pitch": {"type": "number", "default": 0},
              "padding": {"$ref": "#/components/schemas/Insets"},
              "puck": {"$ref": "#/components/schemas/Puck", "description": "This frame's puck (default: the scene's)"},
              "lineTrim": {"$ref": "#/components/schemas/LineTrims"}
            }
          }
        ]
      },
      "Fit": {
        "type": "object", "additionalProperties": false, "description": "Fit every view annotation's geometry and the puck",
        "properties": {
          "padding": {"$ref": "#/components/schemas/Insets"},
          "bearing": {"type": "number", "default": 0},
          "pitch": {"type": "number", "default": 0},
          "maxZoom": {"type": "number", "default": 22}
        }
      },
      "Puck": {
        "type": "object", "required": ["coordinate"], "additionalProperties": false,
        "properties": {
          "coordinate": {"$ref": "#/components/schemas/Coordinate"},
          "bearing": {"type": "number", "default": 0},
          "size": {"$ref": "#/components/schemas/Size", "default": {"width": 48, "height": 48}}
        }
      },
      "Anchor": {
        "oneOf": [
          {"$ref": "#/components/schemas/AnchorName"},
          {
            "type": "object", "required": ["anchor"], "additionalProperties": false,
            "properties": {
              "anchor": {"$ref": "#/components/schemas/AnchorName"},
              "offsetX": {"type": "number", "default": 0},
              "offsetY": {"type": "number", "default": 0}
            }
          }
        ]
      },
      "AnchorName": {"enum": ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left", "bottom-right"]},
      "Feature": {
        "oneOf": [
          {"$ref": "#/components/schemas/Geometry"},
          {
            "type": "object", "required": ["layerId"], "additionalProperties": false,
            "properties": {"layerId": {"type": "string"}, "featureId": {"type": "string"}}
          }
        ]
      },
      "Geometry": {
        "type": "object", "description": "A GeoJSON geometry (RFC 7946)", "required": ["type"],
        "properties": {
          "type": {"enum": ["Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection"]},
          "coordinates": {"type": "array"},
          "geometries": {"type": "array", "items": {"$ref": "#/components/schemas/Geometry"}},
          "bbox": {"type": "array", "items": {"type": "number"}}
        }
      },
      "ViewAnnotation": {
        "type": "object", "required": ["id", "feature"], "additionalProperties": false,
        "description": "Give exactly one of size and content.",
        "properties": {
          "id": {"type": "string"},
          "feature": {"$ref": "#/components/schemas/Feature"},
          "size": {"$ref": "#/components/schemas/Size"},
          "content": {"$ref": "#/components/schemas/Content"},
          "variableAnchors": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/Anchor"}, "default": ["center"]},
          "allowOverlap": {"type": "boolean", "default": false},
          "allowOverlapWithPuck": {"type": "boolean", "default": false},
          "ignoreCameraPadding": {"type": "boolean", "default": false},
          "visible": {"type": "boolean", "default": true},
          "priority": {"type": "integer", "default": 0},
          "selected": {"type": "boolean", "default": false},
          "minZoom": {"type": "number", "default": 0},
          "maxZoom": {"type": "number", "default": 22},
          "collisionBoxes": {"type": "array", "items": {"$ref": "#/components/schemas/Rect"}},
          "enableAvoidRegions": {"type": "boolean", "default": true},
          "enableSymbolLayerCollision": {"type": "boolean", "default": false},
          "lineTrim": {"$ref": "#/components/schemas/Trim"}
        },
        "oneOf": [{"required": ["size"]}, {"required": ["content"]}]
      },
      "Content": {
        "oneOf": [
          {
            "type": "object", "required": ["eta"], "additionalProperties": false,
            "properties": {
              "eta": {
                "type": "object", "required": ["title"], "additionalProperties": false,
                "properties": {"title": {"type": "string"}, "hint": {"type": "string"}, "icon": {"type": "boolean", "default": true}}
              }
            }
          },
          {
            "type": "object", "required": ["runs"], "additionalProperties": false,
            "properties": {
              "runs": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/TextRun"}},
              "padding": {"$ref": "#/components/schemas/Insets", "default": {"top": 10, "left": 10, "bottom": 10, "right": 10}},
              "icon": {
                "type": "object", "required": ["width", "height"], "additionalProperties": false,
                "properties": {"width": {"type": "number", "minimum": 0}, "height": {"type": "number", "minimum": 0}, "gap": {"type": "number", "minimum": 0, "default": 0}}
              },
              "tailSize": {"type": "number", "minimum": 0, "default": 8},
              "lineHeightMultiple": {"type": "number", "exclusiveMinimum": 0, "default": 1},
              "lineSpacing": {"type": "number", "minimum": 0, "default": 0},
              "maxTextWidth": {"type": "number", "exclusiveMinimum": 0}
            }
          }
        ]
      },
      "TextRun": {
        "type": "object", "required": ["text"], "additionalProperties": false,
        "properties": {
          "text": {"type": "string"},
          "font": {"type": "array", "minItems": 1, "items": {"type": "string"}, "default": ["Noto Sans Regular"]},
          "size": {"type": "number", "exclusiveMinimum": 0, "default": 12}
        }
      },
      "AvoidLine": {
        "type": "object", "required": ["id", "coordinates"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "coordinates": {"type": "array", "minItems": 2, "items": {"$ref": "#/components/schemas/Coordinate"}},
          "width": {"type": "number", "minimum": 0, "default": 1}
        }
      },
      "Options": {
        "type": "object", "additionalProperties": false,
        "properties": {
          "mode": {"enum": ["greedy", "optimise"], "default": "greedy"},
          "cullingMargin": {"type": "number", "minimum": 0, "default": 0},
          "lineClearance": {"type": "number", "minimum": 0, "description": "Default: half the callout's larger side + 4"},
          "recordRejected": {"type": "boolean", "default": false},
          "target": {"enum": ["portable", "mapbox"], "default": "portable", "description": "The renderers the scene is for, on every route: portable (MapLibre and Mapbox GL) refuses Mapbox-only properties and slots; mapbox accepts them and honours line-trim-offset in geometry. A target query parameter (CLI --target) overrides it"}
        }
      },
      "Basemap": {
        "type": "object", "additionalProperties": false,
        "description": "The client's map the managers' layers go among. Its layers are never in the output: fragments name them in beforeId",
        "properties": {
          "layers": {"type": "array", "items": {"type": "string", "minLength": 1}, "default": [], "description": "Ids of the basemap's layers, bottom to top, that layerPosition above/below may name"},
          "slots": {"type": "array", "items": {"type": "string", "minLength": 1}, "default": ["bottom", "middle", "top"], "description": "The basemap's slots, bottom to top (Mapbox Standard's by default)"}
        }
      },
"""#
}
