import CommonMark
import LectureSupport

/// Reads swiftc's diagnostics (`-diagnostic-style llvm`) back as `Diagnostic` values that show
/// only the author's code.
///
/// The sample's code reaches swiftc behind `#sourceLocation` lines, so swiftc already names the
/// Markdown file and line; only the column moves, by the indentation of a fence inside a list
/// item or block quote. What lies outside the author's lines is the tool's scaffolding: the end
/// of the generated `main.swift` (where "expected '}'" lands) and the closing `#sourceLocation()`.
/// A diagnostic there is moved to the end of the author's last line, with that line as its
/// excerpt, so no message names `main.swift` or shows a line the author did not write.
enum CompilerOutput {
    /// The file swiftc compiles, as the verifier names it.
    static let generatedFile = "main.swift"

    /// swiftc's `output` for `sample` as diagnostics, in linear time (the sample's parts are
    /// split into lines once, not once per diagnostic).
    /// Stops early, with what it has, when `cancellation` is cancelled (SIGINT, SIGTERM).
    static func diagnostics(
        from output: String, sample: Sample, cancellation: Cancellation
    ) -> [Diagnostic] {
        var result: [Diagnostic] = []
        // Whether swiftc's excerpt under the last header is replaced by one of ours.
        var ownExcerpt = false
        let authored = AuthorSourceLocations(sample, generatedFile: generatedFile)
        // The page's fences a fence sees (`Sample.context`) first: they stand above it.
        let ends = (sample.context + sample.parts).map(PartEnd.init)
        var code: String?
        for (index, line) in output.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if index % 256 == 0, cancellation.isCancelled { break }
            guard let header = Header(line, sample: sample, authored: authored) else {
                // Source excerpts and carets under the last diagnostic.
                if !result.isEmpty && !line.isEmpty && !ownExcerpt {
                    result[result.count - 1].notes.append(ProgramPaths.shown(String(line), of: sample, as: sample.path))
                }
                continue
            }
            let (location, excerpt) = place(header, in: sample, ends: ends)
            ownExcerpt = excerpt != nil
            if header.severity == .note, !result.isEmpty {
                // swiftc's notes (fix-its, "declared here") belong to the diagnostic above them.
                result[result.count - 1].notes.append(
                    "\(sample.path):\(location.line):\(location.column): note: \(header.message)")
                if let excerpt { result[result.count - 1].notes.append(excerpt) }
                continue
            }
            result.append(
                Diagnostic(
                    .sampleCompiler, header.severity, sample.path, location, header.message,
                    notes: (excerpt.map { [$0] } ?? []) + missingModuleNote(header.message)
                        + (header.severity == .error
                            ? LinuxFoundationModules.note(for: header.message, code: joinedCode(&code, sample)) : [])))
        }
        return result
    }

    /// For swiftc's "no such module 'NAME'": where a book declares the modules its samples may
    /// import (`SampleLibraries`), or, for a sample not meant to run here (a book's own package,
    /// shown as its readers would use it: newuser-9 #5), how to show it unverified.
    static func missingModuleNote(_ message: String) -> [String] {
        guard message.hasPrefix("no such module '"), message.hasSuffix("'") else { return [] }
        let name = message.dropFirst("no such module '".count).dropLast()
        if SwiftPMModules.names.contains(String(name)) {
            return [
                "\(quoted: name) is SwiftPM's own module for a package's manifest or plugin, which SwiftPM compiles, not a program: mark the fence 'ignore' to show it unverified"
            ]
        }
        return [
            "\(quoted: name) is not among the book's sample libraries: add the folder of its sources to book.toml's [preprocessor.lecture.samples] libraries = [\"path/to/\(name)\"], or, if the sample is not meant to run here, mark the fence 'swift ignore' to show it unverified"
        ]
    }

    /// The modules only SwiftPM provides, to a package's `Package.swift` and its plugins.
    enum SwiftPMModules {
        static let names: Set<String> = ["PackageDescription", "PackagePlugin", "CompilerPluginSupport"]
    }

    /// One header line: `FILE:LINE:COLUMN: SEVERITY: MESSAGE`, for the Markdown file or the
    /// generated one.
    struct Header {
        var generated: Bool
        var line: Int
        var column: Int
        var severity: Diagnostic.Severity
        var message: String

        init?(_ text: Substring, sample: Sample, authored: AuthorSourceLocations = AuthorSourceLocations()) {
            // A file the author's own `#sourceLocation` named: back to the Markdown line it
            // stands on; a file no region holds, at the sample (never dropped).
            if !authored.regions.isEmpty, let named = Self.named(text), let severity = Self.severity(named.severity) {
                let place = authored.place(file: named.file, line: named.line)
                if place != nil || (named.file != sample.programPath && named.file != CompilerOutput.generatedFile) {
                    generated = false
                    self.severity = severity
                    column = place == nil ? 1 : named.column
                    line = place?.line ?? sample.parts[0].firstLine
                    message =
                        named.message
                        + (place == nil
                            ? " (at \(named.file):\(named.line), as the sample's #sourceLocation names it)" : "")
                    return
                }
            }
            let rest: Substring
            if text.hasPrefix(sample.programPath + ":") {
                rest = text.dropFirst(sample.programPath.count + 1)
                generated = false
            } else if text.hasPrefix(CompilerOutput.generatedFile + ":") {
                rest = text.dropFirst(CompilerOutput.generatedFile.count + 1)
                generated = true
            } else {
                return nil
            }
            let fields = rest.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let line = Int(fields[0]), let column = Int(fields[1]) else { return nil }
            guard let severity = Self.severity(fields[2].trimmingCharacters(in: " ")) else { return nil }
            self.severity = severity
            self.line = line
            self.column = column
            message = String(fields[3].trimmingCharacters(in: " "))
        }

        static func severity(_ word: some StringProtocol) -> Diagnostic.Severity? {
            switch word {
            case "error": .error
            case "warning": .warning
            case "note": .note
            default: nil
            }
        }

        /// Any `FILE:LINE:COLUMN: SEVERITY: MESSAGE` line, whatever the file.
        static func named(_ text: Substring) -> (
            file: String, line: Int, column: Int, severity: Substring, message: String
        )? {
            for word in ["error", "warning", "note"] {
                guard let mark = text.range(of: ": \(word): ") else { continue }
                let place = text[..<mark.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
                guard place.count >= 3, let line = Int(place[place.count - 2]), let column = Int(place[place.count - 1])
                else { continue }
                let file = place.dropLast(2).joined(separator: ":")
                return (file, line, column, Substring(word), String(text[mark.upperBound...]))
            }
            return nil
        }
    }

    /// The sample's code, joined once when a diagnostic first asks for it.
    private static func joinedCode(_ code: inout String?, _ sample: Sample) -> String {
        if let code { return code }
        let joined = sample.parts.map(\.code).joined()
        code = joined
        return joined
    }

    /// What `place` needs of a part: its first and last line and the text of its last line.
    struct PartEnd {
        var firstLine: Int
        var column: Int
        var lastLine: Int
        var lastText: String

        init(_ part: Sample.Part) {
            let lines = part.code.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            firstLine = part.firstLine
            column = part.column
            lastLine = part.firstLine + max(lines.count, 1) - 1
            lastText = lines.last.map(String.init) ?? ""
        }
    }

    /// Where the diagnostic belongs in the Markdown, and an excerpt of the author's line when it
    /// had to be moved there from the scaffolding; `ends` is `sample.parts` as `PartEnd`s.
    static func place(_ header: Header, in sample: Sample, ends: [PartEnd]) -> (SourceLocation, String?) {
        let part =
            header.generated
            ? ends[ends.count - 1]
            : (ends.last(where: { $0.firstLine <= header.line }) ?? ends[0])
        guard header.generated || header.line > part.lastLine else {
            return (SourceLocation(line: header.line, column: header.column + part.column - 1), nil)
        }
        // Past the author's code: the end of their last line, where the missing text would go.
        let text = part.lastText
        let column = text.utf8.count + 1
        let excerpt = text + "\n" + String(repeating: " ", count: text.count) + "^"
        return (SourceLocation(line: part.lastLine, column: column + part.column - 1), excerpt)
    }
}
