import CommonMark
import LectureSupport

/// `[preprocessor.lecture] allow-warnings`: warnings a book acknowledges by their identifier, as
/// `#[allow(…)]` names a lint (`allow-warnings = ["lecture.book-toml.libraries-outside-book"]`,
/// for a package's guide whose sample library lies beside it, newuser-10 #7). An allowed warning
/// is not printed; the closing line counts it (`2 warnings allowed by book.toml`), so a run never
/// hides that there were any. An error is never allowed.
///
/// Only an identifier whose warnings mean one thing may be allowed: one that several kinds of
/// warning share would hide the others with it (`tooCoarse`). Nor may a book silence a warning
/// addressed to the person building it (`protective`: samples run without a sandbox, a file
/// published unscanned, a script URL, files read from outside the book): a book from a pull
/// request may only raise protection, never lower it (`SampleProtection`; code review 42 #2). An
/// entry that names no identifier, or one of those, is a warning at its line.
enum AllowedWarnings {
    /// Why an identifier may not be allowed: the one reason, which both refuses the entry and
    /// keeps the identifier out of the nearest ones offered for a mistyped entry.
    enum Refusal {
        /// Shared by warnings of different meanings: allowing it would hide the others with it.
        case tooCoarse
        /// A warning to the person building the book, which no book may silence.
        case protective

        /// The entry's warning.
        func warning(_ identifier: String, place: BookSettingsLoader.Field.Place) -> Diagnostic {
            switch self {
            case .tooCoarse:
                .warning(
                    .allowWarningsEntry, place.file, place.location,
                    "\(quoted: identifier) names warnings of several kinds, and may not be allowed as a whole",
                    notes: ["fix what each of its warnings says: allowing them all would hide the next one too"])
            case .protective:
                .warning(
                    .allowWarningsEntry, place.file, place.location,
                    "\(quoted: identifier) warns the person building the book, and a book may not silence it",
                    notes: ["a book may only raise protection: fix what the warning says, or leave it to be read"])
            }
        }
    }

    /// Identifiers shared by warnings of different meanings, which no book may allow as a whole:
    /// `unsupported-key` (each ignored key a warning of its own meaning), `bad-value` (a value of
    /// the wrong shape of any key), and the run's own failures.
    static let tooCoarse: Set<Diagnostic.Identifier> = [
        .bookTOMLUnsupported, .bookTOMLValue, .fileSystem, .subprocess, .unexpected, .cancelled,
        .allowWarningsEntry,
    ]

    /// Warnings to the person building the book, about what the book may do to them or to the
    /// readers of the site: no book may allow them.
    static let protective: Set<Diagnostic.Identifier> = [
        .sampleSandbox, .secretPublished, .secretUnscanned, .machinePathPublished, .machineFileInHTML,
        .scriptURL, .hiddenScriptURL, .metaRefresh, .baseElement, .folderOutsideBook, .fileOutsideBook,
        .pageOutsideBook, .sampleInvisibleCharacter, .bidirectionalControl, .invisibleCharacter,
        .sampleNotRecognised, .infoStringWhitespace, .sampleSnippetMarker,
    ]

    /// The reason each identifier that may not be allowed is refused, from `tooCoarse` and
    /// `protective`.
    static let refused: [Diagnostic.Identifier: Refusal] = Dictionary(
        tooCoarse.map { ($0, Refusal.tooCoarse) } + protective.map { ($0, Refusal.protective) },
        uniquingKeysWith: { coarse, _ in coarse })

    /// The problem with the entry `identifier` of the list, at `place`; `nil` when it may be allowed.
    static func problem(_ identifier: String, place: BookSettingsLoader.Field.Place) -> Diagnostic? {
        guard Diagnostic.Identifier.all.contains(Diagnostic.Identifier(rawValue: identifier)) else {
            let allowable = Diagnostic.Identifier.all.filter { refused[$0] == nil }.map(\.rawValue)
            let meant = EditDistance.nearest(to: identifier, in: allowable)
            return .warning(
                .allowWarningsEntry, place.file, place.location,
                "\(quoted: identifier) in 'lecture.allow-warnings' is no warning's identifier, and allows nothing",
                notes: [
                    (meant.map { "did you mean \(quoted: $0)? " } ?? "")
                        + "a warning's identifier is in the manual's table of diagnostics (diagnostics.md)"
                ])
        }
        return refused[Diagnostic.Identifier(rawValue: identifier)]?.warning(identifier, place: place)
    }

    /// Whether `diagnostic` is a warning `allowed` names.
    static func isAllowed(_ diagnostic: Diagnostic, by allowed: Set<Diagnostic.Identifier>) -> Bool {
        diagnostic.severity == .warning && allowed.contains(diagnostic.identifier)
    }

    /// `2 warnings allowed by book.toml`, or `nil` for none.
    static func closing(_ count: Int) -> String? {
        count == 0 ? nil : "\(count) warning\(count == 1 ? "" : "s") allowed by book.toml"
    }
}
