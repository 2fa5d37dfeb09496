import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// Absolute paths without surprises: what the kernel would open, spelled once.
///
/// Foundation's `URL.standardizedFileURL` and `resolvingSymlinksInPath()` turn a leading `~`
/// into the home folder, which mdBook, the shell (inside quotes) and the kernel never do: a
/// book's `build-dir = "~"` named the home folder to one check and a folder `~` to another.
/// Paths of files the tool writes or removes go through here instead.
package enum CanonicalPath {
    /// The absolute path `spelled` names: relative to the working directory, every symbolic
    /// link, `.` and `..` of the part that exists resolved (realpath(3)), the rest taken as
    /// written (`.` dropped, `..` going up). `~` is a name like any other.
    package static func of(_ spelled: String) -> String {
        let absolute = spelled.hasPrefix("/") ? spelled : workingDirectory() + "/" + spelled
        // The whole path exists (the usual case): realpath(3)'s answer is the walk's, without
        // cutting either into components.
        if let real = realPath(absolute) { return real }
        let components = absolute.split(separator: "/").map(String.init)
        var existing = components.count - 1
        var base: [String] = []
        while existing > 0 {
            if let real = realPath("/" + components[..<existing].joined(separator: "/")) {
                base = real.split(separator: "/").map(String.init)
                break
            }
            existing -= 1
        }
        return "/" + walk(components[existing...], from: base).joined(separator: "/")
    }

    /// The absolute path `spelled` names with `.` and `..` taken as written and no link
    /// resolved: what the user typed, made absolute, to compare with ``of(_:)``.
    package static func lexical(_ spelled: String) -> String {
        let absolute = spelled.hasPrefix("/") ? spelled : workingDirectory() + "/" + spelled
        let components = absolute.split(separator: "/").map(String.init)
        return "/" + walk(components[...], from: []).joined(separator: "/")
    }

    /// `base` followed by `components`, `.` dropped and `..` going up (never above `/`).
    private static func walk(_ components: ArraySlice<String>, from base: [String]) -> [String] {
        var result = base
        for component in components where component != "." {
            if component == ".." {
                _ = result.popLast()
            } else {
                result.append(component)
            }
        }
        return result
    }

    /// The process's working directory, as getcwd(3) gives it.
    package static func workingDirectory() -> String {
        guard let buffer = getcwd(nil, 0) else { return "/" }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// realpath(3) of `path`; nil when some part of it does not exist.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `ancestor` or lies inside it (both canonical).
    package static func isWithin(_ path: String, _ ancestor: String) -> Bool {
        ancestor == "/" || path == ancestor || path.hasPrefix(ancestor + "/")
    }

    /// Whether `path` is `ancestor` or lies inside it (both canonical), by their spellings or by
    /// the folders themselves (device and inode): a bind mount, or a second mount of the same
    /// file system, reaches one folder by two canonical paths (hostile-input round of
    /// 2026-12-07: `include-from` naming a container's second path to the home folder was read
    /// as any folder outside the book). Folders that do not exist compare by spelling alone.
    package static func isWithinFolder(_ path: String, _ ancestor: String) -> Bool {
        if isWithin(path, ancestor) { return true }
        var folder = stat()
        guard stat(ancestor, &folder) == 0, (folder.st_mode & S_IFMT) == S_IFDIR else { return false }
        var current = path
        while true {
            var status = stat()
            if stat(current, &status) == 0, status.st_dev == folder.st_dev, status.st_ino == folder.st_ino {
                return true
            }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return false }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }

    /// Whether `path` and `other` (canonical) are one folder, by spelling or by identity.
    package static func isSameFolder(_ path: String, _ other: String) -> Bool {
        path == other || (isWithinFolder(path, other) && isWithinFolder(other, path))
    }

    /// Whether `path` lies on a file system of the kernel's (`/proc`, `/sys`…), whose files
    /// look regular but hold the machine's state; `true` when it cannot be told.
    package static func isKernelFile(_ path: String) -> Bool { lecture_is_kernel_file(path) != 0 }

    /// The home folders of this process: `$HOME` and the user database's, canonical; the
    /// ones that exist.
    package static func homeFolders() -> [String] {
        var homes: [String] = []
        if let home = ProcessEnvironment.value("HOME"), !home.isEmpty {
            homes.append(home)
        }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            homes.append(String(cString: directory))
        }
        var seen = Set<String>()
        return homes.compactMap { realPath($0) }.filter { seen.insert($0).inserted }
    }
}
