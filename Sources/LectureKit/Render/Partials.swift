import CommonMark
import Foundation
import LectureSupport

/// The page chrome the tool fills in around the author's text, as small templates in the
/// theme's `partials/` folder: the chapter tree, the pager's links, the "on this page" list, the
/// repository and edit links, `print.html`'s cover, contents and chapter sections, `toc.html`'s
/// heading, the redirect and the not-found page's `<head>` line; and around the figures: a
/// sample's code, badge, output and test report, its hover cards, a diagram's and a table's
/// wrappers (`Chrome`).
///
/// A theme overrides them file by file: a partial its folder lacks is the built-in theme's. Each
/// is a `Template` (`{{ name }}`, text escaped, HTML as is; `{{ words.KEY }}` for every interface
/// word); the file's last newline is not part of it, so a partial can be one line of an
/// element that the tool joins with others.
struct Partials: Hashable, Sendable {
    /// The partials, by file name without `.html`.
    enum Name: String, CaseIterable, Sendable {
        case chapters, chapter
        case chapterCurrent = "chapter-current"
        case chapterDraft = "chapter-draft"
        case partTitle = "part-title"
        case separator
        case sectionNumber = "section-number"
        case chapterFoldToggle = "chapter-fold-toggle"
        case scriptedChapters = "scripted-chapters"
        case pagerLink = "pager-link"
        case pageTOC = "page-toc"
        case pageTOCItem = "page-toc-item"
        case pageTOCSubitem = "page-toc-subitem"
        case repositoryLink = "repository-link"
        case editLink = "edit-link"
        // The header's search box and print link, left out when book.toml turns them off.
        case search
        case printLink = "print-link"
        case printFront = "print-front"
        case printBookTitle = "print-book-title"
        case printNote = "print-note"
        case printChapter = "print-chapter"
        case printChapterNumber = "print-chapter-number"
        case printContents = "print-contents"
        case printContentsItem = "print-contents-item"
        case printSections = "print-sections"
        case printSection = "print-section"
        case contentsPage = "contents-page"
        case notFoundHead = "not-found-head"
        case printHead = "print-head"
        case contentsHead = "contents-head"
        case redirect
        // A sample's figure (`SampleRendering`), its test report (`TestReportRendering`), its
        // hover cards (`HoverCardRendering`, `SwiftCodeHTML`).
        case sampleFigure = "sample-figure"
        case sampleCode = "sample-code"
        case sampleNote = "sample-note"
        case sampleExpectedError = "sample-expected-error"
        case sampleOutputBlock = "sample-output-block"
        case sampleOutput = "sample-output"
        case sampleTests = "sample-tests"
        case testReport = "test-report"
        case testPassed = "test-passed"
        case testFailed = "test-failed"
        case testFailure = "test-failure"
        case testFailureCode = "test-failure-code"
        case testFailureLine = "test-failure-line"
        case hoverFrame = "hover-frame"
        case hoverCard = "hover-card"
        case hoverClosure = "hover-closure"
        case hoverInferred = "hover-inferred"
        case hoverTarget = "hover-target"
        case hoverReference = "hover-reference"
        // Diagrams and tables (`FigureHTML`).
        case diagram
        case diagramWideFrom = "diagram-wide-from"
        case diagramCaption = "diagram-caption"
        case table
        case tableLabelledBy = "table-labelled-by"
        case tableLabel = "table-label"
        case tableCaption = "table-caption"
        case tableColumnHeader = "table-column-header"
        case tableRow = "table-row"
        case tableRowHeader = "table-row-header"
        case tableCell = "table-cell"
        case tableAlignment = "table-alignment"
        case tableVerdict = "table-verdict"

        /// The file, relative to the theme's folder.
        var path: String { "partials/\(rawValue).html" }

