import CommonMark
import LectureSupport

/// `BuildMemory` wrapped around a stretch of page steps (`Figures`, `Anchors`, `Links`): a page
/// whose file and global inputs are as an earlier build of the session saw them, and which has
/// no samples (their results come from the sample cache, so a change of the stand-ins is
/// seen), is taken as that build left it, with the problems found then; every other page runs
/// the steps and is remembered at the end.
struct PageMemo {
    /// Each page's problems from the stretch's steps, by index in `context.pages`.
    private var problems: [[Diagnostic]]
    /// Whether a page was taken from memory, by index in `context.pages`.
    private var remembered: [Bool]

    /// Starts a stretch: sets `context.global` and replaces remembered pages.
    static func begin(_ context: inout BuildContext) -> PageMemo {
        context.global = context.globalSignature()
        var memo = PageMemo(
            problems: Array(repeating: [], count: context.pages.count),
            remembered: Array(repeating: false, count: context.pages.count))
        guard let memory = context.memory else { return memo }
        let withSamples = Set(context.samples.map(\.path))
        for (index, page) in context.pages.enumerated() {
            let path = page.chapter.path
            guard !withSamples.contains(page.source.displayPath), let signature = context.signatures[path],
                let known = memory.transformedPage(path, signature: signature, global: context.global)
            else { continue }
            context.pages[index] = known.page
            memo.problems[index] = known.problems
            memo.remembered[index] = true
            context.reused.insert(path)
        }
        return memo
    }

    /// Runs one step's page part on every page not taken from memory, in parallel.
    mutating func run(_ work: @escaping BuildStep.PageWork, on context: inout BuildContext) {
        let snapshot = context
        let remembered = self.remembered
        let results = Array(context.pages.enumerated()).parallelMap(jobs: context.configuration.verifier.jobs) {
            index, page -> PageStepResult in
            if remembered[index] { return PageStepResult(page: page, problems: []) }
            var page = page
            let problems = work(&page, snapshot)
            return PageStepResult(page: page, problems: problems)
        }
        for (index, result) in results.enumerated() {
            context.pages[index] = result.page
            problems[index] += result.problems
        }
    }

    /// Ends the stretch: appends every page's problems in page order and remembers the pages
    /// that ran.
    func end(_ context: inout BuildContext) {
        for (index, page) in context.pages.enumerated() {
            context.diagnostics += problems[index]
            guard !remembered[index], let memory = context.memory,
                let signature = context.signatures[page.chapter.path]
            else { continue }
            memory.remember(
                transformed: BuildMemory.Transformed(
                    signature: signature, global: context.global, page: page, problems: problems[index]),
                for: page.chapter.path)
        }
    }
}

/// One page after one page step: the page as the step left it and the problems found on it.
struct PageStepResult: Sendable {
    /// The page, changed by the step.
    var page: Page
    /// What the step found wrong on the page, in the order found.
    var problems: [Diagnostic]
}
