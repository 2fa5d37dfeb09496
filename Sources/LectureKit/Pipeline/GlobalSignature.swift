import Foundation
import LectureSupport

extension BuildContext {
    /// A digest of the inputs every page depends on: the chapters (titles, paths, nesting), the
    /// templates and the interface words, the compiler and Graphviz versions, every setting
    /// (book.toml's and the options'), what the samples' results show on every page (the count of
    /// verified samples, the compiler's short version). A page `BuildMemory` keeps is used again
    /// only under the same digest; `StepMemo` asks for it before each step that reads it.
    func globalSignature() -> String {
        var hash = SHA256()
        hash.update(Self.description(of: content.book))
        for name in ["page.html", "404.html"] {
            hash.update(
                (try? FileSystem.read(FileSystem.join(templates?.directory ?? "", name))) ?? [])
        }
        // The interface words, from the theme's tables and book.toml, in their order.
        let words = templates?.words.table ?? [:]
        hash.update(words.keys.sorted().map { "\($0)=\(words[$0] ?? "")" }.joined(separator: "\n"))
        hash.update(templates?.partials.source ?? "")
        hash.update(probes.toolchain()?.versionLine ?? "no swiftc")
        hash.update(probes.diagrams().graphvizVersion ?? "no graphviz")
        // Every setting (book.toml's and the options'), and what the samples' results show on every page.
        hash.update("\(configuration)")
        hash.update("\(swiftVersion) \(sampleResults.count { $0.outcome == .passed }) \(unverifiedSamples)")
        return hash.hexDigest()
    }

    /// `"\(book)"`, every field of every chapter, kept for the last book asked: reflecting over
    /// 1,000 chapters cost a preview rebuild 3% of its time, and an equal book (`Hashable`) has
    /// the same description.
    private static func description(of book: Book) -> String {
        if let known = lastBook.withLock({ $0 }), known.book == book { return known.text }
        let text = "\(book)"
        lastBook.withLock { $0 = (book, text) }
        return text
    }

    private static let lastBook = Locked<(book: Book, text: String)?>(nil)
}
