import LectureSupport
import Synchronization

/// What the `{{#include}}`s of one page may add up to, with what those of the whole book may
/// (`BookIncludes`), and the run's cancellation.
///
/// The depth limit (10, as mdBook's) stops a cycle but not a fan-out: ten files that each
/// include the next ten times expand to 10⁹ copies of the last (a billion laughs), which took
/// more than eleven minutes and ignored Ctrl-C. Each include is counted, with the bytes it adds,
/// and the one that crosses `maximumBytes` or `maximumIncludes` is an error at its directive;
/// the page's later directives are then left out (the error says so). Every include checks the
/// cancellation first, so a signal stops the expansion at the next directive.
///
/// A page's bound alone lets one large file be included by every page: 200 pages each
/// including a 14.5 MB file reached 7.5 GB before the allocator gave up (attack 16, k18c), the
/// text copied into each page, the print page and the search index. The bytes all pages
/// include are bounded too (`BookIncludes`), crossed at an error at the directive.
final class IncludeBudget: Sendable {
    /// Bytes of included text one page may gather, nested includes counted each time.
    static let defaultBytes = 16 << 20
    /// Includes one page may make, nested ones counted each time.
    static let defaultIncludes = 10_000

    let maximumBytes: Int
    let maximumIncludes: Int
    let cancellation: Cancellation
    /// The book's bound, shared by the budgets of all its pages.
    let book: BookIncludes
    private let spentBytes = Atomic<Int>(0)
    private let spentIncludes = Atomic<Int>(0)
    private let crossed = Atomic<Bool>(false)

    init(
        maximumBytes: Int = defaultBytes, maximumIncludes: Int = defaultIncludes,
        cancellation: Cancellation = .process, book: BookIncludes = BookIncludes()
    ) {
        self.maximumBytes = maximumBytes
        self.maximumIncludes = maximumIncludes
        self.cancellation = cancellation
        self.book = book
    }

    /// Includes made so far.
    var includes: Int { spentIncludes.load(ordering: .relaxed) }
    /// Bytes included so far.
    var bytes: Int { spentBytes.load(ordering: .relaxed) }

    /// Whether another include may be tried: not cancelled, no limit crossed.
    var mayGoOn: Bool { !cancellation.isCancelled && !crossed.load(ordering: .relaxed) && !book.isCrossed }

    /// Why an include may not go on.
    enum Refusal: Error {
        /// Cancelled, or a limit was crossed earlier on the page: left out without a word of
        /// its own (the cancellation, or the crossing's error, says it).
        case quietly
        /// This include crosses a limit: the error at its directive.
        case crossing(summary: String, notes: [String])
    }

    /// Counts one include of `count` bytes of text named `argument`.
    /// - Throws: `Refusal` when it may not be made.
    func spend(_ count: Int, on argument: String) throws(Refusal) {
        if !mayGoOn { throw .quietly }
        let includes = spentIncludes.add(1, ordering: .relaxed).newValue
        let bytes = spentBytes.add(count, ordering: .relaxed).newValue
        let bookBytes = try book.spend(count, on: argument)
        guard includes > maximumIncludes || bytes > maximumBytes else { return }
        crossed.store(true, ordering: .relaxed)
        let limit =
            includes > maximumIncludes
            ? "more than \(maximumIncludes) includes"
            : "more than \(maximumBytes >> 20) MiB of included text"
        throw .crossing(
            summary: "{{#include \(argument)}} makes the page's includes add up to \(limit)",
            notes: [
                "included files include each other many times over (\(includes) includes, \(bytes) bytes so far, \(bookBytes) in the book): include each file once where it is needed, or split the page",
                "the page's directives after this one are left out",
            ])
    }
}

/// What the `{{#include}}`s of all the book's pages may add up to, nested includes and a file
/// included by many pages counted each time: the run's memory grows with the text the book
/// expands (each page, the print page and the search index hold it), so it is bounded by the
/// book, not only by the page (`IncludeBudget`). The include that crosses `maximumBytes` is an
/// error at its directive; every later include of the book is left out without a word.
final class BookIncludes: Sendable {
    /// Bytes of included text the whole book may gather: four pages' worth
    /// (`IncludeBudget.defaultBytes`); the lecture's 70 includes bring in 0.5 MB.
    static let defaultBytes = 64 << 20

    let maximumBytes: Int
    private let spentBytes = Atomic<Int>(0)
    private let crossed = Atomic<Bool>(false)

    init(maximumBytes: Int = defaultBytes) { self.maximumBytes = maximumBytes }

    /// Whether an include crossed the bound.
    var isCrossed: Bool { crossed.load(ordering: .relaxed) }

    /// Counts `count` bytes included by `argument`; the book's bytes so far.
    /// - Throws: `IncludeBudget.Refusal` when they cross the bound (`.quietly` once crossed).
    func spend(_ count: Int, on argument: String) throws(IncludeBudget.Refusal) -> Int {
        let bytes = spentBytes.add(count, ordering: .relaxed).newValue
        guard bytes > maximumBytes else { return bytes }
        guard !crossed.exchange(true, ordering: .relaxed) else { throw .quietly }
        throw .crossing(
            summary:
                "{{#include \(argument)}} makes the book's includes add up to more than \(maximumBytes >> 20) MiB of included text",
            notes: [
                "the book-wide limit of included text is \(maximumBytes >> 20) MiB (\(bytes) bytes with this one): a file included by many pages counts on each, and is copied into each of them, the print page and the search index; include a large file once, or publish it as a file and link to it",
                "the book's directives after this one are left out",
            ])
    }
}
