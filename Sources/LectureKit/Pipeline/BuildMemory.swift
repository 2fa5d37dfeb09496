import CommonMark
import Foundation
import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// What one build leaves for the next, so that `lecture serve` rebuilds only what changed.
///
/// Pass the same instance to every `BuildPipeline` of a session. A page is read, parsed,
/// transformed and rendered again only when its file changed (by `stat`: device, inode, size,
/// modification time) or something every page depends on did (the summary's chapters, the
/// templates, the compiler and Graphviz versions, the build date); its links are checked again
/// when it changed or any heading of the book did. Files the last build wrote and this one
/// would write unchanged are hard-linked from the live site into the new one, which is still
/// swapped in whole. Pages with samples are always transformed again (their samples come from
/// the sample cache), so a change of the stand-ins is always seen.
package final class BuildMemory: @unchecked Sendable {
    struct Parsed {
        var signature: FileSignature
        var file: SourceFile
        var blocks: [Block]
        var tooDeep: SourceLocation?
        var extraction: (samples: [Sample], diagnostics: [Diagnostic])?
    }

    struct Transformed {
        var signature: FileSignature
        var global: String
        var page: Page
        var problems: [Diagnostic]
        var linkProblems: [Diagnostic]?
        var html: [UInt8]?
        var searchEntry: SearchIndex.PageEntry?
        /// The page's section of `print.html`.
        var printHTML: String?
    }

    private let lock = NSLock()
    private var parsed: [String: Parsed] = [:]
    private var transformed: [String: Transformed] = [:]
    private var anchorsDigest = ""
    private var printCheckedGlobal: String?
    /// The live site's folder identity right after the last successful write, and the files
    /// that write produced from memory (safe to link), by site path.
    private var written: (folder: FileSignature, global: String)?
    var probes: Probes?

    /// An empty memory: the first build given it does all the work.
    package init() {}

    func parsedPage(_ path: String, signature: FileSignature) -> Parsed? {
        lock.withLock { parsed[path].flatMap { $0.signature == signature ? $0 : nil } }
    }

    func remember(parsed page: Parsed, for path: String) { lock.withLock { parsed[path] = page } }

    func extraction(_ path: String, signature: FileSignature) -> (samples: [Sample], diagnostics: [Diagnostic])? {
        lock.withLock { parsed[path].flatMap { $0.signature == signature ? $0.extraction : nil } }
    }

    func remember(
        extraction: (samples: [Sample], diagnostics: [Diagnostic]), for path: String, signature: FileSignature
    ) {
        lock.withLock {
            if parsed[path]?.signature == signature { parsed[path]?.extraction = extraction }
        }
    }

    func transformedPage(_ path: String, signature: FileSignature, global: String) -> Transformed? {
        lock.withLock { transformed[path].flatMap { $0.signature == signature && $0.global == global ? $0 : nil } }
    }

    func remember(transformed page: Transformed, for path: String) { lock.withLock { transformed[path] = page } }

    func update(_ path: String, _ change: (inout Transformed) -> Void) {
        lock.withLock {
            if var entry = transformed[path] {
                change(&entry)
                transformed[path] = entry
            }
        }
    }

    /// Whether `print.html`'s emitted URLs were checked by an earlier build of this session with
    /// the same global inputs. Its sections come from pages whose own HTML (same raw HTML,
    /// same Markdown links, checked on every rebuild) is checked again, so a preview rebuild
    /// need not scan the whole book's page again.
    func printPageChecked(global: String) -> Bool { lock.withLock { printCheckedGlobal == global } }

    /// Records that `print.html` passed the emitted-URL check under `global`.
    func rememberPrintPageChecked(global: String) { lock.withLock { printCheckedGlobal = global } }

    /// Swaps in the digest of every page's heading ids and says whether it changed.
    func anchorsChanged(to digest: String) -> Bool {
        lock.withLock {
            defer { anchorsDigest = digest }
            return anchorsDigest != digest
        }
    }

    /// Whether the folder at `output` is the one the last build wrote with these global inputs.
    func liveSiteIsOurs(_ output: String, global: String) -> Bool {
        lock.withLock {
            guard let written, let now = FileSignature(path: output) else { return false }
            return written.folder == now && written.global == global
        }
    }

    /// The sources of the copied files, as they were when the live site was written.
    private var copies: [String: FileSignature] = [:]

    func rememberWrite(_ output: String, global: String, copies: [String: FileSignature] = [:]) {
        lock.withLock {
            written = FileSignature(path: output).map { ($0, global) }
            self.copies = copies
        }
    }

    func copiedUnchanged(_ path: String, _ signature: FileSignature) -> Bool {
        lock.withLock { copies[path] == signature }
    }

    func forgetWrite() {
        lock.withLock {
            written = nil
            copies = [:]
        }
    }
}

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
