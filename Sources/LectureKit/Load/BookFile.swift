import CLinux
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A file of the book opened once, judged by the one read rule (`BookFileRule`) on that open
/// descriptor, and read or copied from the same descriptor: what is judged is what is read.
///
/// A verdict on a name is worth nothing by the time the name is opened again: a file checked
/// early and copied by path later was, 18 times in 60 builds, a link to the home folder swapped
/// in between (attack 15, F1). So the file is opened with `O_PATH` (which opens no device and
/// waits for no pipe), `fstat`ed, and judged where the kernel says the descriptor really is
/// (`/proc/self/fd/N`, every link resolved as it was at the open); only then is it opened for
/// reading through that same descriptor, never through its name.
final class BookFile: Sendable {
    /// Open for reading; closed with the value.
    let descriptor: Int32
    /// Where the file really is (canonical), as judged.
    let real: String

    private init(descriptor: Int32, real: String) {
        self.descriptor = descriptor
        self.real = real
    }

    deinit { close(descriptor) }

    /// Why a file was not opened.
    enum Problem: Error, Equatable {
        /// The rule refused it: where it really is, and why.
        case refused(real: String, BookFileRule.Refusal)
        /// It could not be opened or located: the system's words.
        case unreadable(String)

        /// The words after "cannot be read: ".
        var reason: String {
            switch self {
            case .refused(_, let refusal): "it \(refusal.phrase)"
            case .unreadable(let reason): reason
            }
        }
    }

    /// Opens `path` (as spelled, relative to the working directory) when the rule lets it be
    /// read from `roots` (canonical). `followingLink: false`: the file itself may not be a
    /// symbolic link (the pages' folder copies none, `ContentListing`).
    static func open(_ path: String, roots: [String], followingLink: Bool = true) -> Result<BookFile, Problem> {
        let handle = Glibc.open(path, LECTURE_O_PATH | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW))
        guard handle >= 0 else {
            let reason = String(cString: strerror(errno))
            // Nothing was opened: the name says why (a dangling link, a missing file).
            if errno == ENOENT || errno == ENOTDIR { return .failure(refusal(of: path, roots: roots)) }
            return .failure(.unreadable(reason))
        }
        defer { close(handle) }
        var info = stat()
        guard fstat(handle, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard let real = whereOpen(handle, unlinked: info.st_nlink == 0) else {
            return .failure(.unreadable("where it lies cannot be read from /proc/self/fd (is /proc mounted?)"))
        }
        if !followingLink, info.st_mode & S_IFMT == S_IFLNK {
            return .failure(.unreadable("it is a symbolic link now, and a link is never read in its place"))
        }
        if let refusal = BookFileRule.refusal(real: real, kind: DirectoryHandle.Kind(mode: info.st_mode), roots: roots)
            ?? (CanonicalPath.isKernelFile("/proc/self/fd/\(handle)") ? .kernel : nil)
        {
            return .failure(.refused(real: real, refusal))
        }
        // Reopened through the judged descriptor: the same file, whatever its name is now.
        let descriptor = Glibc.open("/proc/self/fd/\(handle)", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_dev == info.st_dev, opened.st_ino == info.st_ino else {
            close(descriptor)
            return .failure(.unreadable("it changed while it was opened"))
        }
        return .success(BookFile(descriptor: descriptor, real: real))
    }

    /// The file's bytes, at most `limit` + 1 of them, with its size (`FileSystem.read`).
    func bytes(atMost limit: Int = .max) throws(Problem) -> (bytes: [UInt8], size: Int) {
        do {
            return try FileSystem.read(descriptor: descriptor, atMost: limit, naming: real)
        } catch {
            let message = SystemErrorText.reason(of: error)
            throw .unreadable(message.components(separatedBy: "cannot read file: ").last ?? message)
        }
    }

    /// Why no file can be judged on this machine, or nil: the kernel says where a descriptor lies
    /// in `/proc/self/fd`, so without `/proc` (a container or a chroot that does not mount it)
    /// every file of the book would be refused one by one, or, worse, read unjudged (nor does the
    /// Swift runtime read the command line, from `/proc/self/cmdline`). `lecture` stops first
    /// with this one error (`LectureCommand.main`). Checked once.
    static let unjudgeable: String? = {
        let handle = Glibc.open("/", LECTURE_O_PATH | O_CLOEXEC)
        guard handle >= 0 else { return "'/' cannot be opened: \(String(cString: strerror(errno)))" }
        defer { close(handle) }
        guard whereOpen(handle, unlinked: false) == "/" else {
            return
                "/proc is not mounted here: lecture judges each file of the book where the kernel says it was opened (/proc/self/fd), and reads none unjudged"
        }
        return nil
    }()

    /// The bytes of `path` when the rule lets it be read from `roots`; nil otherwise.
    static func contents(_ path: String, roots: [String], followingLink: Bool = true) -> [UInt8]? {
        guard case .success(let file) = open(path, roots: roots, followingLink: followingLink) else { return nil }
        return try? file.bytes().bytes
    }

    /// Why `path`, not opened, may not be read: judged by its name, as nothing is read.
    private static func refusal(of path: String, roots: [String]) -> Problem {
        let (real, refusal) = BookFileRule.refusal(of: path, roots: roots)
        return .refused(real: real, refusal ?? .missing)
    }

    /// The path of the file open at `descriptor` (`/proc/self/fd/N`); a file removed since it was
    /// opened (`unlinked`) is judged where it was, without the kernel's " (deleted)".
    private static func whereOpen(_ descriptor: Int32, unlinked: Bool) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
        guard count > 0, count < buffer.count - 1 else { return nil }
        var path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let deleted = " (deleted)"
        if unlinked, path.hasSuffix(deleted) { path.removeLast(deleted.count) }
        return path.hasPrefix("/") ? path : nil
    }
}
