"""Layout on phones and desktops in a real browser: `make layout-test`.

Opens every page of a built site (from file://, as a reader who downloaded it would) in Debian's
headless Chromium, driven by Playwright, at 375 and 1280 CSS px wide, in the light and the dark
theme, and in print (A4). On each page it measures:

- the page itself: it must not scroll sideways;
- every diagram: exactly one of its layouts is shown, and every label of it is drawn at least
  12 CSS px high (the label's font size times the scale the SVG is drawn at; its box is reported too);
  in print, where a drawing is scaled to the page instead, it must not be wider than the page;
- every table: its content must not overflow its box (no scrolling inside it either).

It saves screenshots of the pages named on the command line (default: comparison and mvvm) into
the screenshot folder, one per width and theme, to be looked at. Exit status 0 when all held.

Usage: layout_test.py SITE_DIR SCREENSHOT_DIR [PAGE…]
"""
import os
import shutil
import sys

from playwright.sync_api import sync_playwright

MIN_LABEL = 12.0
WIDTHS = (375, 1280)
THEMES = ("light", "dark")
# A4 at 96 px per inch less Chromium's default print margins (about 0.4 in each side).
PRINT_WIDTH = 718

MEASURE = """() => {
  const root = document.documentElement;
  const result = { pageScroll: root.scrollWidth - root.clientWidth, diagrams: [], tables: [] };
  document.querySelectorAll('figure.diagram').forEach((figure, index) => {
    const shown = [...figure.querySelectorAll('svg')].filter(svg => getComputedStyle(svg).display !== 'none');
    const views = figure.querySelector('.diagram-views');
    const labels = [];
    shown.forEach(svg => svg.querySelectorAll('text').forEach(text => {
      const size = parseFloat(text.getAttribute('font-size') || getComputedStyle(text).fontSize);
      const scale = text.getScreenCTM().a;
      labels.push({ text: text.textContent, em: size * scale, box: text.getBoundingClientRect().height });
    }));
    result.diagrams.push({
      index, shown: shown.map(svg => svg.getAttribute('class')),
      caption: (figure.querySelector('figcaption') || {}).textContent || '',
      scrolls: views ? views.scrollWidth - views.clientWidth : 0,
      labels,
    });
  });
  document.querySelectorAll('.table-wrap').forEach((wrap, index) => {
    const box = wrap.getBoundingClientRect();
    result.tables.push({
      index, caption: (wrap.querySelector('caption') || {}).textContent || '',
      overflow: wrap.scrollWidth - wrap.clientWidth, width: box.width, right: box.right,
    });
  });
  return result;
}"""


def check(page, name, where, failures, report):
    m = page.evaluate(MEASURE)
    if m["pageScroll"] > 0:
        failures.append(f"{where} {name}: the page scrolls sideways by {m['pageScroll']} px")
    for d in m["diagrams"]:
        label = f"{where} {name} diagram {d['index'] + 1} ({d['caption']})"
        if len(d["shown"]) != 1:
            failures.append(f"{label}: {len(d['shown'])} layouts shown, expected 1")
        if not d["labels"]:
            failures.append(f"{label}: no label measured")
        if where == "print":
            # Paper: the drawing is scaled to the page instead, and must not be cut off.
            if d["scrolls"] > 0:
                failures.append(f"{label}: wider than the page by {d['scrolls']} px")
        else:
            for l in (l for l in d["labels"] if l["em"] < MIN_LABEL - 0.01):
                failures.append(f"{label}: label '{l['text']}' is {l['em']:.1f} px high (< {MIN_LABEL:g})")
        if d["labels"]:
            smallest = min(d["labels"], key=lambda l: l["em"])
            report.append(f"{where} {name} diagram {d['index'] + 1}: {d['shown'][0] if d['shown'] else '-'}, "
                          f"smallest label {smallest['em']:.1f} px (box {smallest['box']:.1f} px), "
                          f"{len(d['labels'])} labels, scrolls {max(d['scrolls'], 0)} px")
    for t in m["tables"]:
        label = f"{where} {name} table {t['index'] + 1} ({t['caption']})"
        if t["overflow"] > 0:
            failures.append(f"{label}: content overflows its box by {t['overflow']} px")
        report.append(f"{where} {name} table {t['index'] + 1}: {t['width']:.0f} px wide, overflow {max(t['overflow'], 0)} px")


def main() -> int:
    site = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "_site")
    shots = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else "_screenshots")
    pictured = sys.argv[3:] or ["comparison", "mvvm"]
    os.makedirs(shots, exist_ok=True)
    pages = sorted(name[:-5] for name in os.listdir(site) if name.endswith(".html") and name not in ("404.html", "toc.html"))
    if not pages:
        print(f"FAIL: no pages in {site}")
        return 1
    failures, report = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        for width in WIDTHS:
            for theme in THEMES:
                context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=theme)
                tab = context.new_page()
                for name in pages:
                    tab.goto(f"file://{site}/{name}.html")
                    tab.wait_for_load_state("load")
                    check(tab, name, f"{width}px {theme}", failures, report if theme == "light" else [])
                    if name in pictured:
                        tab.screenshot(path=os.path.join(shots, f"{name}-{width}-{theme}.png"), full_page=True)
                context.close()
        context = browser.new_context(viewport={"width": PRINT_WIDTH, "height": 1000})
        tab = context.new_page()
        tab.emulate_media(media="print")
        for name in pages:
            tab.goto(f"file://{site}/{name}.html")
            tab.wait_for_load_state("load")
            check(tab, name, "print", failures, report)
            if name in pictured:
                tab.screenshot(path=os.path.join(shots, f"{name}-print.png"), full_page=True)
        context.close()
        browser.close()
    for line in report:
        print(line)
    for line in failures:
        print("FAIL:", line)
    print(f"{len(pages)} pages at {', '.join(map(str, WIDTHS))} px ({' and '.join(THEMES)}) and in print: "
          f"{len(failures)} problems; screenshots in {shots}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
