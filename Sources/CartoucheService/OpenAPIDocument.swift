import CartoucheScene
/// The service's OpenAPI 3.1 description, served at `/openapi.json`.
///
/// Written by hand to follow the decoders exactly (`SceneDocument(json:)`,
/// `ShapeRequest(json:)`): every member, its type, default and whether it is
/// required; `additionalProperties: false` wherever the decoder rejects
/// unknown members. `OpenAPITests` checks every member of the example scenes
/// is described here and that the paths match ``ServiceRoute`` both ways.
public enum OpenAPIDocument {
    /// The document for no particular server: `info.version` set to
    /// `CartoucheVersion.string`, font stacks taking any names and texts
    /// any length. A server serves ``json(fontNames:maxTextLength:)`` with
    /// its own fonts and limit.
    public static let json: String = json(fontNames: [])

    /// The hand-written text. It is long; its answers' schemas live in
    /// `OpenAPIDocument+Answers.swift` (``answerSchemas``), joined here.
    static let template: String = pathsAndRequestSchemas + "\n" + geometrySchemas + "\n" + motionSchemas + "\n" + zoomRangeSchemas + "\n" + answerSchemas

    /// The 256 glyph ranges of the Basic Multilingual Plane (`0-255` …
    /// `65280-65535`) as a JSON array: the only range names the glyph route takes.
    static let glyphRangeNames: String =
        "[" + stride(from: 0, to: 65536, by: 256).map { "\"\($0)-\($0 + 255)\"" }.joined(separator: ", ") + "]"

