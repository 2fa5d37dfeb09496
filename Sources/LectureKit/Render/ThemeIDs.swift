import Foundation
import LectureSupport

/// Every `id` the site's own chrome uses, which no heading of a page may take (a heading "Lecture
/// Print TOC Title" would take `lecture-print-toc-title`, the print page's contents title: the
/// print page would hold the id twice and a link to it would jump to the wrong place). The
/// built-in theme's ids are all `lecture-…` (but the 404 page's mdBook heading), so a heading
/// keeps the id mdBook gives it; a theme of the book's own may use any.
///
/// Read from the theme itself, so an id a template gains is reserved without a list to keep:
/// `page.html`, `404.html` and every partial (`partials/*.html`: the print page's front matter
/// and contents among them), each `id="…"` that is not a placeholder; the ids the theme's
/// scripts look up (`getElementById("…")`, `querySelector("#…")`); and the ids the preview adds
/// to every page (`preview`, which `lecture serve` writes with these names).
package enum ThemeIDs {
    /// The ids `lecture serve` adds to every page it serves: its live-reload script and the
    /// overlay listing a failed build's errors.
    package static let liveReloadScript = "lecture-live-reload"
    package static let buildErrorOverlay = "lecture-build-errors"
    package static let preview: Set<String> = [liveReloadScript, buildErrorOverlay]

    /// The ids of `templates` (its folder's `page.html`, `404.html` and scripts, its partials),
    /// and the preview's.
    static func of(_ templates: Templates) -> Set<String> {
        var ids = preview
        func read(_ name: String) -> String? {
            (templates.embedded[name] ?? (try? FileSystem.read(FileSystem.join(templates.directory, name)))).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
        for html in ["page.html", "404.html"].compactMap(read) + templates.partials.texts.values {
            ids.formUnion(HTMLIDs.of(html).filter { !$0.contains("{{") && !$0.isEmpty })
        }
        for script in templates.assets where script.hasSuffix(".js") {
            if let text = read(script) { ids.formUnion(scriptIDs(text)) }
        }
        return ids
    }

    /// The ids a script names as string literals: `getElementById("x")`, `querySelector("#x")`
    /// (a plain `#name` selector only). Found in the script's UTF-8 (`memchr`), not with
    /// Foundation's `range(of:)`: every build reads the theme's scripts (2% of a rebuild, `perf`).
    static func scriptIDs(_ script: String) -> Set<String> {
        var ids = Set<String>()
        let bytes = Array(script.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            for call in ["getElementById(", "querySelector(", "querySelectorAll("] {
                let pattern = Array(call.utf8)
                var start = 0
                while let at = UTF8Search.offset(of: pattern[0], in: buffer, from: start) {
                    start = at + 1
                    let open = at + pattern.count
                    guard open < buffer.count, buffer[at..<open].elementsEqual(pattern) else { continue }
                    start = open
                    let quote = buffer[open]
                    guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                        let close = UTF8Search.offset(of: quote, in: buffer, from: open + 1)
                    else { continue }
                    var literal = Substring(String(decoding: buffer[(open + 1)..<close], as: UTF8.self))
                    if call != "getElementById(" {
                        guard literal.hasPrefix("#") else { continue }
                        literal = literal.dropFirst()
                        guard literal.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                            continue
                        }
                    }
                    if !literal.isEmpty { ids.insert(String(literal)) }
                }
            }
        }
        return ids
    }
}
