import Foundation

/// The shapes of book `make bench` builds besides the generator's own (`Generator.book`): each
/// a book in mdBook's layout (`book.toml`, `content/SUMMARY.md`, the pages), seeded, so every run
/// sees the same input, and built by `lecture`, by one `cmark` process over its pages (the floor)
/// and by mdBook (`ShapeBench`).
struct Shape {
    /// Its name in the table: `small book`, `many pages`, `long pages`, `deep nesting`, `code-heavy`.
    var name: String
    /// What it is, for the log: `1,000 pages of five sections`.
    var summary: String
    /// `SUMMARY.md` and the pages, by path inside the content folder.
    var files: [(path: String, text: String)]

    /// The pages' Markdown in reading order (what the floor's `cmark` reads), without `SUMMARY.md`.
    var pages: [(path: String, text: String)] { files.filter { $0.path != "SUMMARY.md" } }
    var markdownBytes: Int { pages.reduce(0) { $0 + $1.text.utf8.count } }

    /// The shapes at `scale` (1 for `make bench`, 0.25 for `BENCH_QUICK=1`).
    static func all(scale: Double) -> [Shape] {
        let pages = max(20, Int(1_000 * scale))
        return [
            smallBook(), manyPages(pages), longPages(4, bytes: Int(4_000_000 * scale)), deepNesting(pages),
            codeHeavy(pages),
        ]
    }

    // MARK: The shapes

    /// A small book, the same at every scale: `count` pages of a few lines each (a heading, a
    /// sentence with emphasis and a code span, a section with a list and a `text` block, a link to
    /// the next page), no Swift, so a build is mostly the process's start and the theme's files,
    /// where mdBook's build takes about 20 ms.
    static func smallBook(_ count: Int = 5, seed: UInt64 = 5) -> Shape {
        var rng = SeededGenerator(seed: seed)
        let titles = (1...count).map { Generator.pageTitle($0, &rng) }
        var files: [(String, String)] = [("SUMMARY.md", summary(titles, depth: { _ in 0 }))]
        for i in 1...count {
            var page = SeededGenerator(seed: seed &+ UInt64(i) &* 0x1000_0001)
            var text =
                "# \(titles[i - 1])\n\n" + Generator.sentence(&page) + " *\(page.pick(Generator.nouns))*, `code`.\n\n"
            text += "## Overview\n\n- " + Generator.sentence(&page) + "\n- " + Generator.sentence(&page) + "\n\n"
            text += "```text\n" + Generator.sentence(&page) + "\n```\n\n"
            text += "Next: [chapter \(i % count + 1)](\(Generator.relativeLink(from: i, to: i % count + 1))).\n"
            files.append((Generator.pagePath(i), text))
        }
        return Shape(name: "small book", summary: "\(count) pages of a few lines", files: files)
    }

    /// Issue 36's shape: `count` pages of about 16 KB with five `##` sections each (prose,
    /// a list, a quote, a `text` code block) and a link to the next page.
    static func manyPages(_ count: Int, seed: UInt64 = 36) -> Shape {
        var rng = SeededGenerator(seed: seed)
        let titles = (1...count).map { Generator.pageTitle($0, &rng) }
        var files: [(String, String)] = [("SUMMARY.md", summary(titles, depth: { ($0 - 1) % 50 == 0 ? 0 : 1 }))]
        for i in 1...count {
            var page = SeededGenerator(seed: seed &+ UInt64(i) &* 0x1000_0001)
            var text = "# \(titles[i - 1])\n\n" + Generator.paragraph(i, of: count, &page) + "\n\n"
            for section in 1...5 {
                // The first is `## 개요`, which the generator's links point at.
                text +=
                    section == 1
                    ? "## 개요\n\n" : "## \(section). \(page.pick(Generator.nouns)) \(page.pick(Generator.topics))\n\n"
                text += prose(i, of: count, bytes: 2_000, &page)
                for _ in 0..<page.int(3...5) { text += "- " + Generator.sentence(&page) + "\n" }
                text += "\n> " + Generator.sentence(&page) + " " + Generator.sentence(&page) + "\n\n"
                text +=
                    "```text\n" + (0..<page.int(3...6)).map { _ in Generator.sentence(&page) }.joined(separator: "\n")
                text += "\n```\n\n"
            }
            text += "다음 장은 [\(i % count + 1)장](\(Generator.relativeLink(from: i, to: i % count + 1)))입니다.\n"
            files.append((Generator.pagePath(i), text))
        }
        return Shape(name: "many pages", summary: "\(Format.grouped(count)) pages of five sections", files: files)
    }

    /// `count` pages of about `bytes` each: sections of the generator's kinds one after another,
    /// every heading's id made unique by its number.
    static func longPages(_ count: Int, bytes: Int, seed: UInt64 = 4) -> Shape {
        var rng = SeededGenerator(seed: seed)
        let titles = (1...count).map { Generator.pageTitle($0, &rng) }
        var files: [(String, String)] = [("SUMMARY.md", summary(titles, depth: { _ in 0 }))]
        for i in 1...count {
            var page = SeededGenerator(seed: seed &+ UInt64(i) &* 0x1000_0001)
            var text = "# \(titles[i - 1])\n\n## 개요\n\n" + Generator.paragraph(i, of: count, &page) + "\n\n"
            var section = 1
            while text.utf8.count < bytes {
                text += "## \(section). \(page.pick(Generator.nouns)) \(page.pick(Generator.topics))\n\n"
                text += prose(i, of: count, bytes: 1_500, &page)
                if section % 3 == 0 { text += "### \(section).1 \(page.pick(Generator.nouns))\n\n" }
                text += Generator.codeBlock(&page) + "\n"
                section += 1
            }
            files.append((Generator.pagePath(i), text))
        }
        return Shape(
            name: "long pages", summary: "\(count) pages of \(Format.bytes(bytes)) each (sections of 2 KB)",
            files: files)
    }

