import Foundation
import LectureSupport

/// The folders of `[build] extra-watch-dirs` that `lecture serve` may watch. The output folder
/// or the cache, or a folder inside either, changes on every build, so watching it started the
/// next build forever (attack 9, kind 23); `/`, a home folder or a system folder is the
/// machine's, never a book's (`/` made serve walk 50,000 files of `/proc`, each "changed"). Each
/// is a warning at its line and left out of the watch; the build goes on.
enum WatchedFolders {
    static func check(_ settings: BookSettings, root: String, bookTOML: String, configuration: BuildConfiguration)
        -> (kept: [String], problems: [Diagnostic])
    {
        var kept: [String] = []
        var problems: [Diagnostic] = []
        let own = [
            (CanonicalPath.of(configuration.outputFolder.path), "the output folder"),
            (CanonicalPath.of(configuration.cacheDirectory), "the cache folder"),
        ]
        for (index, folder) in settings.extraWatchDirectories.enumerated() {
            let absolute = URL(fileURLWithPath: FileSystem.resolve(folder, against: root)).standardizedFileURL.path
            let resolved = CanonicalPath.of(absolute)
            let location = settings.locations["build.extra-watch-dirs.\(index)"]
            func warn(_ what: String, because reason: String, fix: String) {
                problems.append(
                    .warning(
                        .bookTOMLValue, bookTOML, location,
                        "'build.extra-watch-dirs' folder \(quoted: folder) \(what); 'lecture serve' does not watch it",
                        notes: [reason + ": " + fix]))
            }
            if let (path, role) = own.first(where: { CanonicalPath.isWithin(resolved, $0.0) }) {
                warn(
                    "\(resolved == path ? "is" : "lies in") \(role) (\(quoted: path))",
                    because: "every build changes it, so each would start the next",
                    fix: "remove it from extra-watch-dirs (the pages' folder is watched already)")
            } else if let machine = OutputFolder.machineFolder(heldBy: resolved) {
                let path = CanonicalPath.of(machine.path)
                warn(
                    "\(CanonicalPath.isSameFolder(resolved, path) ? "is" : "holds") \(machine.role) (\(quoted: path))",
                    because: "a watch there would walk the machine's files",
                    fix: "name a folder of the book's own, such as \"../examples\"")
            } else if let system = SystemFolders.notWritten.first(where: {
                resolved == $0 || (SystemFolders.neverWritten.contains($0) && CanonicalPath.isWithin(resolved, $0))
            }) {
                warn(
                    "\(resolved == system ? "is" : "lies in") a system folder (\(quoted: system))",
                    because: "a watch there would walk the machine's files",
                    fix: "name a folder of the book's own, such as \"../examples\"")
            } else {
                kept.append(absolute)
            }
        }
        return (kept, problems)
    }
}
