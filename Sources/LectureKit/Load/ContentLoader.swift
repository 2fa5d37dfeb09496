import CommonMark
import Foundation
import LectureSupport

/// The load stage: reads `SUMMARY.md` and every page it lists from the content folder.
package struct LoadedContent: Sendable {
    /// The book as the summary declares it, less the entries whose page is missing or listed twice.
    package var book: Book
    /// The listed pages' files, in reading order.
    package var files: [SourceFile]
    /// Every problem found with the content, errors and warnings.
    var diagnostics: [Diagnostic]
    /// Each listed page's `stat` signature when it was read, by path relative to the content folder.
    var signatures: [String: FileSignature] = [:]
    /// The pages the summary lists that could not be loaded (missing, unreadable, not UTF-8), by
    /// path relative to the content folder: each has its error already, so a link to one is not
    /// reported again as a link to a page outside the book.
    var unloadedPages: Set<String> = []
    /// mdBook's page-not-found page (`404.md`, or the page `[output.html] input-404` names), as
    /// written, when the pages' folder has it and the summary does not list it.
    var notFound: SourceFile?
}

/// The load stage: reads `SUMMARY.md` and the pages it lists into a `LoadedContent`.
package enum ContentLoader {
    /// Loads the book under `contentDirectory` (a path as the user gave it, used in diagnostics).
    ///
    /// Problems with the content are diagnostics, all of them collected: a missing folder or
    /// summary, a summary link to a missing page, a page listed twice, a page that is not UTF-8,
    /// and (a warning) a Markdown page the summary does not list.
    package static func load(contentDirectory: String) -> LoadedContent {
        load(contentDirectory: contentDirectory, reuse: { _, _ in nil })
    }

    /// Why there is no book to load at all (no content folder, or no `SUMMARY.md` in it): a setup
    /// error, exit status 2 for `build` and `check` alike (the manual, "lecture build" and "lecture check"). `nil` when both exist.
    static func setupError(contentDirectory: String, setting: SettingPlace? = nil) -> LectureError? {
        let summaryPath = FileSystem.join(contentDirectory, "SUMMARY.md")
        guard !FileSystem.isDirectory(contentDirectory) || !FileSystem.exists(summaryPath) else { return nil }
        // The same diagnostic `load` gives, printed as a setup error; at book.toml's `src` when
        // that named the folder (`SourceSetting`).
        let loaded = load(contentDirectory: contentDirectory, reuse: { _, _ in nil }, listing: { [] }).diagnostics
        let missing = loaded.map { diagnostic in setting.map { SourceSetting.located(diagnostic, at: $0) } ?? diagnostic
        }
        return LectureError(unreported: missing)
    }

    /// Loads as above; `reuse` may hand back a page's file from an earlier load when its `stat`
    /// signature is unchanged, which saves reading and decoding it again.
    /// A listed page that does not exist is created with its title as a `#` heading when
    /// `createMissing` (mdBook's `[build] create-missing`, on by default), with a note saying so.
    /// - Parameter includes: where `{{#include}}` may read (default: the content folder and the
    ///   folder holding it).
    /// - Parameter cancellation: stops the includes' expansion (`IncludeBudget`).
    /// - Parameter includedBytes: what all the pages' includes may add up to (`BookIncludes`).
    /// - Parameter writesPages: false for `lecture check`, which writes nothing in the book: a
    ///   page create-missing would make is read as its title alone, in memory, with a note.
    static func load(
        contentDirectory: String, reuse: (String, FileSignature) -> SourceFile?,
        listing: (() -> [String])? = nil, createMissing: Bool = false, includes: IncludeScope? = nil,
        cancellation: Cancellation = .process, writesPages: Bool = true, notFoundInput: String = "404.md",
        includedBytes: Int = BookIncludes.defaultBytes
    ) -> LoadedContent {
        // One bound for the text all the pages include (`BookIncludes`).
        let bookIncludes = BookIncludes(maximumBytes: includedBytes)
        let includes =
            includes ?? IncludeScope(bookDirectory: contentDirectory + "/..", contentDirectory: contentDirectory)
        let summaryPath = FileSystem.join(contentDirectory, "SUMMARY.md")
        let empty = Book(title: "", chapters: [])
        guard FileSystem.isDirectory(contentDirectory) else {
            let summary =
                FileSystem.exists(contentDirectory)
                ? "content path is a file, not a folder" : "content folder does not exist"
            return LoadedContent(
                book: empty, files: [],
                diagnostics: [
                    .error(
                        .missingContent,
                        contentDirectory, nil, summary,
                        notes: [
                            "pass the folder that holds SUMMARY.md with --content DIR, run lecture in (or name) a book's folder, one with book.toml, or create a book with 'lecture init'"
                        ])
                ])
        }
        // The summary is read by the rule of every file the book reads: `SUMMARY.md -> ~/notes.md`
        // would put another file's text into every page's navigation.
        let summaryRule = BookFileRule.refusal(of: summaryPath, roots: includes.roots)
        if let refusal = summaryRule.refusal, refusal != .missing, refusal != .folder, refusal != .special {
            return LoadedContent(
                book: empty, files: [],
                diagnostics: [
                    .error(
                        .fileOutsideBook, summaryPath, nil, "summary file \(refusal.phrase); it is not read",
                        notes: [refusal.note])
                ])
        }
        // Read from the file judged on its descriptor (`BookFile`), never by its name again.
        guard let summaryBytes = BookFile.contents(summaryPath, roots: includes.roots) else {
            if FileSystem.exists(summaryPath), let reason = FileSystem.unreadableReason(summaryPath) {
                return LoadedContent(
                    book: empty, files: [],
                    diagnostics: [
                        .error(
                            .fileSystem, summaryPath, nil, "summary file cannot be read: \(reason)",
                            notes: ["make it a regular file its reader may read"])
                    ])
            }
            return LoadedContent(
                book: empty, files: [],
                diagnostics: [
                    .error(
                        .missingContent,
                        summaryPath, nil, "summary file does not exist",
                        notes: ["create SUMMARY.md with a '# Title' and a list of links such as '- [Title](page.md)'"])
                ])
        }
        var diagnostics: [Diagnostic] = []
        let summary: SourceFile
        do throws(Diagnostic) {
            summary = try SourceFileReader.decode(summaryBytes, displayPath: summaryPath, relativePath: "SUMMARY.md")
        } catch {
            return LoadedContent(book: empty, files: [], diagnostics: [error])
        }
        var (book, summaryDiagnostics) = SummaryParser.parse(
            summary, contentFolder: CanonicalPath.of(contentDirectory).split(separator: "/").last.map(String.init))
        diagnostics += summaryDiagnostics

        // Drop entries whose page is missing or listed before, so later stages see a sound book.
        var seen: [String: Chapter] = [:]
        var files: [SourceFile] = []
        var signatures: [String: FileSignature] = [:]
        // Listed pages that did not exist: the diagnostic that says so, for a near-miss below.
        var missingPages: [(chapter: Chapter, diagnostic: Int, created: Bool)] = []
        // Files whose names are not in NFC on disk (macOS writes names in NFD), by their NFC path.
        var decomposed: [String: String]?
        // The pages' real paths, each folder resolved once (`CanonicalFolders`).
        let canonical = CanonicalFolders()
        /// A page's path (NFC) as the disk names its file: itself when that exists.
        func onDisk(_ relative: String) -> String {
            guard relative.utf8.contains(where: { $0 >= 0x80 }),
                !FileSystem.exists(FileSystem.join(contentDirectory, relative))
            else { return relative }
            if decomposed == nil {
                decomposed = [:]
                for file in listing?() ?? FileSystem.files(under: contentDirectory) {
                    // By bytes: Swift's `==` holds NFC and NFD names equal.
                    let normalized = NFC.normalized(file)
                    if !normalized.utf8.elementsEqual(file.utf8) { decomposed![normalized] = file }
                }
            }
            // (A dictionary finds a key by canonical equivalence: the NFD name is found.)
            return decomposed![relative] ?? relative
        }
        func check(_ chapters: [Chapter]) -> [Chapter] {
            chapters.compactMap { (chapter: Chapter) -> Chapter? in
                var chapter = chapter
                guard chapter.kind == .page else {
                    // Part titles, separators and drafts have no page; a draft's children may.
                    chapter.children = check(chapter.children)
                    return chapter
                }
                if let first = seen[chapter.path] {
                    let forms = UnicodeTwins.forms(
                        of: chapter.path, among: listing?() ?? FileSystem.files(under: contentDirectory))
                    diagnostics.append(
                        .error(
                            .summaryDuplicate,
                            summaryPath, chapter.location,
                            "page \(quoted: chapter.path) is listed twice in the summary"
                                + (forms.count > 1 ? UnicodeTwins.phrase(forms) : ""),
                            notes: ["first listed at \(summaryPath):\(first.location.line):\(first.location.column)"]
                                + (forms.count > 1 ? [UnicodeTwins.note] : [])))
                    return nil
                }
                seen[chapter.path] = chapter
                // A page refused at its summary link: an error there, the page left out; its
                // children are still checked, so one run reports every problem.
                func refused(_ identifier: Diagnostic.Identifier, _ summary: String, notes: [String]) -> Chapter? {
                    diagnostics.append(.error(identifier, summaryPath, chapter.location, summary, notes: notes))
                    _ = check(chapter.children)
                    return nil
                }
                let path = FileSystem.join(contentDirectory, onDisk(chapter.path))
                if let (link, target) = DanglingLink.onTheWay(onDisk(chapter.path), below: contentDirectory) {
                    return refused(
                        .pageOutsideBook,
                        "summary links to \(quoted: chapter.path), but \(quoted: link) is a symbolic link to \(quoted: target), which leads nowhere; no page is read or created through it",
                        notes: [
                            "remove the link, or make it lead to \(link == onDisk(chapter.path) ? "a page" : "a folder") inside the book"
                        ])
                }
                // The page's file as the kernel would open it: inside the book, or not touched.
                let real = canonical.of(path)
                let missing =
                    !FileSystem.exists(path)
                    && (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil
                let allowed = missing && createMissing ? [canonical.of(contentDirectory)] : includes.roots
                guard
                    (missing && !createMissing)
                        || (allowed.contains(where: { CanonicalPath.isWithin(real, $0) })
                            && (missing || !CanonicalPath.isKernelFile(real)))
                else {
                    return refused(
                        .pageOutsideBook,
                        missing
                            ? "summary links to \(quoted: chapter.path), which would be created at \(quoted: real), outside the content folder"
                            : "summary links to \(quoted: chapter.path), which is \(quoted: real), outside the book's folder",
                        notes: [
                            "a symbolic link in its path leads out of the book; pages are read and created inside the book only",
                            "move the page into the book, or list its folder in 'include-from' under [preprocessor.lecture] in book.toml",
                        ])
                }
                // A page read from the site or the cache (`gen.md -> ../book/print.html`), or a
                // dot-file or a file of `.git` inside the book (`BookFileRule`).
                let privateFile: BookFileRule.Refusal? =
                    if let refusal = BookFileRule.refusal(real: real, roots: allowed), case .privateFile = refusal {
                        refusal
                    } else {
                        nil
                    }
                if !missing,
                    let (place, why) = includes.replaced.holding(real).map({ ("in \($0.role)", $0.why) })
                        ?? privateFile.map({ ("which \($0.phrase)", $0.note) })
                {
                    return refused(
                        .pageOutsideBook,
                        "summary links to \(quoted: chapter.path), which is \(quoted: real), \(place)", notes: [why])
                }
                let signature = FileSignature(path: path)
                // A page with includes is read again: its included files may have changed.
                if let signature, let file = reuse(chapter.path, signature), file.lineOrigins == nil {
                    files.append(file)
                    signatures[chapter.path] = signature
                    chapter.children = check(chapter.children)
                    return chapter
                }
                // A missing page create-missing would write under a name that is no Markdown file
                // (`notes.txt`, `img.png`, `sub`): mdBook 0.5.4 writes the title into it, an
                // image holding '# I'. Refused at the link instead, nothing written.
                if createMissing, missing, !SummaryTarget.namesMarkdown(chapter.path) {
                    return refused(
                        .summaryMissingPage,
                        "summary links to \(quoted: chapter.path), which does not exist, and is no Markdown page to create: create-missing would write its title into it",
                        notes: [
                            "link a Markdown page (\(quoted: SummaryTarget.markdownName(for: chapter.path))), or create \(quoted: chapter.path) yourself"
                        ])
                }
                var unwritten: [UInt8]?
                if createMissing, missing {
                    // A name or a path the system refuses for its length: said once, in lecture's
                    // words, before any folder on the way is made (attack 16, k17).
                    if let problem = PathLimits.problem(creating: real) {
                        return refused(
                            .summaryMissingPage,
                            "summary links to \(quoted: PathLimits.shortened(chapter.path)), which does not exist and cannot be created: \(problem)",
                            notes: [
                                "shorten the link's path in the summary and name the page's file so, or create the page yourself under a shorter path"
                            ])
                    }
                    if writesPages {
                        guard create(chapter, at: real) else {
                            chapter.children = check(chapter.children)
                            return nil
                        }
                    } else {
                        unwritten = Array(stub(of: chapter).utf8)
                        missingPages.append((chapter, diagnostics.count, false))
                        diagnostics.append(
                            Diagnostic(
                                .summaryCreatedPage, .note, summaryPath, chapter.location,
                                "\(quoted: chapter.path), which the summary lists, does not exist; it is checked as its title alone and not created",
                                notes: [
                                    "lecture check writes nothing in the book; lecture build creates it (mdBook's create-missing), or create it yourself"
                                ]))
                    }
                }
                guard !FileSystem.isDirectory(real), let bytes = unwritten ?? BookFile.contents(path, roots: allowed)
                else {
                    // A page that is there but cannot be read is named as such, with the reason.
                    let reason = FileSystem.exists(path) ? FileSystem.unreadableReason(path) : nil
                    if reason == nil { missingPages.append((chapter, diagnostics.count, false)) }
                    return refused(
                        .summaryMissingPage,
                        reason.map { "summary links to \(quoted: chapter.path), which cannot be read: \($0)" }
                            ?? "summary links to \(quoted: chapter.path), which does not exist",
                        notes: reason == nil
                            ? [
                                "create it; with '[build] create-missing' on (mdBook's default) it is created with its title"
                            ]
                            : ["make it a regular file its reader may read"])
                }
                do throws(Diagnostic) {
                    let file = try SourceFileReader.decode(bytes, displayPath: path, relativePath: chapter.path)
                    let (expanded, problems) = IncludeExpander.apply(
                        to: file, directory: IncludeExpander.folder(of: path), scope: includes,
                        budget: IncludeBudget(cancellation: cancellation, book: bookIncludes))
                    diagnostics += problems
                    files.append(expanded)
                    // Without a signature the page is never taken from an earlier build's memory.
                    if expanded.lineOrigins == nil { signatures[chapter.path] = signature }
                } catch  where error.identifier == .invalidUTF8 && !chapter.path.lowercased().hasSuffix(".md") {
                    // A picture or another binary file listed as a chapter: the line to edit is the
                    // summary's, and the fix is not to re-encode it (mdBook 0.5.4: "failed to read chapter").
                    diagnostics.append(
                        .error(
                            .summaryBadLink, summaryPath, chapter.location,
                            "summary link \(quoted: chapter.path) names a file that is not a Markdown page",
                            notes: [
                                "a chapter is a Markdown file (.md) of text: link the file from a page instead, such as '![\(chapter.title)](\(chapter.path))' for a picture"
                            ]))
                } catch {
                    diagnostics.append(error)
                }
                chapter.children = check(chapter.children)
                return chapter
            }
        }
        /// mdBook's `create-missing`: the page with its title as its heading, folders made.
        /// The page create-missing writes: the title as text, as mdBook writes it (`<`, `>` and
        /// `&` escaped, so a title `\\<tag\\>` stays words rather than becoming raw HTML).
        func stub(of chapter: Chapter) -> String {
            let title = chapter.title.replacingOccurrences(of: "&", with: "&amp;")
                .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            return "# \(title)\n"
        }
        /// Whether the page was written; when it was not, the error is said here, once.
        func create(_ chapter: Chapter, at path: String) -> Bool {
            do {
                try FileSystem.writeAtomically(stub(of: chapter), to: path)
                missingPages.append((chapter, diagnostics.count, true))
                diagnostics.append(
                    Diagnostic(
                        .summaryCreatedPage, .note, summaryPath, chapter.location,
                        "created \(quoted: chapter.path), which the summary lists, with its title as heading",
                        notes: ["mdBook's create-missing; '[build] create-missing = false' in book.toml turns it off"]))
                return true
            } catch {
                diagnostics.append(
                    .error(
                        .summaryMissingPage, summaryPath, chapter.location,
                        "summary links to \(quoted: PathLimits.shortened(chapter.path)), which does not exist and cannot be created: \(SystemErrorText.reason(of: error))",
                        notes: ["create the page yourself, or make its folder one lecture may write in"]))
                return false
            }
        }
        book.chapters = check(book.chapters)

        // A page's included files are no pages left out (mdBook's `\{{#include part.md}}`). Each
        // path standardized once: `lineOrigins` names a file for every line it gave, and
        // Foundation's standardizing (which resolves links) was 5% of a cold build of a book
        // with includes (the async book, `perf record`).
        let included = Set(
            Set(files.flatMap { ($0.lineOrigins ?? []).map(\.path) + $0.includedPaths }).map {
                URL(fileURLWithPath: $0).standardizedFileURL.path
            })
        var notFound: SourceFile?
        // A not-found page that is a symbolic link is read by the rule of every file the book
        // reads: one inside the book is read, one leading out is an error at the link (it was
        // replaced by the theme's page without a word).
        let notFoundPath = FileSystem.join(contentDirectory, notFoundInput)
        if seen[NFC.normalized(notFoundInput)] == nil,
            (try? FileManager.default.destinationOfSymbolicLink(atPath: notFoundPath)) != nil
        {
            let rule = BookFileRule.refusal(of: notFoundPath, roots: includes.roots)
            if let refusal = rule.refusal {
                diagnostics.append(
                    .error(
                        .fileOutsideBook, notFoundPath, nil,
                        "the not-found page is a symbolic link to \(quoted: rule.real), which \(refusal == .outside(rule.real) ? "lies outside the book" : refusal.phrase); it is not read",
                        notes: [refusal.note]))
            } else if let bytes = BookFile.contents(notFoundPath, roots: includes.roots) {
                do throws(Diagnostic) {
                    notFound = try SourceFileReader.decode(
                        bytes, displayPath: notFoundPath, relativePath: notFoundInput)
                } catch {
                    diagnostics.append(error)
                }
            }
        }
        var unlisted: [String: Int] = [:]
        for relative in listing?() ?? FileSystem.files(under: contentDirectory)
        where relative.hasSuffix(".md") && relative != "SUMMARY.md" && seen[NFC.normalized(relative)] == nil
            && !included.contains(
                URL(fileURLWithPath: FileSystem.join(contentDirectory, relative)).standardizedFileURL.path)
        {
            // mdBook makes its page-not-found page of `404.md` (`[output.html] input-404`): read
            // as written, with no includes expanded, as mdBook runs no preprocessor on it.
            if NFC.normalized(relative) == NFC.normalized(notFoundInput) {
                let path = FileSystem.join(contentDirectory, relative)
                do throws(Diagnostic) {
                    guard let bytes = BookFile.contents(path, roots: includes.roots) else {
                        // `input-404 = ".hidden/page.md"`: refused by the rule, and said so.
                        if let refusal = BookFileRule.refusal(of: path, roots: includes.roots).refusal,
                            refusal != .missing
                        {
                            throw .error(
                                .fileOutsideBook, path, nil,
                                "the page-not-found page \(refusal.phrase); it is not read",
                                notes: [refusal.note])
                        }
                        throw .error(
                            .fileSystem, path, nil,
                            "the page-not-found page cannot be read: \(FileSystem.unreadableReason(path) ?? "unknown reason")",
                            notes: ["make it a regular file its reader may read"])
                    }
                    notFound = try SourceFileReader.decode(bytes, displayPath: path, relativePath: relative)
                } catch {
                    diagnostics.append(error)
                }
                continue
            }
            unlisted[relative] = diagnostics.count
            diagnostics.append(
                .warning(
                    .unlistedPage,
                    FileSystem.join(contentDirectory, relative), nil,
                    "page is not listed in SUMMARY.md and is not built",
                    notes: [
                        SummaryParser.chapterLine(for: relative).map {
                            "list it in \(quoted: FileSystem.join(contentDirectory, "SUMMARY.md")) with a line such as \(quoted: $0), or move it out of the content folder"
                        }
                            ?? "a name with a line break cannot be linked from SUMMARY.md (a link's address ends at the line's end, in mdBook 0.5.4 too): rename the file, or move it out of the content folder"
                    ]))
        }
        // A listed page that did not exist beside an unlisted one of a near name: most likely a slip
        // in the summary's link, and the real page is not built. Both diagnostics name the other.
        for missing in missingPages {
            guard let meant = LinkHint.meant(missing.chapter.path, in: Array(unlisted.keys)),
                let other = unlisted[meant]
            else { continue }
            let place = missing.chapter.location
            // The real page is left out of the site: worth a warning, not a note.
            if diagnostics[missing.diagnostic].severity == .note { diagnostics[missing.diagnostic].severity = .warning }
            diagnostics[missing.diagnostic].notes.append(
                "did you mean \(quoted: meant)? it exists and the summary does not list it: correct the link"
                    + (missing.created ? " and delete the created \(quoted: missing.chapter.path)" : ""))
            diagnostics[other].notes.append(
                "\(summaryPath):\(place.line):\(place.column) lists \(quoted: missing.chapter.path), which did not exist: did it mean this page?"
            )
        }
        return LoadedContent(
            book: book, files: files, diagnostics: diagnostics, signatures: signatures,
            unloadedPages: Set(seen.keys).subtracting(files.map(\.relativePath)), notFound: notFound)
    }
}
