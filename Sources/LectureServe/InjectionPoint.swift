import LectureSupport

/// Where `lecture serve` may put its live-reload snippet into a page: before the page's last
/// `</body>` that is markup, never one inside a comment or inside the text of a `<script>`,
/// `<style>` or another raw text element, read as HTML's tokenizer reads them (`HTMLAttributes`,
/// the one reader the build's checks use): a `</body>` inside a script's string is not the
/// body's end, and a snippet put there would break the template's script, show `";` as text
/// and leave live reload dead.
///
/// Without such a `</body>` (HTML lets a page leave it out), the end of the page, when the page
/// does not end inside a comment or raw text; else no place (`nil`), and the page is served as
/// it is, without live reload.
enum InjectionPoint {
    static func of(_ html: [UInt8]) -> Int? {
        var hidden: [Range<Int>] = []
        HTMLAttributes.scan(
            html, rawText: { _, range in hidden.append(range) }, comment: { hidden.append($0) }, visit: { _ in })
        func isHidden(_ offset: Int) -> Bool { hidden.contains { $0.contains(offset) } }
        let needle = Array("</body".utf8)
        var offset = html.count - needle.count
        while offset >= 0 {
            if LiveReload.matches(needle, in: html, at: offset), !isHidden(offset) {
                let after = offset + needle.count
                if after == html.count || [0x20, 0x09, 0x0A, 0x0C, 0x0D, 0x2F, 0x3E].contains(html[after]) {
                    return offset
                }
            }
            offset -= 1
        }
        // A comment or raw text left open runs to the end: nothing after it would be markup.
        return hidden.contains { $0.upperBound >= html.count } ? nil : html.count
    }
}
