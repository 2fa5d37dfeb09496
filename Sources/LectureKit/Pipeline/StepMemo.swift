import CommonMark
import LectureSupport

/// `BuildMemory` wrapped around a build's steps from outside, as a cache wraps Publish's
/// `PublishingStep`s: the pipeline applies it to every step of a session's build, so no step
/// consults the memory and no caller can leave one out.
///
/// A step's page part is skipped for a page when the memory holds its result under the same
/// key and per-page input: the key is the page's file signature and chapter, then, for each
/// step so far, the step's input (`BuildStep.PagePart.input`: everything its page part takes
/// besides the page, a `Hashable` value this memo numbers by equality), so a page recomputed by
/// one step is recomputed by every later step that changes it; the per-page input (a page's
/// samples' results) is compared as it is. A step cannot leave an input out: its page part sees
/// nothing but the page and its inputs. The steps' book parts are told what the earlier build
/// knows through `context.earlier` (files read, files unchanged, what may be linked).
final class StepMemo: Sendable {
    private struct State: Sendable {
        /// Each page's key so far, by path relative to the content folder; none when the page
        /// is not taken from memory any more in this run.
        var chains: [String: String] = [:]
        /// The global inputs' digest (`GlobalSignature`), asked before `Render` and `Write`.
        var global: String?
        /// The number of each step's input in this run, by step name.
        var inputs: [String: Int] = [:]
        /// The pages each step took from memory, by step name.
        var reused: [String: Set<String>] = [:]
        /// The key of each page's result of each step in this run, by step name then page path.
        var keys: [String: [String: String]] = [:]
        /// Files `Load` and `Write` took from the earlier build.
        var reusedFiles: [String: Int] = [:]
        /// The copied files' sources' signatures, remembered once the site is written.
        var copies: [String: FileSignature] = [:]
    }

    private let memory: BuildMemory
    private let state = Locked(State())

    /// Wraps one run's steps with `memory`.
    init(memory: BuildMemory) { self.memory = memory }

    /// `step` with its page part taken from memory where the memory holds it.
    func wrap(_ step: BuildStep) -> BuildStep {
        guard let part = step.page else { return step }
        var wrapped = step
        let name = step.name
        let changes = step.changesPage
        let input = part.input
        wrapped.page?.input = { [self] context in
            let made = input(context)
            let number = memory.number(of: made, step: name)
            state.withLock { $0.inputs[name] = number }
            return made
        }
        wrapped.page?.work = { [self] (page: inout Page, input: StepInput, pageInput: StepInput) -> [Diagnostic] in
            let path = page.chapter.path
            let key: String? = state.withLock { state in
                guard let chain = state.chains[path], let number = state.inputs[name] else { return nil }
                return "\(chain)|\(name):\(number)"
            }
            guard let key else {
                if changes { state.withLock { _ = $0.chains.removeValue(forKey: path) } }
                return part.work(&page, input, pageInput)
            }
            state.withLock { $0.keys[name, default: [:]][path] = key }
            if let known = memory.entry(step: name, page: path), known.key == key, known.pageInput == pageInput,
                !changes || known.page != nil
            {
                if let remembered = known.page { page = remembered }
                state.withLock {
                    $0.reused[name, default: []].insert(path)
                    if changes { $0.chains[path] = key }
                }
                return known.problems
            }
            let problems = part.work(&page, input, pageInput)
            memory.remember(
                BuildMemory.Entry(key: key, pageInput: pageInput, page: changes ? page : nil, problems: problems),
                step: name, page: path)
            if changes { state.withLock { $0.chains[path] = key } }
            return problems
        }
        return wrapped
    }

    /// Before `step`: what it reads of the earlier build, into `context.earlier`.
    func willRun(_ step: BuildStep, _ context: inout BuildContext) {
        // Asked again before each step that reads it: what a step before it did is in it (the samples' results).
        if [BuildStep.render.name, BuildStep.write.name].contains(step.name) {
            let global = context.globalSignature()
            state.withLock { $0.global = global }
        }
        let global = state.withLock { $0.global } ?? ""
        switch step.name {
        case BuildStep.load.name:
            context.earlier.files = memory.files
        case BuildStep.render.name:
            context.earlier.checked = memory.printPageChecked(global: global) ? [PrintPage.outputPath] : []
        case BuildStep.write.name:
            let output = context.configuration.outputDirectory
            context.earlier.linkable = memory.liveSiteIsOurs(output, global: global) ? context.site.unchanged : []
            context.earlier.removesOldLater = true
        default: break
        }
    }

