// swift-tools-version: 6.1
// Cartouche benchmarks: a separate package so the main package's CI never builds it.
// Run them with `Benchmarks/run` (see Benchmarks/README.md).
import PackageDescription

let package = Package(
    name: "CartoucheBenchmarks",
    dependencies: [
        .package(name: "Cartouche", path: ".."),
    ],
    targets: [
        // HarfBuzz itself, for the direct `hb_shape` baseline loop.
        .systemLibrary(name: "CHarfBuzzBench", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .executableTarget(
            name: "cartouche-bench",
            dependencies: [
                .product(name: "CartoucheText", package: "Cartouche"),
                .product(name: "CartoucheQuery", package: "Cartouche"),
                .product(name: "CartouchePlacement", package: "Cartouche"),
                .product(name: "CartoucheAnnotations", package: "Cartouche"),
                .product(name: "CartoucheGeometry", package: "Cartouche"),
                .product(name: "CartoucheJSON", package: "Cartouche"),
                .product(name: "CartoucheStyle", package: "Cartouche"),
                .product(name: "CartoucheCamera", package: "Cartouche"),
                .product(name: "CartoucheJobs", package: "Cartouche"),
                .product(name: "CartoucheScene", package: "Cartouche"),
                "CHarfBuzzBench",
            ]),
    ]
)
