// Fuzz target `scene`: scene documents end to end, from JSON bytes to the
// placement response.
//
// Any byte string either fails with a `JSONInputError` (syntax, or a decoding
// error with a path) or decodes to a `SceneDocument`. A decoded document is
// then placed, measuring content-sized callouts with the bundled fonts: that
// either fails with a `SceneError` (a camera that cannot fit, text that cannot
// be measured) or gives a response that encodes to JSON our own strict parser
// accepts, and placing the same document again encodes to the same bytes.
// The managers are compiled to a style fragment and a full style document,
// both writable as JSON, and the tap-query index of the first camera answers
// queries over the viewport. There is no deadline, so a slow placement shows
// up as a libFuzzer timeout.
//
// The scene model has no JSON encoder of its own, so the round trip here is
// document → response JSON rather than document → document JSON.
import CartoucheGeometry
import CartoucheJSON
import CartoucheQuery
import CartoucheScene
import CartoucheText

/// Built once per process: loading the fonts is far slower than one input.
let sceneTextEngine: TextLayoutEngine? = {
    guard let registry = try? FontRegistry() else { return nil }
    return TextLayoutEngine(registry: registry, cache: ShapingCache(capacity: 256))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let engine = sceneTextEngine else {
        fuzzCheck(false, "the bundled fonts do not load (run from the repository)")
        return 0
    }
    let input = fuzzInputBytes(start, count)
    let document: SceneDocument
    do {
        document = try SceneDocument(jsonBytes: input)
    } catch {
        fuzzCheck(!"\(error)".isEmpty, "empty decoding error description")
        return 0
    }
    let response: PlaceResponse
    do {
        response = try document.place(text: engine)
    } catch {
        // We passed a text engine and no deadline, so these two cannot happen.
        let cancelled = if case .cancelled = error { true } else { false }
        fuzzCheck(error != .textEngineRequired && !cancelled, "unexpected \(error)")
        fuzzCheck(!error.description.isEmpty, "empty scene error description")
        return 0
    }
    let encoded: [UInt8]
    do {
        encoded = try response.jsonBytes()
    } catch {
        fuzzCheck(false, "cannot encode the response: \(error) for \(fuzzPreview(input))")
        return 0
    }
    do {
        _ = try JSONParser().parse(encoded)
    } catch {
        fuzzCheck(false, "response JSON does not parse: \(error): \(fuzzPreview(encoded))")
    }
    let again = try? document.place(text: engine).jsonBytes()
    fuzzCheck(again == encoded, "placing the same document twice differs")
    checkStyleOutput(of: document)
    checkQueries(of: document, engine: engine)
    return 0
}

/// Compiled managers and the full style document must be writable JSON.
func checkStyleOutput(of document: SceneDocument) {
    do {
        let fragment = try document.compile().fragment.json
        var writer = JSONWriter()
        do { try writer.write(fragment) } catch {
            fuzzCheck(false, "compiled fragment is not writable: \(error)")
        }
        let style = try document.styleDocument().json
        var styleWriter = JSONWriter()
        do { try styleWriter.write(style) } catch {
            fuzzCheck(false, "style document is not writable: \(error)")
        }
    } catch {
        fuzzCheck(!error.description.isEmpty, "empty compile error description")
    }
}

/// Taps on a 5 × 5 grid over the viewport and one box query: any answer is
/// fine, a crash or a hang is not.
func checkQueries(of document: SceneDocument, engine: TextLayoutEngine) {
    guard let index = try? document.queryIndex(frame: 0, text: engine) else { return }
    let size = document.viewport
    for row in 0...4 {
        for column in 0...4 {
            let point = ScreenPoint(x: size.width * Double(column) / 4, y: size.height * Double(row) / 4)
            _ = index.query(at: point, radius: 8)
        }
    }
    _ = index.query(in: ScreenRect(x: 0, y: 0, width: size.width / 2, height: size.height / 2))
}
