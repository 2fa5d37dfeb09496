import CommonMark

/// A Swift sample: one fenced code block whose info string starts with `swift`, or several with
/// the same `group=NAME` that form one program, plus the expected output written under it.
package struct Sample: Hashable, Sendable {
    /// What to do with the sample, from its info string's attributes.
    package enum Mode: String, Hashable, Sendable {
        /// Compiled, run, output compared (no attribute).
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

        /// The code shown on the page: lines between `// snippet.hide` and `// snippet.show`
        /// left out (Swift-DocC's snippet markers), the markers too.
        var visibleCode: String {
            visibleLines.map { $0.text + "\n" }.joined()
        }

        /// The lines shown on the page, each with its index among all of `code`'s lines (0-based).
        var visibleLines: [(index: Int, text: Substring)] {
            var visible: [(Int, Substring)] = []
            var hidden = false
            for (index, line) in code.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
                let trimmed = line.trimmingCharacters(in: " \t")
                if trimmed == "// snippet.hide" {
                    hidden = true
                    continue
                }
                if trimmed == "// snippet.show" {
                    hidden = false
                    continue
                }
                if !hidden { visible.append((index, line)) }
            }
            return visible
        }
    }

    /// The page's path as shown in diagnostics.
    package var path: String
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

    /// Where the sample's first fence stands.
    package var location: SourceLocation { parts[0].fence }

    /// Whether the code mentions `@main`, so is compiled as a library-style program
    /// (`-parse-as-library`); a mere mention, in a comment say, falls back to a script.
    var declaresMain: Bool { parts.contains { $0.code.contains("@main") } }

    /// The program swiftc compiles: every part, each behind a `#sourceLocation` that points
    /// swiftc's diagnostics at the Markdown file and line the code came from.
    package var program: String {
        var text = ""
        for part in parts {
            text += "#sourceLocation(file: \"\(path.swiftStringEscaped)\", line: \(part.firstLine))\n"
            text += part.code
        }
        return text + "#sourceLocation()\n"
    }
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
