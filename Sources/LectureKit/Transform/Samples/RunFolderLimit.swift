import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// How much a sample's program may write into its run folder (its working folder, `HOME` and
/// `TMPDIR`, which lie on the builder's disk): as much as its private `/tmp` holds (64 MiB, a
/// sized tmpfs in the sandbox) and 10,000 entries beyond what it was given (the files its `reads=`
/// names). A program writing in a loop would otherwise fill the disk before its time limit (attack
/// 5: 300 MiB in a second). The folder is measured while the program runs, about every 100 ms
/// (`Subprocess.run`'s `stopWhen`); past the limit the run is killed (`fileLimitExceeded`), so a
/// fast writer gets at most a tenth of a second's writing past it.
struct RunFolderLimit {
    /// Bytes a run may add: the size of the sandbox's private `/tmp`.
    static let bytes = 64 << 20
    /// Entries (files, folders, links) a run may add.
    static let entries = 10_000

    /// The folder measured.
    let folder: String
    /// Its usage when the run started.
    let start: (bytes: Int, entries: Int)

    /// The limit of a run in `folder`, measured now (before the program starts).
    init(folder: String) {
        self.folder = folder
        start = Self.usage(of: folder, stoppingPast: (Int.max, Int.max))
    }

    /// Whether the run has written more than it may.
    var isExceeded: Bool {
        let limit = (start.bytes + Self.bytes, start.entries + Self.entries)
        let now = Self.usage(of: folder, stoppingPast: limit)
        return now.bytes > limit.0 || now.entries > limit.1
    }

    /// The blocks on disk (`st_blocks`, so a sparse file counts what it holds) and the entries
    /// under `folder`, links not followed (`FolderWalk`, which keeps paths as bytes: a name that
    /// is not UTF-8 is measured too); the walk stops once either passes `limit`.
    static func usage(of folder: String, stoppingPast limit: (Int, Int)) -> (bytes: Int, entries: Int) {
        var bytes = 0
        var entries = 0
        FolderWalk.walk(folder) { entry in
            guard let info = entry.status() else { return .continue }
            entries += 1
            bytes += Int(info.st_blocks) * 512
            return bytes > limit.0 || entries > limit.1 ? .stop : .continue
        }
        return (bytes, entries)
    }
}
