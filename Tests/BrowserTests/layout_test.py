"""Layout on phones and desktops in a real browser: `make layout-test`.

Opens every page of a built site (from file://, as a reader who downloaded it would) in Debian's
headless Chromium, driven by Playwright, at 375 and 1280 CSS px wide, in the light and the dark
theme, and in print (A4). On each page it measures:

- the page itself: it must not scroll sideways;
- every diagram: exactly one of its layouts is shown, and every label of it is drawn at least
  12 CSS px high (the label's font size times the scale the SVG is drawn at; its box is reported too);
  in print, where a drawing is scaled to the page instead, it must not be wider than the page;
- every table (a comparison, `.table-wrap`, or a plain pipe table, `.table-wrapper`): its content must
  not overflow its box (no scrolling inside it either).

It saves screenshots of the pages named with --pictured (default: comparison and mvvm) into
the --screenshots folder (default _screenshots), one per width and theme, to be looked at.
"""
import os

import pytest

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
  document.querySelectorAll('.table-wrap, .table-wrapper').forEach((wrap, index) => {
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



def redirects(path):
    """Whether the page at `path` only sends the reader on (book.toml's [output.html.redirect]):
    it navigates away while being measured, and has no layout of its own."""
    with open(path, encoding="utf-8", errors="replace") as page:
        return 'http-equiv="refresh"' in page.read(4096)


@pytest.fixture(scope="module")
def pages(site):
    # Every page, in folders too (a foreign book's `vec/vec-alloc.html`).
    names = sorted(os.path.relpath(os.path.join(folder, name), site)[:-5]
                   for folder, _, files in os.walk(site) for name in files
                   if name.endswith(".html") and os.path.relpath(os.path.join(folder, name), site)
                   not in ("404.html", "toc.html")
                   and not redirects(os.path.join(folder, name)))
    assert names, f"no pages in {site}"
    return names


@pytest.fixture(scope="module")
def pictured(pytestconfig, screenshots):
    """The screenshot folder (default _screenshots) and the pages photographed into it."""
    folder = screenshots or os.path.abspath("_screenshots")
    os.makedirs(folder, exist_ok=True)
    return folder, pytestconfig.getoption("--pictured") or ["comparison", "mvvm"]


def measured(tab, site, names, where, shots, pictured, shot_name):
    failures, report = [], []
    for name in names:
        tab.goto(f"file://{site}/{name}.html")
        tab.wait_for_load_state("load")
        check(tab, name, where, failures, report)
        if name in pictured:
            tab.screenshot(path=os.path.join(shots, shot_name(name.replace("/", "-"))), full_page=True)
    for line in report:
        print(line)
    return failures


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_page_on_screen(browser, site, pages, pictured, width, theme):
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=theme)
    shots, names = pictured
    failures = measured(context.new_page(), site, pages, f"{width}px {theme}", shots, names,
                        lambda name: f"{name}-{width}-{theme}.png")
    context.close()
    assert not failures, "\n".join(failures)


def test_every_page_in_print(browser, site, pages, pictured):
    context = browser.new_context(viewport={"width": PRINT_WIDTH, "height": 1000})
    tab = context.new_page()
    tab.emulate_media(media="print")
    shots, names = pictured
    failures = measured(tab, site, pages, "print", shots, names, lambda name: f"{name}-print.png")
    context.close()
    assert not failures, "\n".join(failures)
