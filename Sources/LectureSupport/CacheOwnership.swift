import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Cache {
    /// Why the cache folder at `path` may not be used: owned by another user, or writable by
    /// every user (`/tmp/shared-cache`, mode 1777), it or one of the cache's own folders in it. Whoever
    /// can write there can put any verdict or highlighted HTML in an entry, which a build
    /// publishes as its own (attack 9, kind 49), as ssh refuses keys and git a repository others
    /// can write. The fan-out folders of the kinds (`KIND/KK`) are checked too. A symbolic link
    /// in the place of one of the cache's own folders is refused as well (code review 40 #8):
    /// the cache makes none, and one planted in a restored cache leads its reads and writes
    /// wherever it points. nil when nothing is there yet, or all is the user's.
    package static func sharingProblem(_ path: String) -> String? {
        let user = geteuid()
        /// `held`: the entry's name in the cache folder, nil for the folder itself; the words
        /// are composed from it ("is a folder that", "holds 'x' as a symbolic link").
        func problem(_ folder: String, held: String?) -> String? {
            var info = stat()
            guard lstat(folder, &info) == 0 else { return nil }
            let named = held.map { "holds \(quoted: $0), a folder that" } ?? "is a folder that"
            if info.st_mode & S_IFMT == S_IFLNK {
                let place = held.map { "holds \(quoted: $0) as a symbolic link" } ?? "is a symbolic link"
                return
                    "\(place), which the cache never makes: it would lead what a build reads and writes elsewhere"
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { return nil }
            if info.st_uid != user {
                return "\(named) is owned by another user (uid \(info.st_uid)), who could write what a build publishes"
            }
            if info.st_mode & 0o002 != 0 {
                return
                    "\(named) can be written by every user (mode \(String(info.st_mode & 0o7777, radix: 8))), who could write what a build publishes"
            }
            return nil
        }
        if let found = problem(path, held: nil) { return found }
        for name in names.sorted() {
            if let found = problem(path + "/" + name, held: name) { return found }
        }
        // The fan-out folders of each kind (`swift-html/93`), from which entries are read: one
        // another user may write is as open as the kind's folder (attack 20, F3).
        for kind in Kind.allCases {
            let folder = path + "/" + kind.rawValue
            let fanOut = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in fanOut.sorted() where name.utf8.count == 2 {
                if let found = problem(folder + "/" + name, held: kind.rawValue + "/" + name) { return found }
            }
        }
        return subfolderProblem(path, problem)
    }

    /// The folders below `theme` and `libraries` (`theme/<digest>`, the built-in theme's layouts
    /// in every page; `libraries/<digest>`, the objects linked into every sample): one another
    /// user may write is as open as the cache (attack 21, F3).
    private static func subfolderProblem(_ path: String, _ problem: (String, String?) -> String?) -> String? {
        for name in ["theme", "libraries"] {
            let folder = path + "/" + name
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                if let found = problem(folder + "/" + entry, name + "/" + entry) {
                    return found
                }
            }
        }
        return nil
    }
}
