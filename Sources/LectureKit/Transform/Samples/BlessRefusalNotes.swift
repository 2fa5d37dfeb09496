import Foundation
import LectureSupport

/// The promises a sample's error makes that `--bless` writes its output block, withdrawn when
/// this run's `--bless` refused the page (read-only, moved, changed): the notes then say so
/// instead of promising what was just refused (attack 15, c07).
enum BlessRefusalNotes {
    /// A mismatch's promise (`SampleJudge`).
    static let promise = "'lecture check --bless' accepts the actual output"
    /// Every promise `SampleJudge` makes: the mismatch's, the missing block's, the empty one's.
    static let promises = [
        promise, "'lecture check --bless' writes the block",
        "'lecture check --bless' writes what it printed into the output block",
    ]
    /// What a note says in place of a promise.
    static let withdrawal =
        "'lecture check --bless' could not rewrite this page (the 'cannot bless' error says why): fix that and bless again, or copy the actual output into the output block by hand"

    /// `diagnostics` with each promise in their notes replaced by `withdrawal`.
    static func withdrawn(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            var noted = diagnostic
            noted.notes = diagnostic.notes.map { note in
                promises.reduce(note) { $0.replacingOccurrences(of: $1, with: withdrawal) }
            }
            return noted
        }
    }
}
