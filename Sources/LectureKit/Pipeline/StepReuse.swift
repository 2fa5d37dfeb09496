import CommonMark
import LectureSupport

/// Which page results of a session's build are reused: made for one build, it wraps each of its
/// steps with the session's `SessionMemory` from outside, as a cache wraps Publish's
/// `PublishingStep`s: the pipeline applies it to every step of a session's build, so no step
/// consults the memory and no caller can leave one out.
///
/// A step's page part is skipped for a page when the memory holds its result under the same
/// key: the page's file signature and chapter, then, for each step so far, the step's inputs
/// (`BuildStep.PagePart.input`, everything its page part takes besides the page, and
/// `pageInput`, what it takes of the book for that page alone, such as its samples' results:
/// `Hashable` values this memo numbers by equality), so a page recomputed by one step, for
/// whichever input, is recomputed by every later step that changes it. A step cannot leave an input out: its page part sees
/// nothing but the page and its inputs. What else a step takes from the earlier build (files
/// read, files unchanged, what may be linked: `context.earlier`) it declares itself, as
/// `SessionHooks`, which this memo runs around it; it knows no step by name.
final class StepReuse: Sendable {
    private struct State: Sendable {
        /// Each page's key so far, by path relative to the content folder; none when the page
        /// is not taken from memory any more in this run.
        var chains: [String: String] = [:]
        /// Whether the pages' keys were started in this run.
        var chainsStarted = false
        /// The number of each step's input in this run, by step name.
        var inputs: [String: Int] = [:]
        /// The pages each step took from memory, by step name.
        var reused: [String: Set<String>] = [:]
        /// The key of each page's result of each step in this run, by step name then page path.
        var keys: [String: [String: String]] = [:]
        /// Files steps that count files (`Load`, `Write`) took from the earlier build, by step name.
        var reusedFiles: [String: Int] = [:]
    }

    private let memory: SessionMemory
    private let rebuild: CurrentRebuild
    private let state = Locked(State())

    /// Wraps one run's steps with `memory`.
    init(memory: SessionMemory) {
        self.memory = memory
        rebuild = CurrentRebuild(memory: memory)
    }

    /// `step` with its page part taken from memory where the memory holds it.
    func wrap(_ step: BuildStep) -> BuildStep {
        guard let part = step.page else { return step }
        var wrapped = step
        let name = step.name
        let changes = step.changesPage
        let input = part.input
        wrapped.page?.input = { [self] context in
            let made = try input(context)
            let number = memory.number(of: made, step: name)
            state.withLock { $0.inputs[name] = number }
            return made
        }
        wrapped.page?.work = { [self] (page: inout Page, input: StepInput, pageInput: StepInput) -> [Diagnostic] in
            let path = page.chapter.path
            let chain = state.withLock { state in
                state.chains[path].flatMap { chain in state.inputs[name].map { (chain, $0) } }
            }
            // The per-page input is numbered as the book-wide one is (among the page's own), and
            // both go into the key later steps build on: a page recomputed for its own input is
            // recomputed by every later step that changes it.
            let key = chain.map { chain, number in
                "\(chain)|\(name):\(number):\(memory.number(of: pageInput, step: name + "|" + path))"
            }
            guard let key else {
                if changes { state.withLock { _ = $0.chains.removeValue(forKey: path) } }
                return part.work(&page, input, pageInput)
            }
            state.withLock { $0.keys[name, default: [:]][path] = key }
            if let known = memory.entry(step: name, page: path), known.key == key, !changes || known.page != nil {
                if let remembered = known.page { page = remembered }
                state.withLock {
                    $0.reused[name, default: []].insert(path)
                    if changes { $0.chains[path] = key }
                }
                return known.problems
            }
            let problems = part.work(&page, input, pageInput)
            memory.remember(
                SessionMemory.Entry(key: key, page: changes ? page : nil, problems: problems),
                step: name, page: path)
            if changes { state.withLock { $0.chains[path] = key } }
            return problems
        }
        return wrapped
    }

    /// Before `step`: each page's key starts, before the first page part of the run, from its
    /// file's signature and its chapter (the summary's title and number for it); then the
    /// step's own hook (`BuildStep.session`) reads what it needs of the earlier build.
    func willRun(_ step: BuildStep, _ context: inout BuildContext) {
        if step.page != nil, !state.withLock({ $0.chainsStarted }) {
            let chains = Dictionary(
                context.pages.compactMap { page in
                    context.signatures[page.chapter.path].map { (page.chapter.path, "\($0)|\(page.chapter)") }
                }, uniquingKeysWith: { a, _ in a })
            state.withLock {
                $0.chains = chains
                $0.chainsStarted = true
            }
        }
        step.session?.before(rebuild, &context)
    }

    /// Between `step`'s page part and its book part: its hook, told its pages' keys.
    func pagesDone(_ step: BuildStep, _ context: inout BuildContext) {
        guard let hooks = step.session else { return }
        rebuild.pageKeys = state.withLock { $0.keys[step.name] ?? [:] }
        hooks.pagesDone(rebuild, &context)
    }

    /// After `step` succeeded: its hook leaves what the next build may take from this one.
    func didRun(_ step: BuildStep, _ context: inout BuildContext) {
        guard let hooks = step.session else { return }
        rebuild.pageKeys = state.withLock { $0.keys[step.name] ?? [:] }
        if let files = hooks.after(rebuild, &context) { state.withLock { $0.reusedFiles[step.name] = files } }
    }

    /// After `step` threw.
    func failed(_ step: BuildStep) { step.session?.failed(rebuild) }

    /// At the end of the run: how many pages (files, for `Load` and `Write`) each step took
    /// from memory, kept as `SessionMemory.lastReuse` for tests.
    func finish(_ steps: [BuildStep]) {
        let counts = state.withLock { state in
            Dictionary(
                steps.map { step in (step.name, state.reusedFiles[step.name] ?? state.reused[step.name]?.count ?? 0) },
                uniquingKeysWith: { a, _ in a })
        }
        memory.lastReuse = counts
    }
}
