import LectureSupport
import Synchronization

/// What the `{{#include}}`s of one page may add up to, and the run's cancellation.
///
/// The depth limit (10, as mdBook's) stops a cycle but not a fan-out: ten files that each
/// include the next ten times expand to 10⁹ copies of the last (a billion laughs), which took
/// more than eleven minutes and ignored Ctrl-C. Each include is counted, with the bytes it adds,
/// and the one that crosses `maximumBytes` or `maximumIncludes` is an error at its directive;
/// the page's later directives are then left out (the error says so). Every include checks the
/// cancellation first, so a signal stops the expansion at the next directive.
final class IncludeBudget: Sendable {
    /// Bytes of included text one page may gather, nested includes counted each time.
    static let defaultBytes = 16 << 20
    /// Includes one page may make, nested ones counted each time.
    static let defaultIncludes = 10_000

    let maximumBytes: Int
    let maximumIncludes: Int
    let cancellation: Cancellation
    private let spentBytes = Atomic<Int>(0)
    private let spentIncludes = Atomic<Int>(0)
    private let crossed = Atomic<Bool>(false)

    init(
        maximumBytes: Int = defaultBytes, maximumIncludes: Int = defaultIncludes,
        cancellation: Cancellation = .process
    ) {
        self.maximumBytes = maximumBytes
        self.maximumIncludes = maximumIncludes
        self.cancellation = cancellation
    }

    /// Includes made so far.
    var includes: Int { spentIncludes.load(ordering: .relaxed) }
    /// Bytes included so far.
    var bytes: Int { spentBytes.load(ordering: .relaxed) }

    /// Whether another include may be tried: not cancelled, no limit crossed.
    var mayGoOn: Bool { !cancellation.isCancelled && !crossed.load(ordering: .relaxed) }

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
        if cancellation.isCancelled || crossed.load(ordering: .relaxed) { throw .quietly }
        let includes = spentIncludes.add(1, ordering: .relaxed).newValue
        let bytes = spentBytes.add(count, ordering: .relaxed).newValue
        guard includes > maximumIncludes || bytes > maximumBytes else { return }
        crossed.store(true, ordering: .relaxed)
        let limit =
            includes > maximumIncludes
            ? "more than \(maximumIncludes) includes"
            : "more than \(maximumBytes >> 20) MiB of included text"
        throw .crossing(
            summary: "{{#include \(argument)}} makes the page's includes add up to \(limit)",
            notes: [
                "included files include each other many times over (\(includes) includes, \(bytes) bytes so far): include each file once where it is needed, or split the page",
                "the page's directives after this one are left out",
            ])
    }
}
