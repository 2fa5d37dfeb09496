import Foundation
import TestFolders
import Testing

@testable import LectureKit
@testable import LectureSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Sample libraries that lost or took something without a word (attack 11, kinds 49, 79, 80): a
/// source, or a folder of sources, that is a symbolic link was left out of the library (the
/// sample then failed with "cannot find 'greet' in scope" and a hint about excerpts); a folder
/// named like a toolchain module (`libs/Foundation`) was imported by every `import Foundation`;
/// one listed twice said nothing; one whose name is no module name (`libs/my-lib`) failed only
/// when samples were compiled, with no line. Each is an error at its line in book.toml; a link
/// to a file that is not Swift (a README) is let be.
struct LibraryLinkBadInputTests {
    /// The errors' headlines book.toml's `libraries` (as written) gives, over a tree with `Greet`,
    /// `Foundation`, `my-lib` and `Other/Greet` libraries and `links` (path → target) made.
    static func headlines(_ libraries: String, links: [String: String] = [:]) throws -> [String] {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n[preprocessor.lecture.samples]\nlibraries = \(libraries)\n",
            "shared/G.swift": "public func greet() -> String { \"hi\" }\n",
            "lib/Greet/Version.swift": "public let version = 1\n",
            "lib/Foundation/F.swift": "public func shadow() {}\n",
            "lib/my-lib/M.swift": "public let m = 1\n", "other/Greet/G.swift": "public let g = 1\n",
            "lib/_Ok2/O.swift": "public let o = 1\n", "notes.md": "notes\n",
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        for (path, target) in links { #expect(symlink(target, root + "/" + path) == 0) }
        return BookSettingsLoader.load(path: root + "/book.toml").diagnostics.map(\.headline).filter {
            $0.contains(": error: ")
        }.map { $0.replacingOccurrences(of: root + "/", with: "") }
    }

    @Test(arguments: [("lib/Greet/Greet.swift", "../../shared/G.swift"), ("lib/Greet/Shared", "../../shared")])
    func aLinkedSourceOrFolderOfALibraryIsAnErrorAtItsLine(link: String, target: String) throws {
        let name = link.split(separator: "/").last.map(String.init) ?? link
        let found = try Self.headlines("[\"lib/Greet\"]", links: [link: target])
        #expect(
            found == [
                "book.toml:4:14: error: sample library 'lib/Greet' holds '\(name)', a symbolic link, which is not compiled"
            ],
            "\(found)")
    }

    @Test func aLinkToAnotherKindOfFileIsLetBe() throws {
        #expect(try Self.headlines("[\"lib/Greet\"]", links: ["lib/Greet/README.md": "../../notes.md"]) == [])
    }

    @Test func aLibraryTakingAToolchainModulesNameOrNoModuleNameOrListedTwiceIsAnErrorAtItsLine() throws {
        let found = try Self.headlines(
            "[\"lib/Foundation\", \"lib/my-lib\", \"lib/Greet\", \"other/Greet\", \"lib/_Ok2\"]")
        #expect(
            found == [
                "book.toml:4:14: error: sample library 'lib/Foundation' makes the module 'Foundation', which takes the name of the toolchain's module",
                "book.toml:4:32: error: sample library 'lib/my-lib' makes the module 'my-lib', which is not a Swift module name",
                "book.toml:4:59: error: sample library 'other/Greet' makes the module 'Greet', as 'lib/Greet' before it does",
            ], "\(found)")
    }

    @Test func moduleNames() {
        for name in ["Greet", "_Ok2", "RxSwift", "a_b"] { #expect(SampleLibraries.isModuleName(name), "\(name)") }
        for name in ["my-lib", "2x", "_", "", "a b", "é", "a.b"] {
            #expect(!SampleLibraries.isModuleName(name), "\(name)")
        }
    }
}
