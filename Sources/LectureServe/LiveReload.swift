import CommonMark
import LectureKit

/// The script and error overlay that `lecture serve` puts into the HTML pages it serves.
///
/// Injected at serve time into the HTTP response only, never into the files `lecture build`
/// writes: the snippet goes right before the last `</body>` that is markup, not text of a comment
/// or a script (`InjectionPoint`; at the end of a page without one). The script (`LiveReloadClient`) follows the builds through one event stream per
/// browser, shared by every tab, and, for a newer build, swaps the page's `<main>` in place or
/// reloads it, or else shows or hides the error overlay. When the last rebuild failed, the
/// overlay is also in the served HTML itself, so it is there at once, before any event.
enum LiveReload {
    /// The Server-Sent Events endpoint; `/__lecture/` is reserved for the server.
    static let eventsPath = "/__lecture/events"
    /// The shared worker that holds a browser's one event stream (`LiveReloadClient.worker`).
    static let workerPath = "/__lecture/live-reload-worker.js"
    /// The `id` of the overlay element and of the injected script.
    static let overlayID = ThemeIDs.buildErrorOverlay
    /// The `id` of the injected `<script>` element, by which tests and tools recognise it.
    static let scriptID = ThemeIDs.liveReloadScript

    /// `html` with the snippet for `state` inserted before its last `</body>` that is markup (not
    /// in a comment or a script's text: `InjectionPoint`), matched case-insensitively on bytes, so
    /// a page that is not valid UTF-8 passes through unchanged; a page with no such place is
    /// served as it is.
    static func inject(into html: [UInt8], state: SiteState) -> [UInt8] {
        guard let index = InjectionPoint.of(html) else { return html }
        let snippet = Array(self.snippet(state, shell: shell(of: html)).utf8)
        return Array(html[..<index]) + snippet + Array(html[index...])
    }

    /// The overlay (when `state.errors` is set) and the script, which carries the page's
    /// version and `shell`.
    static func snippet(_ state: SiteState, shell: String) -> String {
        var html = ""
        if let errors = state.errors { html += overlay(errors, hasGoodBuild: state.hasGoodBuild) }
        html +=
            "<script id=\"\(scriptID)\" data-version=\"\(HTML.escape(state.version))\" data-shell=\"\(shell)\">"
            + LiveReloadClient.page + "</script>\n"
        return html
    }

    /// A hash (FNV-1a, hex) of the page without its `<main>` element's content: the bytes up to
    /// the end of the first `<main …>` tag and from the last `</main>` on (the whole page when
    /// it has none). Two pages with the same shell differ only inside `<main>`, so a tab may
    /// swap that in place; any other difference (navigation, table of contents, template)
    /// needs a reload.
    static func shell(of html: [UInt8]) -> String {
        var outside = html
        if let open = firstIndex(of: "<main", in: html), let openEnd = html[open...].firstIndex(of: UInt8(ascii: ">")),
            let close = lastIndex(of: "</main>", in: html), close > openEnd
        {
            outside = Array(html[...openEnd]) + Array(html[close...])
        }
        return StableHash.hex(outside)
    }

    /// The overlay as HTML, the diagnostics escaped: a fixed panel at the top of the page.
    /// The overlay's title: whether the page under it is the last good build or, when no build of
    /// this session has succeeded, whatever the output folder held before.
    static func overlayTitle(hasGoodBuild: Bool) -> String {
        hasGoodBuild
            ? "lecture serve: the rebuild failed; this is the last good build"
            : "lecture serve: the build failed; no good build exists yet (the page below, if any, is from an earlier run)"
    }

    static func overlay(_ errors: String, hasGoodBuild: Bool) -> String {
        "<div id=\"\(overlayID)\" role=\"alert\" style=\"\(overlayStyle)\">"
            + "<button type=\"button\" aria-label=\"Close\" style=\"\(closeStyle)\" onclick=\"this.parentNode.remove()\">×</button>"
            + "<strong>\(HTML.escape(overlayTitle(hasGoodBuild: hasGoodBuild)))</strong>"
            + "<pre style=\"\(preStyle)\">\(HTML.escape(errors))</pre></div>\n"
    }

    static let overlayStyle =
        "position:fixed;z-index:2147483647;top:0;left:0;right:0;max-height:60vh;overflow:auto;"
        + "margin:0;padding:12px 44px 12px 16px;background:#3b0a0a;color:#fff;font:14px/1.4 system-ui,sans-serif;"
        + "box-shadow:0 2px 12px rgba(0,0,0,.5);text-align:left"
    static let closeStyle =
        "position:absolute;top:6px;right:10px;background:none;border:0;color:#fff;font-size:22px;cursor:pointer"
    static let preStyle =
        "margin:8px 0 0;padding:0;border:0;background:none;box-shadow:none;max-height:none;overflow:visible;white-space:pre-wrap;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;color:#ffd7d7"

    /// Where the last case-insensitive match of `needle` (lowercase ASCII) starts.
    private static func lastIndex(of needle: String, in html: [UInt8]) -> Int? {
        let needle = Array(needle.utf8)
        guard html.count >= needle.count else { return nil }
        return stride(from: html.count - needle.count, through: 0, by: -1).first { matches(needle, in: html, at: $0) }
    }

    /// Where the first case-insensitive match of `needle` (lowercase ASCII) starts.
    private static func firstIndex(of needle: String, in html: [UInt8]) -> Int? {
        let needle = Array(needle.utf8)
        guard html.count >= needle.count else { return nil }
        return (0...(html.count - needle.count)).first { matches(needle, in: html, at: $0) }
    }

    /// Whether `html` holds `needle` (lowercase ASCII) at `start`, in any ASCII case.
    static func matches(_ needle: [UInt8], in html: [UInt8], at start: Int) -> Bool {
        for offset in 0..<needle.count {
            var byte = html[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != needle[offset] { return false }
        }
        return true
    }
}
