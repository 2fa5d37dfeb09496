import CommonMark
import Foundation
import LectureSupport

/// swiftc's diagnostics on a sample library's own files (attack 11, kind 80), read back as
/// diagnostics at the library's files, named as the book names its pages (from the book's folder
/// as the person named it: relative to the working directory when the book was named so, else
/// absolute, the rule compilers follow for the files they are given; newuser-10 #10), so an
/// editor or a `--report github` annotation can place them: they were one "does not compile"
/// error with swiftc's lines under it, each naming the file by its absolute path.
enum LibraryCompilerOutput {
    /// The diagnostics in `output` (`-diagnostic-style llvm`) on files of `folder` (absolute),
    /// named in `shown` (the folder as the book names it), each with the excerpt under it as notes
    /// and, on the first error, which library it is and the language mode it was compiled in
    /// (`languageMode`, the book's `swift-language-mode`).
    static func diagnostics(
        from output: String, folder: String, shown: String? = nil, module: String, languageMode: String = "6"
    )
        -> [Diagnostic]
    {
        let shown = shown ?? folder
        var result: [Diagnostic] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix(folder + "/"), let header = header(line.dropFirst(folder.count + 1)) else {
                if !result.isEmpty, !line.isEmpty { result[result.count - 1].notes.append(String(line)) }
                continue
            }
            result.append(
                Diagnostic(
                    .sampleLibraries, header.severity, FileSystem.join(shown, header.file),
                    SourceLocation(line: header.line, column: header.column), header.message))
        }
        if let first = result.firstIndex(where: { $0.severity == .error }) {
            result[first].notes.append(
                "the sample library \(module) does not compile: it is declared in book.toml's [preprocessor.lecture.samples] libraries, and no sample is verified until it compiles"
            )
            result[first].notes.append(languageModeNote(languageMode))
            return result
        }
        return []
    }

    /// The language mode a library was compiled in, the book's, and how to change it: a package
    /// whose `swift-tools-version` is below 6 builds its targets in Swift 5 mode, which a library
    /// compiled in Swift 6 mode here may not pass (newuser-10, #5).
    static func languageModeNote(_ mode: String) -> String {
        mode == "6"
            ? "sample libraries are compiled in the book's Swift language mode, 6 by default; if its package builds it in Swift 5 mode (a swift-tools-version below 6), set swift-language-mode = 5 under [preprocessor.lecture] in book.toml: the library and the samples are then compiled in that mode"
            : "sample libraries are compiled in the book's Swift language mode, \(mode) (swift-language-mode under [preprocessor.lecture] in book.toml), as the samples are"
    }

    /// `file:line:column: severity: message`, or nil.
    static func header(_ text: Substring) -> (
        file: String, line: Int, column: Int, severity: Diagnostic.Severity, message: String
    )? {
        let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, let line = Int(parts[1]), let column = Int(parts[2]) else { return nil }
        let severity: Diagnostic.Severity
        switch parts[3].trimmingCharacters(in: .whitespaces) {
        case "error": severity = .error
        case "warning": severity = .warning
        case "note": severity = .note
        default: return nil
        }
        return (String(parts[0]), line, column, severity, parts[4].trimmingCharacters(in: .whitespaces))
    }
}
