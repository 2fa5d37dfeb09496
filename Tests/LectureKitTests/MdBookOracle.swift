import Foundation
import Testing

@testable import LectureSupport

/// mdBook itself as the oracle of compatibility: builds one book with `mdbook build` (0.5.4, the
/// venv's, `make test-tools`) and with `lecture build`, each in a scratch copy of the book of its
/// own (mdBook writes missing chapter files into `src/`), and reads both outputs into the same
/// facts (`Tests/CI/book_facts.py`, Python's HTML parser): the pages written, the sidebar, the
/// heading ids, classes and other anchors of each page, its visible text and its links, with each
/// tool's exit status and output.
///
///     let both = try MdBookOracle.build(["book.toml": "[book]\ntitle = \"T\"\n",
///                                        "src/SUMMARY.md": "- [A](a.md)\n", "src/a.md": "# A\n"])
///     #expect(both.lecture.facts.sidebar == both.mdBook.facts.sidebar)
///     #expect(both.differences(in: [.pages, .ids]) == [])
///
/// Content is only what each tool puts in the page's `<main>`; the chrome around it (the
/// theme, the 404 page's own wording, the print page) is not compared.
struct MdBookOracle {
    /// mdBook's executable in the venv.
    static let mdBook = TestSupport.repositoryRoot + "/.build/venv/bin/mdbook"
    static let python = TestSupport.repositoryRoot + "/.build/venv/bin/python"

    /// What one tool made of the book.
    struct Build {
        /// The exit status (`nil` when killed by a signal or the timeout).
        var status: Int32?
        /// Standard output and standard error, one after the other.
        var output: String
        var facts: Facts
        var seconds: Double
        /// The scratch copy of the book the tool built (its output in `book/`).
        var root: String
        /// Where in `root` the site is: `book`, or `book/html` when mdBook runs more than one
        /// renderer (`nil` when the tool wrote none); compared with `.pages` when both wrote one.
        var site: String?
        var succeeded: Bool { status == 0 }
    }

    /// The comparable facts of a built book (see `book_facts.py`); page keys are paths relative to
    /// the output folder (`intro/start.html`).
    struct Facts: Codable, Equatable {
        struct Entry: Codable, Equatable, CustomStringConvertible {
            /// `chapter`, `draft`, `part` or `separator`.
            var kind: String
            var title: String
            /// Root-relative and percent-decoded; `nil` for drafts, part titles and separators.
            var link: String?
            /// `"1.2."`, or `nil` for prefix and suffix chapters.
            var number: String?
            var depth: Int
            var description: String {
                String(repeating: "  ", count: depth) + "\(kind) \(number.map { $0 + " " } ?? "")\(title)"
                    + (link.map { " → \($0)" } ?? "")
            }
        }
        var pages: [String]
        var sidebar: [Entry]
        /// Each heading's id, in order.
        var ids: [String: [String]]
        /// The classes of each heading that has any, by id.
        var classes: [String: [String: [String]]]
        /// The other ids and `<a name>`s of the content.
        var anchors: [String: [String]]
        /// The visible text, whitespace collapsed.
        var text: [String: String]
        var links: [String: [String]]

        static let empty = Facts(pages: [], sidebar: [], ids: [:], classes: [:], anchors: [:], text: [:], links: [:])
    }

    /// The facts `differences(in:)` compares.
    enum Aspect: CaseIterable {
        case status, pages, sidebar, ids, classes, anchors, text, links
    }

    var mdBook: Build
    var lecture: Build

    /// Each difference between the two builds in `aspects`, as a line for a test's message;
    /// empty when they agree. Per-page facts are compared on the pages both wrote except
    /// `404.html` (each tool's own wording).
    func differences(in aspects: [Aspect] = Aspect.allCases) -> [String] {
        var found: [String] = []
        let (ours, theirs) = (lecture.facts, mdBook.facts)
        let shared = Set(ours.pages).intersection(theirs.pages).subtracting(["404.html"]).sorted()
        func compare<T: Equatable>(_ name: String, _ key: KeyPath<Facts, [String: T]>) {
            for page in shared where ours[keyPath: key][page] != theirs[keyPath: key][page] {
                found.append(
                    "\(name) of \(page): lecture \(String(describing: ours[keyPath: key][page])), "
                        + "mdBook \(String(describing: theirs[keyPath: key][page]))")
            }
        }
        for aspect in aspects {
            switch aspect {
            case .status:
                if lecture.succeeded != mdBook.succeeded {
                    found.append(
                        "exit status: lecture \(String(describing: lecture.status)), mdBook \(String(describing: mdBook.status))"
                            + "\nlecture: \(lecture.output)\nmdBook: \(mdBook.output)")
                }
            case .pages:
                if ours.pages != theirs.pages { found.append("pages: lecture \(ours.pages), mdBook \(theirs.pages)") }
                if let ourSite = lecture.site, let theirSite = mdBook.site, ourSite != theirSite {
                    found.append("site folder: lecture \(ourSite), mdBook \(theirSite)")
                }
            case .sidebar:
                if ours.sidebar != theirs.sidebar {
                    found.append(
                        "sidebar:\nlecture:\n\(ours.sidebar.map(\.description).joined(separator: "\n"))"
                            + "\nmdBook:\n\(theirs.sidebar.map(\.description).joined(separator: "\n"))")
                }
            case .ids: compare("heading ids", \.ids)
            case .classes: compare("heading classes", \.classes)
            case .anchors: compare("anchors", \.anchors)
            case .text: compare("text", \.text)
            case .links: compare("links", \.links)
            }
        }
        return found
    }

