import Foundation
import LectureKit
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where `lecture pdf` may write its PDF, by the rule of every path the tool writes
/// (`WrittenPath`): it replaces only a PDF it printed before, which Chromium marks with the user
/// agent it printed under (the PDF's `/Creator`, `creator`), never another file or a folder.
enum PDFPath {
    /// The user agent Chromium prints under, which it writes as the PDF's creator.
    /// No parentheses: the PDF writes them escaped.
    static let creator = "Mozilla/5.0 lecture-pdf"

    /// The path as checked, which is the path written; `option` names where it came from.
    static func path(_ spelled: String, option: String) -> WrittenPath {
        WrittenPath(spelled, option: option, what: "PDF", kind: .file)
    }

    /// Whether the file at `path` is a PDF `lecture pdf` printed: `%PDF-` first, its creator
    /// within its first 64 KiB (Chromium writes the document's information first).
    /// A regular file only: a named pipe there is none, and is not waited on.
    static func isOwn(_ path: String) -> Bool {
        guard let head = (try? FileSystem.read(path, atMost: 65536))?.bytes.prefix(65536) else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.hasPrefix("%PDF-") && text.contains("/Creator (\(creator))")
    }
}
