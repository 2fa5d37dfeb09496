import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The one rule for every path `lecture` writes or removes outside its own temporary folders:
/// the site's folder (`OutputFolder` adds what replacing a folder needs), the cache
/// (`--cache-dir`, `LECTURE_CACHE_DIR`), `check`'s JUnit report, `pdf`'s PDF and `init`'s new book.
///
/// The path is resolved once (`CanonicalPath`: links and `..` of the part that exists, `~` a
/// name like any other), and that resolved path is both the one checked and the one written
/// (`resolved`). It is refused, with the fix, when it is or holds `/`, a home folder or a
/// system folder, lies in a system folder (`/etc`, `/usr`…), is or holds a folder of the book
/// (`protecting`), lies in one the book publishes or a build replaces (a `Protected` that may
/// not hold it), is a link that leads nowhere, or is an existing file or folder that is not the
/// tool's own (`isOwn`).
package struct WrittenPath: Sendable {
    /// Whether a file or a folder is written there.
    package enum Kind: Sendable { case file, folder }

    /// What is written, in messages: "the cache folder", "the JUnit report".
    package var what: String
    package var kind: Kind
    /// As the user wrote it.
    package var spelled: String
    /// The option it came from (`--cache-dir`), named in the message.
    package var option: String
    /// The path checked and written.
    package var resolved: String

    package init(_ spelled: String, option: String, what: String, kind: Kind) {
        self.spelled = spelled
        self.option = option
        self.what = what
        self.kind = kind
        resolved = spelled.isEmpty ? "" : kind == .file ? Self.fileResolved(spelled) : CanonicalPath.of(spelled)
    }

    /// A file's path: its folder's links resolved, its own name as written, so a file that is a
    /// symbolic link is judged as the link (and refused), never as where it leads: a PDF's
    /// default name committed as a link out of the book wrote through it (attack 15, F4).
    static func fileResolved(_ spelled: String) -> String {
        let lexical = CanonicalPath.lexical(spelled)
        guard let slash = lexical.lastIndex(of: "/"), lexical != "/",
            let name = spelled.split(separator: "/").last, name != ".", name != ".."
        else { return CanonicalPath.of(spelled) }
        let folder = CanonicalPath.of(String(lexical[..<slash]).isEmpty ? "/" : String(lexical[..<slash]))
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    /// Folders of the system no output may be, hold or lie in (`SystemFolders`' table).
    static let systemTrees = SystemFolders.neverWritten
    /// Folders of the system no output may be or hold (a path inside, `/var/tmp/x`, may be written).
    static let systemFolders = SystemFolders.notWritten

    static let systemRole = "a system folder"

    /// Folders inside the system's trees that are the user's scratch space: a path strictly
    /// inside one may be written (`/dev/shm/x`: a tmpfs, where the fuzz target and many CI jobs
    /// keep their files), the folder itself is still the system's.
    static let scratchTrees = ["/dev/shm"]

    /// Whether `path` (canonical) lies strictly inside a scratch tree.
    static func isScratch(_ path: String) -> Bool {
        scratchTrees.contains { tree in
            guard let real = CanonicalPath.realPath(tree) else { return false }
            return path != real && CanonicalPath.isWithin(path, real)
        }
    }

    /// The folders no output may be or hold, whatever the book: `/`, the home folders and the
    /// system's folders.
    static var machineFolders: [OutputFolder.Protected] {
        OutputFolder.machineFolders
            + systemFolders.compactMap { folder in
                CanonicalPath.realPath(folder).map {
                    OutputFolder.Protected($0, role: systemRole, mayHoldOutput: !systemTrees.contains(folder))
                }
            }
    }

    /// Why nothing may be written at this path; nil when it may. `isOwn` says whether what is
    /// there already (a file or a folder of `kind`, the path given) is the tool's own output.
    package func refusal(protecting protected: [OutputFolder.Protected], isOwn: (String) -> Bool) -> LectureError? {
        guard !resolved.isEmpty else { return refused("is empty", fix: "name a \(kind == .file ? "file" : "folder")") }
        if resolved == "/" { return refused("is '/'", fix: "name a \(kind == .file ? "file" : "folder") of its own") }
        // A name past NAME_MAX or a path past PATH_MAX: said now, naming the option, not as the
        // system's "File name too long" once the work is done (attack 18, F7).
        if let problem = PathLimits.problem(creating: resolved) {
            return refused(
                "cannot be \(kind == .file ? "written" : "made"): \(problem)",
                fix: "name a \(kind == .file ? "file" : "folder") with a shorter name or path",
                shown: PathLimits.shortened(spelled))
        }
        for folder in Self.machineFolders + protected {
            let canonical = CanonicalPath.of(folder.path)
            if CanonicalPath.isWithin(canonical, resolved) {
                return refused(
                    "\(canonical == resolved ? "is" : "holds") \(folder.role) (\(quoted: canonical))",
                    fix: "name a \(kind == .file ? "file" : "folder") of its own, beside the book")
            }
            if !folder.mayHoldOutput && CanonicalPath.isWithin(resolved, canonical) && !Self.isScratch(resolved) {
                return refused(
                    "lies in \(folder.role) (\(quoted: canonical))",
                    fix: folder.role == Self.systemRole
                        ? "name a path of your own, outside the system's folders"
                        : "write it outside that folder, beside the book: a build publishes or replaces what it holds")
            }
        }
        var existingFolder = resolved
        while existingFolder != "/" && DirectoryHandle.kind(at: existingFolder) == nil {
            existingFolder = CanonicalPath.of(FileSystem.join(existingFolder, ".."))
        }
        if CanonicalPath.isKernelFile(existingFolder) {
            return refused("lies in a file system of the kernel's", fix: "name a file of your own")
        }
        guard let existing = Self.entry(resolved) else { return nil }
        switch (existing, kind) {
        case (.symbolicLink, .file):
            let target =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: resolved)).map { " to \(quoted: $0)" } ?? ""
            return refused(
                "is a symbolic link\(target); lecture never writes through a link",
                fix: "remove the link, or name the file where it should go")
        case (.symbolicLink, .folder):
            return refused(
                "is a symbolic link that leads nowhere", fix: "remove the link, or name where it should lead")
        case (.directory, .file):
            return refused("is a folder; it is not replaced", fix: "name a file in it")
        case (.regularFile, .folder), (.other, .folder):
            return refused("is a file, not a folder; it is not replaced", fix: "name a folder")
        case (.other, .file):
            return refused(
                "is not a regular file (a named pipe, a socket or a device)", fix: "name a regular file of your own")
        default:
            break
        }
        if !isOwn(resolved) {
            return refused(
                "exists and was not written by lecture as its \(what); it is left untouched",
                fix:
                    "name a new \(kind == .file ? "file" : "folder"), or remove this one first if it is no longer needed"
            )
        }
        return nil
    }

    /// What is at `path` itself (a link not followed), nil when nothing is.
    static func entry(_ path: String) -> DirectoryHandle.Kind? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return DirectoryHandle.Kind(mode: info.st_mode)
    }

    /// The warning when a shell would have expanded a part of the path as spelled (`~/x`,
    /// `$HOME/x`): it is written where it is taken literally, which the warning names.
    package var unexpanded: Diagnostic? {
        let subject = option.hasSuffix("=") ? String(option.dropLast()) : option
        return UnexpandedPath.warning(subject, spelled: spelled, relativeTo: "")
    }

    /// - Parameter shown: the path as the message shows it (`spelled`, unless shortened).
    private func refused(_ why: String, fix: String, shown path: String? = nil) -> LectureError {
        let path = path ?? spelled
        let shown = option.hasSuffix(":") || option.hasSuffix("=") ? option + path : option + " " + path
        return LectureError(.outputRefused, "\(shown): the \(what) \(why)", notes: [fix])
    }
}

