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
    /// The diagnostics grouped by file and, within a file, by line and column (problems of the
    /// whole file first), as rustc and mdBook print them: source order per file, files in reading
    /// order. The files of `readingOrder` come first, in its order (a build's: book.toml, SUMMARY.md,
    /// the pages in the summary's order); the rest follow in the order they first appear. A path
    /// is compared as printed (`ShownPath`: `src/../book.toml` is `book.toml`). Stable otherwise.
    package func sortedForReading(readingOrder: [String] = []) -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for path in readingOrder.map(ShownPath.normalized) + map({ ShownPath.normalized($0.path) })
        where fileOrder[path] == nil {
            fileOrder[path] = fileOrder.count
        }
        return enumerated().map { offset, diagnostic in
            (
                key: (
                    fileOrder[ShownPath.normalized(diagnostic.path)]!, diagnostic.location?.line ?? 0,
                    diagnostic.location?.column ?? 0, offset
                ), diagnostic: diagnostic
            )
        }.sorted { $0.key < $1.key }.map(\.diagnostic)
    }
}
