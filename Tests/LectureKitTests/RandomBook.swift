import Foundation

@testable import LectureKit
@testable import LectureSupport

/// A small book in mdBook's layout (`book.toml`, `src/`, a theme of its own in `theme/`) that a
/// seeded generator edits at random, one edit at a time, the way an author works while `lecture
/// serve` runs: page text, a sample's code, an expected output block, `SUMMARY.md` (a chapter
/// added, removed, moved or nested), an `{{#include}}` target, a template or asset of the
/// theme, a picture (changed or removed), a heading (renamed), `book.toml`, the book's sample library (`lib/Greeting`, which a sample
/// imports: its doc comment and its declaration, so hover cards change and outputs do not), the
/// file a sample declares with `reads=` (`data.txt`: every input the build's steps read). The book is a model (`pages`, `summary`, `settings`…) written
/// out whole after each edit, so an edit is a change of the model and `describe` says what it
/// was; the same seed gives the same edits.
struct RandomBook {
    /// The book's folder (`book.toml`, `src/`, `theme/`).
    let root: String
    private var random: SplitMix64

    /// A part of a page, in order.
    enum Fragment: Equatable {
        case heading(level: Int, text: Int)
        case paragraph(Int)
        /// A link to `links[n]`, from the page's own folder.
        case link(Int)
        /// A Swift sample with `codes[code]` and, when `output` is set, an output block `outputs[output]`.
        case sample(code: Int, output: Int?)
        /// A Swift sample whose code is `{{#include code.swift}}`.
        case includedSample(output: Int?)
        /// `{{#include listing.txt}}` in a text code block.
        case include
        case picture
        case table
        /// `htmls[n]`: raw HTML, with an id, with a link to no page (an error of the emitted site),
        /// with a link to a heading of another page, with the picture, or both written another
        /// way (single-quoted, bare, in capitals): what the last three name
        /// is in other files, which an edit may rename or remove.
        case html(Int)
        /// A `run` sample that reads `data.txt` (`reads=`) and fails when it says `stop`.
        case readingSample
    }

    /// Every page's fragments, by path relative to `src/` (every page exists; the summary lists some).
    var pages: [String: [Fragment]]
    /// The summary's chapters in order, each with whether it nests under the one before.
    var summary: [(path: String, nested: Bool)]
    /// Whether the summary has a prefix chapter, a part title, a separator.
    var summaryShape = (prefix: false, part: false, separator: false)
    /// `src/listing.txt` (`listings[n]`) and `src/code.swift` (`includedCodes[n]`).
    var listing = 0
    var includedCode = 0
    /// `src/picture.svg` (`pictures[n]`), `nil` when removed.
    var picture: Int? = 0
    /// `lib/Greeting/Greeting.swift` (`libraries[n]`), `src/data.txt` and `src/part/data.txt` (`dataTexts[n]`).
    var library = 0
    var data = 0
    /// `theme/page.html`, `theme/404.html` (`nil`: none), `theme/assets/style.css`, `theme/words/en.toml`,
    /// `theme/partials/pager-link.html` (`nil`: none, the built-in theme's).
    var pageTemplate = 0
    var notFoundTemplate: Int? = 0
    var style = 0
    var themeWords = 0
    var pagerLink: Int?
    /// book.toml's settings, by key (`[section] key = value` lines, the value as TOML), the
    /// ones set.
    var settings: [String: String]

