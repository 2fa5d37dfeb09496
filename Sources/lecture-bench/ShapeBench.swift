import Foundation
import LectureKit
import LectureSupport

/// Part 7: `lecture build` on every shape of book (`Shape`) and on the lecture itself, against
/// the floor (one `cmark` process over the book's pages concatenated, output to `/dev/null`) and
/// against mdBook building the same book, cold and warm (also on real mdBook books, the Rust API
/// Guidelines and the async book of `Tests/LectureKitTests/Fixtures`); and the peak memory of the
/// largest build.
///
/// Every contender runs once per round, one after another (`Interleaved`); rows give the median
/// of each and the median of the rounds' ratios. A build's cache (`--cache-dir`) is made by one
/// untimed build first, so that the lecture's samples are verified before any round (a cold check
/// is part 2's); cold is a build into a folder that does not exist, warm a build of the same
/// book into the folder the cold build wrote. mdBook has no cache: its cold and warm differ by the
/// output folder only.
extension Bench {
    mutating func partShapes() throws {
        let scale = Double(shapePages) / 1_000
        var books: [(shape: String, summary: String, root: String, pages: [String])] = []
        let shapes = self.shapes
        let wanted = { (key: String) in shapes?.contains(key) ?? true }
        for shape in Shape.all(scale: scale) where wanted(shape.name.replacingOccurrences(of: " ", with: "-")) {
            let root = temp + "/shape-\(books.count + 1)"
            try shape.write(into: root)
            books.append(
                (shape.name, shape.summary + ", " + Format.bytes(shape.markdownBytes), root, shape.pages.map(\.text)))
        }
        if wanted("lecture") { try addLecture(to: &books) }
        for fixture in Self.mdbookFixtures where wanted(fixture.key) { try addFixture(fixture, to: &books) }
        for book in books {
            defer { Files.remove(book.root) }
            try measure(shape: book.shape, summary: book.summary, root: book.root, pages: book.pages)
        }
        if wanted("memory") {
            for pages in memoryPages { try measureMemory(pages: pages) }
        }
    }

    /// The lecture: content/, book.toml, the theme and the sample libraries its book.toml
    /// declares, copied, so edits during the run change nothing.
    func addLecture(to books: inout [(shape: String, summary: String, root: String, pages: [String])]) throws {
        let lectureRoot = temp + "/shape-lecture"
        try Files.makeDirectory(lectureRoot)
        for item in ["content", "book.toml", "site-templates"] {
            try Files.copy(repo + "/" + item, to: lectureRoot + "/" + item)
        }
        for library in BookSettingsLoader.load(path: repo + "/book.toml").settings.sampleLibraries {
            try Files.makeDirectory(FileSystem.parent(lectureRoot + "/" + library))
            try Files.copy(repo + "/" + library, to: lectureRoot + "/" + library)
        }
        let lecturePages = Self.markdownFiles(lectureRoot + "/content").map(Files.read)
        books.append(
            (
                "the lecture",
                "content/, \(lecturePages.count) pages, \(Format.bytes(lecturePages.reduce(0) { $0 + $1.utf8.count }))",
                lectureRoot, lecturePages
            ))

    }

    /// The real mdBook books no one here wrote (issue 32), committed as test fixtures
    /// (`Tests/LectureKitTests/Fixtures/<key>`), each built by both tools as published: `key`
    /// names it in `--shapes`.
    static let mdbookFixtures: [(key: String, title: String)] = [
        ("api-guidelines", "the Rust API Guidelines (mdBook book)"),
        ("async-book", "the async book (mdBook book)"),
    ]

