import ArgumentParser

@main
struct Cartouche: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cartouche",
        abstract: "Compile map annotations, place callouts and hit-test taps.",
        version: "0.1.0",
        subcommands: [Demo.self])
}
