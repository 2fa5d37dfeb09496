import Foundation

/// The client-side search index, split so that a query loads only what it needs and search
/// still works from `file://` (every file is a `<script>` that fills
/// `window.LECTURE_SEARCH_DATA[key]`; browsers refuse `fetch` on `file://`):
///
/// - `search/pages.js` (key `pages`): `{"shards": B, "texts": {"N": bytes, …}, "pages": [[title,
///   url, N], …]}`, one entry per page in book order (the page's number is its index here; `N`
///   names the text shard holding its sections, whose size in `texts` the client uses to batch
///   its loads).
/// - `search/t/N.js` (key `tN`): the sections of the pages of text shard N, whose first page is
///   page N (see `SearchTextShards`), `{"page": [heading, anchor, text, heading, …], …}`.
/// - `search/g/K.js` (key `gK`): shard K of the gram index, `{gram: postings}`: every one- and
///   two-character gram of the pages' titles, headings and section texts (see `SearchGrams`) with
///   the pages that hold it (see `SearchPostings`). A gram is in shard `SearchGrams.hash % B`.
///
/// `search.js` looks up the grams of the query's terms, intersects their pages (a superset of the
/// pages that match: a term is a substring of a field only if all its grams are in the page), then
/// loads those pages' texts and matches them as before (substrings, so Korean particles and words
/// written with or without spaces match). Strings keep `/` escaped (`<\/`), so no `</script>`
/// can appear in a script's text.
enum SearchIndex {
    /// One page's part of the index, made while the page renders (and kept in `SessionMemory`).
    struct PageEntry: Sendable {
        var title: String
        var url: String
        /// The sections as a text shard `search/t/N.js` holds them (a JSON array).
        var sections: [UInt8]
        /// The page's distinct grams (`SearchGrams`), in no order.
        var grams: [UInt32]
    }

    /// The folder (inside the site) of the index's files.
    static let folder = "search"
    /// The file the pages load first.
    static let pagesFile = "search/pages.js"
    /// Postings per shard the split aims at: about 12 KB of shard file, so that a query of a few
    /// syllables loads a few tens of KB of index.
    static let targetShardBytes = 12_000

    /// One page's entry.
    static func entry(_ page: Page) -> PageEntry {
        var grams = GramSet(capacity: 2048)
        SearchGrams.add(page.title, to: &grams)
        var sections: [String] = []
        // The text before the first heading: a section without an anchor, for the page itself.
        if page.leadText.contains(where: { !$0.isWhitespace }) {
            SearchGrams.add(page.leadText, to: &grams)
            sections += [page.title, "", page.leadText]
        }
        for heading in page.headings {
            SearchGrams.add(heading.text, to: &grams)
            SearchGrams.add(heading.sectionText, to: &grams)
            sections += [heading.text, heading.id, heading.sectionText]
        }
        return PageEntry(
            title: page.title, url: page.chapter.outputHref,
            sections: JSONLiteral.array(sections),
            grams: grams.elements)
    }

    /// The path of the text shard whose first page is `first`.
    static func textFile(_ first: Int) -> String { "search/t/\(first).js" }

    /// The text shards' files that are byte for byte as the last build wrote them, given which
    /// pages (in book order) come from it unchanged: those whose whole group does.
    static func unchangedTextFiles(_ entries: [PageEntry], fromMemory: [Bool]) -> [String] {
        SearchTextShards.shards(sizes: entries.map(\.sections.count)).filter { shard in
            SearchTextShards.group(of: shard, pageCount: entries.count).allSatisfy { fromMemory[$0] }
        }.map { textFile($0.lowerBound) }
    }

    /// Every file of the index, by site path, for pages in book order.
    static func files(_ entries: [PageEntry]) -> [String: [UInt8]] {
        var entries = entries
        return files(consuming: &entries)
    }

    /// The same, emptying each entry's sections and grams once they are in the index: with the
    /// only references to them, the pages' text is not held twice (issue 36).
    static func files(consuming entries: inout [PageEntry]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        let textShards = SearchTextShards.shards(sizes: entries.map(\.sections.count))
        var shardOfPage = [Int](repeating: 0, count: entries.count)
        var texts: [UInt8] = [UInt8(ascii: "{")]
        for shard in textShards {
            var object: [UInt8] = [UInt8(ascii: "{")]
            for page in shard {
                shardOfPage[page] = shard.lowerBound
                if page > shard.lowerBound { object.append(UInt8(ascii: ",")) }
                object.append(contentsOf: Array("\"\(page)\":".utf8))
                object.append(contentsOf: entries[page].sections)
                entries[page].sections = []
            }
            object.append(UInt8(ascii: "}"))
            if texts.count > 1 { texts.append(UInt8(ascii: ",")) }
            texts.append(contentsOf: Array("\"\(shard.lowerBound)\":\(object.count)".utf8))
            files[textFile(shard.lowerBound)] = script(key: "t\(shard.lowerBound)", object)
        }
        texts.append(UInt8(ascii: "}"))
        var postings: [UInt32: [Int32]] = [:]
        postings.reserveCapacity(entries.count * 64)
        for index in entries.indices {
            for gram in entries[index].grams { postings[gram, default: []].append(Int32(index)) }
            entries[index].grams = []
        }
        let encoded = postings.mapValues { SearchPostings.encode($0, pageCount: entries.count) }
        let total = encoded.values.reduce(0) { $0 + $1.count + 10 }
        let shardCount = max(1, total / targetShardBytes)
        var shards = [[(UInt32, [UInt8])]](repeating: [], count: shardCount)
        for (gram, posting) in encoded {
            shards[Int(SearchGrams.hash(gram) % UInt32(shardCount))].append((gram, posting))
        }
        for (number, shard) in shards.enumerated() {
            var object: [UInt8] = [UInt8(ascii: "{")]
            for (offset, (gram, posting)) in shard.sorted(by: { $0.0 < $1.0 }).enumerated() {
                if offset > 0 { object.append(UInt8(ascii: ",")) }
                JSONLiteral.append(SearchGrams.string(gram), to: &object)
                object.append(UInt8(ascii: ":"))
                object.append(UInt8(ascii: "\""))
                object.append(contentsOf: posting)
                object.append(UInt8(ascii: "\""))
            }
            object.append(UInt8(ascii: "}"))
            files["search/g/\(number).js"] = script(key: "g\(number)", object)
        }
        var pages: [UInt8] = Array("{\"shards\":\(shardCount),\"texts\":".utf8) + texts + Array(",\"pages\":[".utf8)
        for (index, entry) in entries.enumerated() {
            if index > 0 { pages.append(UInt8(ascii: ",")) }
            pages.append(UInt8(ascii: "["))
            JSONLiteral.append(entry.title, to: &pages)
            pages.append(UInt8(ascii: ","))
            JSONLiteral.append(entry.url, to: &pages)
            pages.append(contentsOf: Array(",\(shardOfPage[index])]".utf8))
        }
        pages.append(contentsOf: Array("]}".utf8))
        files[pagesFile] = script(key: "pages", pages)
        return files
    }

    /// `window.LECTURE_SEARCH_DATA["key"]=value;` (the object is made by whichever file runs first).
    static func script(key: String, _ value: [UInt8]) -> [UInt8] {
        Array("(window.LECTURE_SEARCH_DATA=window.LECTURE_SEARCH_DATA||{})[\"\(key)\"]=".utf8) + value
            + Array(";\n".utf8)
    }
}
