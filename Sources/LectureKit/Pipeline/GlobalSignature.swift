import Foundation
import LectureSupport

extension BuildContext {
    /// A digest of the inputs every page depends on: the chapters (titles, paths, nesting), the
    /// templates, the compiler and Graphviz versions, the build date and navigation mode. A
    /// page `BuildMemory` keeps is used again only under the same digest.
    func globalSignature() -> String {
        var hash = SHA256()
        hash.update(Self.description(of: content.book))
        for name in ["page.html", "404.html"] {
            hash.update(
                (try? FileSystem.read(FileSystem.join(templates?.directory ?? "", name))) ?? [])
        }
        hash.update(probes.toolchain()?.versionLine ?? "no swiftc")
        hash.update(probes.diagrams().graphvizVersion ?? "no graphviz")
        hash.update(
            "\(configuration.buildDate) \(configuration.inlineNavigationLimit) \(configuration.contentDirectory) \(configuration.siteURL) smart=\(configuration.smartPunctuation)"
        )
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
