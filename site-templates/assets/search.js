/* lecture — client-side search.
   The index lives in search/ at the site root, split so that a query loads
   only what it needs, each file a <script src> (so it works from file://,
   where browsers refuse fetch): search/pages.js (titles, URLs, the gram
   shard count), search/g/K.js (shard K: each one- and two-character gram of
   the pages' text with the pages that hold it) and search/t/N.js (the
   headings and section texts of a few consecutive pages, page N first). A query's grams narrow the pages down (a
   term can only be in a page that holds all its grams); those pages' texts
   are then loaded, a batch at a time, pages whose title matches first.
   Matching is a case-insensitive substring search on the raw text (no word
   splitting, so it works for Korean), tried three ways, best first:
     1. the query as typed (runs of spaces collapsed),
     2. the query with every space removed, against the text with every
        space removed ("view model" finds "viewmodel" and the other way round, as
        Korean writers space compounds either way),
     3. every space-separated term somewhere in the page title, section
        heading or section text ("controller role" finds "the role of the controller"). */
(function () {
  "use strict";
  // The interface words (words.js, through book.js, which is loaded first).
  var word = window.lectureWord || function (key) { return key; };
  // A phrase with a count, in the plural form the page's language gives it (book.js).
  var countWord = window.lectureCount || function (key, count, values) { return word(key, values); };

  var doc = document;
  var form = doc.getElementById("lecture-search");
  var input = doc.getElementById("lecture-search-input");
  var panel = doc.getElementById("lecture-search-results");
  var toggle = doc.getElementById("lecture-search-toggle");
  if (!form || !input || !panel) return;
  var header = form.closest ? form.closest(".site-header") : null;
  input.setAttribute("enterkeyhint", "search");

  var siteRoot = form.getAttribute("data-root") || "";
  var indexUrl = form.getAttribute("data-index") || siteRoot + "search/pages.js";
  var indexBase = indexUrl.replace(/[^\/]*$/, "");
  var data = window.LECTURE_SEARCH_DATA = window.LECTURE_SEARCH_DATA || {};
  var MAX_RESULTS = 40;
  // Section bytes loaded per batch, and loaded before the first results show without a click.
  var BATCH_BYTES = 64 * 1024;
  var FIRST_BYTES = 192 * 1024;
  var EXCERPT_BEFORE = 28;
  var EXCERPT_LENGTH = 110;

  var pages = null;       // [{title, url, shard, entries (once its sections loaded)}]
  var shardCount = 1;
  var textBytes = {};     // text shard (its first page's number) → bytes of its sections
  var loadState = "idle"; // idle | loading | ready | failed: search/pages.js
  var lastQuery = null;
  var current = null;     // the query being answered: {raw, q, candidates, next, failed}
  var announceTimer = 0;

  var status = doc.createElement("p");
  status.className = "search-status";
  var list = doc.createElement("ol");
  list.className = "search-list";
  list.setAttribute("aria-label", word("search-results"));
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

  // The entries (sections, and the page itself) of page number `pageOrder`, from the flat list
  // [heading, anchor, text, …] its text shard search/t/N.js holds.
  function pageEntries(page, pageOrder, flat) {
    var out = [];
    var title = page.titleField;
    var firstText = "";
    var hasIntro = false;
    for (var i = 0; i * 3 + 2 < flat.length; i++) {
      var sec = { heading: flat[i * 3], anchor: flat[i * 3 + 1], text: flat[i * 3 + 2] };
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
    }
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

  function query(raw) {
    var q = prepare(raw);
    q.terms = q.lower.split(" ").filter(Boolean);
    return q;
  }

  // Matches among the candidate pages loaded so far (all of them once `current.next` reaches the end).
  function search(state) {
    var results = [];
    for (var c = 0; c < state.next; c++) {
      var entries = pages[state.candidates[c]].entries || [];
      for (var i = 0; i < entries.length; i++) {
        var r = scoreEntry(entries[i], state.q);
        if (r) results.push(r);
      }
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

  function render(state) {
    list.textContent = "";
    if (loadState === "failed" || state.failed) {
      status.textContent = word("search-index-failed");
      openPanel();
      return;
    }
    if (!state.candidates || (state.next === 0 && state.candidates.length)) {
      status.textContent = word("search-loading");
      openPanel();
      return;
    }
    var raw = state.raw;
    var results = search(state);
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
    var rest = state.candidates.length - state.next;
    var msg;
    if (!results.length && !rest) msg = word("search-none", { query: raw.trim() });
    else if (results.length > shown.length) msg = countWord("search-some", results.length, { total: results.length, shown: shown.length });
    else msg = countWord("search-count", results.length, { total: results.length });
    if (rest) {
      // Pages whose grams match but whose sections are not loaded yet: one click searches them.
      msg = countWord("search-partial", state.next, { searched: state.next, message: msg });
      var more = doc.createElement("li");
      var button = doc.createElement("button");
      button.type = "button";
      button.className = "search-more";
      button.textContent = countWord("search-more", rest, { rest: rest });
      button.addEventListener("click", function () {
        button.disabled = true;
        loadMore(state, state.loadedBytes + BATCH_BYTES * 4, true);
      });
      more.appendChild(button);
      list.appendChild(more);
    }
    status.textContent = msg;
    openPanel();
    clearTimeout(announceTimer);
    announceTimer = setTimeout(function () { announce(msg); }, 500);
  }

  /* ---------- loading the index ---------- */
  var waiting = {}; // file key → callbacks waiting for its script
  var failedKeys = {};

  // Runs search/PATH.js, which sets data[key]; calls done(true) once it has, done(false) if it failed.
  function loadScript(key, path, done) {
    if (data[key] !== undefined) { done(true); return; }
    if (failedKeys[key]) { done(false); return; }
    if (waiting[key]) { waiting[key].push(done); return; }
    waiting[key] = [done];
    var s = doc.createElement("script");
    s.src = indexBase + path;
    s.async = true;
    function finish(ok) {
      var callbacks = waiting[key];
      delete waiting[key];
      if (!ok) failedKeys[key] = true;
      if (s.parentNode) s.parentNode.removeChild(s);
      callbacks.forEach(function (cb) { cb(ok); });
    }
    s.onload = function () { finish(data[key] !== undefined); };
    s.onerror = function () { finish(false); };
    doc.head.appendChild(s);
  }

  function loadScripts(files, done) {
    var left = files.length, ok = true;
    if (!left) { done(true); return; }
    files.forEach(function (f) {
      loadScript(f[0], f[1], function (loaded) {
        ok = ok && loaded;
        if (--left === 0) done(ok);
      });
    });
  }

  function loadIndex(then) {
    then = then || function () {};
    if (loadState === "ready" || loadState === "failed") { then(); return; }
    loadState = "loading";
    loadScript("pages", indexUrl.slice(indexBase.length), function (ok) {
      if (loadState === "ready") { then(); return; }
      var index = data.pages;
      if (!ok || !index || !Array.isArray(index.pages)) {
        loadState = "failed";
      } else {
        shardCount = Math.max(1, index.shards | 0);
        textBytes = index.texts || {};
        pages = index.pages.map(function (p) {
          return { title: p[0], url: p[1], shard: p[2] | 0, titleField: prepare(p[0]), entries: null };
        });
        loadState = "ready";
      }
      then();
    });
  }

  /* ---------- the gram index (see SearchIndex.swift) ---------- */
  // The same hash as SearchGrams.hash: FNV-1a over the gram's UTF-16 code units.
  function shardOf(gram) {
    var h = 0x811c9dc5;
    for (var i = 0; i < gram.length; i++) {
      h ^= gram.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
    return h % shardCount;
  }

  // A code unit the index has grams for: not half a surrogate pair, and no cased letter beyond
  // ASCII (the index lowercases ASCII only, as JavaScript and Swift may lowercase others apart).
  function indexable(c) {
    if (c >= 0xd800 && c <= 0xdfff) return false;
    if (c < 128) return true;
    var ch = String.fromCharCode(c);
    return ch.toLowerCase() === ch.toUpperCase();
  }

  // Every gram the query's terms must all be in: each term's one-unit gram when it is one unit
  // long, else its pairs of adjacent units.
  function queryGrams(q) {
    var grams = [], seen = {};
    function add(g) { if (!seen[g]) { seen[g] = true; grams.push(g); } }
    q.terms.forEach(function (t) {
      if (t.length === 1) { if (indexable(t.charCodeAt(0))) add(t); return; }
      for (var i = 0; i + 1 < t.length; i++) {
        if (indexable(t.charCodeAt(i)) && indexable(t.charCodeAt(i + 1))) add(t.substr(i, 2));
      }
    });
    return grams;
  }

  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  // Marks in `flags` the pages of one posting (SearchPostings.swift: gaps in base 36, or a bitmap).
  function postingFlags(posting, count) {
    var flags = new Uint8Array(count);
    if (posting.charAt(0) === "~") {
      for (var i = 1; i < posting.length; i++) {
        var bits = ALPHABET.indexOf(posting.charAt(i));
        for (var k = 0; k < 6; k++) {
          var page = (i - 1) * 6 + k;
          if (bits & (1 << k) && page < count) flags[page] = 1;
        }
      }
    } else if (posting) {
      var page = 0;
      posting.split(",").forEach(function (gap) {
        page += parseInt(gap, 36);
        if (page < count) flags[page] = 1;
      });
    }
    return flags;
  }

  // The pages that may match, pages whose title holds the query first, then in book order.
  function candidatesFor(q, grams) {
    var count = pages.length, keep = null;
    grams.forEach(function (g) {
      var shard = data["g" + shardOf(g)] || {};
      var flags = postingFlags(shard.hasOwnProperty(g) ? shard[g] : "", count);
      if (!keep) keep = flags;
      else for (var i = 0; i < count; i++) keep[i] &= flags[i];
    });
    var first = [], then = [];
    for (var i = 0; i < count; i++) {
      if (keep && !keep[i]) continue;
      (has(pages[i].titleField, q.compact) ? first : then).push(i);
    }
    return first.concat(then);
  }

  // Loads candidate pages' sections until `budget` bytes are loaded for this query, or enough
  // results are found (unless `all`), or every candidate is loaded; renders as it goes. A batch
  // takes candidates in order, with their text shards, until it holds BATCH_BYTES of shards; a
  // candidate whose shard is loaded or in the batch already comes free.
  function loadMore(state, budget, all) {
    if (state !== current) return;
    var batch = [], files = [], inBatch = {}, bytes = 0;
    while (state.next + batch.length < state.candidates.length) {
      var n = state.candidates[state.next + batch.length];
      var shard = pages[n].shard;
      var needed = !pages[n].entries && data["t" + shard] === undefined && !inBatch[shard];
      if (needed && batch.length && bytes >= BATCH_BYTES) break;
      if (needed) {
        inBatch[shard] = true;
        files.push(["t" + shard, "t/" + shard + ".js"]);
        bytes += textBytes[shard] | 0;
      }
      batch.push(n);
    }
    loadScripts(files, function (ok) {
      if (state !== current) return;
      if (!ok) { state.failed = true; render(state); return; }
      batch.forEach(function (n) {
        if (!pages[n].entries) pages[n].entries = pageEntries(pages[n], n, (data["t" + pages[n].shard] || {})[n] || []);
      });
      state.next += batch.length;
      state.loadedBytes += bytes;
      var done = state.next >= state.candidates.length;
      if (!done && state.loadedBytes < budget && (all || search(state).length < MAX_RESULTS)) {
        loadMore(state, budget, all);
        return;
      }
      render(state);
    });
  }

  // Answers a query: the page list, the shards of its grams, then its candidates' sections.
  function answer(raw) {
    var state = { raw: raw, q: query(raw), candidates: null, next: 0, loadedBytes: 0, failed: false };
    current = state;
    if (!state.q.compact) return;
    if (loadState !== "ready") render(state);
    loadIndex(function () {
      if (state !== current) return;
      if (loadState !== "ready") { render(state); return; }
      var grams = queryGrams(state.q);
      var shards = {};
      grams.forEach(function (g) { shards[shardOf(g)] = true; });
      loadScripts(Object.keys(shards).map(function (k) { return ["g" + k, "g/" + k + ".js"]; }), function (ok) {
        if (state !== current) return;
        if (!ok) { state.failed = true; render(state); return; }
        state.candidates = candidatesFor(state.q, grams);
        if (!state.candidates.length) { render(state); return; }
        loadMore(state, FIRST_BYTES, false);
      });
    });
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
    if (label) label.textContent = word(open ? "close-search" : "open-search");
    if (!open) closePanel();
  }
  function focusSearch() {
    if (isNarrowClosed()) setSearchOpen(true);
    input.focus();
    input.select();
  }

  // An input method (Korean, Japanese, Chinese) builds a syllable in steps (a Hangul jamo,
  // then a syllable, then a longer one): no
  // search runs until the composition ends, and the Enter that confirms it opens nothing.
  var composing = false;
  var inputTimer = 0;
  function scheduleSearch() {
    clearTimeout(inputTimer);
    inputTimer = setTimeout(function () {
      var value = input.value;
      setSearchInURL(value.trim() ? value : "");
      if (!value.trim()) { lastQuery = null; current = null; list.textContent = ""; closePanel(); return; }
      lastQuery = value;
      answer(value);
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
  form.addEventListener("pointerenter", function () { loadIndex(); });

  /* ---------- ?search=TERM: a link to a search, as mdBook's ---------- */
  // A page opened with ?search=TERM opens the search with TERM and its results; typing keeps the
  // address up to date (the first search a new history entry, the next ones replacing it, the
  // fragment dropped, as mdBook 0.5.4's searcher.js), so the address shares the search, and
  // Back and Forward go through the searches.
  var SEARCH_PARAM = "search";
  function searchInURL() {
    try { return new URLSearchParams(window.location.search).get(SEARCH_PARAM); } catch (e) { return null; }
  }
  function setSearchInURL(term) {
    try {
      var url = new URL(window.location.href);
      var first = !url.searchParams.has(SEARCH_PARAM);
      if (term) { url.searchParams.set(SEARCH_PARAM, term); url.hash = ""; }
      else url.searchParams.delete(SEARCH_PARAM);
      if (url.href === window.location.href) return;
      if (first && term) history.pushState(null, "", url.href);
      else history.replaceState(null, "", url.href);
    } catch (e) { /* an address the browser will not rewrite: the search still works */ }
  }
  function searchFromURL() {
    var term = searchInURL();
    if (!term || !term.trim()) {
      if (lastQuery !== null) { input.value = ""; lastQuery = null; current = null; list.textContent = ""; closePanel(); }
      return;
    }
    if (isNarrowClosed()) setSearchOpen(true);
    input.value = term;
    lastQuery = term;
    answer(term);
  }
  window.addEventListener("popstate", searchFromURL);
  searchFromURL();
})();
