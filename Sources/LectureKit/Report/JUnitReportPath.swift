import Foundation
import LectureSupport

/// Where `lecture check --report junit:PATH` may write, by the rule of every path the tool
/// writes (`WrittenPath`): never over a file that is not its own output (`junit:book.toml`,
/// `junit:~/.bashrc`), never in the pages', templates' or
/// output folder (it would be published, or replaced by the next build). Its own output is a
/// file whose first bytes are `<?xml` with a `<testsuites` element within 4 KiB. pytest's
/// `--junitxml` and cargo-nextest write wherever they are told; `lecture` reads a book from
/// anyone, so it follows its output folder's rule instead.
enum JUnitReportPath {
    /// The path as checked, which is the path written.
    static func path(_ spelled: String) -> WrittenPath {
        WrittenPath(spelled, option: "--report junit:", what: "JUnit report", kind: .file)
    }

    /// The usage error for `spelled` (exit status 2), `nil` when it may be written.
    static func refusal(_ spelled: String, configuration: BuildConfiguration) -> LectureError? {
        path(spelled).refusal(protecting: configuration.foldersOfTheBook, isOwn: isReport)
    }

    /// Whether the file at `path` is a JUnit report: a regular file (a named pipe there is none,
    /// and is not waited on), its head read.
    static func isReport(_ path: String) -> Bool {
        let head = (try? FileSystem.read(path, atMost: 4096))?.bytes.prefix(4096) ?? []
        let text = String(decoding: head, as: UTF8.self)
        return text.hasPrefix("<?xml") && text.contains("<testsuites")
    }
}
