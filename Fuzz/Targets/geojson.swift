// Fuzz target `geojson`: RFC 7946 decoding and the GeoJSON writer.
//
// Any byte string either fails with a `JSONInputError` (a syntax error or a
// decoding error with a path) or decodes to a `GeoJSONObject` that the writer
// encodes; the encoded bytes decode to an equal object and encode to the same
// bytes again.
import CartoucheGeometry
import CartoucheJSON

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGeoJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzInputBytes(start, count)
    let object: GeoJSONObject
    do {
        object = try GeoJSONObject(jsonBytes: input)
    } catch {
        fuzzCheck(!"\(error)".isEmpty, "empty decoding error description")
        return 0
    }
    let encoded: [UInt8]
    do {
        encoded = try object.jsonBytes()
    } catch {
        // Decoding accepts only finite numbers and distinct member names, so
        // anything it returns must be writable.
        fuzzCheck(false, "cannot encode a decoded object: \(error) input: \(fuzzPreview(input))")
        return 0
    }
    let decodedAgain: GeoJSONObject
    do {
        decodedAgain = try GeoJSONObject(jsonBytes: encoded)
    } catch {
        fuzzCheck(false, "encoded GeoJSON does not decode: \(error) encoded: \(fuzzPreview(encoded))")
        return 0
    }
    fuzzCheck(decodedAgain == object, "round trip changed the object: \(fuzzPreview(encoded))")
    let encodedAgain = try? decodedAgain.jsonBytes()
    fuzzCheck(encodedAgain == encoded, "encoding is not a fixed point: \(fuzzPreview(encoded))")
    return 0
}
