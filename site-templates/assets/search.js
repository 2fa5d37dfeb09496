/* lecture — client-side search.
   The index (search-index.js at the site root) is loaded with a <script src>
   on first use, so it works from file:// too. Matching is a case-insensitive
   substring search on the raw text (no word splitting, so it works for
   Korean), tried three ways, best first:
     1. the query as typed (runs of spaces collapsed),
     2. the query with every space removed, against the text with every
        space removed ("뷰 모델" finds "뷰모델" and the other way round),
     3. every space-separated term somewhere in the page title, section
        heading or section text ("뷰컨트롤러 역할" finds "뷰컨트롤러의 역할"). */
(function () {
  "use strict";

  var doc = document;
  var form = doc.getElementById("lecture-search");
  var input = doc.getElementById("lecture-search-input");
  var panel = doc.getElementById("lecture-search-results");
  var toggle = doc.getElementById("lecture-search-toggle");
  if (!form || !input || !panel) return;
  var header = form.closest ? form.closest(".site-header") : null;
  input.setAttribute("enterkeyhint", "search");

  var siteRoot = form.getAttribute("data-root") || "";
  var indexUrl = form.getAttribute("data-index") || siteRoot + "search-index.js";
  var MAX_RESULTS = 40;
  var EXCERPT_BEFORE = 28;
  var EXCERPT_LENGTH = 110;

  var entries = null;    // prepared sections and pages
  var loadState = "idle"; // idle | loading | ready | failed
  var lastQuery = null;
  var announceTimer = 0;

  var status = doc.createElement("p");
  status.className = "search-status";
  var list = doc.createElement("ol");
  list.className = "search-list";
  list.setAttribute("aria-label", "검색 결과");
  panel.appendChild(status);
  panel.appendChild(list);

  function announce(text) {
    if (window.lectureAnnounce) window.lectureAnnounce(text);
  }

  /* ---------- text preparation ---------- */
  function nfc(s) { return s.normalize ? s.normalize("NFC") : s; }

  // toLowerCase, but never changing the string's length, so indexes in the
  // lowered text are indexes in the displayed text.
  function lowerSameLength(s) {
    var l = s.toLowerCase();
    if (l.length === s.length) return l;
    var out = "";
    for (var i = 0; i < s.length; i++) {
      var c = s.charAt(i), lc = c.toLowerCase();
      out += lc.length === 1 ? lc : c;
    }
    return out;
  }

  function prepare(raw) {
    var display = nfc(String(raw == null ? "" : raw)).replace(/\s+/g, " ").trim();
    var lower = lowerSameLength(display);
    return { display: display, lower: lower, compact: lower.replace(/ /g, ""), map: null };
  }

  // Index in `compact` → index in `display`.
  function compactMap(field) {
    if (field.map) return field.map;
    var map = [];
    for (var i = 0; i < field.lower.length; i++) {
      if (field.lower.charCodeAt(i) !== 32) map.push(i);
    }
    map.push(field.lower.length);
    field.map = map;
    return map;
  }

  function buildEntries(index) {
    var out = [];
    (Array.isArray(index) ? index : []).forEach(function (page, pageOrder) {
      if (!page || typeof page.url !== "string") return;
      var title = prepare(page.title);
      var sections = Array.isArray(page.sections) ? page.sections : [];
      var firstText = "";
      var hasIntro = false;
      sections.forEach(function (sec, i) {
        if (!sec) return;
        if (!firstText && sec.text) firstText = sec.text;
        // The page's opening text (a section without an anchor, or the first
        // one when it is headed by the page's own <h1>) stands for the page
        // itself: the page title is searched with it and it links to the page.
        var heading = prepare(sec.heading);
        var intro = !sec.anchor || (i === 0 && heading.lower === title.lower);
        if (intro) hasIntro = true;
        out.push({
          kind: intro ? "page" : "section",
          order: pageOrder * 1000 + i + 1,
          url: page.url,
          anchor: intro ? "" : sec.anchor,
          page: title,
          heading: intro ? prepare("") : heading,
          text: prepare(sec.text)
        });
      });
      if (!hasIntro) {
        out.push({
          kind: "page",
          order: pageOrder * 1000,
          url: page.url,
          anchor: "",
          page: title,
          heading: prepare(""),
          text: prepare(firstText)
        });
      }
    });
    return out;
  }

  /* ---------- matching ---------- */
  function findPhrase(field, needle, limit) {
    var ranges = [];
    if (!needle) return ranges;
    var from = 0, i;
    while (ranges.length < limit && (i = field.lower.indexOf(needle, from)) !== -1) {
      ranges.push([i, i + needle.length]);
      from = i + needle.length;
    }
    return ranges;
  }

  function findCompact(field, needle, limit) {
    var ranges = [];
    if (!needle) return ranges;
    var from = 0, i, map = null;
    while (ranges.length < limit && (i = field.compact.indexOf(needle, from)) !== -1) {
      map = map || compactMap(field);
      ranges.push([map[i], map[i + needle.length - 1] + 1]);
      from = i + needle.length;
    }
    return ranges;
  }

  function mergeRanges(ranges) {
    ranges.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });
    var out = [];
    ranges.forEach(function (r) {
      var last = out[out.length - 1];
      if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
      else out.push([r[0], r[1]]);
    });
    return out;
  }

  // Ranges of `q` in one field for match strategy `tier` (3 phrase, 2 compact, 1 terms).
  function rangesFor(field, q, tier, limit) {
    // phrase and space-insensitive matches are both highlighted
    if (tier >= 2) return mergeRanges(findPhrase(field, q.lower, limit).concat(findCompact(field, q.compact, limit)));
    var all = [];
    q.terms.forEach(function (t) { all = all.concat(findCompact(field, t, limit)); });
    return mergeRanges(all);
  }

  function has(field, needle) { return needle && field.compact.indexOf(needle) !== -1; }

  function scoreEntry(e, q) {
    // a page entry made up for a page without opening text matches on its title only
    var fields = e.synthetic ? [e.page] : e.kind === "page" ? [e.page, e.text] : [e.heading, e.text];
    var tier = 0;
    if (fields.some(function (f) { return f.lower.indexOf(q.lower) !== -1; })) tier = 3;
    else if (q.compact && fields.some(function (f) { return has(f, q.compact); })) tier = 2;
    else if (q.terms.length > 1) {
      // every term somewhere in this section (its page title counts too)
      var pool = [e.page, e.heading, e.text];
      var inOwn = q.terms.some(function (t) { return fields.some(function (f) { return has(f, t); }); });
      var all = q.terms.every(function (t) { return pool.some(function (f) { return has(f, t); }); });
      if (all && inOwn) tier = 1;
    }
    if (!tier) return null;

    var score = tier * 100;
    var pick = function (f) { return rangesFor(f, q, tier, 50); };
    var pageR = pick(e.page), headR = pick(e.heading), textR = pick(e.text);
    if (pageR.length && e.kind === "page") score += 60;
    if (headR.length) score += 40;
    if (e.kind === "page" && e.page.lower === q.lower) score += 50;
    if (e.heading.lower === q.lower) score += 30;
    score += Math.min(textR.length, 8) * 2;
    if (textR.length) score += Math.max(0, 10 - Math.floor(textR[0][0] / 200));
    return { entry: e, score: score, tier: tier, pageR: pageR, headR: headR, textR: textR };
  }

  function search(raw) {
    var q = prepare(raw);
    if (!q.compact) return [];
    q.terms = q.lower.split(" ").filter(Boolean);
    var results = [];
    for (var i = 0; i < entries.length; i++) {
      var r = scoreEntry(entries[i], q);
      if (r) results.push(r);
    }
    results.sort(function (a, b) { return b.score - a.score || a.entry.order - b.entry.order; });
    return results;
  }

  /* ---------- rendering ---------- */
  function appendMarked(parent, text, ranges, offset) {
    var pos = 0;
    ranges.forEach(function (r) {
      var s = Math.max(r[0] - offset, 0), e = Math.min(r[1] - offset, text.length);
      if (e <= s || s < pos) return;
      if (s > pos) parent.appendChild(doc.createTextNode(text.slice(pos, s)));
      var mark = doc.createElement("mark");
      mark.textContent = text.slice(s, e);
      parent.appendChild(mark);
      pos = e;
    });
    if (pos < text.length) parent.appendChild(doc.createTextNode(text.slice(pos)));
  }

  function excerpt(field, ranges) {
    var span = doc.createElement("span");
    span.className = "result-excerpt";
    var text = field.display;
    if (!text) return null;
    var start = 0;
    if (ranges.length) start = Math.max(0, ranges[0][0] - EXCERPT_BEFORE);
    // do not start in the middle of a word when it is cheap to avoid
    if (start > 0) {
      var sp = text.lastIndexOf(" ", start);
      if (sp !== -1 && start - sp < 12) start = sp + 1;
    }
    var end = Math.min(text.length, start + EXCERPT_LENGTH);
    if (ranges.length && ranges[0][1] > end) end = Math.min(text.length, ranges[0][1] + 20);
    if (start > 0) span.appendChild(doc.createTextNode("…"));
    var inside = ranges.filter(function (r) { return r[1] > start && r[0] < end; });
    appendMarked(span, text.slice(start, end), inside, start);
    if (end < text.length) span.appendChild(doc.createTextNode("…"));
    return span;
  }

  function hrefFor(entry) {
    return siteRoot + entry.url + (entry.anchor ? "#" + entry.anchor : "");
  }

  function render(raw) {
    list.textContent = "";
    if (loadState === "failed") {
      status.textContent = "검색 색인을 불러오지 못했습니다.";
      openPanel();
      return;
    }
    if (loadState !== "ready") {
      status.textContent = "검색 색인을 불러오는 중…";
      openPanel();
      return;
    }
    var results = search(raw);
    var shown = results.slice(0, MAX_RESULTS);
    shown.forEach(function (r) {
      var e = r.entry;
      var li = doc.createElement("li");
      var a = doc.createElement("a");
      a.href = hrefFor(e);
      var title = doc.createElement("span");
      title.className = "result-title";
      appendMarked(title, e.page.display || e.url, r.pageR, 0);
      if (e.kind === "section" && e.heading.display && e.heading.display !== e.page.display) {
        var sep = doc.createElement("span");
        sep.className = "result-sep";
        sep.setAttribute("aria-hidden", "true");
        sep.textContent = "›";
        title.appendChild(sep);
        var h = doc.createElement("span");
        h.className = "visually-hidden";
        h.textContent = ", ";
        title.appendChild(h);
        appendMarked(title, e.heading.display, r.headR, 0);
      }
      a.appendChild(title);
      var ex = excerpt(e.text, r.textR);
      if (ex) a.appendChild(ex);
      li.appendChild(a);
      list.appendChild(li);
    });
    var msg;
    if (!results.length) msg = "「" + raw.trim() + "」에 대한 결과가 없습니다.";
    else if (results.length > shown.length) msg = "결과 " + results.length + "개 중 " + shown.length + "개";
    else msg = "결과 " + results.length + "개";
    status.textContent = msg;
    openPanel();
    clearTimeout(announceTimer);
    announceTimer = setTimeout(function () { announce(msg); }, 500);
  }

  /* ---------- loading the index ---------- */
  function loadIndex() {
    if (loadState !== "idle") return;
    if (window.LECTURE_SEARCH_INDEX) {
      entries = buildEntries(window.LECTURE_SEARCH_INDEX);
      loadState = "ready";
      return;
    }
    loadState = "loading";
    var s = doc.createElement("script");
    s.src = indexUrl;
    s.async = true;
    s.onload = function () {
      if (window.LECTURE_SEARCH_INDEX) {
        entries = buildEntries(window.LECTURE_SEARCH_INDEX);
        loadState = "ready";
      } else {
        loadState = "failed";
      }
      if (lastQuery) render(lastQuery);
    };
    s.onerror = function () {
      loadState = "failed";
      if (lastQuery) render(lastQuery);
    };
    doc.head.appendChild(s);
  }

  /* ---------- panel, toggle and keyboard ---------- */
  function openPanel() { panel.hidden = false; }
  function closePanel() { panel.hidden = true; }
  function resultLinks() { return Array.prototype.slice.call(list.querySelectorAll("a")); }

  function isNarrowClosed() {
    return toggle && header && getComputedStyle(toggle).display !== "none" && !header.classList.contains("search-open");
  }
  function setSearchOpen(open) {
    if (!toggle || !header) return;
    header.classList.toggle("search-open", open);
    toggle.setAttribute("aria-expanded", String(open));
    var label = toggle.querySelector(".visually-hidden");
    if (label) label.textContent = open ? "검색 닫기" : "검색 열기";
    if (!open) closePanel();
  }
  function focusSearch() {
    if (isNarrowClosed()) setSearchOpen(true);
    input.focus();
    input.select();
  }

  // An input method (Korean, Japanese, Chinese) builds a syllable in steps (ㅂ, 배, 뱅): no
  // search runs until the composition ends, and the Enter that confirms it opens nothing.
  var composing = false;
  var inputTimer = 0;
  function scheduleSearch() {
    clearTimeout(inputTimer);
    inputTimer = setTimeout(function () {
      var value = input.value;
      if (!value.trim()) { lastQuery = null; list.textContent = ""; closePanel(); return; }
      lastQuery = value;
      loadIndex();
      render(value);
    }, 60);
  }
  input.addEventListener("compositionstart", function () { composing = true; clearTimeout(inputTimer); });
  input.addEventListener("compositionend", function () { composing = false; scheduleSearch(); });
  input.addEventListener("input", function (e) {
    if (composing || e.isComposing) return;
    scheduleSearch();
  });
  input.addEventListener("focus", function () {
    loadIndex();
    if (input.value.trim() && list.firstChild) openPanel();
  });
  input.addEventListener("keydown", function (e) {
    // 229: the key code of a key event the input method is handling (older browsers lack isComposing).
    if (composing || e.isComposing || e.keyCode === 229) {
      if (e.key === "Enter") e.preventDefault();
      return;
    }
    if (e.key === "ArrowDown" || e.key === "Down") {
      var links = resultLinks();
      if (links.length) { e.preventDefault(); openPanel(); links[0].focus(); }
    } else if (e.key === "Escape" || e.key === "Esc") {
      if (!panel.hidden) {
        e.preventDefault();
        e.stopPropagation();
        closePanel();
      } else if (toggle && header && header.classList.contains("search-open")) {
        e.preventDefault();
        e.stopPropagation();
        setSearchOpen(false);
        toggle.focus();
      }
    }
  });

  form.addEventListener("submit", function (e) {
    e.preventDefault();
    if (composing) return;
    var links = resultLinks();
    if (links.length) links[0].click();
  });

  panel.addEventListener("keydown", function (e) {
    var links = resultLinks();
    var i = links.indexOf(doc.activeElement);
    if (i === -1) return;
    var next = null;
    if (e.key === "ArrowDown" || e.key === "Down") next = links[Math.min(i + 1, links.length - 1)];
    else if (e.key === "ArrowUp" || e.key === "Up") next = i === 0 ? input : links[i - 1];
    else if (e.key === "Home") next = links[0];
    else if (e.key === "End") next = links[links.length - 1];
    else if (e.key === "Escape" || e.key === "Esc") {
      e.preventDefault();
      e.stopPropagation();
      closePanel();
      input.focus();
      return;
    }
    if (next) { e.preventDefault(); next.focus(); }
  });

  panel.addEventListener("click", function (e) {
    var a = e.target.closest ? e.target.closest("a") : null;
    if (!a) return;
    closePanel();
    if (toggle && header && header.classList.contains("search-open")) setSearchOpen(false);
  });

  form.addEventListener("focusout", function (e) {
    if (e.relatedTarget && !form.contains(e.relatedTarget)) closePanel();
  });
  doc.addEventListener("click", function (e) {
    if (!form.contains(e.target) && (!toggle || !toggle.contains(e.target))) closePanel();
  });

  if (toggle) {
    toggle.addEventListener("click", function () {
      var open = !header.classList.contains("search-open");
      setSearchOpen(open);
      if (open) { loadIndex(); input.focus(); }
    });
  }

  // "/" focuses the search box from anywhere that is not a text field.
  doc.addEventListener("keydown", function (e) {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    var t = e.target;
    var tag = t && t.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (t && t.isContentEditable)) return;
    e.preventDefault();
    focusSearch();
  });

  // Warm the index up when the reader heads for the box.
  form.addEventListener("pointerenter", loadIndex);
})();
