import Foundation
import Testing

@testable import LectureSupport

/// ARCHITECTURE.md is a map of the house: every file, type and module it names in backticks
/// exists in the sources, so the map cannot drift from the code (a rename or a move that leaves
/// it behind fails here), as `DiagnosticModelTests` pins the catalog to the manual.
@Suite struct ArchitectureMapTests {
    /// The map's backticked names: `Render.swift`, `Pipeline/StepReuse.swift`, `BuildContext`,
    /// `SampleVerifier.compilerJob`, `BuildStep(name:input:page:book:)`.
    static let spans: [String] = {
        let text = (try? String(contentsOfFile: TestSupport.repositoryRoot + "/ARCHITECTURE.md", encoding: .utf8)) ?? ""
        var spans: [String] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "`") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "`") else { break }
            spans.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return spans
    }()

    /// Every Swift source of the package, by path from the repository's root.
    static let sources: [String: String] = {
        let root = TestSupport.repositoryRoot
        var found: [String: String] = [:]
        for folder in ["Sources", "Tests"] {
            let enumerator = FileManager.default.enumerator(atPath: root + "/" + folder)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                found[folder + "/" + path] =
                    (try? String(contentsOfFile: root + "/" + folder + "/" + path, encoding: .utf8)) ?? ""
            }
        }
        return found
    }()

    /// The names the sources declare (types, members, cases), the package's targets, and the
    /// steps' names (`Load`, `Render`).
    static let declared: Set<String> = {
        var names = Set<String>()
        let pattern = try! NSRegularExpression(
            pattern:
                #"\b(?:struct|class|enum|protocol|typealias|actor|extension|func|let|var|case)\s+([A-Za-z_][A-Za-z0-9_]*)"#
        )
        let stepName = try! NSRegularExpression(pattern: #"BuildStep\(\s*name: "([A-Za-z]+)""#)
        var texts = Array(sources.values)
        texts.append(
            (try? String(contentsOfFile: TestSupport.repositoryRoot + "/Package.swift", encoding: .utf8)) ?? "")
        for text in texts {
            let range = NSRange(text.startIndex..., in: text)
            for regex in [pattern, stepName] {
                for match in regex.matches(in: text, range: range) {
                    if let name = Range(match.range(at: 1), in: text) { names.insert(String(text[name])) }
                }
            }
        }
        let target = try! NSRegularExpression(pattern: #"name: "([A-Za-z-]+)""#)
        let package =
            (try? String(contentsOfFile: TestSupport.repositoryRoot + "/Package.swift", encoding: .utf8)) ?? ""
        for match in target.matches(in: package, range: NSRange(package.startIndex..., in: package)) {
            if let name = Range(match.range(at: 1), in: package) { names.insert(String(package[name])) }
        }
        // A file's name stands for what it holds (`GlobalInputs`, `MergedTestSamples`).
        for path in sources.keys {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            names.insert(String(file.dropLast(".swift".count)))
        }
        return names
    }()

    /// Names the map uses that are not this package's: the toolchain's and other projects'.
    static let outside: Set<String> = [
        "Host", "Range", "Hashable", "Sendable", "Codable", "String", "Mutex", "Book", "DispatchQueue", "NSCondition",
        "PublishingStep", "Preprocessor", "RenderContext", "Problem", "Solution", "DiagnosticEngine",
    ]

    /// A span that looks like a name of the code: a Swift file or a path in the repository, or a
    /// capitalised identifier (a type, a module, a step), maybe with a member and arguments.
    static func isCodeName(_ span: String) -> Bool {
        if span.hasSuffix(".swift") { return true }
        guard let first = span.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else { return false }
        let name = span.split(separator: "(").first.map(String.init) ?? span
        // An environment variable (`TMPDIR`, `LECTURE_RANDOM_EDITS`) or a file of the top level
        // (`Makefile`, `Tests`, checked with the folders).
        if name == name.uppercased() || FileSystem.exists(TestSupport.repositoryRoot + "/" + name) { return false }
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
            && !name.contains("..")
    }

    @Test func everyFileTheMapNamesExists() {
        let files = Array(Self.sources.keys)
        let named = Self.spans.filter { $0.hasSuffix(".swift") }
        #expect(named.count > 20, "the map names files: \(named.count)")
        for file in named {
            let path = file.hasPrefix("Sources/") || file.hasPrefix("Tests/") ? file : "/" + file
            let exists =
                files.contains { ("/" + $0).hasSuffix(path) }
                || FileSystem.exists(TestSupport.repositoryRoot + "/" + file)
            #expect(exists, "ARCHITECTURE.md names \(file)")
        }
    }

    @Test func everyFolderTheMapNamesExists() {
        let root = TestSupport.repositoryRoot
        let folders = Self.spans.filter {
            $0.hasSuffix("/") && !$0.contains(" ") && !$0.contains("*") && !$0.hasPrefix("/") && !$0.contains(":")
                // The layout the map says the book does not take.
                && $0 != "content/src/"
        }
        #expect(folders.count > 3, "the map names folders: \(folders)")
        for folder in folders {
            let exists = [root, root + "/Sources", root + "/Sources/LectureKit"].contains {
                FileSystem.isDirectory($0 + "/" + folder)
            }
            #expect(exists, "ARCHITECTURE.md names the folder \(folder)")
        }
    }

    @Test func everyTypeModuleAndMemberTheMapNamesIsDeclared() {
        let names = Self.spans.filter { Self.isCodeName($0) && !$0.hasSuffix(".swift") }
        #expect(names.count > 100, "the map names types: \(names.count)")
        for span in Set(names).sorted() {
            let name = span.split(separator: "(").first.map(String.init) ?? span
            for part in name.split(separator: ".").map(String.init) where !Self.outside.contains(part) {
                let known = Self.declared.contains(part)
                #expect(known, "ARCHITECTURE.md names \(part) (in `\(span)`)")
            }
        }
    }
}
