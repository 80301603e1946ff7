import CartoucheTestSupport
import Foundation
import Testing

/// `cartouche place` with a zoom-range scene: the golden bytes (the HTTP test
/// holds `POST /v1/place` to the same), exit 4 with the path on bad input.
@Suite("zoom-range scenes on the command line")
struct ZoomRangeCommandTests {
    @Test("place answers the golden bytes and a newline")
    func golden() throws {
        let run = try Executable.run(["place", "-"], stdin: ZoomRangeFixture.scene)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == ZoomRangeFixture.answer + "\n")
    }

    @Test("zoomRange with a camera exits 4 naming the member")
    func refused() throws {
        let run = try Executable.run(["place", "-"], stdin: #"{"version":1,"zoomRange":{"min":1,"max":2},"camera":{"center":[0,0],"zoom":1}}"#)
        #expect(run.status == 4)
        #expect(run.stderr.contains(#"camera: give either "zoomRange" or "camera", not both"#), "\(run.stderr)")
    }

    @Test("compile of a zoom-range text scene writes the golden fragment: features with minzoom, anchor, offsets, tippecanoe; one layer per step")
    func compileGolden() throws {
        let run = try Executable.run(["compile", "-", "--output", "fragment"], stdin: ZoomRangeFixture.textScene)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == ZoomRangeFixture.compiledFragment + "\n")
    }
}
