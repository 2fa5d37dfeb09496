import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The Swift modules a book's samples may import are the book's own (`[lecture.samples]
/// libraries`): built once per compiler and sources, linked into its samples; a book without
/// them has none, and the tool carries none.
@Suite struct SampleLibraryTests {
    func run(_ arguments: [String]) -> (status: Int32, lines: [String]) {
        let recorder = TestSupport.Recorder()
        let status = LectureCommand.main(arguments, console: recorder.console)
        return (status, recorder.lines)
    }

    static let page = """
        # A

        ```swift
        import Greeting
        print(greeting(to: "B"))
        ```

        ```output
        Hello, B
        ```

        """

    @Test func aBooksOwnLibraryIsBuiltOnceAndLinkedIntoItsSamples() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n\n[lecture.samples]\nverify = true\nlibraries = [\"lib/Greeting\"]\n",
            "lib/Greeting/Greeting.swift": "public func greeting(to name: String) -> String { \"Hello, \\(name)\" }\n",
            "src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": Self.page,
        ])
        let cache = try TestSupport.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let first = run(["build", root, "--cache-dir", cache])
        #expect(first.status == 0, "\(first.lines)")
        func built() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache + "/libraries")) ?? []).filter {
                !$0.hasPrefix(".")
            }
        }
        let folders = built()
        #expect(folders.count == 1)
        let library = cache + "/libraries/" + (folders.first ?? "")
        #expect(FileSystem.exists(library + "/libGreeting.so"))
        let inode = TestSupport.inode(library + "/libGreeting.so")
        // Nothing changed: the same folder, not built again.
        #expect(run(["build", root, "--cache-dir", cache, "--no-cache"]).status == 0)
        #expect(built() == folders && TestSupport.inode(library + "/libGreeting.so") == inode)
        // A changed source is a new build of the libraries, and the sample sees it.
        try FileSystem.writeAtomically(
            "public func greeting(to name: String) -> String { \"Hi, \\(name)\" }\n",
            to: root + "/lib/Greeting/Greeting.swift")
        let changed = run(["build", root, "--cache-dir", cache])
        #expect(changed.status == 1, "the expected output no longer matches")
        #expect(built().count == 2)
    }

    /// A library is compiled in the book's language mode, as its samples are (newuser-10, #5): one
    /// that only Swift 5 mode accepts (a global `let` of a type that is not `Sendable`, as a
    /// package with `swift-tools-version:5.9` builds it) fails in Swift 6 mode with a note naming
    /// `swift-language-mode`, and compiles with `swift-language-mode = 5`.
    @Test func aLibraryIsCompiledInTheBooksLanguageMode() throws {
        func book(_ mode: String) throws -> String {
            try TestSupport.makeTree([
                "book.toml":
                    "[book]\ntitle = \"T\"\n\n[preprocessor.lecture]\nrenderers = []\n\(mode)\n[preprocessor.lecture.samples]\nverify = true\nlibraries = [\"lib/Shared\"]\n",
                "lib/Shared/Shared.swift":
                    "public final class Box {\n    public var value = 0\n    public init() {}\n}\npublic let shared = Box()\n",
                "src/SUMMARY.md": "# T\n\n- [A](a.md)\n",
                "src/a.md":
                    "```swift\nimport Shared\nshared.value += 1\nprint(shared.value)\n```\n\n```output\n1\n```\n",
            ])
        }
        let six = run(["check", try book(""), "--cache-dir", TestSupport.cacheDirectory])
        #expect(six.status == 2, "\(six.lines)")
        let error = six.lines.first { $0.contains("Shared.swift:5:") && $0.contains("error:") }
        #expect(error?.contains("set swift-language-mode = 5 under [preprocessor.lecture]") == true, "\(six.lines)")
        let five = run(["check", try book("swift-language-mode = 5\n"), "--cache-dir", TestSupport.cacheDirectory])
        #expect(five.status == 0, "\(five.lines)")
        #expect(five.lines.last == "1 passed, 0 failed", "\(five.lines)")
    }

    /// A `test` sample imports the library as a package's tests import its modules, with
    /// `@testable` (the libraries are compiled with `-enable-testing`), and sees its internal names.
    @Test func aTestSampleCanTestablyImportALibrary() throws {
        let page =
            "# A\n\n```swift test\nimport Testing\n@testable import Counter\n\n@Test func counts() {\n    var counter = Counter()\n    counter.increment()\n    #expect(counter.count == 1 && counter.step == 1)\n}\n```\n"
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n\n[lecture.samples]\nverify = true\nlibraries = [\"lib/Counter\"]\n",
            "lib/Counter/Counter.swift":
                "public struct Counter {\n    public private(set) var count = 0\n    let step = 1\n    public init() {}\n    public mutating func increment() { count += step }\n}\n",
            "src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": page,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["check", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 0, "\(lines)")
        #expect(!lines.contains { $0.contains("not compiled for testing") }, "\(lines)")
    }

    /// (An Apple framework no library provides, such as UIKit, is a warning and a skip instead:
    /// the test below.)
    @Test func importingAModuleTheBookDoesNotDeclareIsAnErrorAtTheImportNamingTheSetting() throws {
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n\n[lecture.samples]\nverify = true\n",
            "src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": Self.page,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (status, lines) = run(["build", root, "--cache-dir", TestSupport.cacheDirectory])
        #expect(status == 1)
        #expect(lines.contains { $0.hasPrefix("\(root)/src/a.md:4:8: error: no such module 'Greeting'") }, "\(lines)")
        #expect(
            lines.contains {
                $0.contains("add the folder of its sources to book.toml's [preprocessor.lecture.samples] libraries")
            },
            "\(lines)")
    }

    /// An Apple framework no library of the book provides: the sample is not verified, with a
    /// warning at the import naming the setting and the attributes, and counted as skipped; a
    /// fence marked `ignore-linux` said so itself (skipped, no warning); a module that is no Apple
    /// framework stays swiftc's error (above).
    @Test func importingAnAppleFrameworkNoLibraryProvidesIsAWarningAtTheImportAndASkip() throws {
        let page = """
            # A

            ```swift
            import Foundation
            @preconcurrency import UIKit
            print(UIView())
            ```

            - In a list item:

              ```swift
              import SwiftUI
              ```

            ```swift ignore-linux
            import AppKit
            ```

            """
        let root = try TestSupport.makeTree([
            "book.toml": "[book]\ntitle = \"T\"\n\n[lecture.samples]\nverify = true\n",
            "src/SUMMARY.md": "# T\n\n- [A](a.md)\n", "src/a.md": page,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = root + "/report.xml"
        let (status, lines) = run([
            "check", root, "--cache-dir", TestSupport.cacheDirectory, "--report", "junit:" + report,
        ])
        #expect(status == 0, "a warning, not an error: \(lines)")
        let text = lines.joined(separator: "\n")
        #expect(
            text.contains(
                "\(root)/src/a.md:5:24: warning: sample not verified: no sample library of this book provides 'UIKit'\n"
                    + "    'UIKit' exists only on Apple platforms; to verify the sample here, add a folder of Swift "
                    + "sources named UIKit to book.toml's [preprocessor.lecture.samples] libraries\n"
                    + "    or mark the fence 'ignore-linux'"), "at the module's name: \(lines)")
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "\(root)/src/a.md:12:10: warning: sample not verified: no sample library of this book provides 'SwiftUI'"
                )
            }, "in a list item, at the Markdown column: \(lines)")
        #expect(!text.contains("provides 'AppKit'"), "the ignore-linux fence says so itself: \(lines)")
        #expect(!lines.contains { $0.hasPrefix("\(root)/src/a.md: ") }, "one page, one summary line: \(lines)")
        #expect(lines.contains { $0.hasPrefix("  skipped \(root)/src/a.md:3: needs 'UIKit'") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  skipped \(root)/src/a.md:15: needs 'AppKit'") }, "\(lines)")
        #expect(lines.last == "0 passed, 0 failed, 3 skipped", "\(lines)")
        let xml = try #require(TestSupport.read(report))
        #expect(
            xml.contains("not compiled: needs &#39;UIKit&#39;") || xml.contains("not compiled: needs 'UIKit'"), "\(xml)"
        )
    }

    @Test func aLibraryThatIsNotAFolderOfSourcesIsAnErrorAtItsLine() {
        let root = FileManager.default.temporaryDirectory.path + "/no-such-book-\(UUID())"
        let (_, diagnostics) = BookSettingsLoader.parse(
            "[lecture.samples]\nlibraries = [\n  \"Missing\",\n  3,\n]\n", path: root + "/book.toml")
        #expect(diagnostics.count == 2, "\(diagnostics)")
        #expect(diagnostics.first?.location?.line == 3)
        #expect(diagnostics.first?.summary == "sample library 'Missing' is not a folder")
        #expect(diagnostics.last?.location?.line == 4)
    }

    @Test func theToolCarriesNoLibraryOfTheLecture() throws {
        #expect(!FileSystem.exists(TestSupport.repositoryRoot + "/Sources/LectureKit/Resources"))
        for folder in ["LectureKit", "LectureServe", "LectureSupport", "CommonMark", "lecture", "SwiftAnalysis"] {
            let base = TestSupport.repositoryRoot + "/Sources/" + folder
            for file in FileSystem.files(under: base) where file.hasSuffix(".swift") {
                let lines = (TestSupport.read(base + "/" + file) ?? "").split(separator: "\n")
                let imports = lines.filter {
                    $0.hasPrefix("import UIKit") || $0.hasPrefix("import Rx") || $0.contains("class UIView")
                        || $0.contains("class Observable<")
                }
                #expect(imports.isEmpty, "UIKit or Rx code in Sources/\(folder)/\(file)")
            }
        }
    }
}

