@_spi(Instrumentation) import CartoucheAnnotations
@_spi(Instrumentation) import CartoucheCamera
@_spi(Instrumentation) import CartoucheGeometry
import CartoucheJSON
import CartoucheJobs
import CartoucheQuery
@_spi(Instrumentation) import CartoucheScene
import Foundation
import Testing

/// Work done once: a scene's cameras are each placed once whatever is asked
/// of it (placement, taps, pictures), counted by the scene module's
/// instrument rather than inferred from timings.
@Suite("a prepared scene places each camera once")
struct PreparedSceneCountTests {
    static var worldCities: String { Shared.repositoryRoot.appendingPathComponent("Examples/world-cities.scene.json").path }

    /// The frames placed while `work` runs.
    func framePlacements(_ work: () throws -> Void) rethrows -> Int {
        let counter = InstrumentCounter()
        try PlacementInstrument.$framePlacements.withValue(counter) { try work() }
        return counter.value
    }

    @Test("the demo's job on world-cities (3 cameras): placement, style, 3 pictures and the taps from 3 frame placements")
    func demoJobOnWorldCities() throws {
        let bytes = try readBytes(Self.worldCities)
        let engine = try Shared.engine.get()
        let document = try SceneDocument(jsonBytes: bytes)
        try #require(document.cameras.count == 3)
        var outputs: DemoOutputs?
        let placements = try framePlacements {
            outputs = try DemoJob.run(bytes, text: engine).get()
        }
        #expect(placements == 3)
        let out = try #require(outputs)
        #expect(out.pictures.count == 3 && out.frames.count == 3)
        // The same bytes as placing, drawing and querying one by one.
        #expect(out.place == (try document.place(text: engine).jsonBytes(style: .pretty)))
    }

    @Test("a query or a picture of camera k places cameras 0…k only (hysteresis needs those, not the later ones)")
    func throughTheFrameAsked() throws {
        let engine = try Shared.engine.get()
        let document = try SceneDocument(jsonBytes: try readBytes(Self.worldCities))
        #expect(try framePlacements { _ = try document.queryIndex(frame: 0, text: engine) } == 1)
        #expect(try framePlacements { _ = try document.drawing(frame: 1, text: engine) } == 2)
        #expect(try framePlacements { _ = try document.place(text: engine) } == 3)
        // And a prepared scene answers every frame without placing again.
        let prepared = try PreparedScene(document, text: engine, recordRejected: true)
        #expect(try framePlacements {
            for i in 0..<3 {
                _ = try prepared.queryIndex(frame: i)
                _ = try prepared.drawing(frame: i, options: .init(ghosts: true))
            }
        } == 0)
    }

    @Test("placing, querying and drawing build no GeoJSON source (the draw order is all they need); compiling builds one per manager")
    func placeBuildsNoSource() throws {
        let engine = try Shared.engine.get()
        for name in ["world-cities", "sf-stanford"] {
            let bytes = try readBytes(Shared.repositoryRoot.appendingPathComponent("Examples/\(name).scene.json").path)
            let document = try SceneDocument(jsonBytes: bytes)
            try #require(!document.managers.isEmpty)
            let counter = InstrumentCounter()
            try AnnotationInstrument.$sourcesBuilt.withValue(counter) {
                _ = try PlaceJob.run(bytes, limits: .unlimited, text: engine).get()
                let prepared = try PreparedScene(document, text: engine)
                _ = try prepared.queryIndex(frame: 0)
                _ = try prepared.drawing(frame: 0)
            }
            #expect(counter.value == 0, "\(name)")
            try AnnotationInstrument.$sourcesBuilt.withValue(counter) { _ = try document.compile() }
            #expect(counter.value == document.managers.count, "\(name)")
        }
    }

    @Test("one projection and no re-validation per frame: 3 cameras prepared, queried and drawn build 3 projections and check the callouts once")
    func oneProjectionPerFrame() throws {
        let engine = try Shared.engine.get()
        let document = try SceneDocument(jsonBytes: try readBytes(Self.worldCities))
        let projections = InstrumentCounter(), validations = InstrumentCounter()
        try ProjectionInstrument.$built.withValue(projections) {
            try PlacementInstrument.$calloutValidations.withValue(validations) {
                let prepared = try PreparedScene(document, text: engine)
                for i in 0..<3 {
                    _ = try prepared.queryIndex(frame: i)
                    _ = try prepared.drawing(frame: i)
                }
            }
        }
        #expect(projections.value == 3)
        #expect(validations.value == 1)
    }

    @Test("a frame beyond the preparation, or ghosts without recorded candidates, is an error, not a silent gap")
    func askingForWhatWasNotPrepared() throws {
        let engine = try Shared.engine.get()
        let document = try SceneDocument(jsonBytes: try readBytes(Self.worldCities))
        let prepared = try PreparedScene(document, text: engine, through: 0)
        #expect(prepared.response.frames.count == 1)
        #expect(throws: SceneError.self) { _ = try prepared.queryIndex(frame: 1) }
        #expect(throws: SceneError.self) { _ = try prepared.drawing(frame: 0, options: .init(ghosts: true)) }
        #expect(throws: SceneError.self) { _ = try PreparedScene(document, text: engine, through: 3) }
    }
}
