// Times compiling and clustering a million point annotations.
//
//   AnnotationsBench [compile|cluster] [points] [runs]
//
// Prints one line per run and the median, in seconds. Input is generated
// with SplitMix64 (seed 9): uniform over latitudes ±60 and all longitudes,
// half the points with a label, a third with a text color.
import CartoucheAnnotations
import CartoucheGeometry
import CartoucheStyle

struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

let arguments = CommandLine.arguments
let mode = arguments.count > 1 ? arguments[1] : "compile"
let count = arguments.count > 2 ? Int(arguments[2]) ?? 1_000_000 : 1_000_000
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 3 : 3

var rng = SplitMix64(state: 9)
var manager = PointAnnotationManager(id: "pins")
manager.annotations.reserveCapacity(count)
for i in 0..<count {
    let latitude = -60 + rng.unit() * 120
    let longitude = -180 + rng.unit() * 360
    var point = PointAnnotation(id: "p\(i)", coordinate: Coordinate(latitude: latitude, longitude: longitude))
    if i % 2 == 0 { point.textField = "n\(i % 100)" }
    if i % 3 == 0 { point.textColor = .white }
    manager.annotations.append(point)
}
let coordinates = manager.annotations.map(\.coordinate)

let clock = ContinuousClock()
var seconds: [Double] = []
for run in 1...runs {
    let elapsed: Duration
    switch mode {
    case "cluster":
        elapsed = clock.measure { _ = try? ClusterIndex(coordinates: coordinates, options: ClusterOptions()) }
    default:
        elapsed = clock.measure { _ = try? manager.compile() }
    }
    let s = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    seconds.append(s)
    print("\(mode) \(count) points, run \(run): \(s) s")
}
print("\(mode) \(count) points, median: \(seconds.sorted()[seconds.count / 2]) s")