    static let pagePaths = ["intro.md", "a.md", "b.md", "c.md", "d.md", "part/e.md"]
    static let headingTexts = ["Section one", "Section two", "Section three"]
    static let paragraphs = [
        "Plain text with *emphasis* and `code`.",
        "Quotes \"like these\" -- and dashes... (smart punctuation changes them).",
        "A longer paragraph: the memory must see every word of it, even the last one.",
        "Text with a footnote.[^note]\n\n[^note]: The footnote.",
        "- a list\n- of two items",
    ]
    /// Link targets from the book's root folder; a page in `part/` goes up first. Some are
    /// anchors that may not exist, one page may be outside the summary, one never exists.
    static let links = [
        "a.md", "b.md", "c.md#section-one", "part/e.md", "d.md", "intro.md#section-two", "#section-one",
        "b.md#section-three", "missing.md",
    ]
    /// `{up}` is the way from the page's folder to the book's root (`../` from `part/`).
    static let htmls = [
        "<div id=\"box\">A box</div>", "<p><a href=\"nowhere.html\">nowhere</a></p>",
        "<p><a href=\"{up}b.html#section-three\">to b</a></p>",
        "<p><img src=\"{up}picture.svg\" alt=\"a picture\"></p>",
        // The same two as an author may write them: single-quoted, bare, in capitals.
        "<p><A HREF='{up}b.html#section-three'>to b</A> <img src={up}picture.svg alt=picture></p>",
    ]
    static let codes = [
        "print(\"one\")", "print(\"two\")", "let numbers = [1, 2, 3]\nprint(numbers.reduce(0, +))",
        "let broken: Int = \"text\"", "import Greeting\nprint(greeting(to: \"B\"))",
    ]
    /// The book's sample library, `[lecture.samples] libraries = ["lib/Greeting"]`: each prints
    /// the same greeting, with another doc comment or declaration (its hover card).
    static let libraries = [
        "/// Greets someone.\npublic func greeting(to name: String) -> String { \"Hello, \\(name)\" }\n",
        "/// Says hello to someone, by name.\npublic func greeting(to name: String) -> String { \"Hello, \\(name)\" }\n",
        "/// Greets someone.\npublic func greeting(to name: String, mark: String = \"\") -> String { \"Hello, \\(name)\\(mark)\" }\n",
    ]
    /// What `readingSample` reads; the last makes it fail.
    static let dataTexts = ["go\n", "go on\n", "stop\n"]
    static let outputs = ["one", "two", "6", "included", "Hello, B"]
    static let listings = ["first listing\n", "second listing\nwith two lines\n", ""]
    static let includedCodes = ["print(\"included\")\n", "print(\"one\")\n"]
    static let pictures = [
        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\"/>\n",
    ]
    static let pageTemplates = [
        "<!doctype html><html lang=\"{{ language }}\"><title>{{ title }}</title><nav>{{ nav }}</nav><main>{{ content }}</main>{{ prev }}{{ next }}</html>\n",
        "<!doctype html><html lang=\"{{ language }}\"><head><title>{{ title }} - {{ book_title }}</title><link rel=\"stylesheet\" href=\"{{ root }}assets/style.css\"></head><body><nav>{{ nav }}</nav><aside>{{ toc }}</aside><main>{{ content }}</main><footer>{{ prev }} {{ next }} {{ edit_link }} {{ words.next }}</footer></body></html>\n",
        "<!doctype html><html><title>{{ page_title }}</title><main>{{ content }}</main><p>{{ verified }} {{ swift_version }}</p>{{ nav }}</html>\n",
        // Not a placeholder of page.html: the build fails at this template's line.
        "<!doctype html><html><title>{{ title }}</title><main>{{ content }}</main>{{ no_such_placeholder }}</html>\n",
    ]
    static let notFoundTemplates = [
        "<h1>Not here</h1>\n<p><a href=\"{{ root }}index.html\">{{ book_title }}</a></p>\n",
        "<h1>Gone</h1>\n",
    ]
    static let styles = ["main { color: black; }\n", "main { color: navy; }\n"]
    static let themeWordTables = ["", "next = \"Onward\"\n"]
    static let pagerLinks = [
        "<a class=\"mine\" href=\"{{ href }}\">{{ title }}</a>\n",
        "<a rel=\"{{ rel }}\" href=\"{{ href }}\">{{ words.next }}: {{ title }}</a>\n",
    ]
    /// The settings an edit may set, unset or change: key and the values it may take.
    static let settingChoices: [(key: String, values: [String])] = [
        ("book.title", ["\"A random book\"", "\"Another title\""]),
        ("book.language", ["\"en\"", "\"ko\""]),
        ("lecture.samples.verify", ["true", "false"]),
        ("lecture.samples.without-output", ["\"run\"", "\"compile\""]),
        ("output.html.smart-punctuation", ["true", "false"]),
        ("output.html.default-theme", ["\"navy\"", "\"light\""]),
        ("output.html.git-repository-url", ["\"https://example.com/book\""]),
        ("output.html.edit-url-template", ["\"https://example.com/book/edit/main/{path}\""]),
        ("output.html.site-url", ["\"/\"", "\"/book/\""]),
        ("lecture.templates", ["\"theme\""]),
        ("lecture.style-lints", ["true"]),
        ("lecture.words.previous", ["\"Back\""]),
        ("lecture.samples.continue", ["true", "false"]),
    ]

