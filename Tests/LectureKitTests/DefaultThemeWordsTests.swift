import Foundation
import Testing

@testable import LectureKit

/// `theme-embedder` reads the built-in interface words (`words/<language>.toml`) when the tool is
/// built, with a reader of its own for `key = "word"` lines, so that no run parses them with
/// toml++: each table must be what the run-time parse makes of the same file.
@Suite struct DefaultThemeWordsTests {
    /// Every embedded table is the run-time parse of its file, with no diagnostic, and no file
    /// of words is left out.
    @Test func eachTableIsTheParseOfItsFile() throws {
        let files = DefaultThemeFiles.files.filter { $0.path.hasPrefix("words/") && $0.path.hasSuffix(".toml") }
        #expect(files.count >= 2)
        #expect(Set(DefaultThemeFiles.words.keys) == Set(files.map { String($0.path.dropFirst(6).dropLast(5)) }))
        for file in files {
            let bytes = try #require(Data(base64Encoded: file.base64))
            let parsed = InterfaceWords.parse(String(decoding: bytes, as: UTF8.self), path: file.path)
            #expect(parsed.diagnostics.isEmpty, "\(file.path): \(parsed.diagnostics)")
            let language = String(file.path.dropFirst("words/".count).dropLast(".toml".count))
            #expect(DefaultThemeFiles.words[language] == parsed.words.table, "\(file.path)")
            #expect(InterfaceWords.builtIn(language)?.table == parsed.words.table)
        }
        #expect(InterfaceWords.builtIn("xx") == nil)
    }
}
