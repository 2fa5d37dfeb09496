import Foundation

@testable import LectureKit
@testable import LectureSupport

/// A book of the given pages (paths relative to `content/`) with `template`, built once: the
/// tests of bad input read the console's lines and whether the build failed.
enum BadInputBook {
    /// `configure` changes the configuration first (book.toml's settings, say).
    static func build(
        _ files: [String: String], template: String = TestSupport.minimalPage, output: String = "_site",
        configure: (inout BuildConfiguration) -> Void = { _ in }
    ) throws -> (root: String, lines: [String], failed: Bool) {
        var tree = files.mapKeys { "content/" + $0 }
        tree["templates/page.html"] = template
        let root = try TestSupport.makeTree(tree)
        let (lines, failed) = try build(root: root, output: output, configure: configure)
        return (root, lines, failed)
    }

    /// Builds the book already laid out under `root` (`content/`, `templates/`) into `output`.
    static func build(
        root: String, output: String = "_site", configure: (inout BuildConfiguration) -> Void = { _ in }
    ) throws -> (lines: [String], failed: Bool) {
        let recorder = TestSupport.Recorder()
        var failed = false
        var configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/" + output)
        configure(&configuration)
        do {
            try BuildPipeline(configuration: configuration, console: recorder.console).run()
        } catch is DiagnosticsError {
            failed = true
        }
        return (recorder.lines, failed)
    }

    /// The first line of each diagnostic of `severity` (`error`, `warning`) among `lines`.
    static func headlines(_ lines: [String], _ severity: String) -> [String] {
        lines.filter { $0.contains(": \(severity):") }.map { String($0.prefix { $0 != "\n" }) }
    }
}
