import Foundation
import LectureSupport

/// A sample library named by a Swift package's folder (`libraries = ["TempKit"]`, the folder
/// with `Package.swift`): lecture compiles a folder of sources as one module, so the package's
/// manifest would be compiled as a source (`no such module 'PackageDescription'`) with its test
/// targets. The error names the package's library targets' folders (`TempKit/Sources/TempKit`),
/// each a module samples may import; test targets (`Tests/`) are not libraries.
enum SwiftPackageFolder {
    /// The error for `library` (as written) at `folder`, if it is a package's folder.
    static func problem(_ library: String, folder: String) -> (summary: String, notes: [String])? {
        guard FileSystem.exists(FileSystem.join(folder, "Package.swift")) else { return nil }
        let written = library.hasSuffix("/") ? String(library.dropLast()) : library
        let targets = sourceFolders(in: folder).map { "\"\(written)/Sources/\($0)\"" }
        var notes: [String] = []
        switch targets.count {
        case 0:
            notes.append(
                "name the folder of the target's Swift sources (its 'path:' in Package.swift), not the package")
        case 1:
            notes.append("name the target's folder of sources instead: libraries = [\(targets[0])]")
        default:
            notes.append(
                "name the folder of each target the samples import, each a module: libraries = ["
                    + targets.joined(separator: ", ") + "]")
        }
        if FileSystem.isDirectory(FileSystem.join(folder, "Tests")) {
            notes.append("its Tests/ folder holds test targets, which samples do not import")
        }
        return (
            "sample library \(quoted: library) is a Swift package (it has Package.swift); a library is a folder of Swift sources, compiled as one module",
            notes
        )
    }

    /// The package's `Sources/` subfolders that hold Swift sources, sorted.
    static func sourceFolders(in folder: String) -> [String] {
        let sources = FileSystem.join(folder, "Sources")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        return names.sorted().filter { name in
            let target = FileSystem.join(sources, name)
            return FileSystem.isDirectory(target) && FileSystem.files(under: target).contains { $0.hasSuffix(".swift") }
        }
    }
}