        /// The placeholders it may use besides `{{ words.KEY }}` (short text), each with its
        /// kind, which bounds how often the partial may name it (`PlaceholderCopies`): `.parts`
        /// for rendered parts of any size (a partial nested per entry of the summary, as
        /// `children` and `items`, doubles the page at each level when it names them twice).
        var placeholders: [String: PlaceholderKind] {
            switch self {
            case .chapters, .pageTOC, .printContents, .printSections: ["items": .parts]
            case .chapter, .chapterCurrent, .chapterDraft:
                ["href": .text, "number": .text, "title": .text, "children": .parts]
            case .partTitle: ["title": .text, "children": .parts]
            case .separator: ["children": .parts]
            case .sectionNumber: ["number": .text]
            case .chapterFoldToggle: ["expanded": .text]
            case .scriptedChapters: ["root": .text, "root_href": .text, "current": .text]
            case .pagerLink: ["rel": .text, "href": .text, "label": .text, "title": .text]
            case .pageTOCItem, .pageTOCSubitem, .printSection: ["id": .text, "text": .text]
            case .repositoryLink, .editLink: ["url": .text]
            case .search, .printLink: ["root": .text]
            case .printFront: ["cover": .parts, "build_date": .text, "contents": .parts]
            case .printBookTitle: ["title": .text]
            case .printNote: ["text": .text]
            case .printChapter: ["id": .text, "number": .text, "content": .parts]
            case .printChapterNumber: ["label": .text]
            case .printContentsItem:
                ["id": .text, "number": .text, "title": .text, "sections": .parts, "children": .parts]
            case .contentsPage: ["chapters": .parts]
            case .notFoundHead, .printHead, .contentsHead: [:]
            case .redirect: ["language": .text, "title": .text, "href": .text]
            case .sampleFigure: ["classes": .text, "code": .parts, "caption": .parts]
            case .sampleCode: ["class": .text, "code": .parts]
            case .sampleNote: ["badge": .text, "expected_error": .parts, "output": .parts]
            case .sampleExpectedError: ["errors": .parts]
            case .sampleOutputBlock: ["output": .parts]
            case .sampleOutput: ["verdict": .text, "output": .parts]
            case .sampleTests: ["verdict": .text, "report": .parts]
            case .testReport: ["summary": .text, "tests": .parts]
            case .testPassed, .testFailed: ["name": .text, "failures": .parts]
            case .testFailure: ["code": .parts, "message": .parts, "location": .text]
            case .testFailureCode: ["code": .parts]
            case .testFailureLine: ["path": .text, "line": .text]
            case .hoverFrame: ["code": .parts, "cards": .parts]
            case .hoverCard: ["id": .text, "closure": .parts, "declaration": .parts, "inferred": .parts]
            case .hoverClosure, .hoverInferred: [:]
            case .hoverTarget: ["id": .text, "code": .parts, "card": .parts]
            case .hoverReference: ["id": .text, "code": .parts]
            case .diagram:
                ["width": .text, "wide_from": .text, "alternative": .parts, "drawings": .parts, "caption": .parts]
            case .diagramWideFrom: ["breakpoint": .text]
            case .diagramCaption: ["caption": .parts]
            case .table: ["columns": .text, "label": .text, "caption": .parts, "headers": .parts, "rows": .parts]
            case .tableLabelledBy: ["id": .text]
            case .tableLabel: [:]
            case .tableCaption: ["id": .text, "caption": .parts]
            case .tableColumnHeader, .tableRowHeader: ["alignment": .text, "content": .parts]
            case .tableRow: ["cells": .parts]
            case .tableCell: ["label": .text, "alignment": .text, "content": .parts]
            case .tableAlignment: ["alignment": .text]
            case .tableVerdict: ["verdict": .text, "label": .text, "mark": .text]
            }
        }
    }

    /// Every partial, parsed.
    var templates: [Name: Template]
    /// Their texts in `Name` order, for the inputs every page depends on (`GlobalInputs`).
    var source: String
    /// Each one's text, for the keys of cached HTML made with it (`Chrome.cacheKey`).
    var texts: [Name: String] = [:]

