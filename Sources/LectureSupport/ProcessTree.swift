#if canImport(Glibc)
    import Glibc
#endif

/// The process tree as Linux's `/proc` shows it (proc(5)): a process's children and its number
/// in each PID namespace it lives in. The one reader of them: a sandbox's processes
/// (`SandboxProcesses`), the subreaper's orphans and an interrupted run's descendants
/// (`ChildProcesses`).
///
/// Every answer is optional: nil when `/proc` could not be read for that process (it has ended,
/// or the read failed: `EMFILE`, `ENOMEM`), which no caller may take for an answer (code review
/// 42, #3: a failed read of the sandbox's shell was taken for "not the shell", and the shell was
/// killed). A process is named as `/proc` names it: its pid, or `self`.
package enum ProcessTree {
    /// The children of `process`: what the `children` file of each of its threads lists
    /// (`/proc/PID/task/TID/children`; a child is listed under the thread that started it), or nil
    /// when its threads or one of those files cannot be read. A thread that ended since its folder
    /// was listed is passed over (its children went to another thread). The kernel lists the
    /// children as they are while it reads: a child that starts or ends meanwhile may be missed,
    /// never invented.
    package static func children(of process: String) -> [pid_t]? {
        guard let tasks = entries(of: "/proc/\(process)/task") else { return nil }
        var children: [pid_t] = []
        for task in tasks {
            guard let text = contents(of: "/proc/\(process)/task/\(task)/children") else {
                if errno == ENOENT || errno == ESRCH { continue }
                return nil
            }
            children += numbers(in: text)
        }
        return children
    }

    /// `children(of:)` for a pid.
    package static func children(of pid: pid_t) -> [pid_t]? { children(of: String(pid)) }

    /// `process`'s numbers in the PID namespaces it lives in, outermost (this `/proc`'s) first:
    /// the `NSpid:` line of `/proc/PID/status`; nil when it cannot be read or has no such line
    /// (a kernel before 4.1).
    package static func namespacePIDs(of process: String) -> [pid_t]? {
        guard let status = contents(of: "/proc/\(process)/status") else { return nil }
        let tag = Array("NSpid:".utf8)
        guard let line = status.split(separator: UInt8(ascii: "\n")).first(where: { $0.starts(with: tag) }) else {
            return nil
        }
        let numbers = numbers(in: Array(line.dropFirst(tag.count)))
        return numbers.isEmpty ? nil : numbers
    }

    /// `process`'s number in its own (innermost) PID namespace, or nil as `namespacePIDs(of:)`.
    package static func namespacePID(_ pid: pid_t) -> pid_t? { namespacePIDs(of: String(pid))?.last }

    /// The decimal numbers in `text`, separated by spaces, tabs or newlines.
    static func numbers(in text: [UInt8]) -> [pid_t] {
        text.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") })
            .compactMap { pid_t(String(decoding: $0, as: UTF8.self)) }
    }

    /// The whole of a file of `/proc`, or nil (and `errno` says why) when it cannot be opened or
    /// read. Read with
    /// read(2) from its start into a page-sized buffer, as the kernel's seq files expect (their
    /// size is 0, and each read gives whole records).
    static func contents(of path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let failure = errno
                close(fd)
                errno = failure
                return count == 0 ? bytes : nil
            }
            bytes += buffer[..<count]
        }
    }

    /// The names in folder `path` but `.` and `..` (opendir(3)/readdir(3)), or nil when it
    /// cannot be read.
    static func entries(of path: String) -> [String]? {
        guard let directory = opendir(path) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else { return errno == 0 ? names : nil }
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
    }
}
