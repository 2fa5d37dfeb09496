import Foundation
import Testing

/// `make test-fast` runs the suites the Makefile's `FAST_SUITES` names: each name is a suite (a
/// type) or a test target of the package, so a renamed suite cannot leave the list running less
/// than it says.
@Suite struct FastSuitesTests {
    @Test func everySuiteMakeTestFastNamesExists() throws {
        let root = TestSupport.repositoryRoot
        let makefile = try String(contentsOfFile: root + "/Makefile", encoding: .utf8)
        let list = try #require(makefile.range(of: "FAST_SUITES := "))
        var names: [String] = []
        for line in makefile[list.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            names += line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).filter { $0 != "\\" }
            if !line.hasSuffix("\\") { break }
        }
        #expect(names.count > 20, "FAST_SUITES: \(names)")
        var declared = Set<String>()
        for target in ["CommonMarkTests", "LectureKitTests", "LectureServeTests"] {
            let folder = root + "/Tests/" + target
            if FileManager.default.fileExists(atPath: folder) { declared.insert(target) }
            let files = FileManager.default.enumerator(atPath: folder)
            while let path = files?.nextObject() as? String {
                guard path.hasSuffix(".swift"),
                    let text = try? String(contentsOfFile: folder + "/" + path, encoding: .utf8)
                else { continue }
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    for (index, word) in words.enumerated() where word == "struct" && index + 1 < words.count {
                        declared.insert(String(words[index + 1].prefix { $0.isLetter || $0.isNumber }))
                    }
                }
            }
        }
        for name in names {
            let known = declared.contains(name)
            #expect(known, "FAST_SUITES names \(name), which is no suite of the tests")
        }
    }
}