    /// `count` pages, chapters nested twelve levels deep in `SUMMARY.md`, each page's sections
    /// nested (`###` to `######`), with lists and quotes nested six levels.
    static func deepNesting(_ count: Int, seed: UInt64 = 12) -> Shape {
        var rng = SeededGenerator(seed: seed)
        let titles = (1...count).map { Generator.pageTitle($0, &rng) }
        var files: [(String, String)] = [("SUMMARY.md", summary(titles, depth: { ($0 - 1) % 12 }))]
        for i in 1...count {
            var page = SeededGenerator(seed: seed &+ UInt64(i) &* 0x1000_0001)
            var text = "# \(titles[i - 1])\n\n## 개요\n\n" + Generator.paragraph(i, of: count, &page) + "\n\n"
            var level = 3
            while text.utf8.count < 14_500 {
                text +=
                    String(repeating: "#", count: level)
                    + " \(page.pick(Generator.nouns)) \(page.pick(Generator.topics))\n\n"
                text += prose(i, of: count, bytes: 600, &page)
                for depth in 0..<6 {
                    text += String(repeating: "  ", count: depth) + "- " + Generator.sentence(&page) + "\n"
                }
                text += "\n"
                for depth in 1...6 {
                    text += String(repeating: "> ", count: depth) + Generator.sentence(&page) + "\n"
                }
                text += "\n"
                level = level == 6 ? 3 : level + 1
            }
            text += "다음 장은 [\(i % count + 1)장](\(Generator.relativeLink(from: i, to: i % count + 1)))입니다.\n"
            files.append((Generator.pagePath(i), text))
        }
        return Shape(
            name: "deep nesting", summary: "\(Format.grouped(count)) pages, chapters 12 levels deep", files: files)
    }

    /// `count` pages of about 16 KB, three quarters of it fenced code blocks of 10 to 40 lines
    /// (Kotlin, JSON, Python, shell and text; no Swift, which a build would verify).
    static func codeHeavy(_ count: Int, seed: UInt64 = 80) -> Shape {
        var rng = SeededGenerator(seed: seed)
        let titles = (1...count).map { Generator.pageTitle($0, &rng) }
        var files: [(String, String)] = [("SUMMARY.md", summary(titles, depth: { ($0 - 1) % 50 == 0 ? 0 : 1 }))]
        for i in 1...count {
            var page = SeededGenerator(seed: seed &+ UInt64(i) &* 0x1000_0001)
            var text = "# \(titles[i - 1])\n\n"
            var section = 1
            while text.utf8.count < 15_000 {
                text += "## \(section). \(page.pick(Generator.nouns))\n\n" + Generator.sentence(&page) + "\n\n"
                text += longCodeBlock(lines: page.int(10...40), &page) + "\n"
                section += 1
            }
            files.append((Generator.pagePath(i), text))
        }
        return Shape(
            name: "code-heavy", summary: "\(Format.grouped(count)) pages, three quarters fenced code", files: files)
    }

    // MARK: Parts

    /// `SUMMARY.md` for `titles`, page `i` (1-based) indented `depth(i)` levels (never deeper
    /// than one below the page before it).
    static func summary(_ titles: [String], depth: (Int) -> Int) -> String {
        var text = "# 벤치마크용 생성 책\n\n"
        var previous = -1
        for (index, title) in titles.enumerated() {
            let level = min(depth(index + 1), previous + 1)
            previous = level
            text += String(repeating: "  ", count: level) + "- [\(title)](\(Generator.pagePath(index + 1)))\n"
        }
        return text
    }

    /// Paragraphs of the generator's sentences (emphasis, code spans, links) up to about `bytes`.
    static func prose(_ i: Int, of count: Int, bytes: Int, _ rng: inout SeededGenerator) -> String {
        var text = ""
        while text.utf8.count < bytes { text += Generator.paragraph(i, of: count, &rng) + "\n\n" }
        return text
    }

    static func longCodeBlock(lines: Int, _ rng: inout SeededGenerator) -> String {
        let language = rng.pick(["kotlin", "json", "python", "sh", "text"])
        var text = "```\(language)\n"
        for n in 0..<lines {
            let name = rng.pick(Generator.identifiers)
            switch language {
            case "kotlin": text += "    val \(name)\(n) = repository.load(\"\(name)\", \(rng.int(1...999))) // <\(n)>\n"
            case "json": text += "  \"\(name)\(n)\": {\"value\": \(rng.int(1...999)), \"tags\": [\"a&b\", \"<ui>\"]},\n"
            case "python": text += "    \(name)_\(n) = [x * \(rng.int(1...99)) for x in items if x > \(n)]\n"
            case "sh": text += "$ lecture build --output _site/\(name) && echo \"\(n) < \(rng.int(1...99))\"\n"
            default: text += "\(n): " + Generator.sentence(&rng) + "\n"
            }
        }
        return text + "```\n"
    }

    // MARK: Writing

    /// Writes the book under `root`: `book.toml` (`src = "content"`) and the content folder.
    func write(into root: String) throws {
        try Files.makeDirectory(root)
        try Files.write(
            "[book]\ntitle = \"벤치마크: \(name)\"\nlanguage = \"ko\"\nsrc = \"content\"\n", to: root + "/book.toml")
        try Generator.write(files, into: root + "/content")
    }
}