    /// From the top of the document to the last request schema (`Options`).
    private static let pathsAndRequestSchemas: String = #"""
{
  "openapi": "3.1.0",
  "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
  "info": {
    "title": "Cartouche",
    "version": "CARTOUCHE_VERSION",
    "description": "Places view-annotation callouts with a collision-aware solver and HarfBuzz-shaped text metrics. Every error is an RFC 9457 problem (application/problem+json). In request bodies an optional member given as null is the same as an absent one."
  },
  "paths": {
    "/v1/place": {
      "post": {
        "operationId": "placeScene",
        "summary": "Place the view annotations of a scene, one frame per camera (or once for a zoom range)",
        "parameters": [
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"},
          {"name": "mode", "in": "query", "schema": {"enum": ["greedy", "optimise"]}, "description": "Overrides the scene's options.mode (default greedy): greedy is Mapbox's first fit in priority order; optimise keeps the priority contract and shows as many callouts as it can"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/Scene"}, {"$ref": "#/components/schemas/ZoomRangeScene"}]}}}},
        "responses": {
          "200": {"description": "The placement", "headers": {"Cartouche-Warning-Count": {"schema": {"type": "integer", "minimum": 0}}, "Cartouche-Warnings": {"schema": {"type": "string"}, "description": "JSON array of strings (missing glyphs); present when the count is not 0"}}, "content": {"application/json": {"schema": {"anyOf": [{"$ref": "#/components/schemas/PlaceResponse"}, {"$ref": "#/components/schemas/ZoomRangePlaceResponse"}]}}}},
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
        "description": "The body is exactly the style (or fragment) the library builds, keys sorted. Non-fatal compile warnings (duplicate annotation ids: the first is kept; point labels with code points no font has) travel in headers: Cartouche-Warning-Count (always) and Cartouche-Warnings (a JSON array of the first messages: at most 10, each cut to 200 characters, at most 4 KiB; non-ASCII escaped as \\uXXXX).",
        "parameters": [
          {"name": "output", "in": "query", "schema": {"enum": ["style", "fragment"], "default": "style"}},
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"},
          {"name": "name", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Style name (output=style only: with output=fragment it is a 400, as are glyphs, sprite, background and slots)"},
          {"name": "glyphs", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Glyph URL template (output=style only); default for a style that draws text: this service's /v1/glyphs/{fontstack}/{range}.pbf as an absolute URL (--public-url, else http:// and the request's Host); a style without text gets none"},
          {"name": "sprite", "in": "query", "schema": {"type": "string", "minLength": 1}, "description": "Sprite URL (output=style only)"},
          {"name": "background", "in": "query", "schema": {"anyOf": [{"const": "none"}, {"$ref": "#/components/schemas/Color"}], "default": "white"}, "description": "CSS colour of the background layer, or none (output=style only)"},
          {"name": "slots", "in": "query", "schema": {"type": "string", "pattern": "^[^,]+(,[^,]+)*$"}, "description": "Comma-separated Mapbox slot names, none empty, bottom to top (output=style only)"}
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
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"},
          {"name": "mode", "in": "query", "schema": {"enum": ["greedy", "optimise"]}, "description": "Overrides the scene's options.mode (default greedy): greedy is Mapbox's first fit in priority order; optimise keeps the priority contract and shows as many callouts as it can"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QueryRequest"}}}},
        "responses": {
          "200": {"description": "Hits, or hits per tap", "headers": {"Cartouche-Warning-Count": {"schema": {"type": "integer", "minimum": 0}}, "Cartouche-Warnings": {"schema": {"type": "string"}, "description": "JSON array of strings (missing glyphs); present when the count is not 0"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QueryResponse"}}}},
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
          {"name": "frame", "in": "query", "schema": {"type": "integer", "minimum": 0, "maximum": 2147483647, "default": 0}, "description": "Camera index (422 when the scene has no such camera)"},
          {"name": "ghosts", "in": "query", "schema": {"enum": ["true", "false"], "default": "false"}, "description": "Draw rejected candidates"},
          {"name": "caption", "in": "query", "schema": {"enum": ["true", "false"], "default": "true"}},
          {"name": "target", "in": "query", "schema": {"enum": ["portable", "mapbox"]}, "description": "Overrides the scene's options.target (default portable): portable refuses Mapbox-only properties and slots; mapbox accepts them"},
          {"name": "mode", "in": "query", "schema": {"enum": ["greedy", "optimise"]}, "description": "Overrides the scene's options.mode (default greedy): greedy is Mapbox's first fit in priority order; optimise keeps the priority contract and shows as many callouts as it can"}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Scene"}}}},
        "responses": {
          "200": {"description": "The picture", "headers": {"Cartouche-Warning-Count": {"schema": {"type": "integer", "minimum": 0}}, "Cartouche-Warnings": {"schema": {"type": "string"}, "description": "JSON array of strings (missing glyphs); present when the count is not 0"}}, "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
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
        "parameters": [
          {"name": "style", "in": "query", "required": false, "description": "http(s) URL of a MapLibre/Mapbox style the page draws with MapLibre GL JS under the callouts; the page's Content-Security-Policy then also allows that URL's origin", "schema": {"type": "string", "format": "uri"}}
        ],
        "responses": {
          "200": {"description": "The page (Content-Security-Policy: only this server's script, style and API, plus the style's origin when one is given)", "content": {"text/html": {"schema": {"type": "string"}}}},
          "400": {"$ref": "#/components/responses/BadRequest"}
        }
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
    },
    "/v1/glyphs/{fontstack}/{range}.pbf": {
      "get": {
        "operationId": "glyphRange",
        "summary": "A Mapbox glyph range (SDF protocol buffer, 24 px, 3 px buffer) made from the fonts text is measured with; point a style's glyphs at /v1/glyphs/{fontstack}/{range}.pbf",
        "parameters": [
          {"name": "fontstack", "in": "path", "required": true, "description": "Comma-separated font names as in text-font (percent-encoded), resolved like text-font for shaping: aliases, unknown names skipped (and warned about), then the bundled fallbacks", "schema": {"type": "string"}, "example": "Noto Sans Regular"},
          {"name": "range", "in": "path", "required": true, "description": "N-(N+255) with N a multiple of 256, up to 65280-65535", "schema": {"enum": \#(glyphRangeNames)}, "example": "0-255"}
        ],
        "responses": {
          "200": {"description": "The range's glyphs (glyphs.proto); Cache-Control public for a day, a strong ETag", "headers": {"ETag": {"schema": {"type": "string"}}, "Cache-Control": {"schema": {"type": "string"}}, "Cartouche-Warning-Count": {"schema": {"type": "integer"}}, "Cartouche-Warnings": {"description": "JSON array of the first warnings (names of the stack that are not fonts)", "schema": {"type": "string"}}}, "content": {"application/x-protobuf": {"schema": {"type": "string", "format": "binary"}}}},
          "304": {"description": "If-None-Match named the current ETag"},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "404": {"description": "No name of the font stack is a known font (parameter fontstack)", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
          "503": {"$ref": "#/components/responses/Unavailable"}
          }
        }
      },
    "/playground/basemap.geojson": {
      "get": {
        "operationId": "playgroundBasemap",
        "summary": "The playground's basemap (cartouche serve --basemap FILE; scripts/setup writes Natural Earth 1:110m countries)",
        "responses": {
          "200": {"description": "A GeoJSON FeatureCollection, as in the file", "content": {"application/geo+json": {"schema": {"type": "object", "required": ["type", "features"], "properties": {"type": {"const": "FeatureCollection"}, "features": {"type": "array"}}}}}},
          "404": {"description": "No basemap installed; the detail says how to install one", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        }
      }
    },
    "/playground/vendor/maplibre-gl.js": {
      "get": {
        "operationId": "playgroundMapLibreScript",
        "summary": "MapLibre GL JS, for the playground opened with ?style=URL (cartouche serve --maplibre DIR; scripts/setup copies it from the PyPI maplibre wheel)",
        "responses": {
          "200": {"description": "The file as installed", "content": {"text/javascript": {"schema": {"type": "string"}}}},
          "404": {"description": "MapLibre GL JS not installed; the detail says how to install it", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        }
      }
    },
    "/playground/vendor/maplibre-gl.css": {
      "get": {
        "operationId": "playgroundMapLibreStyle",
        "summary": "MapLibre GL JS's style sheet, for the playground opened with ?style=URL",
        "responses": {
          "200": {"description": "The file as installed", "content": {"text/css": {"schema": {"type": "string"}}}},
          "404": {"description": "MapLibre GL JS not installed; the detail says how to install it", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
        }
      }
    }
  },
  "components": {
    "responses": {
      "BadRequest": {"description": "The body is not JSON (line and column given), or a query parameter is unknown, repeated or has a bad value (parameter given)", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "MalformedJSON": {"description": "The body is not JSON (line and column given)", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "TooLarge": {"description": "Body over the byte limit, or more view annotations than allowed", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "UnsupportedMediaType": {"description": "Content-Type is not JSON", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "InvalidValue": {"description": "Valid JSON that breaks the rules (path given). Besides what the schemas say, these rules relate members to each other and are checked by the service alone: ids are unique (view annotations, managers, a pasted frame's placements); avoidLayers name polyline managers of the scene; a lineTrim's keys name view annotations or polyline managers, and its start is at most its end; a fit camera needs something to fit (a geometry-bound view annotation, a layer annotation or a puck); a camera's padding fits in the viewport; minZoom is at most maxZoom; a zoomRange's min is at most its max; a pasted previous frame lists each id once (ids the scene no longer has, and anchors a callout no longer offers, are not errors: they are ignored with a previous-ignored warning); polygon rings are closed; a frame index names a camera of the scene; text-font stacks name at least one known font; style-spec property values are checked against the style spec; a manager's slot names a slot of the style and its layerPosition a layer of it (or an index within its layers); layer ids (managers', their cluster layers', slots', the background's) are unique in a compiled style; featureState names managers of the scene and their annotations", "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}},
      "Unavailable": {"description": "Time budget exhausted or too many heavy requests waiting; see Retry-After", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    },
    "schemas": {
      "Problem": {
        "type": "object", "description": "An RFC 9457 problem",
        "required": ["type", "title", "status", "detail"], "additionalProperties": false,
        "properties": {
          "type": {"type": "string", "format": "uri", "pattern": "^https://cartouche\\.dev/problems/[a-z-]+$", "description": "https://cartouche.dev/problems/<slug>: invalid-json, invalid-parameter, body-unreadable, bad-request, invalid-value, text-too-long, body-too-large, too-many-annotations, unsupported-media-type, not-found, unknown-font, method-not-allowed, time-budget-exceeded, overloaded, client-closed-request, internal-error"},
          "title": {"type": "string"},
          "status": {"type": "integer", "minimum": 400, "maximum": 599},
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
          "viewAnnotations": {"type": "array", "items": {"$ref": "#/components/schemas/ViewAnnotation"}, "default": [], "description": "Ids unique"},
          "avoidRegions": {"type": "array", "items": {"$ref": "#/components/schemas/Rect"}, "default": []},
          "avoidLines": {"type": "array", "items": {"$ref": "#/components/schemas/AvoidLine"}, "default": []},
          "managers": {"type": "array", "items": {"$ref": "#/components/schemas/Manager"}, "default": [], "description": "Annotation managers (ids unique)"},
          "avoidLayers": {"type": "array", "items": {"type": "string"}, "default": [], "description": "Ids of polyline managers of this scene whose lines callouts avoid"},
          "images": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Size"}, "default": {}, "description": "Icon image sizes by name"},
          "basemap": {"$ref": "#/components/schemas/Basemap"},
          "options": {"$ref": "#/components/schemas/Options"},
          "previous": {"$ref": "#/components/schemas/Previous"},
          "featureState": {
            "type": "object", "default": {},
            "description": "Feature state by manager id, then annotation id (both must exist), read by feature-state expressions in manager properties; empty is a fresh renderer's state",
            "additionalProperties": {"type": "object", "additionalProperties": {"type": "object"}}
          },
          "projection": {
            "type": "object", "additionalProperties": false,
            "description": "The map projection the client draws (the style spec's projection). Under globe, a camera below zoom 12 is placed, queried and drawn on the sphere as MapLibre GL JS 5.3 draws it (callouts it hides: hiddenReason horizon); from zoom 12 it is Web Mercator.",
            "properties": {"type": {"enum": ["mercator", "globe"], "default": "mercator"}}
          }
        },
        "oneOf": [
          {"required": ["camera"], "properties": {"camera": {"type": "object"}}},
          {"required": ["cameras"], "properties": {"cameras": {"type": "array"}}}
        ]
      },
      "Manager": {
        "type": "object", "required": ["id", "type"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string", "minLength": 1, "description": "Becomes the source's and the layer's id"},
          "type": {"enum": ["point", "circle", "polyline", "polygon"]},
          "layerPosition": {"$ref": "#/components/schemas/LayerPosition"},
          "slot": {"type": "string", "description": "A slot of the basemap (basemap.slots); Mapbox-only: needs options.target mapbox"},
          "tapRadius": {"type": "number", "minimum": 0, "default": 0},
          "properties": {"$ref": "#/components/schemas/StyleProperties", "description": "Manager-wide style-spec layout and paint properties, by style-spec name: fallbacks for the data-driven ones, and the layer-only ones; values are constants or style-spec expressions (emitted verbatim, evaluated per frame by Cartouche)"},
          "annotations": {"type": "array", "items": {"$ref": "#/components/schemas/Annotation"}, "default": [], "description": "Ids unique within the manager (a repeat is a warning; the first is kept)"},
          "cluster": {"$ref": "#/components/schemas/ClusterOptions", "description": "Point managers only"}
        },
        "allOf": [
          {"if": {"required": ["type"], "properties": {"type": {"const": "point"}}}, "then": {"properties": {"annotations": {"items": {"properties": {"geometry": {"$ref": "#/components/schemas/PointGeometry"}}}}}}},
          {"if": {"required": ["type"], "properties": {"type": {"const": "circle"}}}, "then": {"properties": {"annotations": {"items": {"properties": {"geometry": {"$ref": "#/components/schemas/PointGeometry"}}}}}}},
          {"if": {"required": ["type"], "properties": {"type": {"const": "polyline"}}}, "then": {"properties": {"annotations": {"items": {"properties": {"geometry": {"$ref": "#/components/schemas/LineStringGeometry"}}}}}}},
          {"if": {"required": ["type"], "properties": {"type": {"const": "polygon"}}}, "then": {"properties": {"annotations": {"items": {"properties": {"geometry": {"$ref": "#/components/schemas/PolygonGeometry"}}}}}}},
          {"if": {"required": ["type"], "properties": {"type": {"not": {"const": "point"}}}}, "then": {"properties": {"cluster": {"type": "null"}}}}
        ]
      },
      "LayerPosition": {
        "description": "Where the manager's layer goes among the base style's layers",
        "oneOf": [
          {"const": "default"},
          {"type": "object", "required": ["above"], "additionalProperties": false, "properties": {"above": {"type": "string"}, "below": {"type": "null"}, "at": {"type": "null"}}},
          {"type": "object", "required": ["below"], "additionalProperties": false, "properties": {"above": {"type": "null"}, "below": {"type": "string"}, "at": {"type": "null"}}},
          {"type": "object", "required": ["at"], "additionalProperties": false, "properties": {"above": {"type": "null"}, "below": {"type": "null"}, "at": {"type": "integer"}}}
        ]
      },
      "StyleProperties": {
        "type": "object", "description": "Style-spec properties by key (which keys a manager type takes is listed by the Manager rules of a served document); each value is checked against the style spec, 422 at its path",
        "additionalProperties": true
      },
      "Annotation": {
        "type": "object", "required": ["id", "geometry"], "additionalProperties": false,
        "properties": {
          "id": {"type": "string"},
          "geometry": {"$ref": "#/components/schemas/Geometry"},
          "properties": {"$ref": "#/components/schemas/StyleProperties", "description": "Per-annotation values of the manager type's data-driven style-spec properties"},
          "customData": {"type": "object", "description": "Any JSON object, carried to the feature and to query hits"}
        }
      },
      "ClusterOptions": {
        "type": "object", "additionalProperties": false,
        "properties": {
          "radius": {"type": "number", "minimum": 0},
          "maxZoom": {"type": "number", "minimum": 0, "maximum": 24},
          "minPoints": {"type": "integer", "minimum": 1},
          "circleRadius": {"type": "number", "minimum": 0},
          "circleColor": {"$ref": "#/components/schemas/Color"},
          "textColor": {"$ref": "#/components/schemas/Color"},
          "textSize": {"type": "number", "minimum": 0},
          "clusterProperties": {
            "type": "object", "description": "Aggregates per cluster, as the style spec's clusterProperties (written to the compiled source, computed the same for query hits): name → [operator, map expression] or [reduce expression, map expression]; the reduce expression reads [\"accumulated\"] and [\"get\", name]; no zoom or feature-state",
            "additionalProperties": {"type": "array", "minItems": 2, "maxItems": 2, "prefixItems": [{"oneOf": [{"type": "string"}, {"type": "array"}]}, {}]}
          }
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
        "type": "array", "description": "[longitude, latitude] as in GeoJSON; longitudes up to ±540 are accepted, for lines written unwrapped across the antimeridian",
        "prefixItems": [{"type": "number", "minimum": -540, "maximum": 540}, {"type": "number", "minimum": -90, "maximum": 90}],
        "minItems": 2, "maxItems": 2
      },
      "Position": {
        "type": "array", "description": "A GeoJSON position: [longitude, latitude] or [longitude, latitude, altitude]",
        "prefixItems": [{"type": "number", "minimum": -540, "maximum": 540}, {"type": "number", "minimum": -90, "maximum": 90}, {"type": "number"}],
        "minItems": 2, "maxItems": 3
      },
      "Color": {
        "type": "string",
        "anyOf": [{"pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"}, {"enum": ["COLOR_NAMES"]}],
        "description": "A CSS color: the hex forms and the CSS names are described here; the service also accepts the functional forms MapLibre's parseCssColor accepts (rgb(), rgba(), hsl(), hsla())"
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
              "fit": {"type": "null", "description": "null is the same as no fit"},
              "center": {"$ref": "#/components/schemas/Coordinate"},
              "zoom": {"type": "number", "minimum": 0, "maximum": 25.5},
              "bearing": {"type": "number", "default": 0},
              "pitch": {"type": "number", "minimum": 0, "maximum": 85, "default": 0},
              "padding": {"$ref": "#/components/schemas/Insets", "description": "left + right at most the viewport's width, top + bottom at most its height"},
              "puck": {"$ref": "#/components/schemas/Puck", "description": "This frame's puck (default: the scene's)"},
              "lineTrim": {"$ref": "#/components/schemas/LineTrims"}
            }
          }
        ]
      },
      "Fit": {
        "type": "object", "additionalProperties": false,
        "description": "Fit every geometry-bound view annotation, layer annotation and the puck, as MapLibre GL JS 5.3's cameraForBounds does in the scene's projection (under globe, its globe fit while that is below zoom 12); the scene must have at least one of them (else 422 at the camera's fit)",
        "properties": {
          "padding": {"$ref": "#/components/schemas/Insets", "description": "left + right at most the viewport's width, top + bottom at most its height"},
          "bearing": {"type": "number", "default": 0},
          "pitch": {"type": "number", "minimum": 0, "maximum": 85, "default": 0},
          "maxZoom": {"type": "number", "minimum": 0, "maximum": 25.5, "default": 22}
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
          "minZoom": {"type": "number", "default": 0, "description": "At most maxZoom"},
          "maxZoom": {"type": "number", "default": 22},
          "collisionBoxes": {"type": "array", "items": {"$ref": "#/components/schemas/Rect"}},
          "enableAvoidRegions": {"type": "boolean", "default": true},
          "enableSymbolLayerCollision": {"type": "boolean", "default": false},
          "lineTrim": {"$ref": "#/components/schemas/Trim"}
        },
        "oneOf": [
          {"required": ["size"], "properties": {"size": {"type": "object"}}},
          {"required": ["content"], "properties": {"content": {"type": "object"}}}
        ]
      },
      "Content": {
        "oneOf": [
          {
            "type": "object", "required": ["eta"], "additionalProperties": false,
            "properties": {
              "eta": {
                "type": "object", "required": ["title"], "additionalProperties": false,
                "properties": {"title": {"$ref": "#/components/schemas/Text"}, "hint": {"$ref": "#/components/schemas/Text"}, "icon": {"type": "boolean", "default": true}}
              }
            }
          },
          {
            "type": "object", "required": ["runs"], "additionalProperties": false,
            "properties": {
              "eta": {"type": "null", "description": "null is the same as no eta"},
              "runs": {"type": "array", "minItems": 1, "items": {"$ref": "#/components/schemas/TextRun"}},
              "padding": {
                "type": "object", "additionalProperties": false, "default": {"top": 10, "left": 10, "bottom": 10, "right": 10},
                "properties": {
                  "top": {"$ref": "#/components/schemas/CalloutLength"}, "left": {"$ref": "#/components/schemas/CalloutLength"},
                  "bottom": {"$ref": "#/components/schemas/CalloutLength"}, "right": {"$ref": "#/components/schemas/CalloutLength"}
                }
              },
              "icon": {
                "type": "object", "required": ["width", "height"], "additionalProperties": false,
                "properties": {"width": {"$ref": "#/components/schemas/CalloutLength"}, "height": {"$ref": "#/components/schemas/CalloutLength"}, "gap": {"$ref": "#/components/schemas/CalloutLength", "default": 0}}
              },
              "tailSize": {"$ref": "#/components/schemas/CalloutLength", "default": 8},
              "lineHeightMultiple": {"type": "number", "exclusiveMinimum": 0, "maximum": 100, "default": 1},
              "lineSpacing": {"$ref": "#/components/schemas/CalloutLength", "default": 0},
              "maxTextWidth": {"type": "number", "exclusiveMinimum": 0}
            }
          }
        ]
      },
      "TextRun": {
        "type": "object", "required": ["text"], "additionalProperties": false,
        "properties": {
          "text": {"$ref": "#/components/schemas/Text"},
          "font": {"$ref": "#/components/schemas/FontStack", "default": ["Noto Sans Regular"]},
          "size": {"type": "number", "exclusiveMinimum": 0, "maximum": 10000, "default": 12}
        }
      },
      "CalloutLength": {"type": "number", "minimum": 0, "maximum": 1000000, "description": "Points"},
      "Text": {"type": "string", "description": "A text to lay out; at most the server's text length (--max-text-length, in Unicode scalars), else 422 text-too-long"},
      "FontStack": {
        "type": "array", "minItems": 1, "items": {"type": "string"},
        "description": "A text-font stack: family names tried in order, case-insensitively, directly or through the bundled aliases (GET /v1/fonts). At least one must be known (else 422); unknown ones are skipped"
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
          "mode": {"enum": ["greedy", "optimise"], "default": "greedy", "description": "How the solver chooses: greedy (Mapbox's first fit in priority order) or optimise (the priority contract kept, as many callouts shown as it can). A mode query parameter (CLI --mode) overrides it on place, query and render"},
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