    /// A new book under `root`, written out; `seed` fixes every edit that follows.
    init(root: String, seed: UInt64) throws {
        self.root = root
        random = SplitMix64(seed: seed)
        pages = [
            "intro.md": [.heading(level: 1, text: 0), .paragraph(0), .heading(level: 2, text: 1)],
            "a.md": [
                .heading(level: 1, text: 0), .link(1), .sample(code: 0, output: 0), .sample(code: 4, output: 4),
                .html(3),
            ],
            // The picture only in raw HTML at first: a Markdown image of it would stop the build at
            // `Links` when it is removed, before the emitted URLs are checked.
            "b.md": [.heading(level: 1, text: 1), .heading(level: 2, text: 2), .paragraph(2)],
            "c.md": [
                .heading(level: 1, text: 2), .heading(level: 2, text: 0), .include, .table, .readingSample, .html(2),
            ],
            "d.md": [.heading(level: 1, text: 0), .paragraph(1)],
            "part/e.md": [.heading(level: 1, text: 1), .link(0), .html(0), .html(4)],
        ]
        summary = [("a.md", false), ("b.md", false), ("c.md", true), ("part/e.md", false)]
        settings = [
            "book.title": "\"A random book\"", "lecture.templates": "\"theme\"", "lecture.samples.verify": "true",
            "lecture.samples.libraries": "[\"lib/Greeting\"]",
        ]
        try write()
    }

    // MARK: Edits

    /// Makes one random edit and writes the book; returns what it did. After a failed build
    /// the edit is, two times in three, the author fixing every error (`repair`), so that most
    /// builds succeed and their sites are compared.
    mutating func edit(afterFailure: Bool = false) throws -> String {
        if afterFailure, pick(3) > 0 {
            repair()
            try write()
            return "every error fixed"
        }
        let kinds: [(String, (inout RandomBook) -> String)] = [
            ("page text", { $0.editPageText() }),
            ("sample code", { $0.editSampleCode() }),
            ("expected output", { $0.editExpectedOutput() }),
            ("summary", { $0.editSummary() }),
            ("include target", { $0.editIncludeTarget() }),
            ("theme", { $0.editTheme() }),
            ("book.toml", { $0.editSettings() }),
            ("picture", { $0.editPicture() }),
            ("heading", { $0.editHeading() }),
            ("what raw HTML names", { $0.editRawHTMLTarget() }),
            ("sample library", { $0.editLibrary() }),
            ("file a sample reads", { $0.editReadFile() }),
        ]
        let (kind, change) = kinds[pick(kinds.count)]
        let description = change(&self)
        try write()
        return "\(kind): \(description)"
    }

    private mutating func editPageText() -> String {
        let path = Self.pagePaths[pick(Self.pagePaths.count)]
        var fragments = pages[path] ?? []
        let fresh = randomTextFragment()
        switch pick(3) {
        case 0 where !fragments.isEmpty:
            let index = pick(fragments.count)
            fragments[index] = fresh
            pages[path] = fragments
            return "\(path): fragment \(index) is now \(fresh)"
        case 1 where fragments.count > 1:
            let index = pick(fragments.count)
            let removed = fragments.remove(at: index)
            pages[path] = fragments
            return "\(path): \(removed) removed"
        default:
            let index = pick(fragments.count + 1)
            fragments.insert(fresh, at: index)
            pages[path] = fragments
            return "\(path): \(fresh) inserted at \(index)"
        }
    }

