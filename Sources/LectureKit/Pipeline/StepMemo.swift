import CommonMark
import LectureSupport

/// `BuildMemory` wrapped around a build's steps from outside, as a cache wraps Publish's
/// `PublishingStep`s: the pipeline applies it to every step of a session's build, so no step
/// consults the memory and no caller can leave one out.
///
/// A step's page part is skipped for a page when the memory holds its result under the same
/// key: the page's file signature, then what each step so far read besides the page
/// (`BuildStep.pageReads`: the global inputs, every page's headings), so a page recomputed by
/// one step is recomputed by every later step that changes it. A page whose step reads its
/// samples and has some is always recomputed. The steps' book parts are told what the earlier
/// build knows through `context.earlier` (files read, files unchanged, what may be linked).
final class StepMemo: Sendable {
    private struct State: Sendable {
        /// Each page's key so far, by path relative to the content folder; none when the page
        /// is not taken from memory any more in this run.
        var chains: [String: String] = [:]
        /// The global inputs' digest (`GlobalSignature`), asked once per run.
        var global: String?
        /// A digest of every page's heading anchors and the content folder's files.
        var headings = ""
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
        guard let work = step.page else { return step }
        var wrapped = step
        let name = step.name
        let reads = step.pageReads
        let changes = step.changesPage
        wrapped.page = { [self] (page: inout Page, context: BuildContext) -> [Diagnostic] in
            let path = page.chapter.path
            guard let key = key(path, reads: reads, page: page) else {
                if changes { state.withLock { _ = $0.chains.removeValue(forKey: path) } }
                return work(&page, context)
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
            let problems = work(&page, context)
            memory.remember(
                BuildMemory.Entry(key: key, page: changes ? page : nil, problems: problems), step: name, page: path)
            if changes { state.withLock { $0.chains[path] = key } }
            return problems
        }
        return wrapped
    }

    /// The key of `page`'s result of a step reading `reads`; `nil` when it is not to be taken
    /// from memory.
    private func key(_ path: String, reads: PageInputs, page: Page) -> String? {
        state.withLock { state in
            guard var key = state.chains[path] else { return nil }
            if reads.contains(.samples) && !page.samples.isEmpty { return nil }
            if reads.contains(.book) { key += "|" + (state.global ?? "") }
            if reads.contains(.headings) { key += "|" + state.headings }
            return key
        }
    }

    /// Before `step`: what it reads of the earlier build, into `context.earlier`.
    func willRun(_ step: BuildStep, _ context: inout BuildContext) {
        // Asked again before every step that reads it: what a step before it did is in it (the samples' results).
        if step.pageReads.contains(.book) || [BuildStep.render.name, BuildStep.write.name].contains(step.name) {
            let global = context.globalSignature()
            state.withLock { $0.global = global }
        }
        if step.pageReads.contains(.headings) {
            var hash = SHA256()
            for page in context.pages {
                hash.update(page.chapter.path)
                hash.update(page.headings.map(\.id).joined(separator: "\n"))
            }
            hash.update(context.listing.assets().joined(separator: "\n"))
            let digest = hash.hexDigest()
            state.withLock { $0.headings = digest }
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
