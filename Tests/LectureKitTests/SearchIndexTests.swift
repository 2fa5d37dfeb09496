import Foundation
import Testing

@testable import LectureKit
@testable import LectureSupport

/// The split search index (`search/`): grams as `search.js` reads them, postings in both forms,
/// the pages' sections in text shards of a few pages, and the folder reserved for the index.
@Suite struct SearchIndexTests {
    @Test func gramsAreTheCompactLowercasedNFCText() {
        let grams = Set(SearchGrams.grams(of: "Ab \u{1100}\u{1161} 뷰").map(SearchGrams.string))
        // "Ab" lowercased, the space removed, the conjoining jamo composed to 가 (NFC).
        #expect(grams == ["a", "b", "가", "뷰", "ab", "b가", "가뷰"])
    }

    @Test func aGramSetKeepsEachGramOnceAsItGrows() {
        var set = GramSet(capacity: 4)
        for round in 0..<3 { for gram in UInt32(1)...5_000 { set.insert(gram << 16 | UInt32(round % 2)) } }
        #expect(set.count == 10_000 && Set(set.elements).count == 10_000)
    }

    @Test func textOnlyOfHangulSyllablesAndASCIINeedsNoNormalisation() {
        #expect(!SearchGrams.mayNeedNFC("뷰 모델, A–Z “따옴표” 。"))
        #expect(SearchGrams.mayNeedNFC("\u{1100}\u{1161}") && SearchGrams.mayNeedNFC("e\u{301}"))
    }

    /// Decoded from UTF-8 by hand: one, two, three and four bytes a scalar, NUL, the last of each length.
    @Test func scalarsAreTheStringsUnicodeScalars() {
        for text in [
            "", "Ab\u{0} é\u{7F}\u{80}\u{7FF}\u{800}뷰\u{FFFF}\u{10000}😀\u{10FFFF}", "e\u{301}\u{1100}\u{1161}",
        ] {
            var scalars: [UInt32] = []
            SearchGrams.forEachScalar(of: text) {
                scalars.append($0)
                return true
            }
            #expect(scalars == text.unicodeScalars.map(\.value), "\(text.debugDescription)")
        }
    }

    @Test func fewPagesAreGapsAndManyABitmap() {
        #expect(String(decoding: SearchPostings.encode([0, 3, 49], pageCount: 1000), as: UTF8.self) == "0,3,1a")
        let all = SearchPostings.encode(Array(0..<12), pageCount: 12)
        #expect(String(decoding: all, as: UTF8.self) == "~__")
        let some = SearchPostings.encode([1, 6, 7], pageCount: 7)
        #expect(String(decoding: some, as: UTF8.self) == "~CD", "page 1 is bit 1 of the first six, 6 bit 0 of the next")
    }

    @Test func eachGramIsInTheShardItsHashNames() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [하나](one.md)\n- [둘](two.md)\n",
            "content/one.md": "# 하나\n\n뷰컨트롤러의 역할.\n",
            "content/two.md": "# 둘\n\n## 뷰 모델\n\n상태를 `</script>` a/b\n",
            "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        try BuildPipeline(configuration: configuration, console: TestSupport.Recorder().console).run()
        let pages = try #require(TestSupport.read(HashedSitePath.of("search/pages.js", in: root + "/_site")))
        #expect(pages.contains(#"["하나","one.html",0]"#) && pages.contains(#"["둘","two.html",0]"#))
        let texts = try #require(TestSupport.read(HashedSitePath.of("search/t/0.js", in: root + "/_site")))
        let script = #"(window.LECTURE_SEARCH_DATA=window.LECTURE_SEARCH_DATA||{})["t0"]="#
        #expect(texts.hasPrefix(script + #"{"0":["하나","#) && texts.hasSuffix("};\n"))
        let sectionBytes = texts.utf8.count - script.utf8.count - 2
        #expect(pages.contains(#""texts":{"0":\#(sectionBytes)}"#), "the shard's size, its script's own bytes left out")
        #expect(texts.contains(#","1":["둘","둘","#), "both pages in the one text shard: \(texts)")
        #expect(texts.contains(#""뷰 모델","뷰-모델","상태를 <\/script> a\/b"#), "\(texts)")
        #expect(!texts.contains("</script>"))
        let shards = try FileManager.default.contentsOfDirectory(
            atPath: HashedSitePath.of("search/g", in: root + "/_site")
        ).count
        let gram = SearchGrams.grams(of: "뷰모").last!
        let shard = try #require(
            TestSupport.read(
                HashedSitePath.of("search/g/\(SearchGrams.hash(gram) % UInt32(shards)).js", in: root + "/_site")))
        #expect(shard.contains(#""뷰모":"1""#), "뷰모 spans the space of '뷰 모델', in page 1 only")
    }

    @Test func textShardsHoldAGroupOfPagesSplitBySize() {
        let group = SearchTextShards.pagesPerGroup
        let small = [Int](repeating: 100, count: group * 2 + 3)
        #expect(SearchTextShards.shards(sizes: small) == [0..<group, group..<group * 2, group * 2..<group * 2 + 3])
        // Large pages split their group, never reaching into the next one.
        let half = SearchTextShards.targetBytes / 2
        let large = [Int](repeating: half, count: group + 1)
        let shards = SearchTextShards.shards(sizes: large)
        #expect(shards.first == 0..<2 && shards.last == group..<group + 1, "\(shards)")
        #expect(shards.flatMap { Array($0) } == Array(0..<group + 1), "every page once, in order")
        #expect(SearchTextShards.shards(sizes: [SearchTextShards.targetBytes * 3]) == [0..<1], "one page, one shard")
    }

    @Test func aShardIsUnchangedOnlyWhenItsWholeGroupIs() {
        let entry = SearchIndex.PageEntry(title: "t", url: "u", sections: [UInt8](repeating: 0, count: 10), grams: [])
        let count = SearchTextShards.pagesPerGroup * 2
        var fromMemory = [Bool](repeating: true, count: count)
        fromMemory[count - 1] = false
        let entries = [SearchIndex.PageEntry](repeating: entry, count: count)
        #expect(SearchIndex.unchangedTextFiles(entries, fromMemory: fromMemory) == ["search/t/0.js"])
    }

    @Test func aContentFileInsideTheSearchFolderIsRefused() throws {
        let root = try TestSupport.makeTree([
            "content/SUMMARY.md": "# 책\n\n- [하나](one.md)\n", "content/one.md": "# 하나\n",
            "content/search/pages.js": "// mine\n", "templates/page.html": TestSupport.minimalPage,
        ])
        defer { FileSystem.removeTemporaryDirectory(root) }
        let recorder = TestSupport.Recorder()
        let configuration = TestSupport.configuration(
            content: root + "/content", templates: root + "/templates", output: root + "/_site")
        #expect(throws: DiagnosticsError.self) {
            try BuildPipeline(configuration: configuration, console: recorder.console).run()
        }
        #expect(
            recorder.lines.contains {
                $0.hasPrefix(
                    "\(root)/content/search/pages.js: error: content file would be written to 'search/pages.js', which is the search index"
                )
            }, "\(recorder.lines)")
    }
}