extension SampleLibraryTests {
    /// A library naming a Swift package's folder (`Package.swift` in it) is an error at its line
    /// whose note names the target's folder of sources, not a compile of the manifest (new user
    /// 3, P6); siblings: several targets (each named), a package with `Tests/` (said not to be a
    /// library), a package whose targets are elsewhere (`path:`).
    @Test(arguments: [
        (["Sources/TempKit/Temp.swift"], ["libraries = ['TempKit/Sources/TempKit']"]),
        (
            ["Sources/Core/A.swift", "Sources/Extras/B.swift", "Sources/Empty/README.md"],
            ["libraries = ['TempKit/Sources/Core', 'TempKit/Sources/Extras']"]
        ),
        (
            ["Sources/TempKit/Temp.swift", "Tests/TempKitTests/T.swift"],
            ["libraries = ['TempKit/Sources/TempKit']", "its Tests/ folder holds test targets"]
        ),
        (["Code/Temp.swift"], ["its 'path:' in Package.swift"]),
    ])
    func aSwiftPackagesFolderIsAnErrorNamingItsTargetsFolders(_ files: [String], _ notes: [String]) throws {
        var tree = ["TempKit/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n"]
        for file in files { tree["TempKit/" + file] = "public let x = 1\n" }
        let root = try TestSupport.makeTree(tree)
        defer { FileSystem.removeTemporaryDirectory(root) }
        let (_, diagnostics) = BookSettingsLoader.parse(
            "[lecture.samples]\nlibraries = [\n  \"TempKit\",\n]\n", path: root + "/book.toml")
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.location?.line == 3)
        #expect(diagnostics.first?.summary.contains("'TempKit' is a Swift package") == true, "\(diagnostics)")
        let written = (diagnostics.first?.notes ?? []).joined(separator: "\n").replacingOccurrences(of: "\"", with: "'")
        for note in notes { #expect(written.contains(note), "\(written)") }
    }
}
