import CommonMark
import Foundation
import LectureSupport

/// mdBook's `{{#include}}` (the `links` preprocessor,
/// https://rust-lang.github.io/mdBook/format/mdbook.html#including-files): the directive is
/// replaced by the file it names, relative to the including file's folder, before the page is
/// parsed, so a sample can live in a `.swift` file and still be verified.
///
/// Forms: `{{#include file}}` (all of it), `file:N` (line N), `file:N:` (from N), `file::M` (to M),
/// `file:N:M` (N to M, 1-based, inclusive), and `file:NAME` (the lines between `ANCHOR: NAME` and
/// `ANCHOR_END: NAME`, without any anchor line). `\{{#include …}}` stays as written, less the
/// backslash. Included files may include others, 10 levels deep at most. Each problem (a missing
/// file, a range past its end, an unknown anchor) is an error at the directive's line.
enum IncludeExpander {
    /// Where a line of the expanded text came from.
    struct LineOrigin: Hashable, Sendable {
        /// The file, as shown in diagnostics.
        package var path: String
        /// Its 1-based line.
        var line: Int
    }

    /// A page with its includes replaced.
    struct Expansion: Sendable {
        /// The text the parser sees.
        package var text: String
        /// One entry per line of `text`.
        var origins: [LineOrigin]
        /// Every file read, by path on disk, in order.
        var included: [String]
        /// Problems, at the directive's line.
        var diagnostics: [Diagnostic]
    }

    /// mdBook's include depth limit.
    static let maximumDepth = 10

