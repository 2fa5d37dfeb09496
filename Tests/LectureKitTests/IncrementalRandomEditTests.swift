import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// Incremental = clean, under random edits: a `RandomBook` is edited again and again (page text,
/// samples, expected outputs, the summary, include targets, the theme, book.toml, a picture
/// changed or removed while pages' raw HTML names it, a heading renamed that another page's raw
/// HTML and Markdown link to);
/// after every edit a rebuild with the session's `SessionMemory` (as `lecture serve` does) and a
/// clean build of the same book must agree: both fail with the same diagnostics, or both
/// succeed with the same diagnostics and sites equal byte for byte, every file of both trees.
///
/// `make test` runs a short sequence with a fixed seed; CI (`.ci/run`) sets
/// `LECTURE_RANDOM_EDITS` to run a longer one, and `LECTURE_RANDOM_EDITS_SEED` picks another
/// sequence. A failure names the seed and every edit up to it, which replays it.
@Suite struct IncrementalRandomEditTests {
    /// Edits per run: `LECTURE_RANDOM_EDITS`, else a short run.
    static let edits = ProcessInfo.processInfo.environment["LECTURE_RANDOM_EDITS"].flatMap { Int($0) } ?? 24
    static let seed = ProcessInfo.processInfo.environment["LECTURE_RANDOM_EDITS_SEED"].flatMap { UInt64($0) } ?? 35

    @Test func everyRebuildAfterARandomEditEqualsACleanBuild() throws {
        let root = try TestSupport.temporaryDirectory()
        defer { FileSystem.removeTemporaryDirectory(root) }
        var book = try RandomBook(root: root, seed: Self.seed)
        let memory = SessionMemory()
        var history = ["seed \(Self.seed)"]
        var compared = 0
        var built = 0
        var failed = false
        var reused = 0
        for number in 0...Self.edits {
            if number > 0 { history.append("\(number). " + (try book.edit(afterFailure: failed))) }
            let session = try Self.build(root, output: root + "/book", memory: memory)
            if number > 0 { reused += memory.lastReuse.values.reduce(0, +) }
            let clean = try Self.build(root, output: root + "/clean", memory: nil)
            let replay = history.joined(separator: "\n")
            #expect(session.failed == clean.failed, "the rebuild and a clean build disagree on failing\n\(replay)")
            #expect(
                session.lines == clean.lines.map { $0.replacingOccurrences(of: root + "/clean", with: root + "/book") },
                "the rebuild's diagnostics differ from a clean build's\n\(replay)")
            failed = session.failed
            built += 1
            guard !session.failed, !clean.failed else { continue }
            compared += 1
            let difference = Self.difference(root + "/book", root + "/clean")
            #expect(difference == nil, "\(difference ?? "")\n\(replay)")
            if difference != nil || session.lines != clean.lines { break }
        }
        // Guards the test's own vacuity: most builds succeed, so most sites are compared.
        #expect(compared > built / 2, "only \(compared) of \(built) builds succeeded\n\(history)")
        // And the memory was used: a rebuild that redid everything would equal a clean build too.
        #expect(reused > 0, "no rebuild took anything from the session's memory\n\(history)")
    }

    /// A build of the book at `root` as book.toml says, into `output`; with `memory`, a rebuild
    /// of the session that `memory` remembers. The console's lines and whether it failed.
    static func build(_ root: String, output: String, memory: SessionMemory?) throws -> (lines: [String], failed: Bool)
    {
        var options = BookOptions()
        options.directory = root
        options.output = output
        options.cacheDirectory = TestSupport.cacheDirectory
        var configuration = BuildConfiguration()
        configuration.buildDate = "2026-01-01"
        let settings = try BookLayout.configure(&configuration, options: options)
        #expect(!settings.contains { $0.severity == .error }, "book.toml: \(settings)")
        // Compared with a session's site, which keeps the files' names (`BuildStep.contentNames`).
        configuration.book.hashFiles = false
        let recorder = TestSupport.Recorder()
        do {
            if let memory {
                try BuildPipeline(configuration: configuration, console: recorder.console, memory: memory).run()
            } else {
                try BuildPipeline(configuration: configuration, console: recorder.console).run()
            }
            return (recorder.lines, false)
        } catch is DiagnosticsError {
            return (recorder.lines, true)
        }
    }

    /// The first difference between the trees at `left` and `right` (paths, kinds, bytes), or `nil`.
    static func difference(_ left: String, _ right: String) -> String? {
        let leftFiles = files(under: left)
        let rightFiles = files(under: right)
        if leftFiles.keys.sorted() != rightFiles.keys.sorted() {
            let onlyLeft = Set(leftFiles.keys).subtracting(rightFiles.keys).sorted()
            let onlyRight = Set(rightFiles.keys).subtracting(leftFiles.keys).sorted()
            return "only in the rebuild's site: \(onlyLeft); only in the clean build's: \(onlyRight)"
        }
        for path in leftFiles.keys.sorted() where leftFiles[path] != rightFiles[path] {
            let a = leftFiles[path] ?? []
            let b = rightFiles[path] ?? []
            let at = zip(a, b).prefix { $0 == $1 }.count
            func around(_ bytes: [UInt8]) -> String {
                String(decoding: bytes[max(0, at - 80)..<min(bytes.count, at + 80)], as: UTF8.self)
                    .replacingOccurrences(of: "\n", with: "\\n")
            }
            return "\(path) differs at byte \(at):\n  rebuild: \(around(a))\n  clean:   \(around(b))"
        }
        return nil
    }

    /// Every file and folder under `folder`, by relative path: a file's bytes, a folder's empty.
    static func files(under folder: String) -> [String: [UInt8]] {
        var found: [String: [UInt8]] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            let full = folder + "/" + path
            found[FileSystem.isDirectory(full) ? path + "/" : path] = (try? FileSystem.read(full)) ?? []
        }
        return found
    }
}
