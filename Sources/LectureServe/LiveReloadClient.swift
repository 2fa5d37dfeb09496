import LectureKit

/// The JavaScript of live reload: the script put into every served page and the shared worker
/// that holds the browser's one event stream.
///
/// One stream per browser, not per tab: a browser opens at most six HTTP/1.1 connections to a
/// host (Chromium's per-host limit), so with a stream per tab, six open tabs used them all and a
/// seventh tab, or the search index, never loaded. A `SharedWorker` (HTML standard §10.2.6) is
/// shared by every tab of the origin and works without a secure context, so it holds the one
/// `EventSource` and relays each event to the tabs' ports; it was chosen over a leader tab on a
/// `BroadcastChannel`, which needs an election (Web Locks, secure contexts only) and a
/// hand-over when the leader closes. Where `SharedWorker` is missing (Chrome on Android) or
/// fails to start, each tab opens its own stream, closes it while the tab is hidden and opens it
/// again when shown, whose first event (`hello`) is the version check.
///
/// For each state (`SiteState.json`) a tab compares the build (`<boot>-<n>`) with its own: a
/// newer one is taken by swapping the page's `<main>` in place, keeping the scroll position —
/// the tab fetches its URL again and, if the new page's shell (`LiveReload.shell(of:)`) is
/// unchanged and no build since its own needed a full reload (`fullReload`, a template or
/// asset changed), replaces `<main>`'s content and fires `lecture:content-replaced` on the
/// document (so the site's scripts can highlight code and add buttons again) — or by a full
/// reload otherwise. The same build shows or hides the error overlay.
enum LiveReloadClient {
    /// The page's script: ES5, no dependencies, nothing global; the version and shell come
    /// from the script element's `data-version` and `data-shell`.
    static let page = """
        (function () {
          var me = document.getElementById(\(JSONLiteral.quoted(LiveReload.scriptID)));
          if (!me) return;
          var version = me.getAttribute("data-version"), shell = me.getAttribute("data-shell");
          var id = \(JSONLiteral.quoted(LiveReload.overlayID));
          var latest = null, busy = false;
          function parse(v) { var i = v.lastIndexOf("-"); return { boot: v.slice(0, i), n: +v.slice(i + 1) }; }
          function show(state) {
            var old = document.getElementById(id);
            if (old) old.parentNode.removeChild(old);
            if (!state.errors) return;
            var box = document.createElement("div");
            box.id = id;
            box.setAttribute("role", "alert");
            box.setAttribute("style", \(JSONLiteral.quoted(LiveReload.overlayStyle)));
            var close = document.createElement("button");
            close.type = "button";
            close.setAttribute("aria-label", "Close");
            close.setAttribute("style", \(JSONLiteral.quoted(LiveReload.closeStyle)));
            close.textContent = "\\u00d7";
            close.onclick = function () { box.parentNode.removeChild(box); };
            var title = document.createElement("strong");
            title.textContent = state.built ? \(JSONLiteral.quoted(LiveReload.overlayTitle(hasGoodBuild: true)))
              : \(JSONLiteral.quoted(LiveReload.overlayTitle(hasGoodBuild: false)));
            var pre = document.createElement("pre");
            pre.setAttribute("style", \(JSONLiteral.quoted(LiveReload.preStyle)));
            pre.textContent = state.errors;
            box.appendChild(close);
            box.appendChild(title);
            box.appendChild(pre);
            document.body.appendChild(box);
          }
          function reload() { busy = true; location.reload(); }
          function swap() {
            busy = true;
            fetch(location.href.split("#")[0], { cache: "no-store", credentials: "same-origin" })
              .then(function (response) { return response.text(); })
              .then(function (text) {
                var doc = new DOMParser().parseFromString(text, "text/html");
                var next = doc.getElementById(me.id), main = document.querySelector("main"), fresh = doc.querySelector("main");
                if (!next || !main || !fresh || next.getAttribute("data-shell") !== shell) { reload(); return; }
                version = next.getAttribute("data-version");
                main.innerHTML = fresh.innerHTML;
                if (doc.title) document.title = doc.title;
                document.dispatchEvent(new CustomEvent("lecture:content-replaced", { detail: { element: main } }));
                busy = false;
                if (latest) apply(latest);
              })["catch"](reload);
          }
          function apply(state) {
            latest = state;
            if (busy) return;
            var theirs = parse(state.version), mine = parse(version);
            if (theirs.boot !== mine.boot) { reload(); return; }
            if (theirs.n > mine.n) {
              if (mine.n < state.fullReload || !window.fetch || !window.DOMParser) reload(); else swap();
              return;
            }
            show(state);
          }
          function direct() {
            var source = null;
            function open() {
              if (source || !window.EventSource) return;
              source = new EventSource(\(JSONLiteral.quoted(LiveReload.eventsPath)));
              ["hello", "reload", "error"].forEach(function (name) {
                source.addEventListener(name, function (event) { apply(JSON.parse(event.data)); });
              });
            }
            function close() { if (source) { source.close(); source = null; } }
            document.addEventListener("visibilitychange", function () { if (document.hidden) close(); else open(); });
            if (!document.hidden) open();
          }
          var worker = null;
          try { worker = window.SharedWorker ? new SharedWorker(\(JSONLiteral.quoted(LiveReload.workerPath)), "lecture-live-reload") : null; } catch (e) { worker = null; }
          if (!worker) { direct(); return; }
          var fellBack = false;
          worker.onerror = function () { if (!fellBack) { fellBack = true; direct(); } };
          worker.port.onmessage = function (event) { if (!fellBack) apply(JSON.parse(event.data)); };
          window.addEventListener("pagehide", function () { worker.port.postMessage("bye"); });
          window.addEventListener("pageshow", function (event) { if (event.persisted) worker.port.postMessage("hi"); });
        })();
        """

    /// The shared worker: one `EventSource` for the whole browser, each event's data relayed
    /// to every connected tab, the last one also to a tab as it connects. A tab says `bye`
    /// when it goes away (or into the back-forward cache) and `hi` when it comes back.
    static let worker = """
        var ports = [], last = null, source = null;
        function send(port, data) { try { port.postMessage(data); } catch (e) {} }
        function add(port) {
          if (ports.indexOf(port) < 0) ports.push(port);
          if (last) send(port, last);
        }
        function open() {
          source = new EventSource(\(JSONLiteral.quoted(LiveReload.eventsPath)));
          ["hello", "reload", "error"].forEach(function (name) {
            source.addEventListener(name, function (event) {
              last = event.data;
              ports.forEach(function (port) { send(port, event.data); });
            });
          });
        }
        onconnect = function (event) {
          var port = event.ports[0];
          port.onmessage = function (message) {
            if (message.data === "bye") ports = ports.filter(function (p) { return p !== port; });
            else if (message.data === "hi") add(port);
          };
          add(port);
          if (!source) open();
        };

        """
}
