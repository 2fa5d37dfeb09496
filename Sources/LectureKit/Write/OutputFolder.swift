import CommonMark
import LectureSupport

/// The folder a site is written to, resolved once from the path as the user spelled it
/// (`--output`, `[build] build-dir`), and the rules for when it may be replaced.
///
/// Replacing a folder deletes what was in it, so the rules err on the side of refusing: the
/// folder must be missing, empty, or carry the marker this tool writes into every site; it must
/// not be `/`, a home folder, the working directory, the book's folder, its pages, templates or
/// cache, nor any folder holding one of them; it must not be where a file system is mounted.
/// `SiteWriter.write` applies the same rules again through the open parent folder, right before
/// it swaps the new site in.
package struct OutputFolder: Sendable, Hashable {
    /// The path as the user wrote it, for messages.
    package var spelled: String
    /// The canonical path of the folder holding it (`CanonicalPath`).
    package var parent: String
    /// Its name in `parent`: never empty, `.` or `..`.
    package var name: String
    /// Where the setting was written (book.toml's `build-dir` line), for diagnostics; nil for
    /// the command line.
    package var setting: SettingPlace?

    /// `parent/name`.
    package var path: String { parent == "/" ? "/" + name : parent + "/" + name }

    /// Resolves `spelled` (`~` is not expanded: a folder named `~` is meant).
    package init(_ spelled: String, setting: SettingPlace? = nil) {
        self.spelled = spelled
        self.setting = setting
        let canonical = CanonicalPath.of(spelled)
        if let slash = canonical.lastIndex(of: "/"), canonical != "/" {
            let head = String(canonical[..<slash])
            parent = head.isEmpty ? "/" : head
            name = String(canonical[canonical.index(after: slash)...])
        } else {
            parent = "/"
            name = ""
        }
    }

    package static func == (a: OutputFolder, b: OutputFolder) -> Bool {
        a.spelled == b.spelled && a.parent == b.parent && a.name == b.name
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(spelled)
        hasher.combine(parent)
        hasher.combine(name)
    }

    /// A folder the output may not replace (nor any folder holding it), and whether the output
    /// may lie inside it.
    package struct Protected: Sendable {
        /// The folder as given (canonicalised when checked).
        package var path: String
        /// What it is, in a message: "the book's pages", "the home folder".
        package var role: String
        /// Whether the site may be written inside it (a book's `book/` inside the book's
        /// folder), or not (inside the pages or the templates it would be published again).
        package var mayHoldOutput: Bool

        package init(_ path: String, role: String, mayHoldOutput: Bool) {
            self.path = path
            self.role = role
            self.mayHoldOutput = mayHoldOutput
        }
    }

    /// The folders of the machine no book may take: `/` and the home folders. A build never
    /// replaces one, nor reads one whole as a folder of the book's (`ReadableFolder`).
    static var machineFolders: [Protected] {
        [Protected("/", role: "the root folder", mayHoldOutput: true)]
            + CanonicalPath.homeFolders().map { Protected($0, role: "the home folder", mayHoldOutput: true) }
    }

    /// The machine folder that `folder` (canonical) is or holds, if any.
    static func machineFolder(heldBy folder: String) -> Protected? {
        machineFolders.first { CanonicalPath.isWithinFolder(CanonicalPath.of($0.path), folder) }
    }

    /// The folders every build protects besides the book's own: the machine's folders, the
    /// system's (`WrittenPath`) and the working directory.
    static var alwaysProtected: [Protected] {
        WrittenPath.machineFolders
            + [Protected(CanonicalPath.workingDirectory(), role: "the current folder", mayHoldOutput: true)]
    }

    /// Why the site may not be written here, judged from paths alone; nil when it may.
    package func refusal(protecting protected: [Protected]) -> Diagnostic? {
        guard !spelled.isEmpty else {
            return refused("output path is empty", fix: "pass --output DIR")
        }
        if name.isEmpty || name == "." || name == ".." {
            return refused("output folder would replace '/'", fix: "choose a folder of its own for the site")
        }
        let output = path
        for folder in protected + Self.alwaysProtected {
            let canonical = CanonicalPath.of(folder.path)
            if CanonicalPath.isWithinFolder(canonical, output) {
                let what = CanonicalPath.isSameFolder(canonical, output) ? "is" : "holds"
                return refused(
                    "output folder \(what) \(folder.role) (\(quoted: canonical)), which a build would replace",
                    fix: "choose a folder of its own for the site, such as 'book'")
            }
            if !folder.mayHoldOutput && CanonicalPath.isWithin(output, canonical) && !WrittenPath.isScratch(output) {
                if folder.role == WrittenPath.systemRole {
                    return refused(
                        "output folder is inside \(folder.role) (\(quoted: canonical))",
                        fix: "choose a folder of your own, outside the system's folders")
                }
                return refused(
                    "output folder is inside \(folder.role) (\(quoted: canonical)), whose files would be published again on each build",
                    fix: "choose a folder outside it")
            }
        }
        return nil
    }

    /// Why the site may not replace what `name` is in `parent` (the open parent folder), judged
    /// from the files themselves; nil when it may (a missing, empty or marked folder), with the
    /// identity of the folder that is there.
    func refusal(in parent: DirectoryHandle) -> (problem: Diagnostic?, existing: DirectoryHandle.Identity?) {
        guard let (kind, identity) = parent.entry(name) else { return (nil, nil) }
        switch kind {
        case .symbolicLink:
            return (
                refused(
                    "output folder is a symbolic link that leads nowhere, or changed while building",
                    fix: "remove the link, or name the folder it should lead to"), nil
            )
        case .regularFile, .other:
            return (
                refused(
                    "output path is an existing file, not a folder", fix: "choose another --output, or remove the file"),
                nil
            )
        case .directory:
            break
        }
        if parent.isMountRoot(name) != false {
            return (
                refused(
                    "output folder is where a file system is mounted; replacing it would remove what is mounted",
                    fix: "choose a folder inside it, such as '\(spelled)/book'"), nil
            )
        }
        guard let folder = DirectoryHandle(in: parent, name), let names = folder.names() else {
            return (refused("output folder cannot be read", fix: "check its permissions"), nil)
        }
        if !names.isEmpty && folder.entry(SiteWriter.marker)?.kind != .regularFile {
            if MdBookOutput.wrote(folder, names: names) {
                return (
                    refused(
                        "output folder holds mdBook's output (an earlier 'mdbook build'); it is left untouched",
                        fix:
                            "lecture writes the same site: remove the folder (rm -r \(quoted: spelled)) and build again, or build into another --output"
                    ), nil
                )
            }
            return (
                refused(
                    "output folder exists and was not written by lecture; it is left untouched",
                    fix: "choose another --output, or empty the folder first"), nil
            )
        }
        let strays = SiteManifest.strays(in: folder)
        if !strays.isEmpty {
            return (
                refused(
                    "output folder holds files lecture did not write ("
                        + strays.map { "\(quoted: $0)" }.joined(separator: ", ")
                        + "); it is left untouched",
                    fix:
                        "each build replaces the whole folder: move them out of it, or build into another folder and copy the site where they are (a deploy checkout's .git)"
                ), nil
            )
        }
        return (nil, identity)
    }

    /// An error at the place the output was named (book.toml's `build-dir` line, else the path).
    func refused(_ summary: String, fix: String) -> Diagnostic {
        if let setting {
            return .error(
                .outputRefused, setting.path, setting.location, "build-dir \"\(spelled)\": " + summary,
                notes: ["edit 'build-dir' here: \(fix)"])
        }
        return .error(.outputRefused, spelled, nil, summary, notes: [fix])
    }
}

/// Where a setting was written: the file (book.toml as the user named it) and the line and column.
package struct SettingPlace: Hashable, Sendable {
    package var path: String
    package var location: SourceLocation
}