extension BuildConfiguration {
    /// The book's folders a path it writes besides the site may not be or hold (the book's
    /// folder, the folders it reads), nor lie in when a build publishes or replaces them (the
    /// pages, the templates unless they are the built-in theme in the cache, the output folder).
    package var foldersOfTheBook: [OutputFolder.Protected] {
        let root = bookDirectory ?? FileSystem.join(contentDirectory, "..")
        let builtInTheme = CanonicalPath.isWithin(
            CanonicalPath.of(templatesDirectory), CanonicalPath.of(cacheDirectory))
        return [
            .init(root, role: "the book's folder", mayHoldOutput: true),
            .init(contentDirectory, role: "the book's pages", mayHoldOutput: false),
            .init(outputDirectory, role: "the output folder", mayHoldOutput: false),
        ]
            + (builtInTheme ? [] : [.init(templatesDirectory, role: "the templates folder", mayHoldOutput: false)])
            + book.includeFrom.map {
                .init(
                    FileSystem.resolve($0, against: root), role: "a folder the book includes from", mayHoldOutput: true)
            }
            + verifier.libraries.map { .init($0, role: "a folder of sample libraries", mayHoldOutput: true) }
    }
}

extension WrittenPath {
    /// Writes `bytes` at the checked path through descriptors of its folders
    /// (`CheckedPlaceWrite`), so a folder swapped for a link after the check is refused.
    /// - Throws: `LectureError` naming the path and why.
    package func write(_ bytes: [UInt8]) throws(LectureError) {
        do {
            try CheckedPlaceWrite.write(bytes, to: resolved)
        } catch {
            throw LectureError(.error(.fileSystem, resolved, nil, "cannot write the \(what): \(error.reason)"))
        }
    }
}
