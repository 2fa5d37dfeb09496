import Foundation
import LectureSupport

/// How the console prints diagnostics: in the compiler's format for people and editors, or as
/// GitHub Actions workflow commands so each becomes an annotation on its Markdown line.
///
/// Chosen by `--report plain` or `--report github`; without either, `github` when the
/// environment has `GITHUB_ACTIONS=true` (GitHub sets it in every workflow step), else `plain`.
enum DiagnosticFormat: Sendable, Equatable {
    /// `path:line:column: severity: summary` and indented notes (`Diagnostic.description`).
    case plain
    /// One `::error`/`::warning`/`::notice` command per diagnostic, with `file` relative to
    /// `repositoryRoot` (an absolute, standardized path), as GitHub matches it against the
    /// pull request's files.
    case github(repositoryRoot: String)

    /// The values `--report` takes for the diagnostics' format (`ReportRequest`).
    enum Name: String, CaseIterable, Sendable {
        case plain, github
    }

    /// The format `requested` names, or the environment's default when `nil`.
    ///
    /// The repository root is `$GITHUB_WORKSPACE` when set (GitHub's checkout folder), else the
    /// nearest folder at or above `workingDirectory` that holds `.git` (a folder, or a file in a
    /// worktree), else `workingDirectory`.
    static func resolve(_ requested: Name?, environment: [String: String], workingDirectory: String)
        -> DiagnosticFormat
    {
        let wanted = requested ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .plain)
        guard wanted == .github else { return .plain }
        if let workspace = environment["GITHUB_WORKSPACE"], !workspace.isEmpty {
            return .github(repositoryRoot: absolute(workspace, in: workingDirectory))
        }
        var folder = URL(fileURLWithPath: absolute(workingDirectory, in: "/"))
        while true {
            if FileSystem.exists(folder.path + "/.git") { return .github(repositoryRoot: folder.path) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return .github(repositoryRoot: absolute(workingDirectory, in: "/"))
    }

    /// `diagnostic` as this format prints it: possibly several lines for `plain`, one for `github`.
    /// `workingDirectory` resolves the diagnostic's relative path. What the diagnostic quotes
    /// of its input is shown safely (`Diagnostic.shownSafely`): no control character reaches the
    /// terminal or the log raw, and a path or summary is one line.
    package func render(_ unsafe: Diagnostic, workingDirectory: String) -> String {
        let diagnostic = unsafe.shownSafely
        switch self {
        case .plain:
            return diagnostic.description
        case .github(let root):
            var properties: [(key: String, value: String)] = []
            let path = Self.absolute(unsafe.path, in: workingDirectory)
            if !diagnostic.path.isEmpty {
                let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
                properties.append(("file", TerminalText.line(relative)))
            }
            if let location = diagnostic.location, !diagnostic.path.isEmpty {
                let column =
                    Self.characterColumn(path, line: location.line, byteColumn: location.column) ?? location.column
                properties += [("line", "\(location.line)"), ("col", "\(column)")]
            }
            properties.append(("title", diagnostic.summary))
            let command =
                switch diagnostic.severity {
                case .error: "error"
                case .warning: "warning"
                case .note: "notice"
                }
            return WorkflowCommand.line(
                command, properties: properties,
                message: ([diagnostic.summary] + diagnostic.notes).joined(separator: "\n"))
        }
    }

    /// The column, counted in characters as a person (and GitHub's editor) counts them, of the
    /// UTF-8 byte column `byteColumn` (swiftc's and cmark's count) on line `line` of the file at
    /// `path`; `nil` when the file or line cannot be read. Column 1 needs no reading.
    static func characterColumn(_ path: String, line: Int, byteColumn: Int) -> Int? {
        guard byteColumn > 1, line >= 1, let bytes = try? FileSystem.read(path) else { return nil }
        var start = bytes.startIndex
        var current = 1
        while current < line {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = newline + 1
            current += 1
        }
        if line == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }  // cmark skips a BOM
        let end = min(start + byteColumn - 1, bytes.endIndex)
        return String(decoding: bytes[start..<end], as: UTF8.self).count + 1
    }

    /// `path` made absolute against `folder` and standardized (`.` and `..` removed).
    static func absolute(_ path: String, in folder: String) -> String {
        let joined = path.hasPrefix("/") ? path : folder + "/" + path
        return URL(fileURLWithPath: joined).standardizedFileURL.path
    }
}
