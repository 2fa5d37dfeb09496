/// What a step's page part reads besides the page itself (`BuildStep.pageReads`), from which
/// `StepMemo` decides whether an earlier build's result for an unchanged page still holds.
/// With none of these, the result depends on the page's file alone.
struct PageInputs: OptionSet, Sendable {
    let rawValue: Int

    /// What every page depends on: the chapters, the templates, the compiler and Graphviz
    /// versions, the build date (`GlobalSignature`).
    static let book = PageInputs(rawValue: 1 << 0)
    /// Every page's heading anchors and the content folder's other files (what links name).
    static let headings = PageInputs(rawValue: 1 << 1)
    /// The page's verified samples: a page with samples is never taken from memory, since its
    /// results come from the sample cache and a change of the stand-ins must be seen.
    static let samples = PageInputs(rawValue: 1 << 2)
}
