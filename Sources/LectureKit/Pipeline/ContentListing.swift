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
    private let configuration: BuildConfiguration

    /// A listing of `configuration.contentDirectory`, less the site when it lies inside it.
    init(configuration: BuildConfiguration) { self.configuration = configuration }

    /// Every regular file of the content folder, by path relative to it.
    func all() -> [String] {
        lock.withLock {
            if let files { return files }
            var listed = FileSystem.files(under: configuration.contentDirectory)
            // A site `lecture` wrote is no content: this build's output folder, and any other
            // folder marked as a site (an earlier build's `--output src/old`), as mdBook leaves
            // its build-dir out.
            var sites = listed.filter { $0.hasSuffix("/" + SiteWriter.marker) }.map {
                String($0.dropLast(SiteWriter.marker.count))
            }
            if let site = configuration.outputInsideContent { sites.append(site + "/") }
            if !sites.isEmpty { listed = listed.filter { path in !sites.contains { path.hasPrefix($0) } } }
            files = listed
            return listed
        }
    }

    /// Files of the content folder other than Markdown (images and the like), copied into the
    /// site at the same paths, as mdBook does; what `EditorLeftovers` names (dotfiles and
    /// dotfolders, editors' backups and temporaries, `node_modules`), in any folder, is left out,
    /// as `lecture serve` ignores it.
    func assets() -> [String] {
        all().filter { path in
            !path.hasSuffix(".md")
                && !path.split(separator: "/").contains { EditorLeftovers.contains(name: String($0)) }
        }
    }
}
