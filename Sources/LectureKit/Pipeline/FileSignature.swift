#if canImport(Glibc)
    import Glibc
#endif

/// A file's identity and version as `stat(2)` reports it: device, inode, size and
/// modification time (nanoseconds). Equal signatures mean the file was not rewritten.
struct FileSignature: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