    /// Builds the book made of `files` (paths relative to the book's folder: `book.toml`,
    /// `src/SUMMARY.md`, …) with both tools.
    /// `environment` is added to both tools' (mdBook reads settings from `MDBOOK_*` variables).
    static func build(
        _ files: [String: String], lectureArguments: [String] = [], environment: [String: String] = [:]
    ) throws -> MdBookOracle {
        let book = try TestSupport.makeTree(files)
        defer { try? FileManager.default.removeItem(atPath: book) }
        return try build(folder: book, lectureArguments: lectureArguments, environment: environment)
    }

    /// Builds a fixture book (`Tests/LectureKitTests/Fixtures/NAME`) with both tools.
    static func build(fixture name: String, lectureArguments: [String] = []) throws -> MdBookOracle {
        try build(folder: TestSupport.fixture(name), lectureArguments: lectureArguments)
    }

    /// Copies the book at `folder` twice into a scratch folder and builds one copy with each tool;
    /// `folder` itself is never written. The copies stay until the test process ends.
    static func build(
        folder: String, lectureArguments: [String] = [], environment added: [String: String] = [:]
    ) throws -> MdBookOracle {
        guard FileManager.default.isExecutableFile(atPath: mdBook) else {
            throw LectureError(.fileSystem, "no \(mdBook): run 'make test-tools', which installs mdBook \(version)")
        }
        let scratch = try TestSupport.temporaryDirectory()
        let (theirs, ours) = (scratch + "/mdbook", scratch + "/lecture")
        try FileManager.default.copyItem(atPath: folder, toPath: theirs)
        try FileManager.default.copyItem(atPath: folder, toPath: ours)
        // Neither tool may read or write a home folder: both get the scratch folder as theirs.
        let environment = added.merging(["HOME": scratch, "LECTURE_CACHE_DIR": TestSupport.cacheDirectory]) { _, own in
            own
        }
        let mdBookBuild = try run(
            mdBook, ["build", theirs, "--dest-dir", theirs + "/book"], root: theirs, flavor: "mdbook",
            environment: environment)
        let lectureBuild = try run(
            TestSupport.executable,
            ["build", ours, "--output", ours + "/book", "--cache-dir", TestSupport.cacheDirectory] + lectureArguments,
            root: ours, flavor: "lecture", environment: environment)
        return MdBookOracle(mdBook: mdBookBuild, lecture: lectureBuild)
    }

    static let version = "0.5.4"

    private static func run(
        _ executable: String, _ arguments: [String], root: String, flavor: String, environment: [String: String]
    ) throws -> Build {
        let start = ContinuousClock.now
        let result = try Subprocess.run(
            executable, arguments, directory: root, environment: environment, timeout: 300, cancellation: .process)
        let seconds = (ContinuousClock.now - start).seconds
        let status: Int32? =
            if case .exited(let code) = result.termination { code } else { nil }
        var facts = Facts.empty
        var folder: String?
        if FileSystem.exists(root + "/book") {
            // With more than one renderer mdBook writes its HTML into the build folder's `html/`.
            let html = root + "/book/html"
            let site =
                !FileSystem.exists(root + "/book/index.html") && FileSystem.exists(html + "/index.html")
                ? html : root + "/book"
            folder = String(site.dropFirst(root.count + 1))
            let read = try Subprocess.run(
                python, [TestSupport.repositoryRoot + "/Tests/CI/book_facts.py", flavor, site], timeout: 120,
                cancellation: .process)
            guard read.succeeded else {
                throw LectureError(.fileSystem, "book_facts.py failed on \(root)/book: \(read.stderrText)")
            }
            facts = try JSONDecoder().decode(Facts.self, from: Data(read.stdout))
        }
        return Build(
            status: status, output: result.stdoutText + result.stderrText, facts: facts, seconds: seconds, root: root,
            site: folder)
    }
}
