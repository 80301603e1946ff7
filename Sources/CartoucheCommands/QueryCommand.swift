import ArgumentParser
import CartoucheJSON
import CartoucheJobs
import CartoucheQuery
import CartoucheScene
import CartoucheText
import Foundation

/// `cartouche query`: what a tap hits, top-most first, as `POST /v1/query`
/// answers it. The flags become the members of the query request, so both
/// go through one decoder and give the same answers and errors.
public struct QueryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "query", abstract: "Hit-test a tap (or a file of taps) on a scene, top-most hit first (JSON).")

    @Argument(help: "Scene JSON file, or - for stdin.")
    var input: String = "-"

    // `.unconditional`: the value may start with a minus sign (`--near -122.4,37.8`).
    @Option(parsing: .unconditional, help: ArgumentHelp("Screen point.", valueName: "x,y")) var at: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Screen rectangle.", valueName: "minx,miny,maxx,maxy")) var rect: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Where a coordinate is drawn.", valueName: "lon,lat")) var near: String?
    @Option(help: ArgumentHelp("Screen points, one per line as X,Y or [X, Y] (blank lines skipped); one hits array per tap.", valueName: "file"))
    var taps: String?
    @Option(help: "Tap radius in points (not with --rect).") var radius: Double?
    @Option(help: "Camera index (default 0).") var frame: Int?
    @Option(help: "honoured (a tap in a polygon hole misses) or maplibre (it hits, as queryRenderedFeatures).")
    var holes: SceneQueryIndex.HoleRule?
    @Option(help: "On the globe: drawn (what is drawn under the tap) or maplibre (as queryRenderedFeatures: sky taps at the horizon, its circle search).")
    var globeTaps: SceneQueryIndex.GlobeTapRule?
    @Option(help: "Cluster hits list at most this many of their points (default 10), as getClusterLeaves' limit.")
    var leafLimit: Int?
    @Option(help: "Points of a cluster skipped before the first listed (default 0), as getClusterLeaves' offset.")
    var leafOffset: Int?

    @Option(name: .customShort("o"), help: ArgumentHelp("Write to this file (only when the query succeeds) instead of stdout.", valueName: "file"))
    var outputFile: String?

    @OptionGroup var target: TargetOption
    @OptionGroup var mode: ModeOption
    @OptionGroup var fonts: FontsOption

    public init() {}

    public func validate() throws {
        let given = [at, rect, near, taps].compactMap { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of --at, --rect, --near, --taps") }
        if let leafLimit, leafLimit < 0 { throw ValidationError("--leaf-limit must be ≥ 0, got \(leafLimit)") }
        if let leafOffset, leafOffset < 0 { throw ValidationError("--leaf-offset must be ≥ 0, got \(leafOffset)") }
    }

    /// The request members the flags stand for (everything but `scene`).
    /// - Throws: `ValidationError` for a list that is not numbers.
    func members(tapsText: String?) throws -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        if let at { members["at"] = .array(try Self.numbers(at, flag: "at", count: 2).map(JSONValue.number)) }
        if let rect { members["rect"] = .array(try Self.numbers(rect, flag: "rect", count: 4).map(JSONValue.number)) }
        if let near { members["near"] = .array(try Self.numbers(near, flag: "near", count: 2).map(JSONValue.number)) }
        if let tapsText, let taps { members["taps"] = .array(try Self.tapPoints(tapsText, file: taps)) }
        if let radius {
            guard radius.isFinite else { throw ValidationError("--radius must be a finite number") }
            members["radius"] = .number(radius)
        }
        if let frame { members["frame"] = .number(Double(frame)) }
        if let holes { members["holes"] = .string(holes.rawValue) }
        if let globeTaps { members["globeTaps"] = .string(globeTaps.rawValue) }
        if let leafLimit { members["leafLimit"] = .number(Double(leafLimit)) }
        if let leafOffset { members["leafOffset"] = .number(Double(leafOffset)) }
        return members
    }

    /// The answer for a scene and the flags' members, or the problem.
    func outcome(for body: [UInt8], members: [String: JSONValue], text: TextLayoutEngine) -> Result<QueryOutcome, JobError> {
        let scene: JSONValue
        // Parsed on its own so syntax errors give lines and columns of the scene file.
        do { scene = try JSONParser().parse(body) } catch { return .failure(.invalidJSON(error)) }
        var request = members
        request["scene"] = scene
        let options: TargetOptions
        do { options = try target.options(mode) } catch { return .failure(error) }
        return QueryJob.runWithWarnings(json: .object(request), limits: .unlimited, text: text,
                                        target: options.target, mode: options.mode)
    }

    public func run() throws {
        let tapsText = try taps.map { path -> String in
            guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read --taps file \(path)") }
            return String(decoding: data, as: UTF8.self)
        }
        let flagMembers = try members(tapsText: tapsText)
        let body = try CommandIO.readAll(input)
        let text = try fonts.textEngine()
        switch outcome(for: body, members: flagMembers, text: text) {
        case .success(let answer):
            for warning in answer.warnings { Terminal.writeError("warning: \(warning)") }
            try CommandIO.deliver(answer.body, to: outputFile)
        case .failure(let problem):
            // Paths outside `scene` are members the flags wrote.
            let fromFlags = problem.path.map { !$0.hasPrefix("scene") } ?? false
            throw CommandIO.fail("query", Self.relativeToSceneFile(problem), input: input, flagPath: { _ in fromFlags })
        }
    }

    /// The problem with its path in the scene file's terms: the request puts
    /// the file under `scene`, which the file itself does not have
    /// (`scene.managers[0]…` → `managers[0]…`, in the path and the detail).
    static func relativeToSceneFile(_ problem: JobError) -> JobError {
        guard let path = problem.path, path.hasPrefix("scene.") || path.hasPrefix("scene[") else { return problem }
        var relative = problem
        let inner = String(path.dropFirst(path.hasPrefix("scene.") ? 6 : 5))
        relative.path = inner
        if problem.detail.hasPrefix(path) { relative.detail = inner + problem.detail.dropFirst(path.count) }
        return relative
    }

    /// `"1.5,2"` → `[1.5, 2]`, exactly `count` finite numbers.
    static func numbers(_ text: String, flag: String, count: Int) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == count, numbers.count == count, numbers.allSatisfy(\.isFinite) else {
            let shape = ["at": "X,Y", "rect": "MINX,MINY,MAXX,MAXY", "near": "LON,LAT"][flag] ?? "numbers"
            throw ValidationError("--\(flag) must be \(shape) (\(count) finite numbers), got \"\(text)\"")
        }
        return numbers
    }

    /// The points of a `--taps` file: `X,Y` or a JSON array `[X, Y]` per line.
    static func tapPoints(_ text: String, file: String) throws -> [JSONValue] {
        var points: [JSONValue] = []
        for (i, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let numbers: [Double]?
            if line.hasPrefix("[") {
                let parsed = try? JSONParser().parse(Array(line.utf8))
                numbers = parsed?.arrayValue?.compactMap(\.numberValue)
            } else {
                numbers = try? Self.numbers(line, flag: "taps", count: 2)
            }
            guard let numbers, numbers.count == 2 else {
                throw ValidationError("--taps \(file) line \(i + 1): expected X,Y or [X, Y], got \"\(line)\"")
            }
            points.append(.array(numbers.map(JSONValue.number)))
        }
        return points
    }
}
