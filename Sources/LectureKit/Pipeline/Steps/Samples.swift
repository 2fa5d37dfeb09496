import CommonMark
import Foundation
import LectureSupport

extension BuildStep {
    /// `Samples` of `lecture build`: verified when the book asks for it (book.toml's
    /// `[preprocessor.lecture.samples] verify = true`), with hover cards.
    static let samples = samples(verifyingAlways: false, shard: nil, hoverCards: true)

    /// `Samples`: each page's Swift samples extracted (`SampleExtractor`), then all compiled,
    /// run and compared on one job pool (`SampleStage`), warm from the cache: always when
    /// `verifyingAlways` (`lecture check`), else when the book asks for it; only the shard's
    /// samples when there is one; hover cards looked up (SourceKit) only
    /// when `hoverCards`, for a build that renders them.
    static func samples(verifyingAlways: Bool, shard: Shard?, hoverCards: Bool) -> BuildStep {
        BuildStep(
            name: "Samples",
            input: { context in
                SamplesInput(
                    rules: context.configuration.sampleRules, contentDirectory: context.configuration.contentDirectory,
                    bookDirectory: context.configuration.bookDirectory ?? context.configuration.contentDirectory,
                    verifies: verifyingAlways || context.configuration.sampleRules.verify)
            },
            page: { (page: inout Page, input: SamplesInput) in
                let rules = input.rules
                let found = SampleExtractor.extract(
                    from: page.blocks, path: page.source.displayPath,
                    // A sample whose fence or output block is never closed is not verified: the
                    // fence's error (`Parse`, `UnclosedFences`) says why.
                    failedIncludes: page.source.failedIncludeLines.union(
                        UnclosedFences.openingLines(page.blocks, text: page.source.text)),
                    pageHasIncludes: page.source.expandsDirectives, rules: rules,
                    page: rules.continuation == .none ? nil : pathInBook(page.source, content: input.contentDirectory))
                guard input.verifies else {
                    // A book that did not ask for verification builds as mdBook builds it: its Swift
                    // is code like any other, its conventions unchecked; the build counts them.
                    // A fence whose info string verification would refuse (`no-run`, an unknown
                    // attribute) is counted too: its author learns of it only when verifying; and so
                    // is a fence that looks like a sample and is not (```Swift, ```swfit, a fence
                    // inside raw HTML), which `lecture check` counts as skipped.
                    let refused = Set(
                        found.diagnostics.filter { $0.identifier == .sampleAttributes && $0.severity == .error }
                            .compactMap { $0.location?.line })
                    // A block with mdBook's `# ` hidden lines is left out as a refused one is.
                    let hiddenLines = found.diagnostics.filter { $0.identifier == .sampleHiddenLine }.count
                    let lookAlikes = DroppedSamples.lookAlikes(
                        in: found.diagnostics,
                        fences: DroppedSamples.fences(of: found.samples).union(
                            refused.map { "\(page.source.displayPath):\($0)" }))
                    // A book that wrote `verify = false` means it: no count at the end.
                    page.unverifiedSamples =
                        rules.verifyDeclinedInWords
                        ? 0
                        : found.samples.filter { $0.mode != .ignore }.count + refused.count + hiddenLines + lookAlikes
                    // An unknown word of the info string, said as `lecture check` says it (`unknownAttribute`).
                    return found.diagnostics.filter { $0.identifier == .sampleAttributes && $0.severity == .warning }
                }
                let bookPath = pathInBook(page.source, folder: input.bookDirectory)
                page.samples = found.samples.map {
                    var sample = $0.located(in: page.source, bookFolder: input.bookDirectory)
                    sample.bookPath = bookPath
                    sample.contentFolder = input.contentDirectory
                    return sample
                }
                return found.diagnostics
            },
            book: { (context: inout BuildContext) in
                context.unverifiedSamples = context.pages.map(\.unverifiedSamples).reduce(0, +)
                context.samples = context.pages.flatMap(\.samples)
                let found = context.diagnostics.diagnostics
                if let shard {
                    context.samples = context.samples.enumerated().filter { shard.contains(offset: $0.offset) }
                        .map(\.element)
                }
                // What the pages' problems count for in this run: all of them, but a shard's own.
                context.contentDiagnostics = shard.map { $0.reported(found) } ?? found
                // The compiler is asked for only when there is a sample to verify: a book without
                // (any mdBook book) never starts it, and shows no compiler's version.
                if !context.samples.isEmpty {
                    let toolchain = context.probes.toolchain()
                    var options = context.configuration.verifier
                    // A check renders no page: no hover cards, no SourceKit (a build looks them up).
                    options.swiftAnalysis = options.swiftAnalysis && hoverCards
                    options.replaced = context.configuration.replacedFolders
                    options.machinePaths = context.configuration.machinePaths
                    options.hiddenFolders = context.configuration.sampleHiddenFolders
                    let stage = try SampleStage.prepare(
                        cacheDirectory: context.configuration.cacheDirectory, options: options,
                        run: context.configuration.run, toolchain: toolchain)
                    // A book-wide language mode other than the compiler's own is named beside
                    // it, as a sample's `flags=` are: "Swift 6.3.1" alone reads as Swift 6 semantics.
                    let mode = options.swiftLanguageMode
                    context.swiftVersion =
                        stage.verifier.toolchain.shortVersion + (mode == "6" ? "" : " -swift-version \(mode)")
                    let content = context.configuration.contentPathFromBookRoot
                    let verified = CompileErrorAdvice.advised(
                        try stage.verify(context.samples, console: context.console))
                    context.sampleResults = UndeclaredNameHint.hinted(
                        verified,
                        pageName: { sample in
                            let path = sample.bookPath ?? sample.path
                            return !content.isEmpty && path.hasPrefix(content + "/")
                                ? String(path.dropFirst(content.count + 1)) : path
                        })
                    context.sampleWarnings = stage.sandboxWarnings
                    for result in context.sampleResults { context.diagnostics.emit(result.diagnostics) }
                    context.diagnostics.emit(context.sampleWarnings)
                }
            })
    }
}

/// What `Samples` takes besides the page.
struct SamplesInput: Hashable, Sendable {
    /// book.toml's `[preprocessor.lecture.samples]`.
    var rules: SampleRules
    /// The pages' folder, from which continued pages are named.
    var contentDirectory: String
    /// The book's folder, from which a sample's program names its page (`Sample.bookPath`).
    var bookDirectory: String
    /// Whether the samples are verified: else only counted.
    var verifies: Bool
}

extension BuildStep {
    /// The page's path in the pages' folder, as book.toml names pages: also for a file that
    /// `lecture check FILE…` was given by another path.
    static func pathInBook(_ source: SourceFile, content: String) -> String {
        pathInBook(source, folder: content)
    }

    /// `source`'s path inside `folder`; its path in the pages' folder when it lies outside.
    static func pathInBook(_ source: SourceFile, folder: String) -> String {
        BookPath.inFolder(source.displayPath, folder: folder) ?? source.relativePath
    }
}
