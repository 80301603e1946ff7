// swift-tools-version: 6.1
// Benchmark for the annotation emit path, kept out of the main package so it
// builds only when asked: scripts/bench/annotations.sh
import PackageDescription

let package = Package(
    name: "AnnotationsBench",
    dependencies: [.package(name: "Cartouche", path: "../../..")],
    targets: [
        .executableTarget(
            name: "AnnotationsBench",
            dependencies: [.product(name: "CartoucheAnnotations", package: "Cartouche")]),
    ]
)
