import Foundation
import LectureSupport

/// What `[preprocessor.lecture.samples] libraries` may list, besides a folder of Swift sources
/// (`BookSettingsLoader.library`), each an error at the element's line before anything is
/// compiled (attack 11, kinds 49, 79, 80): a folder whose name is no Swift identifier
/// (`libs/my-lib`: swiftc refused it only when samples were compiled, with no line), a folder
/// named like a module of the toolchain (`libs/Foundation` took `import Foundation` from every
/// sample unsaid), a folder listed twice or two folders of one name (one module), and a source
/// that is a symbolic link, which the library left out unsaid (links are never followed, as a
/// copied file's are not: `UnreachableAssets.links`).
enum SampleLibraryRules {
    /// The modules of the Swift toolchain (its `lib/swift/linux`, and those of the other
    /// platforms a book may be built on) that a library's name would shadow.
    static let toolchainModules: Set<String> = [
        "Swift", "SwiftOnoneSupport", "SwiftShims", "_Concurrency", "_StringProcessing", "_RegexParser",
        "_Differentiation", "_Volatile", "_Builtin_float", "Cxx", "CxxStdlib", "Dispatch", "dispatch",
        "Distributed", "Foundation", "FoundationEssentials", "FoundationInternationalization",
        "FoundationNetworking", "FoundationXML", "_FoundationCollections", "_FoundationCShims", "CoreFoundation",
        "Glibc", "SwiftGlibc", "Musl", "Darwin", "Android", "WinSDK", "ucrt", "os", "Observation", "RegexBuilder",
        "Runtime", "Synchronization", "Testing", "_Testing_Foundation", "_TestingInterop", "_TestDiscovery",
        "XCTest", "Block", "BlocksRuntime",
    ]

    /// Whether `name` can be a Swift module's name: a letter or `_`, then letters, digits and `_`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.first, first == "_" || first.isLetter else { return false }
        return name.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
    }

    /// What is wrong with the library `folder` (as book.toml writes it) given the `earlier`
    /// elements of the list (relative to `bookDirectory`), or `nil`.
    static func problem(_ folder: String, earlier: [String], bookDirectory: String) -> (
        summary: String, notes: [String]
    )? {
        let module = SampleLibraries.moduleName(folder)
        guard isIdentifier(module) else {
            return (
                "sample library \(quoted: folder) is named \(quoted: module), which is no Swift module name",
                [
                    "a library is the module named after its folder: rename the folder to letters, digits and '_', not starting with a digit (such as '\(module.map { $0.isLetter || $0.isNumber ? $0 : "_" }.reduce("") { $0 + String($1) })')"
                ]
            )
        }
        guard !toolchainModules.contains(module) else {
            return (
                "sample library \(quoted: folder) is named \(quoted: module), a module of the Swift toolchain, which it would hide from every sample",
                ["rename the folder: a sample's 'import \(module)' must reach the toolchain's module"]
            )
        }
        let resolved = CanonicalPath.of(FileSystem.resolve(folder, against: bookDirectory))
        if let twin = earlier.first(where: { SampleLibraries.moduleName($0) == module }) {
            let same = CanonicalPath.of(FileSystem.resolve(twin, against: bookDirectory)) == resolved
            return (
                same
                    ? "sample library \(quoted: folder) is listed twice"
                    : "sample library \(quoted: folder) has the name of \(quoted: twin), listed before: both would be the module \(quoted: module)",
                [
                    same
                        ? "delete the second element"
                        : "rename one of the folders: a library is the module named after its folder"
                ]
            )
        }
        return nil
    }

    /// The errors for the element `folder` at `place`: at its line, else at each link.
    static func problems(_ folder: String, earlier: [String], place: BookSettingsLoader.Field.Place) -> [Diagnostic] {
        let book = FileSystem.parent(place.file)
        // A folder the book may not read at all (a home folder, `..`) is that error alone, later.
        if ReadableFolder.problem(
            folder, key: place.key, bookDirectory: book.isEmpty ? "." : book, bookTOML: place.file,
            location: place.location)?.severity == .error
        {
            return []
        }
        if let problem = problem(folder, earlier: earlier, bookDirectory: book.isEmpty ? "." : book) {
            return [.error(.bookTOMLValue, place.file, place.location, problem.summary, notes: problem.notes)]
        }
        let shown = FileSystem.join(book, folder)
        return links(in: shown, shown: shown)
    }

    /// An error at each symbolic link among the library's files (`folder`, shown as `shown`):
    /// its Swift sources are read as regular files only.
    static func links(in folder: String, shown: String) -> [Diagnostic] {
        FileSystem.listing(under: folder).links.map { relative in
            let path = FileSystem.join(folder, relative)
            let target =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { " to \(quoted: $0)" } ?? ""
            return .error(
                .bookTOMLValue, FileSystem.join(shown, relative), nil,
                "a source of the sample library \(quoted: shown) is a symbolic link\(target), which is not compiled",
                notes: [
                    "lecture reads a library's regular files only, never a link (as it copies no link into the site): copy the file into the library's folder"
                ])
        }
    }
}
