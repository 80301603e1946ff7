import CartoucheJSON
import Foundation
import Testing

@testable import CartoucheService

/// The playground's files and the OpenAPI document are SwiftPM resources
/// (`Sources/CartoucheService/Resources`), found in the bundle SwiftPM builds
/// next to the executable, in an installed prefix's `share/cartouche`, or in
/// the source tree; a missing bundle is an error naming where it looked.
@Suite("Service resources")
struct ServiceResourcesTests {
    static let fileManager = FileManager.default

    /// Every file under `root`, relative paths sorted.
    static func files(under root: URL) throws -> [String] {
        let enumerator = try #require(fileManager.enumerator(atPath: root.path))
        return enumerator.compactMap { $0 as? String }.filter {
            var isDirectory: ObjCBool = false
            return fileManager.fileExists(atPath: root.appendingPathComponent($0).path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }

    @Test("this process serves SwiftPM's bundle next to its executable, and the bundle holds the source tree's files byte for byte")
    func bundleNextToExecutable() throws {
        let resources = try ServiceResources.located.get()
        #expect(resources.directory.lastPathComponent == ServiceResources.bundleName)
        #expect(resources.reason.hasPrefix("built next to the executable"))
        let source = ServiceResources.sourceTreeResources
        let names = try Self.files(under: source)
        #expect(names == (["openapi.json", "playground/index.html", "playground/playground.css"]
            + PlaygroundAssets.scriptParts.map { "playground/\($0)" }).sorted())
        #expect(try Self.files(under: resources.directory) == names)
        for name in names {
            let bundled = try Data(contentsOf: resources.directory.appendingPathComponent(name))
            #expect(bundled == (try Data(contentsOf: source.appendingPathComponent(name))), "\(name)")
        }
    }

    @Test("an installed prefix's share/cartouche is found from PREFIX/bin/cartouche; with nothing anywhere the error lists every place tried")
    func installedLayoutAndMissing() throws {
        let prefix = Self.fileManager.temporaryDirectory.appendingPathComponent("cartouche-resources-\(UUID().uuidString)")
        defer { try? Self.fileManager.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin"), share = prefix.appendingPathComponent("share/cartouche")
        try Self.fileManager.createDirectory(at: bin, withIntermediateDirectories: true)
        let executable = bin.appendingPathComponent("cartouche")
        try Data().write(to: executable)
        do {
            _ = try ServiceResources.locate(executable: executable, sourceTree: nil)
            Issue.record("found resources in an empty prefix")
        } catch {
            #expect(error.tried == [bin.appendingPathComponent(ServiceResources.bundleName).path,
                                    share.appendingPathComponent(ServiceResources.bundleName).path])
            #expect(error.description.contains("scripts/install PREFIX"))
        }
        try Self.fileManager.createDirectory(at: share, withIntermediateDirectories: true)
        try Self.fileManager.copyItem(at: try ServiceResources.located.get().directory,
                                      to: share.appendingPathComponent(ServiceResources.bundleName))
        let installed = try ServiceResources.locate(executable: executable, sourceTree: nil)
        #expect(installed.directory.standardized.path == share.appendingPathComponent(ServiceResources.bundleName).standardized.path)
        #expect(installed.reason == "installed next to the executable \(executable.path)")
        #expect(try PlaygroundAssets(resources: installed).script == (try PlaygroundAssets(resources: ServiceResources.located.get()).script))
    }

    @Test("the served script is 'use strict', the parts in order, then start(); the page links its style sheet and script")
    func servedScript() throws {
        let resources = try ServiceResources.located.get()
        let assets = try PlaygroundAssets(resources: resources)
        let parts = try PlaygroundAssets.scriptParts.map { try resources.text("playground/\($0)") }
        #expect(assets.script == "'use strict';\n" + parts.joined() + "start();\n")
        #expect(parts.allSatisfy { $0.hasSuffix("\n") && !$0.contains("'use strict'") })
        #expect(assets.html.hasPrefix("<!doctype html>"))
        #expect(assets.html.contains(#"<script src="/playground.js" defer></script>"#))
    }

    @Test("the glyph route's range parameter lists exactly the 256 ranges of the Basic Multilingual Plane")
    func glyphRangeNames() throws {
        let document = try JSONParser().parse(OpenAPIDocument.json)
        let parameters = try #require(document.objectValue?["paths"]?.objectValue?["/v1/glyphs/{fontstack}/{range}.pbf"]?
            .objectValue?["get"]?.objectValue?["parameters"]?.arrayValue)
        let range = try #require(parameters.first { $0.objectValue?["name"]?.stringValue == "range" })
        let names = range.objectValue?["schema"]?.objectValue?["enum"]?.arrayValue?.compactMap(\.stringValue)
        #expect(names == stride(from: 0, to: 65536, by: 256).map { "\($0)-\($0 + 255)" })
    }
}
