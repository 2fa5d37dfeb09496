import LectureSupport

/// The folders the tool itself writes, which no page, include, library or template may be read
/// from (attack 11, kind 56): the output folder, which each build replaces (a page reading the
/// site publishes the previous build's site, so two builds of the same sources differ and the
/// site grows with every build), and the cache, which holds the tool's own files.
struct ReplacedFolders: Sendable, Hashable {
    /// One folder, canonical, with what it is for a diagnostic.
    struct Folder: Sendable, Hashable {
        var path: String
        var role: String
        /// Why reading it is refused, for a diagnostic's note.
        var why: String
        /// Whether it is the output folder (else the cache).
        var isOutput = false
    }

    /// The folders, canonical.
    var folders: [Folder] = []

    /// None: a loader used alone (tests, the fuzz target) knows no output folder.
    static let none = ReplacedFolders()

    init() {}

    /// The output folder and the cache, as the configuration names them.
    init(output: String, cache: String) {
        folders = [
            Folder(
                path: CanonicalPath.of(output), role: "the output folder",
                why:
                    "each build replaces the output folder, so a page that reads it publishes the previous build's site: read the sources the site is made from",
                isOutput: true),
            Folder(
                path: CanonicalPath.of(cache), role: "the cache",
                why:
                    "the cache holds the tool's own files, which change from build to build: read a file of the book's own"
            ),
        ]
    }

    /// The folder `real` (canonical) is or lies in, if any.
    func holding(_ real: String) -> Folder? {
        folders.first { CanonicalPath.isWithin(real, $0.path) }
    }
}
