import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file that lecture reads back from a sample's run folder after the program ended (a test
/// program's `lecture-test-events.jsonl`): the program had that folder to write, so it chose
/// what lies there. Read outside the sandbox with the builder's rights, a symbolic link it left
/// would give lecture any file of the machine to publish (attack 19, F1), a sparse file of a
/// tebibyte would be allocated whole (F2), a FIFO would never end.
///
/// So it is read as `FolderFile` reads (from the folder's descriptor, no link followed, a
/// regular file of at most `limit` bytes: `RunFolderLimit.bytes`, what the program may write),
/// the read the cache's entries get too.
enum RunFolderFile {
    /// What reading gave: `missing` when the program did not write it (or removed it).
    typealias Reading = FolderFile.Reading

    /// Reads `relative` (slash-separated, no `..`) inside `folder`, which lecture made.
    static func read(_ relative: String, in folder: String, limit: Int = RunFolderLimit.bytes) -> Reading {
        FolderFile.read(relative, in: folder, limit: limit)
    }
}