    private mutating func randomTextFragment() -> Fragment {
        switch pick(8) {
        case 0, 1: return .heading(level: 1 + pick(3), text: pick(Self.headingTexts.count))
        case 2, 3: return .paragraph(pick(Self.paragraphs.count))
        // Mostly links that resolve, so that most builds succeed and their sites are compared.
        case 4: return .link(pick(10) < 8 ? pick(4) : pick(Self.links.count))
        case 5: return [.include, .picture][pick(2)]
        case 6: return .table
        // The broken raw link (an error after Render) now and then, so most builds are compared.
        default: return .html([0, 0, 1, 2, 3, 4][pick(6)])
        }
    }

    /// The places of samples in the book: page and fragment number.
    private var samplePlaces: [(path: String, index: Int)] {
        Self.pagePaths.flatMap { path in
            (pages[path] ?? []).indices.compactMap { index in
                switch pages[path]![index] {
                case .sample, .includedSample: (path, index)
                default: nil
                }
            }
        }
    }

    private mutating func editSampleCode() -> String {
        let places = samplePlaces
        // At most three samples, so the sample cache stays warm after a few edits.
        guard !places.isEmpty, places.count >= 3 || pick(3) > 0 else {
            let path = Self.pagePaths[pick(Self.pagePaths.count)]
            let sample: Fragment =
                pick(4) == 0
                ? .includedSample(output: 3) : .sample(code: pick(Self.codes.count), output: pick(Self.outputs.count))
            pages[path, default: []].append(sample)
            return "\(path): \(sample) added"
        }
        let (path, index) = places[pick(places.count)]
        switch pages[path]![index] {
        case .sample(_, let output):
            if pick(4) == 0 {
                pages[path]!.remove(at: index)
                return "\(path): the sample at \(index) removed"
            }
            let code = pick(Self.codes.count)
            pages[path]![index] = .sample(code: code, output: output)
            return "\(path): the sample at \(index) has code \(code)"
        default:
            let code = pick(Self.codes.count)
            pages[path]![index] = .sample(code: code, output: nil)
            return "\(path): the included sample at \(index) is now a sample with code \(code)"
        }
    }

    private mutating func editExpectedOutput() -> String {
        let places = samplePlaces
        guard !places.isEmpty else { return editSampleCode() }
        let (path, index) = places[pick(places.count)]
        let output: Int? = pick(4) == 0 ? nil : pick(Self.outputs.count)
        switch pages[path]![index] {
        case .sample(let code, _): pages[path]![index] = .sample(code: code, output: output)
        default: pages[path]![index] = .includedSample(output: output)
        }
        return "\(path): the sample at \(index) expects \(output.map { "output \($0)" } ?? "no output block")"
    }

    private mutating func editSummary() -> String {
        let absent = Self.pagePaths.filter { path in !summary.contains { $0.path == path } }
        switch pick(6) {
        case 0 where !absent.isEmpty:
            let path = absent[pick(absent.count)]
            let index = pick(summary.count + 1)
            summary.insert((path, index > 0 && pick(3) == 0), at: index)
            return "\(path) added at \(index)"
        case 1 where !summary.isEmpty:
            let removed = summary.remove(at: pick(summary.count))
            if let first = summary.first, first.nested { summary[0].nested = false }
            return "\(removed.path) removed"
        case 2 where summary.count > 1:
            let from = pick(summary.count)
            let to = pick(summary.count)
            summary.swapAt(from, to)
            summary[0].nested = false
            return "\(summary[from].path) and \(summary[to].path) swapped"
        case 3 where summary.count > 1:
            let index = 1 + pick(summary.count - 1)
            summary[index].nested.toggle()
            return "\(summary[index].path) \(summary[index].nested ? "nested" : "unnested")"
        case 4:
            summaryShape.prefix.toggle()
            return summaryShape.prefix ? "intro.md as a prefix chapter" : "no prefix chapter"
        default:
            if pick(2) == 0 {
                summaryShape.part.toggle()
                return summaryShape.part ? "a part title" : "no part title"
            }
            summaryShape.separator.toggle()
            return summaryShape.separator ? "a separator" : "no separator"
        }
    }

    private mutating func editIncludeTarget() -> String {
        if pick(2) == 0 {
            listing = (listing + 1 + pick(Self.listings.count - 1)) % Self.listings.count
            return "listing.txt is listing \(listing)"
        }
        includedCode = (includedCode + 1) % Self.includedCodes.count
        return "code.swift is code \(includedCode)"
    }

