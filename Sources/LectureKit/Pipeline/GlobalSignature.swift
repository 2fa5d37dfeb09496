import Foundation
import LectureSupport

extension BuildContext {
    /// A digest of the inputs every page depends on: the chapters (titles, paths, nesting), the
    /// templates, the compiler and Graphviz versions, the build date and navigation mode. A
    /// page `BuildMemory` keeps is used again only under the same digest.
    func globalSignature() -> String {
        var hash = SHA256()
        hash.update("\(content.book)")
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
}
