import Foundation
import LectureSupport

/// The content folder's regular files, listed on first use and kept for the rest of the run
/// (loading warns about unlisted pages, `Load` looks for collisions, `Links` and `Render` copy
/// the assets).
// @unchecked: its state is under an NSLock, not Synchronization's Mutex: ThreadSanitizer does not
// see a contended Mutex's futex wait on Linux (it is in the uninstrumented runtime) and reports
// false races; this lock is held across the first listing, which parallel steps may wait for.
final class ContentListing: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String]?
    private var tooLong: [String] = []
    private var links: [String] = []
    private var special: [String] = []
    private let configuration: BuildConfiguration

    /// A listing of `configuration.contentDirectory`, less the site when it lies inside it.
    init(configuration: BuildConfiguration) { self.configuration = configuration }

    /// Every regular file of the content folder, by path relative to it.
    func all() -> [String] {
        lock.withLock {
            if let files { return files }
            var (listed, tooLong, links, special) = FileSystem.listing(under: configuration.contentDirectory)
            // A site `lecture` wrote is no content: this build's output folder, and any other
            // folder marked as a site (an earlier build's `--output src/old`), as mdBook leaves
            // its build-dir out.
            var sites = listed.filter { $0.hasSuffix("/" + SiteWriter.marker) }.map {
                String($0.dropLast(SiteWriter.marker.count))
            }
            if let site = configuration.outputInsideContent { sites.append(site + "/") }
            if let theme = configuration.templatesInsideContent { sites.append(theme + "/") }
            if !sites.isEmpty { listed = listed.filter { path in !sites.contains { path.hasPrefix($0) } } }
            if !sites.isEmpty { tooLong = tooLong.filter { path in !sites.contains { path.hasPrefix($0) } } }
            if !sites.isEmpty { links = links.filter { path in !sites.contains { path.hasPrefix($0) } } }
            if !sites.isEmpty { special = special.filter { path in !sites.contains { path.hasPrefix($0) } } }
            files = listed
            self.tooLong = tooLong
            self.links = links
            self.special = special
            return listed
        }
    }

    /// The entries of the content folder whose paths are too long for the system to open
    /// (`FolderWalk.pathLimit`), by path relative to it: what `all()` could not list.
    func tooLongToList() -> [String] {
        _ = all()
        return lock.withLock { tooLong }.filter { path in
            !path.split(separator: "/").contains { EditorLeftovers.contains(name: String($0)) }
        }
    }

    /// The symbolic links of the content folder other than pages (a page's link is read or
    /// refused by `ContentLoader`), what `EditorLeftovers` names left out: none is copied into the
    /// site (a link could publish a file from outside the book), and each is warned
    /// (`UnreachableAssets.links`), so a link to a shared picture is not dropped unsaid.
    func symbolicLinks() -> [String] {
        _ = all()
        return lock.withLock { links }.filter { path in
            !path.hasSuffix(".md")
                && !path.split(separator: "/").contains { EditorLeftovers.contains(name: String($0)) }
        }
    }

    /// The named pipes, sockets and devices of the content folder, what `EditorLeftovers` names
    /// left out: none is published (reading a pipe blocks, a device never ends), and each is
    /// warned (`UnreachableAssets.special`), so none is dropped unsaid (attack 14, F9).
    func specialFiles() -> [String] {
        _ = all()
        return lock.withLock { special }.filter { path in
            !path.split(separator: "/").contains { EditorLeftovers.contains(name: String($0)) }
        }
    }

    /// Files of the content folder other than Markdown (images and the like), copied into the
    /// site at the same paths, as mdBook does; what `EditorLeftovers` names (dotfiles and
    /// dotfolders, editors' backups and temporaries, `node_modules`), in any folder, is left out,
    /// as `lecture serve` ignores it.
    /// A file whose place in the output folder is past `PATH_MAX` is left out
    /// (`assetsTooLongForSite`, warned by `UnreachableAssets`).
    func assets() -> [String] { allAssets().filter { !isTooLongForSite($0) } }

    /// The assets whose place in the output folder is past what the system opens.
    func assetsTooLongForSite() -> [String] { allAssets().filter(isTooLongForSite) }

    private func allAssets() -> [String] {
        all().filter { path in
            !path.hasSuffix(".md")
                && !path.split(separator: "/").contains { EditorLeftovers.contains(name: String($0)) }
        }
    }

    /// The output folder's real path's length, and a `/`.
    private lazy var outputPrefixLength = CanonicalPath.of(configuration.outputDirectory).utf8.count + 1

    private func isTooLongForSite(_ relative: String) -> Bool {
        lock.withLock { outputPrefixLength } + relative.utf8.count >= FolderWalk.pathLimit
    }
}
