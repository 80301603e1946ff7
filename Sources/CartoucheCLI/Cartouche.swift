import ArgumentParser
import CartoucheCommands
import CartoucheScene

@main
struct Cartouche: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cartouche",
        abstract: "Compile map annotations, place callouts and hit-test taps.",
        version: CartoucheVersion.string,
        subcommands: [
            PlaceCommand.self, CompileCommand.self, QueryCommand.self, DiffCommand.self, RenderCommand.self, ShapeCommand.self, FontsCommand.self, GlyphsCommand.self, ServeCommand.self, DemoCommand.self])

    /// ArgumentParser's usage errors exit with 64; Cartouche documents 2 (see docs/CLI.md).
    static func main() async {
        await CommandLine.runCartouche(root: Self.self)
    }
}
