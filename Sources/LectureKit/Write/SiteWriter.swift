import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The files of a built site, before they are written.
struct SiteFiles: Sendable {
    /// Generated files: path relative to the site root → contents.
    var generated: [String: [UInt8]] = [:]
    /// Copied files: path relative to the site root → the file on disk, with the folders it may
    /// be read from.
    var copied: [String: CopiedFile] = [:]
    /// Files known to be byte-identical to the last build's (incremental rebuilds).
    var unchanged: Set<String> = []
    /// The URLs and ids of generated HTML files known before the site was assembled (a page's,
    /// made with the page), by path; `EmittedLinkChecker` reads the others from their bytes.
    var links: [String: EmittedLinks] = [:]
    /// In a session: the `stat` signatures of the copied files' sources, and the key of each
    /// page's `Render` result (by page path), which `Write` leaves in the `SessionMemory` once the
    /// site is written, for the next rebuild. Filled by `Render`'s hook: the site carries them
    /// from `Render` to `Write`.
    var copySignatures: [String: FileSignature] = [:]
    var pageKeys: [String: String] = [:]
    /// An empty site.
    init() {}

    /// Where the site has highlight.js (copied from `BuildConfiguration.highlightJS`, when the
    /// system has it: a page links it whether or not it is there).
    static let highlightJS = "assets/highlight.min.js"
}

