/// The names in a book's folders that are no part of the book: what editors and tools leave
/// beside a page while they save it, dotfiles and dotfolders, and package managers' folders.
/// One rule for both readers of a content folder: `lecture serve`'s file watcher does not count
/// them as changes, and the build does not copy them into the site (mdBook 0.5.4 publishes
/// `page.md~` and `#page.md#`, backups of the page's source).
package enum EditorLeftovers {
    /// Folder names never watched nor copied, besides dotfolders.
    package static let folderNames: Set<String> = ["node_modules"]

    /// Whether a file or folder named `name` is left out: a dotfile or dotfolder (`.git`,
    /// `.build`, Vim's `.page.md.swp`, Emacs's lock `.#page.md`, the atomic-write temporaries
    /// of Foundation and this tool), `page.md~` (a backup), `#page.md#` (Emacs's autosave),
    /// `4913` (Vim's probe for a writable folder), `*.swp`/`*.swx`/`*.swo` (Vim), `*.tmp`,
    /// `*.part` and `*.crdownload` (downloads), or `node_modules`.
    package static func contains(name: String) -> Bool {
        if name.isEmpty || name.hasPrefix(".") || name.hasSuffix("~") || name == "4913" { return true }
        if folderNames.contains(name) { return true }
        if name.hasPrefix("#") && name.hasSuffix("#") { return true }
        for suffix in [".swp", ".swx", ".swo", ".tmp", ".part", ".crdownload"] where name.hasSuffix(suffix) {
            return true
        }
        return false
    }
}