    private mutating func editTheme() -> String {
        switch pick(5) {
        case 4:
            pagerLink = pick(3) == 0 ? nil : pick(Self.pagerLinks.count)
            return "partials/pager-link.html is \(pagerLink.map { "partial \($0)" } ?? "gone")"
        case 0:
            // The broken template rarely, so most builds are compared.
            pageTemplate = pick(10) == 0 ? 3 : pick(3)
            return "page.html is template \(pageTemplate)"
        case 1:
            notFoundTemplate = pick(3) == 0 ? nil : pick(Self.notFoundTemplates.count)
            return "404.html is \(notFoundTemplate.map { "template \($0)" } ?? "gone")"
        case 2:
            style = (style + 1) % Self.styles.count
            return "style.css is style \(style)"
        default:
            themeWords = (themeWords + 1) % Self.themeWordTables.count
            return "words/en.toml is table \(themeWords)"
        }
    }

    private mutating func editSettings() -> String {
        let (key, values) = Self.settingChoices[pick(Self.settingChoices.count)]
        if settings[key] != nil, pick(3) == 0 {
            settings[key] = nil
            return "\(key) unset"
        }
        let value = values[pick(values.count)]
        settings[key] = value
        return "\(key) = \(value)"
    }

    private mutating func editLibrary() -> String {
        library = (library + 1 + pick(Self.libraries.count - 1)) % Self.libraries.count
        return "lib/Greeting/Greeting.swift is library \(library)"
    }

    /// `data.txt` changed; a reading sample added to a page when no page has one.
    private mutating func editReadFile() -> String {
        if !pages.values.contains(where: { $0.contains(.readingSample) }) {
            let path = Self.pagePaths[pick(Self.pagePaths.count)]
            pages[path, default: []].append(.readingSample)
            return "\(path): a sample reading data.txt added"
        }
        // The failing text rarely, so most builds are compared.
        data = pick(6) == 0 ? 2 : (data + 1) % 2
        return "data.txt is text \(data)"
    }

    /// The picture changed, removed (pages' Markdown and raw HTML still name it) or back.
    private mutating func editPicture() -> String {
        guard let now = picture else {
            picture = pick(Self.pictures.count)
            return "picture.svg is back as picture \(picture!)"
        }
        if pick(2) == 0 {
            picture = nil
            return "picture.svg removed"
        }
        picture = (now + 1) % Self.pictures.count
        return "picture.svg is picture \(picture!)"
    }

    /// The picture removed or back, or `b.md`'s 'Section three' renamed or back: what
    /// `htmls[2]`, `htmls[3]` and `htmls[4]` name, from pages this edit leaves as they are.
    private mutating func editRawHTMLTarget() -> String {
        if pick(2) == 0 {
            picture = picture == nil ? 0 : nil
            return picture == nil ? "picture.svg removed" : "picture.svg is back"
        }
        let b = pages["b.md"]!
        if let index = b.firstIndex(of: .heading(level: 2, text: 2)) {
            pages["b.md"]![index] = .heading(level: 2, text: 0)
            return "b.md: 'Section three' renamed to 'Section one'"
        }
        pages["b.md"]!.append(.heading(level: 2, text: 2))
        return "b.md: 'Section three' added"
    }

    /// A heading's text changed; one time in two `b.md`'s 'Section three', which other pages'
    /// raw HTML (`htmls[2]`) and links name: its id changes, and links to it from pages that did
    /// not change break or mend.
    private mutating func editHeading() -> String {
        let linked = pick(2) == 0
        let path = linked ? "b.md" : Self.pagePaths[pick(Self.pagePaths.count)]
        let headings = (pages[path] ?? []).indices.filter {
            guard case .heading(_, let text) = pages[path]![$0] else { return false }
            return !linked || text == 2
        }
        guard !headings.isEmpty else {
            pages[path, default: []].append(.heading(level: 2, text: 1))
            return "\(path): heading 'Section two' added"
        }
        let index = headings[pick(headings.count)]
        guard case .heading(let level, let text) = pages[path]![index] else { return "" }
        let renamed = (text + 1 + pick(Self.headingTexts.count - 1)) % Self.headingTexts.count
        pages[path]![index] = .heading(level: level, text: renamed)
        return "\(path): heading \(index) renamed to '\(Self.headingTexts[renamed])'"
    }

