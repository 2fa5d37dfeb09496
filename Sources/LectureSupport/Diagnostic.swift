import SourceText

/// A problem found in the user's content, templates or setup, located so an editor can jump to it.
///
/// Modelled on Swift-DocC's `Diagnostic`: a stable identifier, a severity, a short summary without
/// a final period, notes (the fix among them), and a source location. `description` prints it in
/// the format of swiftc and gcc, `path:line:column: error: summary`, followed by the notes, each
/// indented on its own lines; `Console` is the one place that prints it.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Error, Codable {
    /// How serious it is: an `error` fails the run, a `warning` does not; `note` is swiftc's.
    package enum Severity: String, Hashable, Sendable, Codable {
        case error, warning, note
    }

    /// What kind of problem it is (`lecture.sample.output-mismatch`), for code that reacts to it
    /// (`--bless`, `check`'s count of skipped samples): matched instead of the summary's text,
    /// which may change. The kinds are listed in `Diagnostic.Identifier`'s catalog and the manual (diagnostics.md).
    package var identifier: Identifier
    /// Error, warning or note.
    package var severity: Severity
    /// The file as the user named it (relative to the working directory when it was given so);
    /// empty when the problem belongs to no file (a bad option), printed then as `error: summary`.
    package var path: String
    /// Where in `path`; `nil` when the problem concerns the whole file.
    package var location: SourceLocation?
    /// One line, no final period.
    package var summary: String
    /// Further lines shown under the summary: a diff, a compiler's output, the fix.
    package var notes: [String]

    /// Creates a diagnostic; `location` is `nil` when it concerns the whole file, `path` empty
    /// when it concerns no file.
    package init(
        _ identifier: Identifier, _ severity: Severity, _ path: String, _ location: SourceLocation?, _ summary: String,
        notes: [String] = []
    ) {
        self.identifier = identifier
        self.severity = severity
        self.path = path
        self.location = location
        self.summary = summary
        self.notes = notes
    }

    /// An error: it fails the run.
    package static func error(
        _ identifier: Identifier, _ path: String, _ location: SourceLocation?, _ summary: String, notes: [String] = []
    ) -> Diagnostic {
        Diagnostic(identifier, .error, path, location, summary, notes: notes)
    }

    /// A warning: reported, but it does not fail the run.
    package static func warning(
        _ identifier: Identifier, _ path: String, _ location: SourceLocation?, _ summary: String, notes: [String] = []
    ) -> Diagnostic {
        Diagnostic(identifier, .warning, path, location, summary, notes: notes)
    }

    /// An error that belongs to no file: a bad option or argument, a missing tool.
    package static func error(_ identifier: Identifier, _ summary: String, notes: [String] = []) -> Diagnostic {
        Diagnostic(identifier, .error, "", nil, summary, notes: notes)
    }

    /// The first line: `path:line:column: severity: summary`, or `severity: summary` without a
    /// path; the path normalised (`ShownPath`: no `src/../`), a folder named `~` shown as `./~`
    /// (`UnexpandedPath.shown`), never read as the home folder.
    package var headline: String {
        guard !path.isEmpty else { return "\(severity.rawValue): \(summary)" }
        let shown = UnexpandedPath.shown(ShownPath.normalized(path))
        let place = location.map { "\(shown):\($0.line):\($0.column)" } ?? shown
        return "\(place): \(severity.rawValue): \(summary)"
    }

    /// The headline, then each line of the notes indented by four spaces.
    package var description: String {
        ([headline] + notes.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 } })
            .joined(separator: "\n")
    }
}

extension Array where Element == Diagnostic {
    /// Whether any of these is an error (warnings alone don't fail a run).
    package var hasErrors: Bool { contains { $0.severity == .error } }

    /// How many of these are errors.
    package var errorCount: Int { count { $0.severity == .error } }
}

extension Array where Element == Diagnostic {
    /// The diagnostics grouped by file (files in the order they first appear) and, within a
    /// file, by line and column; problems of the whole file first. Stable otherwise.
    package func sortedForReading() -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for diagnostic in self where fileOrder[diagnostic.path] == nil { fileOrder[diagnostic.path] = fileOrder.count }
        return enumerated().sorted { a, b in
            let left = (
                fileOrder[a.element.path]!, a.element.location?.line ?? 0, a.element.location?.column ?? 0, a.offset
            )
            let right = (
                fileOrder[b.element.path]!, b.element.location?.line ?? 0, b.element.location?.column ?? 0, b.offset
            )
            return left < right
        }.map(\.element)
    }
}
