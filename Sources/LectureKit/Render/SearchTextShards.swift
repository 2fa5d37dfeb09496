/// How the pages' sections of the search index are grouped into files (`search/t/N.js`, N the
/// shard's first page): one file a page made a large book mostly small files (1,000 of the
/// 2,042 files of a 1,000-page book), and creating a file costs the kernel more than writing its
/// bytes (ext4's inode allocation, most of all right after a site was removed).
///
/// Pages are cut into groups of `pagesPerGroup` consecutive pages; a group whose sections exceed
/// `targetBytes` is split, greedily in page order, into shards of about that size. A shard never
/// spans two groups, so the shards of a group depend only on its own pages: a preview rebuild
/// that re-renders one page rewrites only that page's group.
enum SearchTextShards {
    /// Consecutive pages per group (the most pages in one shard).
    static let pagesPerGroup = 8
    /// Section bytes (UTF-8 JSON) a shard aims at: a query whose match is in one page loads at
    /// most this much text beside that page's; a first batch of results, one or two shards.
    static let targetBytes = 128_000

    /// The shards of pages whose sections take `sizes` bytes, in page order: page-number ranges
    /// that together cover `0..<sizes.count` once.
    static func shards(sizes: [Int]) -> [Range<Int>] {
        var shards: [Range<Int>] = []
        var start = 0
        var bytes = 0
        for (page, size) in sizes.enumerated() {
            if page > start && (page % pagesPerGroup == 0 || bytes + size > targetBytes) {
                shards.append(start..<page)
                start = page
                bytes = 0
            }
            bytes += size
        }
        if start < sizes.count { shards.append(start..<sizes.count) }
        return shards
    }

    /// The pages whose sections decide `shard`'s bytes: its whole group.
    static func group(of shard: Range<Int>, pageCount: Int) -> Range<Int> {
        let first = shard.lowerBound / pagesPerGroup * pagesPerGroup
        return first..<min(first + pagesPerGroup, pageCount)
    }
}
