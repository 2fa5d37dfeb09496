import Foundation
import LectureSupport

/// The inputs every page depends on, as one value: the chapters (titles,
/// paths, nesting), the templates and the interface words, the compiler and Graphviz versions,
/// every setting (book.toml's and the options', `BuildConfiguration`), what the samples' results
/// show on every page (the count of verified samples, the compiler's short version). Compared by
/// `Hashable` equality, as the steps' inputs are, so a setting added to `BuildConfiguration` is an
/// input by construction, and equal settings are equal whatever order their dictionaries hold.
struct GlobalInputs: Hashable, Sendable {
    var book: Book
    /// `page.html` and `404.html` of the theme, as read.
    var layouts: [[UInt8]]
    var words: [String: String]
    var partials: String
    var compiler: String?
    var graphviz: String?
    var configuration: BuildConfiguration
    var swiftVersion: String
    var passedSamples: Int
    var unverifiedSamples: Int
}

extension BuildContext {
    /// The global inputs now. A page `SessionMemory` keeps is used again only under equal ones;
    /// `StepReuse`'s hooks ask for their number (`SessionMemory.number(of:)`) before each step that
    /// reads them.
    func globalInputs() -> GlobalInputs {
        GlobalInputs(
            book: content.book,
            layouts: ["page.html", "404.html"].map {
                (try? FileSystem.read(FileSystem.join(templates?.directory ?? "", $0))) ?? []
            },
            words: templates?.words.table ?? [:],
            partials: templates?.partials.source ?? "",
            // As asked by the steps: a build that needed neither starts neither.
            compiler: probes.askedToolchain.flatMap { $0 }?.versionLine,
            graphviz: probes.askedGraphviz.flatMap { $0 },
            configuration: configuration,
            swiftVersion: swiftVersion,
            passedSamples: sampleResults.count { $0.outcome == .passed },
            unverifiedSamples: unverifiedSamples)
    }
}

extension SessionMemory {
    /// The number of the global inputs `inputs` in this session: equal for equal inputs, never
    /// given to other ones (`number(of:step:)`).
    func number(of inputs: GlobalInputs) -> Int { number(of: StepInput(inputs), step: "global inputs") }
}
