import Foundation
import PackagePlugin

/// Versions the caches by their sources: `SourceDigests.swift`, generated at build time, holds a
/// digest per cache kind of the sources that decide its entries (`DigestSources.kinds`), which
/// the cache's key holds. An edit of any of them retires the old entries; no version string is
/// bumped by hand.
@main struct DigestSources: BuildToolPlugin {
    /// Each constant of `SourceDigests` and the folders and files under `Sources/` it digests.
    static let kinds: [(name: String, paths: [String])] = [
        // A sample's verdict, its test program, its hover cards and its highlighted HTML: the
        // sample engine, swift-syntax's and SourceKit's readers, and how a child process ends.
        (
            "samples",
            [
                "LectureKit/Transform/Samples", "SwiftAnalysis", "LectureSwiftSyntax", "SwiftSyntaxTable",
                "LectureSupport/Subprocess.swift", "LectureKit/Model/SampleProgram.swift",
            ]
        ),
        // A drawn diagram.
        ("diagrams", ["LectureKit/Transform/Diagrams"]),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let sources = context.package.directoryURL.appending(path: "Sources")
        var inputs: [URL] = []
        var arguments: [String] = []
        for kind in Self.kinds {
            let paths = kind.paths.map { sources.appending(path: $0) }
            for path in paths {
                if let walker = FileManager.default.enumerator(at: path, includingPropertiesForKeys: nil) {
                    for case let file as URL in walker where file.pathExtension == "swift" { inputs.append(file) }
                } else {
                    inputs.append(path)
                }
            }
            arguments.append(kind.name + "=" + paths.map(\.path).joined(separator: ","))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "SourceDigests.swift")
        return [
            .buildCommand(
                displayName: "Digesting the sources the caches' entries depend on",
                executable: try context.tool(named: "source-digester").url,
                arguments: [output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