    /// What the code of a sample prints (`outputs`), `nil` for the one that does not compile.
    private static let printed: [Int?] = [0, 1, 2, nil, 4]
    /// What `code.swift` prints.
    private static let includedPrinted = [3, 0]

    /// Every error of the book fixed as its author would: links to pages outside the summary or
    /// to headings a page lacks point to a chapter instead, the raw link to no page is gone,
    /// every sample compiles and expects what it prints, the page template is a valid one, no
    /// page is listed twice, `data.txt` does not make its reader fail.
    mutating func repair() {
        // A page listed twice (the prefix chapter in the list too) is listed once.
        if summaryShape.prefix { summary.removeAll { $0.path == "intro.md" } }
        if let first = summary.first, first.nested { summary[0].nested = false }
        let chapters = summary.map(\.path) + (summaryShape.prefix ? ["intro.md"] : [])
        for path in Self.pagePaths {
            pages[path] = pages[path]!.map { fragment in
                switch fragment {
                case .link(let number) where !isValidLink(Self.links[number], from: path, chapters: chapters):
                    let valid = Self.links.indices.filter {
                        isValidLink(Self.links[$0], from: path, chapters: chapters)
                    }
                    return valid.first.map { .link($0) } ?? .paragraph(0)
                case .html(1): return .html(0)
                case .html(2),
                    .html(4) where !chapters.contains("b.md"):
                    return .html(0)
                case .sample(let code, let output):
                    let fixed = Self.printed[code] == nil ? 0 : code
                    return .sample(code: fixed, output: output.map { _ in Self.printed[fixed]! })
                case .includedSample(let output):
                    return .includedSample(output: output.map { _ in Self.includedPrinted[includedCode] })
                default: return fragment
                }
            }
        }
        if pageTemplate == 3 { pageTemplate = 0 }
        if data == 2 { data = 0 }
        if picture == nil { picture = 0 }
        // The heading raw HTML links to (`htmls[2]`) is back, rather than the link gone.
        if !isValidLink("b.md#section-three", from: "b.md", chapters: ["b.md"]) {
            pages["b.md"]!.append(.heading(level: 2, text: 2))
        }
    }

    /// Whether `link` from `page` names a chapter of `chapters` and, with an anchor, a heading it has.
    private func isValidLink(_ link: String, from page: String, chapters: [String]) -> Bool {
        let parts = link.split(separator: "#", omittingEmptySubsequences: false).map(String.init)
        let target = parts[0].isEmpty ? page : parts[0]
        guard chapters.contains(target) else { return false }
        guard parts.count > 1 else { return true }
        let headings = (pages[target] ?? []).compactMap { fragment -> String? in
            if case .heading(_, let text) = fragment { return Self.headingTexts[text] }
            return nil
        }
        return headings.map { $0.lowercased().replacingOccurrences(of: " ", with: "-") }.contains(parts[1])
    }

    /// A number in `0..<count`.
    private mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

    // MARK: Writing

    /// The book's files as they are now, relative to `root` (a missing `404.html` is absent).
    var files: [String: String] {
        var files: [String: String] = [:]
        for (path, fragments) in pages { files["src/" + path] = Self.markdown(fragments, page: path) }
        files["src/SUMMARY.md"] = summaryText
        files["src/listing.txt"] = Self.listings[listing]
        files["src/code.swift"] = Self.includedCodes[includedCode]
        if let picture { files["src/picture.svg"] = Self.pictures[picture] }
        files["src/data.txt"] = Self.dataTexts[data]
        files["src/part/data.txt"] = Self.dataTexts[data]
        files["lib/Greeting/Greeting.swift"] = Self.libraries[library]
        files["theme/page.html"] = Self.pageTemplates[pageTemplate]
        if let notFoundTemplate { files["theme/404.html"] = Self.notFoundTemplates[notFoundTemplate] }
        files["theme/assets/style.css"] = Self.styles[style]
        files["theme/words/en.toml"] = Self.themeWordTables[themeWords]
        if let pagerLink { files["theme/partials/pager-link.html"] = Self.pagerLinks[pagerLink] }
        files["book.toml"] = bookTOML
        return files
    }

