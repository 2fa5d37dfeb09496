/* lecture — page behaviour: theme, sidebar drawer, "on this page", code
   highlighting and copy buttons. Vanilla, loaded with defer. */
(function () {
  "use strict";

  var doc = document;
  var root = doc.documentElement;
  var $ = function (sel, ctx) { return (ctx || doc).querySelector(sel); };
  var $$ = function (sel, ctx) { return Array.prototype.slice.call((ctx || doc).querySelectorAll(sel)); };

  /* ---------- live announcements ---------- */
  var announcer = $("#lecture-announcer");
  var announceTimer = 0;
  function announce(text) {
    if (!announcer) return;
    announcer.textContent = "";
    clearTimeout(announceTimer);
    // A short delay so that repeating the same message is announced again.
    announceTimer = setTimeout(function () { announcer.textContent = text; }, 60);
  }
  window.lectureAnnounce = announce;

  /* ---------- interface words: words.js, from the theme's words/<language>.toml ---------- */
  // The word `key` with each {name} replaced by values[name]; the key itself when words.js is missing.
  function word(key, values) {
    var text = (window.lectureWords || {})[key];
    if (typeof text !== "string") text = key;
    return text.replace(/\{([a-z]+)\}/g, function (whole, name) {
      return values && name in values ? String(values[name]) : whole;
    });
  }
  function escapeHTML(text) {
    return text.replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; });
  }
  window.lectureWord = word;
  // A phrase with a count (“{total} results”) in the form the page's language gives `count`
  // (CLDR's plural rules, Intl.PluralRules): the word KEY-one, KEY-few, … when the table has
  // it, else KEY (words/en.toml says which phrases have forms).
  var pluralRules = null;
  function countWord(key, count, values) {
    if (!pluralRules) {
      try { pluralRules = new Intl.PluralRules(document.documentElement.lang || "en"); }
      catch (e) { pluralRules = { select: function (n) { return n === 1 ? "one" : "other"; } }; }
    }
    var form = key + "-" + pluralRules.select(count);
    return word(typeof (window.lectureWords || {})[form] === "string" ? form : key, values);
  }
  window.lectureCount = countWord;

  /* ---------- theme: system → light → dark → system ---------- */
  var THEME_KEY = "lecture.theme";
  var THEME_NAMES = { system: word("theme-system"), light: word("theme-light"), dark: word("theme-dark") };
  var NEXT_THEME = { system: "light", light: "dark", dark: "system" };
  var themeButton = $("#lecture-theme-toggle");

  function storedTheme() {
    try {
      var t = localStorage.getItem(THEME_KEY);
      return t === "light" || t === "dark" ? t : "system";
    } catch (e) { return "system"; }
  }

  // book.toml's default-theme (written into data-default-theme) stands for "system" when the
  // book names one: a reader who chose nothing sees the book's theme, as the inline script set it.
  var bookTheme = root.getAttribute("data-default-theme");
  if (bookTheme === "light" || bookTheme === "dark") THEME_NAMES.system = word("theme-book");

  function applyTheme(choice) {
    var shown = choice === "light" || choice === "dark" ? choice : bookTheme;
    if (shown === "light" || shown === "dark") root.setAttribute("data-theme", shown);
    else root.removeAttribute("data-theme");
    if (themeButton) {
      var label = word("theme-label", { theme: THEME_NAMES[choice], next: THEME_NAMES[NEXT_THEME[choice]] });
      themeButton.setAttribute("aria-label", label);
      themeButton.title = word("theme-title", { theme: THEME_NAMES[choice] });
    }
  }

  var themeChoice = storedTheme();
  applyTheme(themeChoice);
  if (themeButton) {
    themeButton.addEventListener("click", function () {
      themeChoice = NEXT_THEME[themeChoice];
      try {
        if (themeChoice === "system") localStorage.removeItem(THEME_KEY);
        else localStorage.setItem(THEME_KEY, themeChoice);
      } catch (e) { /* storage unavailable: still switch for this page */ }
      applyTheme(themeChoice);
      announce(THEME_NAMES[themeChoice]);
    });
  }
  window.addEventListener("storage", function (e) {
    if (e.key === THEME_KEY || e.key === null) { themeChoice = storedTheme(); applyTheme(themeChoice); }
  });

  /* ---------- sidebar drawer (narrow screens) ---------- */
  var menuButton = $("#lecture-menu-toggle");
  var sidebar = $("#lecture-sidebar");
  var page = $("#lecture-page");
  var narrow = window.matchMedia("(max-width: 899.98px)");
  var backdrop = null;

  function drawerOpen() { return !!sidebar && sidebar.classList.contains("open"); }

  function setDrawer(open, restoreFocus) {
    if (!sidebar || !menuButton) return;
    sidebar.classList.toggle("open", open);
    menuButton.setAttribute("aria-expanded", String(open));
    var label = $(".visually-hidden", menuButton);
    if (label) label.textContent = word(open ? "close-menu" : "open-menu");
    if (backdrop) backdrop.hidden = !open;
    root.classList.toggle("drawer-open", open);
    if (page) {
      if (open) page.setAttribute("inert", "");
      else page.removeAttribute("inert");
    }
    if (open) {
      var target = $('[aria-current="page"]', sidebar) || $("a", sidebar);
      if (target) target.focus({ preventScroll: false });
    } else if (restoreFocus) {
      menuButton.focus();
    }
  }

  if (sidebar && menuButton) {
    backdrop = doc.createElement("div");
    backdrop.className = "backdrop";
    backdrop.hidden = true;
    sidebar.parentNode.insertBefore(backdrop, sidebar.nextSibling);
    backdrop.addEventListener("click", function () { setDrawer(false, true); });

    menuButton.addEventListener("click", function () { setDrawer(!drawerOpen(), true); });
    sidebar.addEventListener("click", function (e) {
      if (narrow.matches && e.target.closest && e.target.closest("a")) setDrawer(false, false);
    });
    doc.addEventListener("keydown", function (e) {
      if ((e.key === "Escape" || e.key === "Esc") && drawerOpen()) {
        e.preventDefault();
        setDrawer(false, true);
      }
    });
    var onNarrowChange = function () { if (!narrow.matches && drawerOpen()) setDrawer(false, false); };
    if (narrow.addEventListener) narrow.addEventListener("change", onNarrowChange);
    else if (narrow.addListener) narrow.addListener(onNarrowChange);

    // Bring the current chapter into view inside the scrolling sidebar.
    var current = $('[aria-current="page"]', sidebar) || $("a.active", sidebar);
    if (current) {
      var r = current.getBoundingClientRect();
      var s = sidebar.getBoundingClientRect();
      if (r.bottom > s.bottom || r.top < s.top) {
        sidebar.scrollTop += r.top - s.top - s.height / 3;
      }
    }
  }

  /* ---------- folding sections of the sidebar ([output.html.fold]) ---------- */
  // On the document, so a tree toc.js inserts folds too.
  doc.addEventListener("click", function (e) {
    var toggle = e.target.closest && e.target.closest(".chapter-fold-toggle");
    if (!toggle) return;
    toggle.setAttribute("aria-expanded", toggle.getAttribute("aria-expanded") === "true" ? "false" : "true");
  });

  /* ---------- "on this page" ---------- */
  var toc = $("#lecture-page-toc");
  if (toc && !$("a", toc)) {
    toc.parentNode.removeChild(toc);
    toc = null;
  }
  if (toc) {
    var details = $("details", toc);
    var wide = window.matchMedia("(min-width: 1240px)");
    var summary = details ? $("summary", details) : null;
    var syncToc = function () {
      if (!details) return;
      details.open = wide.matches;
      // In the right-hand column the list is always shown: its summary is a label, not a control.
      if (summary) {
        if (wide.matches) summary.setAttribute("tabindex", "-1");
        else summary.removeAttribute("tabindex");
      }
    };
    if (details) {
      details.addEventListener("toggle", function () {
        if (wide.matches && !details.open) details.open = true;
      });
    }
    syncToc();
    if (wide.addEventListener) wide.addEventListener("change", syncToc);
    else if (wide.addListener) wide.addListener(syncToc);

    // Highlight the section being read.
    var links = $$('a[href^="#"]', toc);
    var findTargets = function () {
      return links.map(function (a) {
        var id = decodeURIComponent(a.getAttribute("href").slice(1));
        return doc.getElementById(id);
      });
    };
    var targets = findTargets();
    // Live reload swapped the content in place: the headings are new elements.
    doc.addEventListener("lecture:content-replaced", function () { targets = findTargets(); spy(); });
    var currentLink = null;
    var ticking = false;
    var spy = function () {
      ticking = false;
      var line = (parseFloat(getComputedStyle(root).fontSize) || 16) * 3.5 + window.innerHeight * 0.2;
      var found = -1;
      for (var i = 0; i < targets.length; i++) {
        if (targets[i] && targets[i].getBoundingClientRect().top <= line) found = i;
      }
      // At the very bottom, the last section is the one being read.
      if (window.innerHeight + window.scrollY >= doc.documentElement.scrollHeight - 2) found = targets.length - 1;
      var link = found >= 0 ? links[found] : null;
      if (link !== currentLink) {
        if (currentLink) currentLink.classList.remove("current");
        if (link) link.classList.add("current");
        currentLink = link;
      }
    };
    window.addEventListener("scroll", function () {
      if (!ticking) { ticking = true; window.requestAnimationFrame(spy); }
    }, { passive: true });
    spy();
  }

  var pager = $(".pager");
  if (pager && !$("a", pager)) pager.parentNode.removeChild(pager);

  /* ---------- syntax highlighting (highlight.js, if present) ---------- */
  var hljs = window.hljs;
  if (hljs && hljs.configure) {
    try { hljs.configure({ ignoreUnescapedHTML: true }); } catch (e) { /* older versions */ }
  }
  function highlightCode(scope) {
    if (!hljs) return;
    var highlightOne = hljs.highlightElement || hljs.highlightBlock;
    $$('pre > code[class*="language-"]', scope).forEach(function (code) {
      var m = /(?:^|\s)language-([\w+#.-]+)/.exec(code.className);
      if (!m) return;
      var lang = m[1].toLowerCase();
      if (hljs.getLanguage && !hljs.getLanguage(lang)) return;
      try { highlightOne.call(hljs, code); } catch (e) { /* leave it plain */ }
    });
  }

  /* ---------- copy buttons ---------- */
  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).catch(function () { return legacyCopy(text); });
    }
    return legacyCopy(text);
  }
  function legacyCopy(text) {
    return new Promise(function (resolve, reject) {
      var ta = doc.createElement("textarea");
      ta.value = text;
      ta.setAttribute("readonly", "");
      ta.style.position = "fixed";
      ta.style.top = "-1000px";
      ta.style.opacity = "0";
      doc.body.appendChild(ta);
      var active = doc.activeElement;
      ta.select();
      var ok = false;
      try { ok = doc.execCommand("copy"); } catch (e) { ok = false; }
      doc.body.removeChild(ta);
      if (active && active.focus) active.focus();
      if (ok) resolve(); else reject(new Error("copy failed"));
    });
  }

  // A block whose code is wider than it scrolls under its buttons: `wide` gives them a strip of
  // their own above the code (style.css), measured again when the block's width changes.
  var wideObserver = window.ResizeObserver ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { measureWide(entry.target.parentNode, entry.target); });
  }) : null;
  function measureWide(wrap, pre) {
    // Measured as the block would be without the strip (whose end padding is smaller).
    wrap.classList.remove("wide");
    var end = parseFloat(getComputedStyle(pre).paddingInlineEnd) || 0;
    var code = pre.querySelector("code") || pre;
    var wide = code.scrollWidth + (parseFloat(getComputedStyle(pre).paddingInlineStart) || 0) + end > pre.clientWidth + 1;
    wrap.classList.toggle("wide", wide);
  }
  function markWide(wrap, pre) {
    measureWide(wrap, pre);
    if (wideObserver) wideObserver.observe(pre);
  }

  function addCopyButtons(scope) {
    $$("pre > code", scope).forEach(function (code) {
      var pre = code.parentNode;
      if (pre.parentNode && pre.parentNode.classList && pre.parentNode.classList.contains("code-block")) return;
      var wrap = doc.createElement("div");
      wrap.className = "code-block";
      pre.parentNode.insertBefore(wrap, pre);
      wrap.appendChild(pre);

      var isOutput = pre.classList.contains("output");
      var button = doc.createElement("button");
      button.type = "button";
      button.className = "copy-button";
      button.textContent = word("copy");
      button.setAttribute("aria-label", word(isOutput ? "copy-output" : "copy-code"));
      var resetTimer = 0;
      button.addEventListener("click", function () {
        // The code (hover cards stand beside it, not in it).
        var plain = code.cloneNode(true);
        // Hidden lines (mdBook's `# ` in Rust) are copied only while shown.
        if (!pre.classList.contains("show-boring")) {
          $$(".boring", plain).forEach(function (line) { line.parentNode.removeChild(line); });
        }
        copyText(plain.textContent.replace(/\n$/, "")).then(function () {
          button.textContent = word("copied");
          button.classList.add("copied");
          announce(word("copied"));
        }, function () {
          button.textContent = word("copy-failed");
          announce(word("copy-failed-long"));
        }).then(function () {
          clearTimeout(resetTimer);
          resetTimer = setTimeout(function () {
            button.textContent = word("copy");
            button.classList.remove("copied");
          }, 2000);
        });
      });
      wrap.appendChild(button);
      markWide(wrap, pre);

      // Code with hidden lines (mdBook's `# ` in Rust) gets a button that shows and hides them.
      if ($(".boring", code)) {
        var toggle = doc.createElement("button");
        toggle.type = "button";
        toggle.className = "copy-button boring-toggle";
        toggle.textContent = word("hidden-lines");
        toggle.setAttribute("aria-pressed", "false");
        toggle.setAttribute("aria-label", word("hidden-lines-long"));
        toggle.addEventListener("click", function () {
          var shown = pre.classList.toggle("show-boring");
          toggle.setAttribute("aria-pressed", shown ? "true" : "false");
        });
        wrap.appendChild(toggle);
      }

      // Let keyboard users scroll wide code horizontally.
      if (pre.scrollWidth > pre.clientWidth + 1 && !pre.hasAttribute("tabindex")) {
        pre.setAttribute("tabindex", "0");
      }
    });
  }

  /* ---------- hover cards: in the sample's strip, or over the header when it is out of view ---------- */
  // Without JavaScript, CSS shows a card's text (the name's data-card) at the bottom of its sample,
  // for the first occurrence of a name. With it, the card named by aria-describedby (beside the
  // code, hidden, so the code's text is the code) goes into the sample's
  // strip when the whole strip is in the window, else into a bar laid over the page's header (a
  // long sample's strip may be screens away): either way it covers no code and moves nothing.
  root.classList.add("hover-cards-js");
  var hoverBar = null;
  function hoverOf(node) { return node && node.closest ? node.closest(".hover") : null; }
  function stripInView(strip) {
    var box = strip.getBoundingClientRect();
    var header = doc.querySelector(".site-header");
    var top = header ? header.getBoundingClientRect().bottom : 0;
    return box.top >= top - 0.5 && box.bottom <= (window.innerHeight || root.clientHeight) + 0.5;
  }
  // The hint ("Hover over a name…") once a page, in its first sample's strip; the others fold
  // to nothing (`quiet`: an empty band of 3.6em under every sample read as a broken page,
  // newuser-7 #14), and their cards show in the bar over the header, which covers no code.
  function oneHint() {
    $$(".hover-strip").forEach(function (strip, index) {
      if (index === 0 || strip.classList.contains("showing")) return;
      strip.setAttribute("data-hint", "");
      strip.textContent = "";
      strip.classList.add("quiet");
    });
  }
  function hideCards() {
    $$(".hover-strip.showing").forEach(function (strip) {
      strip.textContent = strip.getAttribute("data-hint");
      strip.classList.remove("showing");
    });
    if (hoverBar) hoverBar.hidden = true;
  }
  function showCard(hover, on) {
    var frame = hover.closest(".hover-frame");
    var strip = frame && frame.querySelector(".hover-strip");
    var card = doc.getElementById(hover.getAttribute("aria-describedby") || "");
    if (!strip || !card) return;
    if (!strip.hasAttribute("data-hint")) strip.setAttribute("data-hint", strip.textContent);
    hideCards();
    if (!on) {
      // The pointer left one name while another keeps the focus: that one's card again.
      var focused = hoverOf(doc.activeElement);
      if (focused && focused !== hover) showCard(focused, true);
      return;
    }
    if (!strip.classList.contains("quiet") && stripInView(strip)) {
      strip.innerHTML = card.innerHTML;
      strip.classList.add("showing");
      return;
    }
    if (!hoverBar) {
      hoverBar = doc.createElement("div");
      hoverBar.className = "hover-bar";
      hoverBar.setAttribute("aria-hidden", "true");
      doc.body.appendChild(hoverBar);
    }
    hoverBar.innerHTML = card.innerHTML;
    hoverBar.hidden = false;
  }
  ["mouseover", "focusin"].forEach(function (type) {
    doc.addEventListener(type, function (e) { var hover = hoverOf(e.target); if (hover) showCard(hover, true); });
  });
  ["mouseout", "focusout"].forEach(function (type) {
    doc.addEventListener(type, function (e) {
      var hover = hoverOf(e.target);
      if (hover && !hover.contains(e.relatedTarget) && hover !== doc.activeElement) showCard(hover, false);
    });
  });

  /* ---------- diagrams: a hint where one scrolls, full size on demand ----------
     CSS picks the layout and keeps labels at least 12 px high, scrolling the drawing in its box
     where it is still too wide. Here a drawing shown smaller than its natural size, or scrolling,
     gets an "Enlarge" button that opens it full screen (zoomable, closed by Esc, the close button
     or the browser's back), and a scrolling one a visible hint. */
  var diagramDialog = null;

  function shownDrawing(figure) {
    return $$(".diagram-views > svg", figure).filter(function (svg) { return getComputedStyle(svg).display !== "none"; })[0];
  }

  function openDiagram(figure, opener) {
    var svg = shownDrawing(figure);
    if (!svg) return;
    if (!diagramDialog) {
      diagramDialog = doc.createElement("dialog");
      diagramDialog.className = "diagram-dialog";
      diagramDialog.innerHTML =
        '<div class="diagram-dialog-bar"><p class="diagram-dialog-title"></p>' +
        '<button type="button" class="diagram-dialog-button" data-zoom="-1" aria-label="' + escapeHTML(word("zoom-out")) + '">−</button>' +
        '<button type="button" class="diagram-dialog-button" data-zoom="1" aria-label="' + escapeHTML(word("zoom-in")) + '">+</button>' +
        '<button type="button" class="diagram-dialog-button diagram-dialog-close" aria-label="' + escapeHTML(word("close")) + '">✕</button></div>' +
        '<div class="diagram-dialog-body" tabindex="0"></div>';
      doc.body.appendChild(diagramDialog);
      diagramDialog.addEventListener("click", function (e) {
        var button = e.target.closest("button");
        if (!button) return;
        if (button.classList.contains("diagram-dialog-close")) { diagramDialog.close(); return; }
        var zoom = Math.min(4, Math.max(0.5, (parseFloat(diagramDialog.getAttribute("data-zoom")) || 1) * (button.getAttribute("data-zoom") === "1" ? 1.25 : 0.8)));
        diagramDialog.setAttribute("data-zoom", String(zoom));
        diagramDialog.style.setProperty("--zoom", String(zoom));
      });
      // Esc, the close button or back: one history entry per opening, removed on close.
      diagramDialog.addEventListener("close", function () {
        if (history.state && history.state.lectureDiagram) history.back();
      });
      window.addEventListener("popstate", function () {
        if (diagramDialog.open) diagramDialog.close();
      });
    }
    var copy = svg.cloneNode(true);
    // The copy's ids would repeat the page's.
    copy.removeAttribute("id");
    $$("[id]", copy).forEach(function (el) { el.removeAttribute("id"); });
    var views = $(".diagram-views", figure);
    var body = $(".diagram-dialog-body", diagramDialog);
    body.textContent = "";
    body.setAttribute("role", "img");
    body.setAttribute("aria-label", views ? views.getAttribute("aria-label") : "");
    body.appendChild(copy);
    var caption = $("figcaption", figure);
    $(".diagram-dialog-title", diagramDialog).textContent = caption ? caption.textContent : "";
    diagramDialog.setAttribute("aria-label", word("figure", { caption: caption ? caption.textContent : "" }));
    diagramDialog.setAttribute("data-zoom", "1");
    diagramDialog.style.setProperty("--zoom", "1");
    history.pushState({ lectureDiagram: true }, "");
    diagramDialog.showModal();
    body.focus();
  }

  function measureDiagram(figure) {
    var views = $(".diagram-views", figure);
    var svg = shownDrawing(figure);
    if (!views || !svg) return;
    var natural = parseFloat(svg.style.getPropertyValue("--natural")) || 0;
    var scrolls = views.scrollWidth > views.clientWidth + 1;
    figure.classList.toggle("diagram-scrolls", scrolls);
    figure.classList.toggle("diagram-cramped", scrolls || svg.getBoundingClientRect().width < natural * 0.98);
    if (scrolls) views.setAttribute("tabindex", "0"); else views.removeAttribute("tabindex");
  }

  function enhanceDiagrams(scope) {
    $$("figure.diagram", scope).forEach(function (figure) {
      if ($(".diagram-tools", figure)) return;
      var tools = doc.createElement("div");
      tools.className = "diagram-tools";
      tools.innerHTML = '<span class="diagram-hint">' + escapeHTML(word("diagram-hint")) + '</span>' +
        '<button type="button" class="diagram-zoom">' + escapeHTML(word("diagram-zoom")) + '</button>';
      var views = $(".diagram-views", figure);
      if (!views) return;
      views.insertAdjacentElement("afterend", tools);
      var button = $(".diagram-zoom", tools);
      button.addEventListener("click", function () { openDiagram(figure, button); });
      measureDiagram(figure);
      if (window.ResizeObserver) new ResizeObserver(function () { measureDiagram(figure); }).observe(views);
    });
  }

  highlightCode(doc);
  addCopyButtons(doc);
  oneHint();
  enhanceDiagrams(doc);
  // Live reload (`lecture serve`) swapped the page's <main> in place: enhance the new content.
  doc.addEventListener("lecture:content-replaced", function (e) {
    var scope = (e.detail && e.detail.element) || doc;
    highlightCode(scope);
    addCopyButtons(scope);
    oneHint();
    enhanceDiagrams(scope);
  });

  // print.html: its "Print" button opens the browser's print dialog.
  $$(".print-button").forEach(function (button) {
    button.addEventListener("click", function () { window.print(); });
  });
})();
