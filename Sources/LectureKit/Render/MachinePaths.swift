import Foundation
import LectureSupport
import SourceText

/// The last check before a site is written: no emitted page may hold a path of the machine
/// that built it — the book's folder, the home folder, the cache, the tool's temporary
/// folders — which a sample's output, a compiler's message, an include or a diagram could
/// otherwise carry into a published page or the search index.
///
/// A path counts where it starts a path (`/`, after a character that cannot end a file name)
/// and ends one (followed by `/` or a character that cannot continue a name), so
/// `example.com/root/` is no mention of `/root` (`WholePath`). A path the author wrote (the
/// page's own text, a copied file) is a warning at its place (`MachinePathsInAuthorText`).
enum MachinePaths {
    /// A path not to publish, and what it is.
    struct Needle: Hashable, Sendable {
        var path: String
        var role: String
    }

    /// The paths of this build's machine: the book's folder, the cache, the home folders (but
    /// `/`), the temporary folder when it is the machine's own (`TMPDIR`, not `/tmp` or
    /// `/var/tmp`, which pages name as such), and the temporary folders this tool makes
    /// (`$TMPDIR/lecture-…`).
    static func needles(bookDirectory: String, cacheDirectory: String) -> [Needle] {
        let temporary = CanonicalPath.of(NSTemporaryDirectory())
        var needles = [
            Needle(path: CanonicalPath.of(bookDirectory), role: "the book's folder"),
            Needle(path: CanonicalPath.of(cacheDirectory), role: "the cache"),
            Needle(
                path: temporary + "/lecture-", role: "a temporary folder of lecture's"),
        ]
        needles += CanonicalPath.homeFolders().map { Needle(path: $0, role: "the home folder") }
        if !["/tmp", "/var/tmp"].contains(temporary) {
            needles.append(Needle(path: temporary, role: "the temporary folder (TMPDIR)"))
        }
        return needles.filter { $0.path.count > 1 }
    }

    /// One error per page and path: for each page (`sources`: output path → page) whose output
    /// holds one of `needles`, and for each generated file made from no page alone (the print
    /// page, the search index) that holds a path no page's error names yet. The files a path
    /// reaches besides are named in a note, so one leak is one error, not one per copy.
    /// A path the page's own text (`texts`: page → its expanded text) holds is a warning at its
    /// line and column instead (`inPageText`): the author wrote it.
    /// A path a string of book.toml that every page shows holds (`settings`: the title, the
    /// description, the authors, with book.toml's path) is a warning at its key instead, once
    /// (`inSettings`, `Render/MachinePathsInAuthorText.swift`), and no page's error.
    static func leaks(
        in site: SiteFiles, needles: [Needle], sources: [String: String], texts: [String: String] = [:],
        settings: (shown: [(key: String, location: SourceLocation?, value: String)], bookTOML: String)? = nil,
        outputDirectory: String, jobs: Int
    ) -> [Diagnostic] {
        let files = site.generated.keys.filter { !site.unchanged.contains($0) }.sorted()
        let fromSettings = settings.map {
            inSettings($0.shown, needles: needles, bookTOML: $0.bookTOML)
        }
        let hits = files.parallelMap(jobs: jobs) { file -> [(file: String, needle: Int)] in
            guard let bytes = site.generated[file] else { return [] }
            return found(in: bytes, needles).map { (file, $0) }
        }.flatMap { $0 }.filter { fromSettings?.said.contains($0.needle) != true }
        var reported: [String: [String]] = [:]  // "page\0needle" → the files it reaches
        var order: [(origin: String, needle: Int)] = []
        let byPage = hits.filter { sources[$0.file] != nil }
        let pageNeedles = Set(byPage.map(\.needle))
        for hit in byPage + hits.filter({ sources[$0.file] == nil && !pageNeedles.contains($0.needle) }) {
            let origin = sources[hit.file] ?? FileSystem.join(outputDirectory, hit.file)
            let key = origin + "\u{0}" + String(hit.needle)
            if reported[key] == nil { order.append((origin, hit.needle)) }
            reported[key, default: []].append(hit.file)
        }
        let derived = hits.filter { sources[$0.file] == nil && pageNeedles.contains($0.needle) }
        return (fromSettings?.warnings ?? [])
            + order.flatMap { origin, index -> [Diagnostic] in
                let needle = needles[index]
                let reached = reported[origin + "\u{0}" + String(index)] ?? []
                let copies = derived.filter { $0.needle == index }.map(\.file)
                if let text = texts[origin] {
                    let written = inPageText(
                        text, path: origin, needles: needles, indices: [index], reached: [index: reached + copies])
                    if !written.isEmpty { return written }
                }
                var notes = [
                    "the page's own text does not hold it: a sample's output or a diagram put it in the page; print a relative path, or leave the path out"
                ]
                if reached.count + copies.count > 1 {
                    notes.append("it reaches \((reached + copies).map { "\(quoted: $0)" }.joined(separator: ", "))")
                }
                return [
                    .error(
                        .machinePathPublished, origin, nil, "\(quoted: reached[0]) would publish \(described(needle))",
                        notes: notes)
                ]
            }
    }

    /// book.toml's strings every page shows, with their keys and lines.
    static func shownSettings(_ book: BookSettings) -> [(key: String, location: SourceLocation?, value: String)] {
        [("book.title", book.title), ("book.description", book.description)].compactMap { key, value in
            value.map { (key, book.locations[key], $0) }
        } + book.authors.map { ("book.authors", book.locations["book.authors"], $0) }
    }

    /// The indices of `needles` that `bytes` holds as whole paths; a path inside another found
    /// (the book in a temporary folder, the cache in the home folder) is that one, so only the
    /// longer is given.
    static func found(in bytes: [UInt8], _ needles: [Needle]) -> [Int] {
        let found = needles.indices.filter { contains(bytes, path: Array(needles[$0].path.utf8)) }
        return found.filter { shorter in
            !found.contains {
                needles[$0].path != needles[shorter].path && needles[$0].path.hasPrefix(needles[shorter].path)
            }
        }
    }

    /// Whether `path` occurs in `bytes` as a whole path (`WholePath`).
    static func contains(_ bytes: [UInt8], path: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { !WholePath.offsets(of: path, in: $0, first: true).isEmpty }
    }
}
