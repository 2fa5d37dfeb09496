import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The file `--bless` reads and replaces, held by a descriptor of its folder (`CheckedFolder`:
/// reached from `/` one real folder at a time, never through a link), so the page read, the
/// temporary file and the rename are all in the folder that was judged inside the book: a folder
/// on the way swapped for a link during the check is neither followed nor written (attack 15, F5).
final class BlessedPageFile {
    /// The page's folder, `O_PATH`.
    private let folder: Int32
    /// The page's name in it.
    let name: String
    /// The page's device and inode when it was read: the file replaced must be this one.
    private(set) var identity: (device: UInt, inode: UInt)?

    /// Opens the folder of the canonical path `path`. - Throws: `BlessedPage.Refusal` when a folder
    /// on the way is a link (or not a folder) now.
    init(_ path: String) throws(BlessedPage.Refusal) {
        let components = path.split(separator: "/").map(String.init)
        guard path.hasPrefix("/"), let last = components.last else { throw BlessedPage.moved }
        do {
            folder = try CheckedFolder.open(Array(components.dropLast()), of: path, creating: false)
        } catch {
            throw BlessedPage.moved
        }
        name = last
    }

    deinit { close(folder) }

    /// The page's permissions and bytes, read without following a link; `nil` when it is not a
    /// regular file any more. Remembers which file it was.
    func read() -> (mode: mode_t, bytes: [UInt8])? {
        let fd = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let bytes = Self.readAll(fd) else { return nil }
        identity = (UInt(info.st_dev), UInt(info.st_ino))
        return (info.st_mode & 0o7777, bytes)
    }

    /// Whether the page may be written by this user (`faccessat` on the folder's descriptor).
    var isWritable: Bool { faccessat(folder, name, W_OK, AT_SYMLINK_NOFOLLOW) == 0 }

    /// Writes `bytes` into a new file of the folder and renames it over the page, only when the
    /// page is still the file read (same inode) and still holds `original`. `beforeRename`: a
    /// test's hook, run between that last check and the rename.
    func replace(
        _ original: [UInt8], with bytes: [UInt8], mode: mode_t, beforeRename: (() -> Void)? = nil
    ) throws(BlessedPage.Refusal) {
        let temporary = ".\(name).bless-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        guard
            let file = OwnedDescriptor(
                openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode))
        else {
            throw BlessedPage.Refusal(
                summary: "cannot write beside the page: \(String(cString: strerror(errno)))",
                fix: "make its folder writable and run 'lecture check --bless' again")
        }
        _ = fchmod(file.raw, mode)
        guard FileDescriptorIO.writeAll(bytes, closing: file) else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw BlessedPage.Refusal(
                summary: "cannot write the page: \(reason)", fix: "run 'lecture check --bless' again")
        }
        let before = identity
        guard let now = read(), now.bytes == original, let before, let after = identity,
            before.device == after.device, before.inode == after.inode
        else {
            unlinkat(folder, temporary, 0)
            throw BlessedPage.changed
        }
        beforeRename?()
        guard renameat(folder, temporary, folder, name) == 0 else {
            let reason = String(cString: strerror(errno))
            unlinkat(folder, temporary, 0)
            throw BlessedPage.Refusal(
                summary: "cannot replace the page: \(reason)", fix: "run 'lecture check --bless' again")
        }
    }

    /// Every byte of `fd`.
    private static func readAll(_ fd: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return bytes }
            bytes += buffer[..<n]
        }
    }
}