    /// The fixture `fixture` copied into the run's folder, with its pages.
    func addFixture(
        _ fixture: (key: String, title: String),
        to books: inout [(shape: String, summary: String, root: String, pages: [String])]
    ) throws {
        let root = temp + "/shape-" + fixture.key
        try Files.copy(repo + "/Tests/LectureKitTests/Fixtures/" + fixture.key, to: root)
        let pages = Self.markdownFiles(root + "/src").map(Files.read)
        books.append(
            (
                fixture.title, "\(pages.count) pages, \(Format.bytes(pages.reduce(0) { $0 + $1.utf8.count }))", root,
                pages
            ))
    }

    /// The one-minute load average (`/proc/loadavg`), for the rows.
    static func loadAverage() -> String {
        Files.read("/proc/loadavg").split(separator: " ").first.map(String.init) ?? "?"
    }

    /// The `.md` files under `folder` but `SUMMARY.md`, sorted by path.
    static func markdownFiles(_ folder: String) -> [String] {
        FileSystem.files(under: folder).filter {
            $0.hasSuffix(".md") && ($0 as NSString).lastPathComponent != "SUMMARY.md"
        }.map { folder + "/" + $0 }
    }

    /// `lecture build` of the book at `root`, one run, into `output`. - Throws: when it fails.
    func lectureBuild(_ root: String, output: String, cache: String) throws -> Measured {
        let result = try Run.measure(
            lecture, ["build", root, "--output", output, "--cache-dir", cache], directory: root, timeout: 1200)
        guard result.succeeded else {
            throw BenchError.failed(
                "lecture build \(root) failed (status \(result.status)):\n\(result.stdout.suffix(600))\(result.stderr.suffix(2000))"
            )
        }
        return result
    }

    func mdbookBuild(_ root: String, output: String) throws -> Measured {
        let result = try Run.measure(mdbook!, ["build", root, "--dest-dir", output], directory: root, timeout: 1200)
        guard result.succeeded else {
            throw BenchError.failed(
                "mdbook build \(root) failed (status \(result.status)):\n\(result.stdout.suffix(600))\(result.stderr.suffix(2000))"
            )
        }
        return result
    }

    mutating func measure(shape: String, summary: String, root: String, pages: [String]) throws {
        let loadBefore = Self.loadAverage()
        note("shape \(shape): \(summary) (load \(loadBefore))")
        let all = root + "/all-pages.md"
        try Files.write(pages.joined(separator: "\n"), to: all)
        let cache = root + "/cache"
        // Untimed: the cache (the lecture's samples verified), the executables in the page cache.
        let first = try lectureBuild(root, output: root + "/first", cache: cache)
        note("  first build (untimed, makes the cache): \(Format.seconds(first.seconds))")
        let mdbookRoot = try mdbook.map { _ in try mdbookBook(root) }
        if let mdbookRoot { _ = try mdbookBuild(mdbookRoot, output: root + "/mdbook-first") }
        Files.remove(root + "/first")
        Files.remove(root + "/mdbook-first")

        // Wall-clock seconds, the table's; CPU seconds (user + system), for the log.
        var times = Interleaved()
        var cpu = Interleaved()
        func record(_ name: String, _ run: Measured) {
            times.record(name, run.seconds)
            cpu.record(name, run.cpuSeconds)
        }
        var outputs: [String] = []
        defer { outputs.forEach(Files.remove) }
        // A small book's build takes about 20 ms, where one busy moment of the machine moves a
        // round: four times the rounds.
        let rounds = pages.count <= 10 ? shapeRounds * 4 : shapeRounds
        for round in 1...rounds {
            let floor = try Run.measure("cmark", ["--smart", "--unsafe", all], stdoutPath: "/dev/null")
            guard floor.succeeded else { throw BenchError.failed("cmark failed: \(floor.stderr)") }
            record("cmark", floor)
            let site = root + "/site-\(round)"
            outputs.append(site)
            record("cold", try lectureBuild(root, output: site, cache: cache))
            if let mdbookRoot {
                let book = root + "/mdbook-\(round)"
                outputs.append(book)
                record("mdbook cold", try mdbookBuild(mdbookRoot, output: book))
                record("warm", try lectureBuild(root, output: site, cache: cache))
                record("mdbook warm", try mdbookBuild(mdbookRoot, output: book))
            }
        }
        for name in ["cmark", "cold", "warm", "mdbook cold", "mdbook warm"] where times.rounds(name) > 0 {
            note(
                "  \(name): wall \(Format.seconds(times.median(name))), CPU \(Format.seconds(cpu.median(name))) (medians of \(times.rounds(name)))"
            )
        }
        // The one-minute load average before and after the shape's rounds, beside its figures.
        let roundsNote = "median of \(rounds), interleaved; load \(loadBefore)–\(Self.loadAverage())"
        let floorRatio = times.ratio("cold", "cmark")
        rows.append(
            Row(
                part: "7", measure: "\(shape) (\(summary)): build vs cmark floor (\(roundsNote))",
                lecture: Format.seconds(times.median("cold")),
                baseline: "cmark \(Format.seconds(times.median("cmark"))) → /dev/null", ratio: Format.ratio(floorRatio),
                goal: "≤ 2.00× cmark", result: Format.verdict(floorRatio <= 2)))
        guard mdbookRoot != nil else {
            rows.append(
                Row(
                    part: "7", measure: "\(shape): build vs mdBook", lecture: Format.seconds(times.median("cold")),
                    baseline: "mdbook not found (make test-tools)", ratio: "—", goal: "never slower", result: "skipped")
            )
            return
        }
        for kind in ["cold", "warm"] {
            // mdBook's time over the lecture's, round by round: above 1, the lecture is faster.
            let speedup = 1 / times.ratio(kind, "mdbook " + kind)
            rows.append(
                Row(
                    part: "7", measure: "\(shape): build vs mdBook \(mdbookVersion), \(kind) (\(roundsNote))",
                    lecture: Format.seconds(times.median(kind)),
                    baseline: "mdbook \(Format.seconds(times.median("mdbook " + kind)))",
                    ratio: Format.speedup(speedup),
                    goal: "never slower", result: Format.verdict(speedup >= 1)))
        }
    }

