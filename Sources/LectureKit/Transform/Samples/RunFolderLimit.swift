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
/// fast writer gets at most a tenth of a second's writing past it. That is the bound of an
/// uncontained run; a contained run's folder is a tmpfs of the sandbox of this size
/// (`ContainedRunFolder`), where the kernel holds the bytes, and its entries are measured from
/// outside the sandbox (`SandboxFolderMeasure`).
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
        let measured = Self.usage(of: folder, stoppingPast: (Int.max, Int.max))
        // Given a tree it cannot measure, any run is over (and no sum overflows).
        start = measured.bytes == Int.max ? (0, 0) : measured
    }

    /// Whether the run has written more than it may.
    var isExceeded: Bool {
        let limit = (start.bytes + Self.bytes, start.entries + Self.entries)
        let now = Self.usage(of: folder, stoppingPast: limit)
        return now.bytes > limit.0 || now.entries > limit.1
    }

    /// The blocks on disk (`st_blocks`, so a sparse file counts what it holds) and the entries
    /// under `folder`, links not followed (`FolderWalk`, which keeps paths as bytes: a name that
    /// is not UTF-8 is measured too); the walk stops once either passes `limit`. A path past
    /// `PATH_MAX` gives `Int.max` for both: what cannot be measured is over the limit.
    static func usage(of folder: String, stoppingPast limit: (Int, Int)) -> (bytes: Int, entries: Int) {
        var bytes = 0
        var entries = 0
        var unmeasured = false
        // A path too long to open (folders nested past PATH_MAX) cannot be measured: it counts
        // as over the limit, or what lies below it would be written unseen (attack 19, F6).
        let measure: (FolderWalk.Entry) -> FolderWalk.Decision = { entry in
            guard let info = entry.status() else { return .continue }
            entries += 1
            bytes += Int(info.st_blocks) * 512
            return bytes > limit.0 || entries > limit.1 || unmeasured ? .stop : .continue
        }
        FolderWalk.walk(folder, tooLong: { _ in unmeasured = true }, measure)
        return unmeasured ? (Int.max, Int.max) : (bytes, entries)
    }
}