    /// The built-in theme's partials.
    static let builtIn: Partials = (try? builtInParsed.get()) ?? Partials(templates: [:], source: "")

    /// The built-in theme's partials parsed, once per process: the `Chrome` of a build and the
    /// templates of a theme without a `partials/` folder (the built-in one in the cache) share them.
    private static let builtInParsed: Result<Partials, DiagnosticsError> = {
        do throws(DiagnosticsError) {
            return .success(try parse(folder: nil))
        } catch {
            return .failure(error)
        }
    }()

    /// The partials of the theme at `themeDirectory` (nil: the built-in theme), each read from its
    /// `partials/` folder or, when it has none of that name, from the built-in theme.
    /// - Throws: a diagnostic at each unknown or unclosed placeholder.
    static func load(themeDirectory: String?, book: [String] = []) throws(DiagnosticsError) -> Partials {
        // A theme without a `partials/` folder (the built-in theme's folder in the cache) is not
        // asked for each of its files: it has the built-in partials.
        guard
            let folder = themeDirectory.flatMap({ FileSystem.isDirectory(FileSystem.join($0, "partials")) ? $0 : nil })
        else { return try builtInParsed.get() }
        return try parse(folder: folder, book: book)
    }

    /// The interface words as placeholders (`{{ words.KEY }}`), which every partial may use.
    private static let wordPlaceholders = Set(InterfaceWords.keys.map { "words." + $0 })

    /// The partials, each read from `folder`'s `partials/` or, when it has none of that name (or
    /// `folder` is nil), from the built-in theme.
    private static func parse(folder: String?, book: [String] = []) throws(DiagnosticsError) -> Partials {
        var templates: [Name: Template] = [:]
        var source = ""
        var texts: [Name: String] = [:]
        var diagnostics: [Diagnostic] = []
        for name in Name.allCases {
            var path = name.path
            // Made once: `name.path` in the search below made the string again for every file of
            // the theme it passed (5,400 appends, 4 M of a small book's 86 M instructions).
            let builtInPath = path
            var text: String?
            var themed: [UInt8]?
            if let themeDirectory = folder {
                do throws(Diagnostic) {
                    themed = try BookFileRule.themeFile(
                        FileSystem.join(themeDirectory, name.path), theme: themeDirectory, book: book)
                } catch {
                    diagnostics.append(error)
                    continue
                }
            }
            if let themeDirectory = folder, let bytes = themed {
                path = FileSystem.join(themeDirectory, name.path)
                text = String(decoding: bytes, as: UTF8.self)
            } else if let file = DefaultThemeFiles.files.first(where: { $0.path == builtInPath }),
                let bytes = Data(base64Encoded: file.base64)
            {
                text = String(decoding: bytes, as: UTF8.self)
            }
            guard var text else { continue }
            if text.hasSuffix("\n") { text.removeLast() }
            source += name.rawValue + "\u{0}" + text + "\u{0}"
            texts[name] = text
            do throws(DiagnosticsError) {
                templates[name] = try Template.parse(
                    text, path: path, known: name.placeholders, alsoKnown: wordPlaceholders, boundingCopies: true)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        if !diagnostics.isEmpty { throw DiagnosticsError(diagnostics) }
        return Partials(templates: templates, source: source, texts: texts)
    }

    /// Equal when their texts are (the parsed templates follow from them).
    static func == (a: Partials, b: Partials) -> Bool { a.source == b.source }
    func hash(into hasher: inout Hasher) { hasher.combine(source) }

    /// The partial `name` filled in with `values`, then `words` (the interface words as values).
    func render(_ name: Name, _ values: [String: Template.Value], words: [String: Template.Value]) -> String {
        templates[name]?.render(values, words: words) ?? ""
    }
}
