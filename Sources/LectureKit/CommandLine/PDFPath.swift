import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Where `lecture pdf` may write its PDF, by the rule of every path the tool writes
/// (`WrittenPath`): it replaces only a PDF it printed before, which Chromium marks with the user
/// agent it printed under (the PDF's `/Creator`, `creator`), never another file or a folder.
enum PDFPath {
    /// The user agent Chromium prints under, which it writes as the PDF's creator.
    static let creator = "Mozilla/5.0 (X11; Linux x86_64) lecture-pdf"

    /// The path as checked, which is the path written; `option` names where it came from.
    static func path(_ spelled: String, option: String) -> WrittenPath {
        WrittenPath(spelled, option: option, what: "PDF", kind: .file)
    }

    /// Whether the file at `path` is a PDF `lecture pdf` printed: `%PDF-` first, its creator
    /// among its last 64 KiB (Chromium writes the document's information last).
    static func isOwn(_ path: String) -> Bool {
        guard let bytes = try? FileSystem.read(path), bytes.starts(with: Array("%PDF-".utf8)) else { return false }
        let tail = String(decoding: bytes.suffix(65536), as: UTF8.self)
        return tail.contains("/Creator (\(creator))")
    }
}