    /// Whether `text` has a directive at all (a cheap test before `expand`).
    static func mentionsDirective(_ text: String) -> Bool {
        // A byte search: Foundation's `contains` on a whole page costs more than parsing it.
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= 3 else { return false }
            for index in 0..<(bytes.count - 2)
            where bytes[index] == UInt8(ascii: "{") && bytes[index + 1] == UInt8(ascii: "{")
                && bytes[index + 2] == UInt8(ascii: "#")
            {
                return true
            }
            return false
        }
    }

    /// Expands the directives of `text`, a file shown as `displayPath` lying in `directory`.
    static func expand(
        _ text: String, displayPath: String, directory: String, scope: IncludeScope, depth: Int = 0
    ) -> Expansion {
        var expansion = Expansion(text: "", origins: [], included: [], diagnostics: [])
        var output: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let here = LineOrigin(path: displayPath, line: index + 1)
            guard mentionsDirective(String(line)) else {
                output.append(String(line))
                expansion.origins.append(here)
                continue
            }
            // The line, cut at each directive: text before, the directive's replacement, text after.
            var pieces: [(text: String, origins: [LineOrigin])] = []
            var rest = line[...]
            var pending = ""
            while let open = rest.range(of: "{{#") {
                let escaped = open.lowerBound > rest.startIndex && rest[rest.index(before: open.lowerBound)] == "\\"
                guard let close = rest[open.upperBound...].range(of: "}}") else { break }
                let body = rest[open.upperBound..<close.lowerBound]
                if escaped {
                    pending += rest[..<rest.index(before: open.lowerBound)] + "{{#" + body + "}}"
                    rest = rest[close.upperBound...]
                    continue
                }
                pending += rest[..<open.lowerBound]
                rest = rest[close.upperBound...]
                let column = line.utf8.distance(from: line.startIndex, to: open.lowerBound) + 1
                let location = SourceLocation(line: index + 1, column: column)
                let words = body.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
                guard words.first == "include", words.count == 2 else {
                    expansion.diagnostics.append(
                        .warning(
                            .includeUnsupported,
                            displayPath, location,
                            "'{{#\(words.first ?? "")}}' is not supported and is left as written",
                            notes: [
                                "lecture implements mdBook's {{#include}} only; write \\{{#…}} to show the directive"
                            ]))
                    pending += "{{#" + body + "}}"
                    continue
                }
                do throws(Problem) {
                    let inner = try include(
                        String(words[1]).trimmingCharacters(in: .whitespaces), directory: directory, scope: scope,
                        depth: depth)
                    expansion.included += inner.included
                    expansion.diagnostics += inner.diagnostics
                    var innerLines = inner.text.split(separator: "\n", omittingEmptySubsequences: false).map(
                        String.init)
                    var innerOrigins = inner.origins
                    if innerLines.last == "" && innerLines.count > 1 && innerOrigins.count == innerLines.count {
                        innerLines.removeLast()
                        innerOrigins.removeLast()
                    }
                    if innerOrigins.count != innerLines.count {
                        innerOrigins = Array(repeating: here, count: innerLines.count)
                    }
                    // The first included line joins the text before the directive; the last, the text after.
                    innerLines[0] = pending + innerLines[0]
                    if !pending.isEmpty { innerOrigins[0] = here }
                    pieces.append((innerLines.joined(separator: "\n"), innerOrigins))
                    pending = ""
                } catch {
                    expansion.diagnostics.append(
                        .error(.includeFailed, displayPath, location, error.summary, notes: error.notes))
                }
            }
            pending += rest
            if let last = pieces.indices.last {
                if !pending.isEmpty, !pieces[last].origins.isEmpty {
                    pieces[last].origins[pieces[last].origins.count - 1] = here
                }
                pieces[last].text += pending
                pending = ""
            }
            if pieces.isEmpty {
                output.append(pending)
                expansion.origins.append(here)
            } else {
                // Pieces of one line join end to start.
                var joined = ""
                var origins: [LineOrigin] = []
                for piece in pieces {
                    if origins.isEmpty {
                        origins = piece.origins
                    } else {
                        origins[origins.count - 1] = here
                        origins += piece.origins.dropFirst()
                    }
                    joined += piece.text
                }
                output.append(joined)
                expansion.origins += origins
            }
        }
        expansion.text = output.joined(separator: "\n")
        return expansion
    }

    struct Problem: Error {
        var summary: String
        var notes: [String] = []
    }

    /// The text a directive's argument (`file`, `file:2:10`, `file:anchor`) stands for.
    static func include(_ argument: String, directory: String, scope: IncludeScope, depth: Int) throws(Problem)
        -> Expansion
    {
        guard depth < maximumDepth else {
            throw Problem(
                summary: "{{#include}} nests deeper than \(maximumDepth) files",
                notes: ["an included file includes itself, directly or not"])
        }
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let relative = String(parts[0])
        let selector = parts.count > 1 ? String(parts[1]) : nil
        let path = FileSystem.join(directory, relative)
        guard !relative.isEmpty else {
            throw Problem(summary: "{{#include}} names no file", notes: ["write {{#include FILE}}"])
        }
        let bytes = try scope.read(path, spelled: relative)
        let file: SourceFile
        do throws(Diagnostic) {
            file = try SourceFileReader.decode(bytes, displayPath: path, relativePath: relative)
        } catch {
            throw Problem(summary: "{{#include}} names '\(relative)', which is not UTF-8 text", notes: [error.summary])
        }
        var lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" && lines.count > 1 { lines.removeLast() }
        var chosen = Array(lines.indices)
        if let selector {
            do throws(Problem) {
                chosen = try select(selector, lines: lines)
            } catch {
                throw Problem(summary: "{{#include \(argument)}}: \(error.summary)", notes: error.notes)
            }
        }
        let text = chosen.map { lines[$0] }.joined(separator: "\n")
        let origins = chosen.map { LineOrigin(path: path, line: $0 + 1) }
        let folder = folder(of: path)
        guard mentionsDirective(text) else {
            return Expansion(
                text: text, origins: origins.isEmpty ? [LineOrigin(path: path, line: 1)] : origins,
                included: [path], diagnostics: [])
        }
        var inner = expand(text, displayPath: path, directory: folder, scope: scope, depth: depth + 1)
        // Lines of the nested expansion count from the selection's start.
        inner.origins = inner.origins.map { origin in
            origin.path == path && origin.line - 1 < origins.count ? origins[origin.line - 1] : origin
        }
        inner.diagnostics = inner.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.path == path, let location = diagnostic.location, location.line - 1 < origins.count {
                diagnostic.location?.line = origins[location.line - 1].line
            }
            return diagnostic
        }
        inner.included.insert(path, at: 0)
        return inner
    }

    /// The 0-based line indices a selector (`N`, `N:`, `:M`, `N:M`, `NAME`) picks from `lines`.
    static func select(_ selector: String, lines: [String]) throws(Problem) -> [Int] {
        let bounds = selector.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let isRange = bounds.allSatisfy { $0.isEmpty || Int($0) != nil } && !(bounds.count == 1 && bounds[0].isEmpty)
        guard isRange else { return try anchored(selector, lines: lines) }
        let start = bounds[0].isEmpty ? 1 : Int(bounds[0])!
        let end: Int
        if bounds.count == 1 {
            end = start
        } else {
            end = bounds[1].isEmpty ? lines.count : Int(bounds[1])!
        }
        guard start >= 1, start <= lines.count else {
            throw Problem(summary: "line \(start) is past the file's end (\(lines.count) lines)")
        }
        guard end >= start else {
            throw Problem(summary: "the range ends (\(end)) before it starts (\(start))")
        }
        return Array((start - 1)..<min(end, lines.count))
    }

    /// The lines between `ANCHOR: name` and `ANCHOR_END: name`, without any anchor line.
    static func anchored(_ name: String, lines: [String]) throws(Problem) -> [Int] {
        func marker(_ line: String) -> (end: Bool, name: String)? {
            guard let range = line.range(of: "ANCHOR") else { return nil }
            var rest = line[range.upperBound...]
            let end = rest.hasPrefix("_END")
            if end { rest = rest.dropFirst(4) }
            guard rest.hasPrefix(":") else { return nil }
            let word = rest.dropFirst().drop(while: { $0 == " " }).prefix(while: {
                $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
            })
            return word.isEmpty ? nil : (end, String(word))
        }
        var inside = false
        var found = false
        var chosen: [Int] = []
        for (index, line) in lines.enumerated() {
            if let mark = marker(line) {
                if mark.name == name {
                    if !mark.end {
                        inside = true
                        found = true
                    } else if inside {
                        return chosen
                    }
                }
                continue
            }
            if inside { chosen.append(index) }
        }
        guard found else {
            throw Problem(
                summary: "the file has no 'ANCHOR: \(name)'",
                notes: ["mark the lines with '// ANCHOR: \(name)' and '// ANCHOR_END: \(name)'"])
        }
        // mdBook takes an anchor without its end to the end of the file.
        return chosen
    }

    /// The folder part of `path` as written (`a/b.md` → `a`, `b.md` → ``), so paths in
    /// diagnostics keep the form the user gave.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `file` with its directives expanded (`lineOrigins` set when it had any), and the problems.
    static func apply(to file: SourceFile, directory: String, scope: IncludeScope) -> (
        file: SourceFile, diagnostics: [Diagnostic]
    ) {
        guard mentionsDirective(file.text) else { return (file, []) }
        let expansion = expand(file.text, displayPath: file.displayPath, directory: directory, scope: scope)
        guard expansion.text != file.text || !expansion.diagnostics.isEmpty else { return (file, []) }
        var expanded = file
        expanded.text = expansion.text
        expanded.lineOrigins = expansion.origins
        // The directives' problems count the page's own lines; later stages (and `remap`) count
        // the expanded text's, so they are moved there.
        var expandedLine: [Int: Int] = [:]
        for (index, origin) in expansion.origins.enumerated()
        where origin.path == file.displayPath && expandedLine[origin.line] == nil {
            expandedLine[origin.line] = index + 1
        }
        let diagnostics = expansion.diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if diagnostic.path == file.displayPath, let line = diagnostic.location?.line, let moved = expandedLine[line]
            {
                diagnostic.location?.line = moved
            }
            return diagnostic
        }
        expanded.failedIncludeLines = Set(
            diagnostics.filter { $0.identifier == .includeFailed && $0.path == file.displayPath }.compactMap {
                $0.location?.line
            })
        return (expanded, diagnostics)
    }

    /// Diagnostics at lines of expanded pages moved to where those lines come from: an error in
    /// a sample included from `code.swift` points at `code.swift`'s line.
    static func remap(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [Diagnostic] {
        let origins = Dictionary(
            files.compactMap { file in file.lineOrigins.map { (file.displayPath, $0) } },
            uniquingKeysWith: { a, _ in a })
        guard !origins.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard let lines = origins[diagnostic.path], let location = diagnostic.location,
                location.line >= 1, location.line <= lines.count
            else { return diagnostic }
            var moved = diagnostic
            let origin = lines[location.line - 1]
            moved.path = origin.path
            moved.location = SourceLocation(line: origin.line, column: location.column)
            return moved
        }
    }
}