/// The write stage: puts a site on disk all at once.
///
/// The site is written into a temporary folder beside the output folder, then swapped in with
/// `renameat2(RENAME_EXCHANGE)` (Linux 3.15+; two renames elsewhere) and the old one removed, so
/// readers and a failed build never see half a site. A file the live site already holds byte for
/// byte is hard-linked from it rather than written again: a rebuild then creates (and its
/// removal of the old site frees) only the inodes of files that changed. (ext4 passes over
/// inodes freed in the last minute when it allocates new ones, which made a build right after
/// another's removal spend a tenth of its time in `recently_deleted`, `perf`.) A marker file `.lecture-site` identifies
/// folders this tool wrote: an existing folder without it is never replaced, so a mistyped
/// `--output` cannot delete someone's files.
package enum SiteWriter {
    /// The marker file, written into every site folder this tool makes.
    static let marker = ".lecture-site"
    /// The file that keeps GitHub Pages from running Jekyll over the site, which mdBook 0.5.4
    /// writes into every site (with a line saying so, as this one).
    static let noJekyll = ".nojekyll"
    static let noJekyllText = "This file makes sure that GitHub Pages doesn't process lecture's output.\n"

    /// Checks that `output` may be written, before any work is done: the rules of
    /// `OutputFolder`, and every existing folder on the way a folder. `write` checks again
    /// through the open parent folder before it replaces anything.
    package static func validate(_ output: OutputFolder, protecting protected: [OutputFolder.Protected]) -> Diagnostic?
    {
        if let problem = output.refusal(protecting: protected) { return problem }
        if let problem = nameProblem(output) { return problem }
        var ancestor = output.parent
        while true {
            if let kind = DirectoryHandle.kind(at: ancestor) {
                guard kind == .directory else {
                    return .error(
                        .outputRefused, output.spelled, nil,
                        "output path goes through \(quoted: ancestor), which is a file")
                }
                break
            }
            guard ancestor != "/", let slash = ancestor.lastIndex(of: "/") else { break }
            ancestor = slash == ancestor.startIndex ? "/" : String(ancestor[..<slash])
        }
        // The site is written beside the output folder and swapped in: a parent (or, while it is
        // missing, the folder it is made in) that cannot be written fails only after all the
        // work, so it is refused here (attack 16, kind 27).
        if access(ancestor, W_OK) != 0, errno == EROFS || errno == EACCES {
            return output.refused(
                "the site cannot be written into \(quoted: ancestor): \(errnoText())",
                fix: "name an output folder on a writable file system (--output, or [build] build-dir)")
        }
        guard let parent = try? DirectoryHandle(opening: output.parent) else { return nil }
        // Cancelled while waiting for another build: the run stops at its next check.
        let check = { output.refusal(in: parent).problem }
        let waiting = { OutputLock.sayWaiting(for: output.spelled) }
        return (try? OutputLock.holding(parent, exclusive: false, waiting: waiting, check)) ?? nil
    }

    /// Writes `site` into `output`, replacing what was there only once everything is written.
    ///
    /// The output folder is resolved once (`OutputFolder`); its parent is opened, and every
    /// check, write, swap and removal goes through that descriptor. After the swap the folder
    /// taken out must be the one that was checked (same device and inode, still marked or still
    /// empty); if not, the swap is undone and the build stops with an error. Files are written
    /// with plain POSIX calls on a few threads (Foundation's per-file overhead dominated large
    /// books). A symbolic link at `output` is followed when the path is resolved: the folder it
    /// points to is the one replaced.
    /// - Throws: `LectureError` on I/O failure or refusal; the previous site is then left as it was.
    /// - Parameter linking: generated files to hard-link from the live site instead of writing,
    ///   because they are unchanged (a file missing there is written after all).
    /// - Parameter removingOldLater: the queue to remove the replaced site on, in the background
    ///   (a preview server's, which tells pages to reload as soon as the new site is in place;
    ///   its owner calls `SiteRemovals.finish()` before exiting); nil: removed before returning.
    /// - Parameter budget: what the scan of the copies may unpack, all together (the pass's
    ///   `DecompressionBudget`, which the Write step shares with `SiteSecrets`).
    /// - Parameter folders: where the staging and old folders are recorded as they are made,
    ///   to be removed on a forced stop (`Interruption.folders`; tests give their own).
    /// - Parameter hooks: what a test does at the moment of the swap (`Hooks`); none by default.
    /// - Returns: the entries beside the output folder named like a staging folder, left as
    ///   they were (`leftovers`), as paths.
    @discardableResult
    static func write(
        _ site: SiteFiles, to output: OutputFolder, protecting protected: [OutputFolder.Protected] = [],
        linking: Set<String> = [], jobs: Int = 4, removingOldLater removals: SiteRemovals? = nil,
        budget: DecompressionBudget = DecompressionBudget(), folders: FolderRegistry = Interruption.folders,
        hooks: Hooks = .none
    ) throws -> [String] {
        if let problem = output.refusal(protecting: protected) { throw LectureError(problem, exitStatus: 2) }
        let spelled = output.spelled
        // Every path is written relative to the staging folder's descriptor: one with `..`
        // would leave it, whatever step made it (a redirect, a copied file, a page).
        let leaving = (Array(site.generated.keys) + Array(site.copied.keys)).filter { !SitePath.staysInside($0) }
        if !leaving.isEmpty {
            throw LectureError(
                unreported: leaving.sorted().map {
                    .error(
                        .outputRefused, spelled, nil,
                        "refusing to write \(quoted: $0): the path leaves the output folder")
                }, exitStatus: 2)
        }
        try FileSystem.makeDirectories(output.parent)
        let parent: DirectoryHandle
        do throws(Errno) {
            parent = try DirectoryHandle(opening: output.parent)
        } catch {
            throw LectureError(
                .error(.fileSystem, spelled, nil, "cannot open the output's parent folder: \(error.text)"),
                exitStatus: 1)
        }
        // The parent opened must be the folder resolved, not one put there since.
        guard CanonicalPath.realPath("/proc/self/fd/\(parent.descriptor)") == output.parent else {
            throw LectureError(
                .error(.outputRefused, spelled, nil, "the output's parent folder changed while building; run again"),
                exitStatus: 1)
        }
        // Another build into this folder finishes its write before this one checks (`OutputLock`).
        try OutputLock.acquire(parent, exclusive: true) { OutputLock.sayWaiting(for: spelled) }
        defer { OutputLock.release(parent) }
        let (problem, existing) = output.refusal(in: parent)
        if let problem { throw LectureError(problem, exitStatus: 2) }
        let name = output.name
        let found = leftovers(in: parent, site: name).map { FileSystem.join(output.parent, $0) }
        // Made here, exclusively: a folder or link of a staging name found beside is never used
        // nor removed (it may be anyone's, committed with the book), only named (`leftovers`).
        // Made and recorded as one step: none is made after a forced stop's clean-up.
        let (stagingName, staging) = try folders.makeKeeping {
            () throws -> (path: String, made: (String, DirectoryHandle)) in
            guard let made = makeStaging(in: parent, site: name) else {
                throw LectureError(
                    .error(
                        .fileSystem, spelled, nil, "cannot create a folder beside the output folder: \(errnoText())",
                        notes: ["make \(quoted: output.parent) writable, or name another output folder with --output"]),
                    exitStatus: 1)
            }
            return (FileSystem.join(output.parent, made.0), made)
        }
        let stagingPath = FileSystem.join(output.parent, stagingName)
        // Forgotten once removed or swapped in; but when the swap left the old site under the
        // staging name for the background removal, that removal forgets it once done.
        var stagingHandedOn = false
        defer { if !stagingHandedOn { folders.remove(stagingPath) } }
        let live = existing == nil ? nil : DirectoryHandle(in: parent, name)
        do {
            // Folders first, each once, parents before children.
            var folders = Set<String>()
            for path in Array(site.generated.keys) + Array(site.copied.keys) {
                var components = path.split(separator: "/").dropLast()
                while !components.isEmpty {
                    folders.insert(components.joined(separator: "/"))
                    components = components.dropLast()
                }
            }
            for folder in folders.sorted(by: { $0.count < $1.count }) where !staging.makeDirectory(folder) {
                throw LectureError(
                    .error(.fileSystem, "\(spelled)/\(folder)", nil, "cannot create folder: \(errnoText())"),
                    exitStatus: 1)
            }
            let generated = Array(site.generated)
            // Only a folder this tool wrote can be live (`refusal(in:)` refuses any other).
            let liveMarked = live?.entry(marker)?.kind == .regularFile
            /// Links the live site's `path` into the staging folder when it is known unchanged or
            /// holds `bytes`; `false` when it is to be written.
            /// Only a file as this build would write it is linked (`isReusable`): a mode, owner or
            /// second name given to it since is never carried into the new site.
            let mode = FileMode.created(0o644)
            @Sendable func linked(_ path: String, holding bytes: [UInt8]?) -> Bool {
                guard liveMarked, let live, live.isReusable(path, mode: mode),
                    linking.contains(path) || bytes.map({ live.holds($0, at: path) }) == true
                else { return false }
                return staging.link(path, from: live)
            }
            let failures = generated.parallelMap(jobs: jobs) { entry -> Diagnostic? in
                if linked(entry.key, holding: entry.value) { return nil }
                return staging.createFile(entry.key, entry.value)
                    ? nil : .error(.fileSystem, "\(spelled)/\(entry.key)", nil, "cannot write file: \(errnoText())")
            }.compactMap { $0 }
            if !failures.isEmpty { throw LectureError(unreported: failures, exitStatus: 1) }
            // Copied files are streamed, never read whole (`FileCopy`): an asset may be a video.
            // Each is opened and judged once (`BookFile`), and compared and copied from that
            // descriptor: never opened again by its name. A copy of the book's is scanned for
            // secrets as written: a file changed since `Load` scanned it publishes nothing.
            var secrets: [Diagnostic] = []
            for (path, copied) in site.copied {
                if linked(path, holding: nil) { continue }
                let file: BookFile
                switch copied.open() {
                case .success(let opened): file = opened
                case .failure(let problem):
                    throw LectureError(
                        .error(
                            .fileSystem, "\(spelled)/\(path)", nil,
                            "cannot copy \(quoted: copied.source) into the site: \(problem.reason)"),
                        exitStatus: 1)
                }
                if liveMarked, let live, live.isReusable(path, mode: mode),
                    live.holdsCopy(of: file.descriptor, at: path), staging.link(path, from: live)
                {
                    continue
                }
                guard staging.copyFile(path, from: file.descriptor) else {
                    let reason = errnoText()
                    throw LectureError(
                        .error(
                            .fileSystem, "\(spelled)/\(path)", nil,
                            "cannot copy \(quoted: copied.source) into the site: \(reason)"),
                        exitStatus: 1)
                }
                if copied.isBooks {
                    secrets += PublishedSecrets.inCopy(path, in: staging, source: copied.source, budget: budget)
                }
            }
            if !secrets.isEmpty { throw LectureError(unreported: secrets, exitStatus: 1) }
            // Without its marker the next build would refuse the folder as not its own: a site
            // whose marker could not be written (the disk full) is not swapped in.
            guard
                staging.createFile(
                    marker, SiteManifest.marker(listing: Array(site.generated.keys) + Array(site.copied.keys)))
            else {
                throw LectureError(
                    .error(.fileSystem, "\(spelled)/\(marker)", nil, "cannot write file: \(errnoText())"), exitStatus: 1
                )
            }
            // Cancelled while writing: the staging folder goes (below), the old site stays.
            try Cancellation.process.check()
        } catch {
            removeMade(stagingName, staging, in: parent)
            throw (error as? LectureError)
                ?? LectureError(
                    .error(.fileSystem, spelled, nil, "cannot write the site: \(SystemErrorText.reason(of: error))"),
                    exitStatus: 1)
        }
        stagingHandedOn = try swapIn(
            stagingName, staging.identity, for: output, in: parent, existing: existing,
            removingOldLater: removals, folders: folders, hooks: hooks)
        return found
    }

    /// Why the output folder, or the staging and old folders named after it (`.NAME.tmp-PID-N`,
    /// `.NAME.old-PID-N`), cannot be made for their length (`PathLimits`), before any work: a
    /// 245-byte name the file system takes made a staging name past NAME_MAX, which failed after
    /// the whole build with a note to make a writable folder writable (attack 17, F7).
    static func nameProblem(_ output: OutputFolder) -> Diagnostic? {
        if let problem = PathLimits.problem(creating: output.path) {
            return output.refused(
                "the output folder cannot be made: \(problem)", fix: "name an output folder with a shorter name or path"
            )
        }
        let staging = ".\(output.name).tmp-\(getpid())-\(UInt32.max)"
        guard let problem = PathLimits.problem(creating: FileSystem.join(output.parent, staging)) else { return nil }
        let extra = staging.utf8.count - output.name.utf8.count
        let most = PathLimits.nameLimit(near: output.path) - extra
        return output.refused(
            "the site is written into a folder beside the output folder named after it ('.NAME.tmp-PID-N', \(extra) bytes longer than its name) and swapped in, and \(problem)",
            fix: "name an output folder of at most \(most) bytes, or a shorter path")
    }

    /// Creates a new staging folder beside the site (`.NAME.tmp-PID-N`) with `mkdirat`, which
    /// fails when the name is taken: another name is drawn then, so what stood there is never
    /// entered. Nil, with `errno` set, when no folder can be made.
    private static func makeStaging(in parent: DirectoryHandle, site name: String) -> (String, DirectoryHandle)? {
        for _ in 0..<16 {
            let candidate = ".\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            guard mkdirat(parent.descriptor, candidate, 0o755) == 0 else {
                if errno == EEXIST { continue }
                return nil
            }
            guard let handle = DirectoryHandle(in: parent, candidate) else { return nil }
            return (candidate, handle)
        }
        errno = EEXIST
        return nil
    }

    /// Removes `name` only while it is still the folder this run made (`made`, open since):
    /// one put in its place since is left alone.
    private static func removeMade(_ name: String, _ made: DirectoryHandle, in parent: DirectoryHandle) {
        guard let entry = parent.entry(name), entry.kind == .directory, entry.identity == made.identity else { return }
        parent.removeTree(name)
    }

    /// What one call of `write` does at the moment of its swap, given by the test that calls
    /// it: a value passed in, never process-wide state, so a test's hook runs in its own write
    /// only (code review 42 #4: two suites' statics ran inside every concurrent build's write).
    struct Hooks: Sendable {
        /// Run right before the swap, by tests that change the output folder there (the moment
        /// another process could).
        var beforeSwap: (@Sendable () -> Void)?
        /// False: take the way of a file system without `RENAME_EXCHANGE` (two renames, the old
        /// site put aside first).
        var exchanges = true

        /// No hook: what every build passes.
        static let none = Hooks()
    }

    /// Puts the staging folder in the output's place and removes what was there, after making
    /// sure that it is the folder that was checked. The old site is recorded in `folders` while
    /// it waits for its removal: under the staging name, recorded already, when the two were
    /// exchanged; put aside under a new name, as one step with its recording, when not.
    /// - Returns: whether the old site lies under the staging name and the background removal
    ///   (`removingOldLater`) forgets it once removed, so the caller must not.
    private static func swapIn(
        _ stagingName: String, _ made: DirectoryHandle.Identity?, for output: OutputFolder, in parent: DirectoryHandle,
        existing: DirectoryHandle.Identity?, removingOldLater removals: SiteRemovals?, folders: FolderRegistry,
        hooks: Hooks
    ) throws -> Bool {
        /// Removes the staging folder after a failed swap, when it is still the one made.
        func removeStaging() {
            if let entry = parent.entry(stagingName), entry.kind == .directory, entry.identity == made {
                parent.removeTree(stagingName)
            }
        }
        let name = output.name
        let spelled = output.spelled
        hooks.beforeSwap?()
        guard let existing else {
            guard parent.rename(stagingName, to: name, .failingIfExists) else {
                let reason = errno == EEXIST ? "something was put there while building; run again" : errnoText()
                removeStaging()
                throw LectureError(
                    .error(.fileSystem, spelled, nil, "cannot create the output folder: \(reason)"), exitStatus: 1)
            }
            return false
        }
        // The old folder ends up under `oldName`: the staging name when the two are exchanged,
        // a new `.NAME.old-PID-N` when the file system cannot exchange and two renames are made
        // (never over an entry of that name: a rename that would replace one fails).
        var oldName = stagingName
        var exchanged = true
        if !hooks.exchanges || !parent.rename(stagingName, to: name, .exchanging) {
            exchanged = false
            oldName = ".\(name).old-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            do {
                try folders.make { () throws -> String in
                    guard parent.rename(name, to: oldName, .failingIfExists) else {
                        throw LectureError(
                            .error(.fileSystem, spelled, nil, "cannot replace the output folder: \(errnoText())"),
                            exitStatus: 1)
                    }
                    return FileSystem.join(output.parent, oldName)
                }
            } catch {
                removeStaging()
                throw error
            }
        }
        let oldPath = FileSystem.join(output.parent, oldName)
        // What was taken out must be the folder checked, still this tool's.
        let taken = parent.entry(oldName)
        let takenFolder = taken?.kind == .directory ? DirectoryHandle(in: parent, oldName) : nil
        let stillOurs =
            taken?.identity == existing
            && (takenFolder?.entry(marker)?.kind == .regularFile || takenFolder?.names()?.isEmpty == true)
        guard stillOurs else {
            // Put it back as it was, and touch nothing.
            if exchanged {
                _ = parent.rename(stagingName, to: name, .exchanging)
            } else {
                _ = parent.rename(oldName, to: name)
                folders.remove(oldPath)
            }
            removeStaging()
            throw LectureError(
                .error(
                    .outputRefused, spelled, nil,
                    "the output folder changed while building (it is no longer the folder lecture checked); nothing was replaced",
                    notes: ["run again"]), exitStatus: 1)
        }
        if !exchanged {
            guard parent.rename(stagingName, to: name, .failingIfExists) else {
                _ = parent.rename(oldName, to: name)
                folders.remove(oldPath)
                removeStaging()
                throw LectureError(.error(.fileSystem, spelled, nil, "cannot replace the output folder"), exitStatus: 1)
            }
        }
        // Recorded until removed, on this thread or the background queue.
        if let removals {
            removals.later { [oldName] in
                parent.removeTree(oldName)
                folders.remove(oldPath)
            }
            return exchanged
        }
        parent.removeTree(oldName)
        if !exchanged { folders.remove(oldPath) }
        return false
    }

    /// The entries beside the site named like its staging and old folders (`.NAME.tmp-…`,
    /// `.NAME.old-…`), which a build killed before it could clean up (`kill -9`, a power cut)
    /// leaves, but which may as well be anyone's: never removed, only named, sorted.
    static func leftovers(in parent: DirectoryHandle, site name: String) -> [String] {
        (parent.names() ?? []).filter { $0.hasPrefix(".\(name).tmp-") || $0.hasPrefix(".\(name).old-") }.sorted()
    }

    /// Creates (or truncates) `path` and writes `bytes`; `false` with `errno` set on failure,
    /// of the writes or of the close.
    static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        guard let file = OwnedDescriptor(open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)) else {
            return false
        }
        return FileDescriptorIO.writeAll(bytes, closing: file)
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
