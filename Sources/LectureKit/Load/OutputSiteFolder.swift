import LectureSupport

/// The folder the site is written into when lecture adds a name to the one given (`-d DIR` with
/// a second renderer: the site goes to `DIR/html`, as mdBook writes it). The person named `DIR`;
/// a symbolic link at `DIR/html` that leads out of `DIR` was named by nobody (a book carrying
/// `book/html -> ~/x` got the site; attack 17, F1), so it is refused before any work: the folder
/// judged is the folder written. A link staying inside `DIR` is followed, as mdBook follows it.
enum OutputSiteFolder {
    /// The error when `site` (the folder written, `named` plus the name lecture adds) is reached
    /// through a link out of `named`; nil when `site` is `named` or stays inside it.
    static func linkProblem(named: String, site: String) -> Diagnostic? {
        guard site != named else { return nil }
        let folder = CanonicalPath.of(named)
        let resolved = CanonicalPath.of(site)
        guard !CanonicalPath.isWithin(resolved, folder) else { return nil }
        return .error(
            .outputRefused, site, nil,
            "the site's folder \(quoted: site), which lecture adds to the output folder \(quoted: named) as mdBook does for a book with a second renderer, is a symbolic link to \(quoted: resolved), outside it; nothing is written through it",
            notes: [
                "remove the link \(quoted: site), or name another output folder (--dest-dir): a link inside the output folder may lead only inside it"
            ])
    }
}
