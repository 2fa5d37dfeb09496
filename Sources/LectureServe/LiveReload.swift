import CommonMark

/// The script and error overlay that `lecture serve` puts into the HTML pages it serves.
///
/// Injected at serve time into the HTTP response only, never into the files `lecture build`
/// writes: the snippet goes right before the last `</body>` (or at the end of a page without
/// one). It opens an `EventSource` on `eventsPath` and, for every event (see `ReloadHub`),
/// reloads the page when the event's version differs from the one the page was served with,
/// or else shows or hides the error overlay. When the last rebuild failed, the overlay is also
/// in the served HTML itself, so it is there at once, before the stream connects.
public enum LiveReload {
    /// The Server-Sent Events endpoint; `/__lecture/` is reserved for the server.
    public static let eventsPath = "/__lecture/events"
    /// The `id` of the overlay element and of the injected script.
    public static let overlayID = "lecture-build-errors"
    /// The `id` of the injected `<script>` element, by which tests and tools recognise it.
    public static let scriptID = "lecture-live-reload"

    /// `html` with the snippet for `state` inserted before its last `</body>`, matched
    /// case-insensitively on bytes, so a page that is not valid UTF-8 passes through unchanged.
    public static func inject(into html: [UInt8], state: SiteState) -> [UInt8] {
        let snippet = Array(self.snippet(state).utf8)
        guard let index = lastBodyClose(in: html) else { return html + snippet }
        return Array(html[..<index]) + snippet + Array(html[index...])
    }

    /// The overlay (when `state.errors` is set) and the script.
    public static func snippet(_ state: SiteState) -> String {
        var html = ""
        if let errors = state.errors { html += overlay(errors) }
        html += "<script id=\"\(scriptID)\">" + script(version: state.version) + "</script>\n"
        return html
    }

    /// The overlay as HTML, the diagnostics escaped: a fixed panel at the top of the page.
    static func overlay(_ errors: String) -> String {
        "<div id=\"\(overlayID)\" role=\"alert\" style=\"\(overlayStyle)\">"
            + "<button type=\"button\" aria-label=\"Close\" style=\"\(closeStyle)\" onclick=\"this.parentNode.remove()\">×</button>"
            + "<strong>lecture serve: the rebuild failed; this is the last good build</strong>"
            + "<pre style=\"\(preStyle)\">\(HTML.escape(errors))</pre></div>\n"
    }

    static let overlayStyle = "position:fixed;z-index:2147483647;top:0;left:0;right:0;max-height:60vh;overflow:auto;"
        + "margin:0;padding:12px 44px 12px 16px;background:#3b0a0a;color:#fff;font:14px/1.4 system-ui,sans-serif;"
        + "box-shadow:0 2px 12px rgba(0,0,0,.5);text-align:left"
    static let closeStyle = "position:absolute;top:6px;right:10px;background:none;border:0;color:#fff;font-size:22px;cursor:pointer"
    static let preStyle = "margin:8px 0 0;padding:0;border:0;background:none;box-shadow:none;max-height:none;overflow:visible;white-space:pre-wrap;font:13px/1.45 ui-monospace,Menlo,Consolas,monospace;color:#ffd7d7"

    /// The client: ES5, no dependencies, nothing global but the two elements' ids.
    static func script(version: String) -> String {
        """
        (function () {
          var version = \(JSONText.quoted(version));
          var id = \(JSONText.quoted(overlayID));
          function show(errors) {
            var old = document.getElementById(id);
            if (old) old.parentNode.removeChild(old);
            if (!errors) return;
            var box = document.createElement("div");
            box.id = id;
            box.setAttribute("role", "alert");
            box.setAttribute("style", \(JSONText.quoted(overlayStyle)));
            var close = document.createElement("button");
            close.type = "button";
            close.setAttribute("aria-label", "Close");
            close.setAttribute("style", \(JSONText.quoted(closeStyle)));
            close.textContent = "\\u00d7";
            close.onclick = function () { box.parentNode.removeChild(box); };
            var title = document.createElement("strong");
            title.textContent = "lecture serve: the rebuild failed; this is the last good build";
            var pre = document.createElement("pre");
            pre.setAttribute("style", \(JSONText.quoted(preStyle)));
            pre.textContent = errors;
            box.appendChild(close);
            box.appendChild(title);
            box.appendChild(pre);
            document.body.appendChild(box);
          }
          function update(event) {
            var state = JSON.parse(event.data);
            if (state.version !== version) { location.reload(); return; }
            show(state.errors);
          }
          if (!window.EventSource) return;
          var source = new EventSource(\(JSONText.quoted(eventsPath)));
          ["hello", "reload", "error"].forEach(function (name) { source.addEventListener(name, update); });
        })();
        """
    }

    private static func lastBodyClose(in html: [UInt8]) -> Int? {
        let needle = Array("</body>".utf8)
        guard html.count >= needle.count else { return nil }
        var start = html.count - needle.count
        while start >= 0 {
            var matches = true
            for offset in 0..<needle.count {
                var byte = html[start + offset]
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
                if byte != needle[offset] { matches = false; break }
            }
            if matches { return start }
            start -= 1
        }
        return nil
    }
}
