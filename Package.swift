// swift-tools-version: 6.1
// Cartouche: map annotation compilation, callout placement and hit-testing on Linux.
// Architecture and module boundaries are described in docs/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "Cartouche",
    products: [
        .library(name: "CartoucheJSON", targets: ["CartoucheJSON"]),
        .library(name: "CartoucheGeometry", targets: ["CartoucheGeometry"]),
        .library(name: "CartoucheCamera", targets: ["CartoucheCamera"]),
        .library(name: "CartoucheText", targets: ["CartoucheText"]),
        .library(name: "CartouchePlacement", targets: ["CartouchePlacement"]),
        .library(name: "CartoucheQuery", targets: ["CartoucheQuery"]),
        .library(name: "CartoucheScene", targets: ["CartoucheScene"]),
        .library(name: "CartoucheStyle", targets: ["CartoucheStyle"]),
        .library(name: "CartoucheAnnotations", targets: ["CartoucheAnnotations"]),
        .library(name: "CartoucheRender", targets: ["CartoucheRender"]),
        // The transport-neutral jobs (place, compile, query, render, shape) and
        // the HTTP routes, for apps that embed Cartouche without the CLI.
        .library(name: "CartoucheJobs", targets: ["CartoucheJobs"]),
        .library(name: "CartoucheService", targets: ["CartoucheService"]),
        // One import for consumers of the library (everything but the HTTP service).
        .library(name: "Cartouche", targets: ["Cartouche"]),
        .executable(name: "cartouche", targets: ["CartoucheCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // `swift package generate-documentation` (scripts/docs); a command plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: System libraries (Debian packages installed by scripts/setup)
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(
            name: "CICU", pkgConfig: "icu-uc",
            providers: [.apt(["libicu-dev"])]),
        // ICU renames its C entry points with version-suffix macros that Swift
        // cannot import, so a few plain C wrappers expose what we use.
        .target(name: "CICUBreak", dependencies: ["CICU"]),

        // MARK: Cartouche modules
        .target(name: "CartoucheJSON"),
        .target(name: "CartoucheGeometry", dependencies: ["CartoucheJSON"]),
        .target(name: "CartoucheCamera", dependencies: ["CartoucheGeometry"]),
        .target(
            name: "CartoucheText",
            dependencies: ["CHarfBuzz", "CFreeType", "CFriBidi", "CICUBreak", "CartoucheJSON", "CartoucheGeometry"]),
        // The placement core works in screen space only: no camera, no I/O.
        .target(name: "CartouchePlacement", dependencies: ["CartoucheGeometry"]),
        // Scenes in geographic terms: binds annotations to the screen for a
        // camera and runs placement, emit and query on them.
        .target(
            name: "CartoucheScene",
            dependencies: [
                "CartoucheJSON", "CartoucheGeometry", "CartoucheCamera", "CartoucheText", "CartouchePlacement",
                "CartoucheStyle", "CartoucheAnnotations", "CartoucheRender",
            ]),
        // Tap queries: a hit index over screen-space shapes, and over a
        // prepared scene's frame (its drawn layers, placed callouts and
        // projection), answered as MapLibre's `queryRenderedFeatures` would.
        .target(
            name: "CartoucheQuery",
            dependencies: ["CartoucheJSON", "CartoucheGeometry", "CartoucheCamera", "CartoucheText", "CartouchePlacement", "CartoucheScene"]),
        // Style-spec values and documents; annotation managers compiled to them.
        // Style-spec values; the anchor word it shares with text and placement
        // (`BoxAnchor`) lives in Geometry.
        .target(name: "CartoucheStyle", dependencies: ["CartoucheJSON", "CartoucheGeometry"]),
        .target(
            name: "CartoucheAnnotations",
            dependencies: ["CartoucheStyle", "CartoucheGeometry", "CartoucheJSON"]),
        // SVG pictures of a placement result, drawn from a screen-space model.
        .target(name: "CartoucheRender", dependencies: ["CartoucheGeometry", "CartouchePlacement"]),
        // The jobs (place, compile, query, render, shape), their limits and
        // typed errors, free of any transport: the service and the CLI both run them.
        .target(
            name: "CartoucheJobs",
            dependencies: [
                "CartoucheJSON", "CartoucheGeometry", "CartoucheText", "CartouchePlacement", "CartoucheStyle",
                "CartoucheAnnotations", "CartoucheRender", "CartoucheScene", "CartoucheQuery",
            ]),
        // The umbrella: `import Cartouche` re-exports every library module but the
        // HTTP service (which brings Hummingbird; import CartoucheService for it).
        .target(
            name: "Cartouche",
            dependencies: [
                "CartoucheJSON", "CartoucheGeometry", "CartoucheCamera", "CartoucheText", "CartouchePlacement", "CartoucheQuery",
                "CartoucheStyle", "CartoucheAnnotations", "CartoucheRender", "CartoucheScene", "CartoucheJobs",
            ]),
        // The HTTP service (Hummingbird 2): routes, limits, problem+json, metrics, OpenAPI.
        .target(
            name: "CartoucheService",
            dependencies: [
                "CartoucheJSON", "CartoucheText", "CartoucheStyle", "CartoucheAnnotations", "CartoucheScene", "CartoucheJobs",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            // The playground's page, style sheet and script and the OpenAPI document, served as they are (ServiceResources).
            resources: [.copy("Resources/playground"), .copy("Resources/openapi.json")]),
        // Command logic lives in a library so tests can drive it without a process.
        .target(
            name: "CartoucheCommands",
            dependencies: [
                "CartoucheJSON", "CartoucheGeometry", "CartoucheText", "CartouchePlacement", "CartoucheStyle", "CartoucheAnnotations",
                "CartoucheScene", "CartoucheQuery", "CartoucheRender", "CartoucheJobs", "CartoucheService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "CartoucheCLI",
            dependencies: [
                "CartoucheScene", "CartoucheCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: Tests
        // Helpers shared by the test targets (running the Python oracles).
        .target(name: "CartoucheTestSupport", dependencies: ["CartoucheJSON"], path: "Tests/CartoucheTestSupport"),
        // Each test target declares exactly the modules its files import
        // (scripts/architecture --check holds the manifest to the sources).
        .testTarget(name: "CartoucheJSONTests", dependencies: ["CartoucheJSON", "CartoucheTestSupport"]),
        .testTarget(name: "CartoucheGeometryTests", dependencies: ["CartoucheGeometry", "CartoucheJSON", "CartoucheTestSupport"]),
        .testTarget(
            name: "CartoucheCameraTests",
            dependencies: ["CartoucheCamera", "CartoucheGeometry", "CartoucheJSON", "CartouchePlacement", "CartoucheScene", "CartoucheTestSupport"]),
        .testTarget(
            name: "CartoucheTextTests",
            dependencies: ["CFriBidi", "CICUBreak", "CartoucheText", "CartoucheStyle", "CartoucheGeometry", "CartoucheJSON", "CartoucheTestSupport"]),
        .testTarget(name: "CartouchePlacementTests", dependencies: ["CartouchePlacement", "CartoucheGeometry"]),
        .testTarget(name: "CartoucheQueryTests", dependencies: ["CartoucheQuery", "CartoucheGeometry", "CartoucheTestSupport"]),
        .testTarget(
            name: "CartoucheSceneTests",
            dependencies: [
                "Cartouche", "CartoucheScene", "CartoucheQuery", "CartoucheAnnotations", "CartoucheStyle", "CartoucheCamera", "CartoucheGeometry",
                "CartoucheJSON", "CartouchePlacement", "CartoucheRender", "CartoucheText", "CartoucheTestSupport",
            ]),
        .testTarget(name: "CartoucheStyleTests", dependencies: ["CartoucheStyle", "CartoucheGeometry", "CartoucheJSON"]),
        .testTarget(
            name: "CartoucheAnnotationsTests",
            dependencies: ["CartoucheAnnotations", "CartoucheStyle", "CartoucheGeometry", "CartoucheJSON", "CartoucheTestSupport"],
            // Read from the source tree by path (#filePath), not bundled.
            exclude: ["Golden", "Fixtures"]),
        .testTarget(
            name: "CartoucheRenderTests",
            dependencies: ["CartoucheRender", "CartoucheGeometry", "CartouchePlacement", "CartoucheTestSupport"]),
        .testTarget(
            name: "CartoucheServiceTests",
            dependencies: [
                "CartoucheService", "CartoucheJobs", "CartoucheJSON", "CartoucheScene", "CartoucheQuery", "CartoucheAnnotations", "CartoucheCamera",
                "CartoucheGeometry", "CartoucheRender", "CartoucheStyle", "CartoucheText", "CartoucheTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(
            name: "CartoucheCLITests",
            dependencies: [
                "CartoucheCommands", "CartoucheService", "CartoucheGeometry", "CartoucheJobs", "CartoucheJSON", "CartoucheScene",
                "CartoucheQuery",
                "CartoucheCamera", "CartoucheRender", "CartoucheText", "CartoucheAnnotations", "CartoucheTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The bad-input corpus, determinism across paths and thread counts (issue #8).
        .testTarget(
            name: "CartoucheReliabilityTests",
            dependencies: [
                "CartoucheService", "CartoucheJobs", "CartoucheCommands", "CartoucheScene", "CartoucheJSON", "CartoucheText",
                "CartoucheTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
    ]
)