    /// Writes every file that changed; removes `theme/404.html`, `theme/partials/pager-link.html`
    /// and `src/picture.svg` when the model has none. Files are replaced whole (a new inode) or rewritten in place, as
    /// editors do, by turns.
    private mutating func write() throws {
        let files = files
        for (path, text) in files.sorted(by: { $0.key < $1.key }) {
            let full = root + "/" + path
            guard (try? FileSystem.read(full)) != Array(text.utf8) else { continue }
            if FileSystem.exists(full), pick(2) == 0 {
                guard let handle = FileHandle(forWritingAtPath: full) else {
                    throw LectureError(.fileSystem, "cannot open \(full)")
                }
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: Array(text.utf8))
                try handle.close()
            } else {
                try FileSystem.writeAtomically(text, to: full)
            }
        }
        for path in ["theme/404.html", "theme/partials/pager-link.html", "src/picture.svg"] where files[path] == nil {
            if FileSystem.exists(root + "/" + path) { try FileManager.default.removeItem(atPath: root + "/" + path) }
        }
    }

    private var summaryText: String {
        var lines = ["# Summary", ""]
        if summaryShape.prefix { lines += ["[Introduction](intro.md)", ""] }
        if summaryShape.part { lines += ["# Part one", ""] }
        for (number, chapter) in summary.enumerated() {
            // A chapter right after the separator cannot nest under the one before it.
            let separated = summaryShape.separator && number == summary.count / 2 && number > 0
            if separated { lines += ["", "---", ""] }
            let title = chapter.path.replacingOccurrences(of: ".md", with: "").uppercased()
            lines.append((chapter.nested && !separated ? "    " : "") + "- [\(title)](\(chapter.path))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private var bookTOML: String {
        var sections: [String: [String]] = [:]
        for (key, value) in settings {
            let parts = key.split(separator: ".")
            sections[parts.dropLast().joined(separator: "."), default: []].append("\(parts.last!) = \(value)")
        }
        sections["build", default: []] += ["build-dir = \"book\"", "create-missing = false"]
        return sections.keys.sorted().map { "[\($0)]\n" + sections[$0]!.sorted().joined(separator: "\n") + "\n" }
            .joined(separator: "\n")
    }

    /// A page's Markdown; links and pictures are written from the page's own folder.
    static func markdown(_ fragments: [Fragment], page: String) -> String {
        let up = page.contains("/") ? "../" : ""
        return fragments.map { fragment in
            switch fragment {
            case .heading(let level, let text): String(repeating: "#", count: level) + " " + headingTexts[text]
            case .paragraph(let number): paragraphs[number]
            case .link(let number):
                "See [this](\(links[number].hasPrefix("#") ? links[number] : up + links[number]))."
            case .sample(let code, let output): "```swift\n\(codes[code])\n```" + outputBlock(output)
            case .includedSample(let output): "```swift\n{{#include \(up)code.swift}}\n```" + outputBlock(output)
            case .include: "```text\n{{#include \(up)listing.txt}}\n```"
            case .picture: "![A picture](\(up)picture.svg)"
            case .table: "| name | value |\n|---|---|\n| one | 1 |"
            case .html(let number): htmls[number].replacingOccurrences(of: "{up}", with: up)
            case .readingSample:
                "```swift run reads=\"data.txt\"\nimport Foundation\n"
                    + "let text = try! String(contentsOfFile: \"data.txt\", encoding: .utf8)\n"
                    + "exit(text.hasPrefix(\"stop\") ? 1 : 0)\n```"
            }
        }.joined(separator: "\n\n") + "\n"
    }

    private static func outputBlock(_ output: Int?) -> String {
        output.map { "\n\n```output\n\(outputs[$0])\n```" } ?? ""
    }
}

/// Sebastiano Vigna's SplitMix64: a small generator whose sequence is fixed by its seed on every
/// platform and toolchain (the standard library promises no such thing of its algorithms).
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
