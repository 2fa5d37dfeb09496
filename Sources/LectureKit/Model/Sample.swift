import CommonMark
import Foundation

/// A Swift sample: one fenced code block whose info string starts with `swift`, or several with
/// the same `group=NAME` that form one program, plus the expected output written under it.
package struct Sample: Hashable, Sendable {
    /// What to do with the sample, from its info string's attributes.
    package enum Mode: String, CaseIterable, Hashable, Sendable {
        /// Compiled, run, output compared; without an output block, as the book's rule says (no
        /// attribute, or `run`: run, and passes when it exits with status 0).
        case run
        /// `no_run`: compiled, not run.
        case noRun = "no_run"
        /// `compile_fail`: must fail to compile.
        case compileFail = "compile_fail"
        /// `ignore`: shown, not compiled (code that exists only on Apple platforms).
        case ignore
        /// `test`: compiled as a test program (Swift Testing or XCTest) and its tests run; the
        /// page shows a test report instead of an output block.
        case test
    }

    /// One fenced code block of the sample.
    package struct Part: Hashable, Sendable {
        /// The code as written, hidden lines included, each line ending in `\n`.
        var code: String
        /// The line in the Markdown file of the code's first line (the fence's line + 1).
        var firstLine: Int
        /// The fence's column; code in a list item or quote starts this far in.
        package var column: Int
        /// Where the opening fence stands.
        package var fence: SourceLocation
        /// The line of the closing fence (or the block's last line when the fence is missing).
        package var endLine: Int = 0
        /// In a continued program (`Sample.continued`), the text of the `output` block under this
        /// block, compared with what the program printed between this block and the next.
        var expectedOutput: String? = nil
        /// Where that `output` block stands.
        var outputRange: SourceRange? = nil
        /// A plain or `text` code block under this fence that is not its output block but may
        /// be meant as its output (`UncomparedOutputHints`): `--bless` makes it the output block
        /// rather than write a second copy of the output above it.
        var plainOutputBlock: PlainOutputBlock? = nil
        /// In a continued program, whether the fence is marked `run` (passes on exit status 0):
        /// with `without-output = "require"` it needs no output block of its own.
        var markedRun = false

        /// Swift-DocC's snippet markers among `code`'s lines (0-based), each with whether it hides
        /// (`// snippet.hide`) or shows (`// snippet.show`): comments alone on their line, never
        /// text of a string literal (`SnippetMarkers`, swift-syntax).
        var snippetMarkers: [Int: Bool] = [:]

        /// The code shown on the page: lines between `// snippet.hide` and `// snippet.show`
        /// left out (Swift-DocC's snippet markers), the markers too.
        var visibleCode: String {
            visibleLines.map { $0.text + "\n" }.joined()
        }

        /// The lines shown on the page, each with its index among all of `code`'s lines (0-based).
        var visibleLines: [(index: Int, text: Substring)] {
            displayedLines.filter { !$0.hidden }.map { ($0.index, $0.text) }
        }

        /// The code the page holds (`displayedLines`, each ending in `\n`) and where its hidden
        /// lines are, in UTF-8 offsets, a range for each run of them. The page wraps each run in
        /// mdBook's `<span class="boring">`, which the theme hides until the reader presses the
        /// code's hidden-lines button (as for Rust's `# ` lines).
        var displayedCode: (code: String, hidden: [Range<Int>]) {
            var code = ""
            var hidden: [Range<Int>] = []
            for line in displayedLines {
                let start = code.utf8.count
                code += line.text + "\n"
                guard line.hidden else { continue }
                if let last = hidden.last, last.upperBound == start {
                    hidden[hidden.count - 1] = last.lowerBound..<code.utf8.count
                } else {
                    hidden.append(start..<code.utf8.count)
                }
            }
            return (code, hidden)
        }

        /// The lines the page holds, the markers left out: each with its index among all of
        /// `code`'s lines (0-based) and whether it is hidden (between `// snippet.hide` and
        /// `// snippet.show`), which a reader shows with the code's hidden-lines button.
        var displayedLines: [(index: Int, text: Substring, hidden: Bool)] {
            var lines: [(Int, Substring, Bool)] = []
            var hidden = false
            for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
                if let hides = snippetMarkers[index] {
                    hidden = hides
                    continue
                }
                lines.append((index, line, hidden))
            }
            return lines
        }
    }

    /// A code block under a fence, not its `output` block, that looks like its output written
    /// by hand: a plain or `text` block right under the fence, or one under a paragraph such as
    /// "Output:" (`label`).
    package struct PlainOutputBlock: Hashable, Sendable {
        /// Where the block stands, fence to fence.
        var range: SourceRange
        /// The paragraph between the fence and the block ("Output:"), if any.
        var label: String? = nil
    }

    /// An `import` of a module the sample cannot have here (`SamplePlatform`).
    package struct UnprovidedImport: Hashable, Sendable {
        /// The module's name, `UIKit`.
        package var module: String
        /// Where the module's name stands in the Markdown file.
        package var location: SourceLocation
    }

    /// The page's path as shown in diagnostics.
    package var path: String
    /// The page's path relative to the book's folder (`src/page.md`), whatever folder the tool
    /// ran from; `nil` when not known (`programPath` is then `path`).
    package var bookPath: String?
    /// The page's path as the compiled program names its file (`#sourceLocation`, so `#filePath`,
    /// a test's issue, a trap's message) and a page shows it (the test report): never a path of
    /// the machine, and the same from any folder the tool runs in.
    package var programPath: String { bookPath ?? path }
    /// The sample's code blocks in page order: one, or several for a `group`.
    package var parts: [Part]
    /// What to do with it (`run` unless an attribute says otherwise).
    package var mode: Mode
    /// `should_fail`: must exit non-zero or trap; on a `test` sample, at least one test must fail.
    package var shouldFail: Bool
    /// `group=NAME`, if any.
    var group: String?
    /// The text of the `output` block under the sample, if there is one.
    package var expectedOutput: String?
    /// Where the `output` block stands (fence to fence), for diagnostics and `--bless`.
    package var outputRange: SourceRange?
    /// The text of the nearest heading above the sample, if any, to name it in reports.
    var heading: String? = nil
    /// Whether its page's text holds an expanded `{{#include}}`, so is not the file's own lines:
    /// `--bless` does not rewrite such a page, and no diagnostic suggests it.
    var pageHasIncludes = false
    /// Whether one of its fences or a line of its output block comes from an included file
    /// (`IncludedPageBless`): `--bless` leaves it to a person, and no diagnostic suggests bless
    /// for it. A sample whose fences and output block are the page's own is blessed, its code
    /// included or not.
    var linesAreIncluded = false
    /// Whether its output block's first line comes from an included file (`{{#include out.txt}}`
    /// inside the block): a mismatch is then reported there, the line a person edits.
    var outputIsIncluded = false
    /// Whether an attribute chose its mode (`ignore`, `no_run`, `compile_fail`, `test`, `run`),
    /// so the book's rule for fences without an output block does not apply to it.
    var modeIsExplicit = false
    /// `ignore-linux`: needs an Apple platform to run (rustdoc's `ignore-TARGET`).
    var markedNotForLinux = false
    /// `expect-error="TEXT"` (one or more; makes the sample `compile_fail`): each text must be in
    /// one of the compiler's errors (its message or its group, `[#DeprecatedDeclaration]`), as
    /// rustdoc's `compile_fail,E0277` names the error code; shown on the page under the code.
    package var expectedErrors: [String] = []
    /// `flags="FLAGS"`: compiler flags the sample is compiled with besides the book's, from the
    /// few `SampleCompilerFlags` allows (`-default-isolation MainActor`, say), in the order written.
    /// Such a sample is compiled alone, never merged into one program with others.
    package var compilerFlags: [String] = []

    /// `reads=FILE` (one or more): files of the book the program reads, relative to the page's
    /// folder, anywhere in the pages' folder (`../data/words.txt`). Each is copied into the run's
    /// folder so that the program opens it as written (`SampleReads`), and its bytes are part of
    /// the sample's cache key, so a changed file runs the sample again.
    var reads: [String] = []
    /// The pages' folder (`src`), which no `reads=` file may leave; `nil` when not known (the
    /// page's own folder is then the bound).
    var contentFolder: String? = nil

    /// The attribute that states an error a `compile_fail` sample must give.
    static let expectErrorAttribute = "expect-error"
    /// The attribute that names a file of the book a sample reads.
    static let readsAttribute = "reads"
    /// The attribute that adds compiler flags (`compilerFlags`).
    static let flagsAttribute = "flags"
    /// Every attribute a sample's info string may hold, for the nearest to a misspelt one.
    static let attributeNames = [
        "run", "ignore", "no_run", "compile_fail", "test", "should_fail", "ignore-linux", "group", expectErrorAttribute,
        flagsAttribute, readsAttribute,
    ]

    /// Why `file` cannot be a `reads=` file as written (absolute, an empty segment, a folder), or
    /// `nil`: a path relative to the page's folder (`..` steps up; `SampleReads` refuses one that
    /// leaves the pages' folder).
    static func readProblem(_ file: String) -> String? {
        if file.isEmpty { return "the file name is empty" }
        if file.hasPrefix("/") { return "an absolute path" }
        if file.contains("\u{0}") { return "a NUL character in the name" }
        let segments = file.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: { $0.isEmpty }) { return "a path with an empty segment ('//' or a '/' at its end)" }
        if segments.last == "." || segments.last == ".." { return "a path that names a folder" }
        return nil
    }

    /// The folder of the page the sample stands on, as its path is written (`src` for `src/p.md`).
    var pageFolder: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
    /// Why an `ignore` sample is not compiled, when no `ignore` attribute says so: an Apple
    /// framework no sample library provides, or the book's rule for fences without output.
    package var skipReason: String?
    /// An `import` of an Apple framework no sample library of the book provides, in a sample that
    /// no attribute marks as not verified here: why it is skipped, warned about at the import.
    package var unprovidedImports: [UnprovidedImport] = []
    /// The Apple frameworks it imports that no sample library provides, which is why it is not
    /// compiled (marked `ignore-linux` or not): the page's badge names them in the reader's
    /// words (`sample-apple-only`), not the build log's `skipReason`.
    var appleOnlyModules: [String] = []
    /// Why a `no_run` sample is not run, when no `no_run` attribute says so.
    var compileOnlyReason: String?
    /// Whether a run sample without an output block fails (book.toml's `without-output =
    /// "require"`); otherwise it passes when it exits with status 0 (rustdoc's rule).
    var requiresOutput = false
    /// Whether the sample is the page's fences continued as one program (book.toml's
    /// `[preprocessor.lecture.samples] continue`): each part's output block (`Part.expectedOutput`) is compared
    /// with what the program printed while running that part.
    var continued = false
    /// On a continued page, the page's continued fences above a `compile_fail`, `no_run` or
    /// `should_fail` fence (which stands apart): compiled before its own code, so that it sees the
    /// declarations a reader has seen, not shown with it; run only before a `should_fail` fence's
    /// code, what they print left out (`marksContextEnd`).
    var context: [Part] = []
    /// Whether its page is continued (`continue`), so a fence that prints nothing is told that the
    /// page's plain fences are one program already, not to continue the page.
    var onContinuedPage = false

    /// Where the sample's first fence stands.
    package var location: SourceLocation { parts[0].fence }
    /// Where a person edits each of the sample's lines when the page's text is not the file's own
    /// lines (an `{{#include}}` was expanded above it, or brought it); `nil` when every line of
    /// the text is that place already.
    var editedLines: EditedLines? = nil
    /// Where a person edits the first fence when the page's text is not the file's own lines:
    /// the page's line, or the included file's; `nil` when `location` is that place already.
    var origin: IncludeExpander.LineOrigin? { editedLines?.origin(ofLine: location.line) }
    /// The file and line a person edits to change the sample, for reports (`page.md:17`).
    var editedPlace: String { "\(origin?.path ?? path):\(editedLine)" }
    /// The line of `editedPlace`.
    var editedLine: Int { origin?.line ?? location.line }

    /// The file, as diagnostics name it, and the line a person edits for line `line` of the
    /// page's text (a failed test's, a trap's): the page's own, or an included file's.
    func editedPlace(ofLine line: Int) -> (path: String, line: Int) {
        guard let origin = editedLines?.origin(ofLine: line) else { return (path, line) }
        return (origin.path, origin.line)
    }

    /// `editedPlace(ofLine:)` as the sample's page names it (the test report): the file's path
    /// from the book's folder (`programPath`'s form, never a path of the machine); a line of a file
    /// included from outside the book's folder is named by the page's line of the directive.
    func shownPlace(ofLine line: Int) -> (path: String, line: Int) {
        guard let origin = editedLines?.origin(ofLine: line) else { return (programPath, line) }
        guard let directive = origin.includedFrom.last else { return (programPath, origin.line) }
        if let path = editedLines?.bookPaths[origin.path] { return (path, origin.line) }
        return (programPath, directive.line)
    }

    /// Whether the code mentions `@main`, so is compiled as a library-style program
    /// (`-parse-as-library`); a mere mention, in a comment say, falls back to a script.
    var declaresMain: Bool { parts.contains { $0.code.contains("@main") } }

    /// Whether the program prints `Sample.partMarker` after each part but the last, so that
    /// its output can be told apart part by part: a continued program that is run.
    var marksParts: Bool { continued && mode == .run && !declaresMain }

    /// What a continued program prints between two parts (`marksParts`): a record separator
    /// (U+001E) around a word and this run's nonce (`partNonce`), which no sample's expected
    /// output holds and no program can print but by reading its own binary (attack 22 F5: a fixed
    /// marker let a fence print another's expected output), and a newline, so the line-buffered
    /// output (`LineBufferedOutput`) holds it even when the next part crashes before printing, and
    /// the part that was running is known.
    static let partMarker = "\u{1E}lecture-part-\(partNonce)\u{1E}\n"

    /// 32 hexadecimal digits drawn once per lecture process, never part of a cache key
    /// (`VerdictInputs`), nor of what the cache keeps (`storedOutput`).
    static let partNonce: String = {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }()

    /// The statement the program prints `partMarker` with.
    static let partMarkerStatement = "Swift.print(\"\\u{1E}lecture-part-\(partNonce)\\u{1E}\")\n"

    /// `partMarker` as the cache keeps a program's output (`storedOutput`), the same in every run.
    static let storedPartMarker = "\u{1E}lecture-part\u{1E}\n"

    /// `output` of this run as the cache keeps it: each `partMarker` written `storedPartMarker`.
    static func storedOutput(_ output: String) -> String {
        output.replacingOccurrences(of: partMarker, with: storedPartMarker)
    }

    /// Output the cache kept (`storedOutput`) as this run's: each `storedPartMarker` written
    /// `partMarker`, so that it is split into parts as a fresh run's is (`--bless`).
    static func runOutput(_ stored: String) -> String {
        stored.replacingOccurrences(of: storedPartMarker, with: partMarker)
    }

    /// How many `partMarker`s the program prints in its own output (after `ownOutput`'s cut): one
    /// between two parts when it `marksParts`. A run that shows more printed the marker itself.
    var ownPartMarkers: Int { marksParts ? parts.count - 1 : 0 }

    /// Whether the program prints `Sample.partMarker` after the page's fences it sees (`context`)
    /// and before its own code: a fence that is run with them (`should_fail`), so what they print
    /// is left out of its output (`ownOutput`) and a run that ended in them is told apart.
    var marksContextEnd: Bool { !context.isEmpty && mode == .run }

    /// What the fence's own code printed, after the marker that ends its `context`'s
    /// (`marksContextEnd`); `nil` when the run ended before the marker, in the page's fences above.
    func ownOutput(_ output: [UInt8]) -> [UInt8]? {
        guard marksContextEnd else { return output }
        let marker = Array(Sample.partMarker.utf8)
        guard output.count >= marker.count else { return nil }
        for start in 0...(output.count - marker.count) where output[start..<start + marker.count].elementsEqual(marker)
        {
            return Array(output[(start + marker.count)...])
        }
        return nil
    }

    /// What a continued program printed while running each part (`marksParts`), in part order;
    /// fewer than the parts when it ended early, the last being the one it was running.
    static func printedParts(_ output: String) -> [String] {
        output.components(separatedBy: partMarker)
    }

    /// What the program printed, as a person reads it: the markers between parts
    /// (`partMarker`) left out, so no message shows them.
    func shownOutput(_ output: String) -> String {
        marksParts ? Sample.printedParts(output).joined() : output
    }

    /// The program swiftc compiles (`SampleProgram.text`).
    package var program: String { layout.text }

    /// The program and where each part's code stands in it: the one place that writes it, so the
    /// compiler, the hover cards and diagnostics read the same offsets.
    var layout: SampleProgram { SampleProgram(self) }

    /// The Markdown line of line `line` (1-based) of `program` itself, where the program names no
    /// page (the code a macro such as `@Test` generates is named by the file's own lines); `nil` on
    /// a line of the tool's own.
    func markdownLine(ofProgramLine line: Int) -> Int? {
        let layout = self.layout
        for (index, part) in parts.enumerated() {
            let lines = layout.lines[index]
            if lines.contains(line) { return part.firstLine + line - lines.lowerBound }
        }
        return nil
    }

    /// `code` with a first-line shebang (`#!/usr/bin/env swift`, which swiftc accepts only as a
    /// file's first bytes, and the program's first line is a `#sourceLocation`) made a comment of
    /// the same length, `///usr/bin/env swift`: every line and byte offset stays where it was.
    static func withoutShebang(_ code: String) -> String {
        code.hasPrefix("#!") ? "//" + code.dropFirst(2) : code
    }

    /// The `output` blocks of the sample: its own, or its parts' in a continued program.
    var outputRanges: [SourceRange] {
        (outputRange.map { [$0] } ?? []) + parts.compactMap(\.outputRange)
    }

    /// Whether any output block holds what the sample is to print.
    var hasExpectedOutput: Bool { expectedOutput != nil || parts.contains { $0.expectedOutput != nil } }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> Substring {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return slice
    }
}

extension String {
    /// The string as the body of a Swift string literal.
    var swiftStringEscaped: String {
        var out = ""
        for character in self {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }
}