    /// Between `step`'s page part and its book part: the site files its pages make as the live
    /// site holds them, from results with the keys of the build that wrote it (a page taken from
    /// memory may have been rendered by a later build that failed, and never written).
    func pagesDone(_ step: BuildStep, _ context: inout BuildContext) {
        guard step.name == BuildStep.render.name else { return }
        let keys = state.withLock { $0.keys[step.name] ?? [:] }
        let written = memory.writtenKeys
        let reused = Set(keys.filter { written[$0.key] == $0.value }.keys)
        var unchanged = Set<String>()
        for page in context.pages where reused.contains(page.chapter.path) { unchanged.insert(page.chapter.outputPath) }
        let rendered = context.pages.compactMap(\.rendered)
        if rendered.count == context.pages.count {
            unchanged.formUnion(
                SearchIndex.unchangedTextFiles(
                    rendered.map(\.searchEntry), fromMemory: context.pages.map { reused.contains($0.chapter.path) }))
        }
        if let first = context.content.book.flattened.first, unchanged.contains(first.outputPath) {
            unchanged.insert("index.html")
        }
        context.earlier.unchanged = unchanged
    }

    /// After `step` succeeded: what the next build may take from this one.
    func didRun(_ step: BuildStep, _ context: inout BuildContext) {
        let global = state.withLock { $0.global } ?? ""
        switch step.name {
        case BuildStep.load.name:
            let earlier = context.earlier.files
            var files: [String: BuildMemory.ReadFile] = [:]
            for file in context.content.files {
                guard let signature = context.signatures[file.relativePath] else { continue }
                files[file.relativePath] = BuildMemory.ReadFile(signature: signature, file: file)
            }
            let reused = files.filter { earlier[$0.key]?.signature == $0.value.signature }.count
            memory.files = files
            state.withLock {
                $0.reusedFiles[step.name] = reused
                // A page's chain starts from its file and its chapter (the summary's title and number for it).
                $0.chains = Dictionary(
                    context.pages.compactMap { page in
                        files[page.chapter.path].map { (page.chapter.path, "\($0.signature)|\(page.chapter)") }
                    }, uniquingKeysWith: { a, _ in a })
            }
        case BuildStep.render.name:
            // Copied files whose source is as it was at the last write can be linked, not copied.
            let copies = context.site.copied.compactMapValues { FileSignature(path: $0) }
            for (path, signature) in copies where memory.copiedUnchanged(path, signature) {
                context.site.unchanged.insert(path)
            }
            state.withLock { $0.copies = copies }
            if !context.diagnostics.hasErrors { memory.rememberPrintPageChecked(global: global) }
        case BuildStep.write.name:
            let (copies, keys) = state.withLock { ($0.copies, $0.keys[BuildStep.render.name] ?? [:]) }
            memory.rememberWrite(context.configuration.outputDirectory, global: global, copies: copies, keys: keys)
            state.withLock { $0.reusedFiles[step.name] = context.earlier.linkable.count }
        default: break
        }
    }

    /// After `step` threw.
    func failed(_ step: BuildStep) {
        if step.name == BuildStep.write.name { memory.forgetWrite() }
    }

    /// At the end of the run: how many pages (files, for `Load` and `Write`) each step took
    /// from memory, kept as `BuildMemory.lastReuse` for tests.
    func finish(_ steps: [BuildStep]) {
        let counts = state.withLock { state in
            Dictionary(
                steps.map { step in (step.name, state.reusedFiles[step.name] ?? state.reused[step.name]?.count ?? 0) },
                uniquingKeysWith: { a, _ in a })
        }
        memory.lastReuse = counts
    }
}