    /// The folder mdBook builds for the book at `root`: the book itself, with a `book.toml` of
    /// mdBook's keys only when the lecture's own carries the tool's tables (`[preprocessor.lecture]` or `[lecture]`).
    func mdbookBook(_ root: String) throws -> String {
        let toml = Files.read(root + "/book.toml")
        guard toml.contains("[lecture") || toml.contains("[preprocessor.lecture") else { return root }
        let plain = root + "/mdbook"
        try Files.makeDirectory(plain)
        let title = toml.split(separator: "\n").first { $0.hasPrefix("title") } ?? "title = \"book\""
        try Files.write("[book]\n\(title)\nlanguage = \"ko\"\nsrc = \"../content\"\n", to: plain + "/book.toml")
        return plain
    }

    /// The peak memory (max RSS, `wait4`) of one cold build of `pages` pages of issue 36's shape,
    /// against the bytes of its Markdown.
    mutating func measureMemory(pages: Int) throws {
        let shape = Shape.manyPages(pages)
        let root = temp + "/memory"
        defer { Files.remove(root) }
        try shape.write(into: root)
        let result = try lectureBuild(root, output: root + "/site", cache: root + "/cache")
        let input = shape.markdownBytes
        let ratio = Double(result.maxRSSKiB) * 1024 / Double(input)
        note("memory: \(Format.grouped(pages)) pages, \(Format.mib(result.maxRSSKiB)) for \(Format.bytes(input))")
        rows.append(
            Row(
                part: "7",
                measure: "peak memory, \(Format.grouped(pages)) pages (max RSS; \(Format.seconds(result.seconds)))",
                lecture: Format.mib(result.maxRSSKiB), baseline: "Markdown \(Format.bytes(input))",
                ratio: Format.ratio(ratio), goal: "≤ 3.00× the input", result: Format.verdict(ratio <= 3)))
    }
}
