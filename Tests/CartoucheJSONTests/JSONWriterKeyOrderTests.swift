import CartoucheJSON
import Testing

/// Debug builds check that every object's members are written in sorted
/// order (`JSONWriter.checksSortedKeys`): the whole test suite runs with the
/// check on, so an answer written out of order stops the test that writes it.
@Suite struct JSONWriterKeyOrderTests {
    @Test func sortedMembersPassAtEveryDepth() {
        var w = JSONWriter()
        w.beginObject()
        w.key("a"); w.beginArray()
        w.beginObject(); w.key("z"); w.writeNull(); w.endObject()
        // A sibling object starts its own order.
        w.beginObject(); w.key("b"); w.writeNull(); w.key("c"); w.writeNull(); w.endObject()
        w.endArray()
        // After the nested objects, the outer order resumes from "a".
        w.key("b"); w.write(true)
        // By UTF-8 bytes "é" (0xC3 0xA9) sorts after "z".
        w.key("z"); w.writeNull()
        w.key("é"); w.writeNull()
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"a":[{"z":null},{"b":null,"c":null}],"b":true,"z":null,"é":null}"#)
    }

    @Test func uncheckedWriterTakesAnyOrder() {
        var w = JSONWriter()
        w.checksSortedKeys = false
        w.beginObject()
        w.key("type"); w.write("Feature")
        w.key("geometry"); w.writeNull()
        w.endObject()
        #expect(String(decoding: w.bytes, as: UTF8.self) == #"{"type":"Feature","geometry":null}"#)
    }

    #if DEBUG
    @Test func unsortedMembersStopADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            var w = JSONWriter()
            w.beginObject()
            w.key("b"); w.writeNull()
            w.key("a"); w.writeNull()
            w.endObject()
        }
    }

    @Test func repeatedMemberStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            var w = JSONWriter()
            w.beginObject()
            w.key(JSONQuotedString("id")); w.writeNull()
            w.key(JSONQuotedString("id")); w.writeNull()
            w.endObject()
        }
    }
    #endif
}
