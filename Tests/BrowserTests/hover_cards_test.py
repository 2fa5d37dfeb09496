"""Hover cards and test reports in a real browser: part of `make browser-test` and `make screenshots`.

Opens a built site (`_site` by default) from file:// in Debian's headless Chromium (Playwright), at
1280 and 375 px, light and dark, with JavaScript on and off, and checks what only a browser shows:

- focusing an identifier with a card (keyboard, no pointer) shows its card, whose text is that of
  the element its `aria-describedby` names, which has role tooltip and stands outside the code (the
  text of a `<code>` is its code);
- the card shown covers no line of code on screen (every line box of every `pre code` in the window,
  below the sticky header, is checked against the card's box) nor the identifier: without JavaScript
  it lies in the strip under the code; with JavaScript its text fills that strip when the strip is in
  the window, else a bar laid over the header (checked for a name in the page's tallest sample, whose
  strip is out of view); either way showing it changes no box on the page (no layout shift);
- Swift is highlighted without JavaScript (spans with `hl-` classes have a colour of their own);
- a test sample's report lists its tests with ✔ or ✘.

With `--screenshots DIR` it also saves, per width and scheme, the page with a focused card
(`hover-WIDTH-SCHEME.png`) and a test report (`tests-WIDTH-SCHEME.png`).
"""
import glob
import os

import pytest

NAMES = ["viewModel", "relay", "greeting"]


def page_with(site, selector, contains=None):
    """The first page of the site holding `selector` (and the text `contains`)."""
    for path in sorted(glob.glob(os.path.join(site, "**", "*.html"), recursive=True)):
        text = open(path, encoding="utf-8").read()
        if selector in text and (contains is None or contains in text):
            return path
    pytest.fail(f"no page in {site} has {selector}")


def target(page):
    """The first focusable identifier named like the lecture's view models and relays, else any."""
    for name in NAMES:
        found = page.locator(f'.hover[tabindex="0"]:text-is("{name}")')
        if found.count():
            return found.first
    return page.locator('.hover[tabindex="0"]').first


def boxes(page):
    return page.evaluate("""() => Array.from(document.querySelectorAll('main *'))
        .filter(e => !e.closest('.hover-card') && !e.parentElement.closest('.hover-strip')).slice(0, 4000)
        .map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].map(Math.round).join(); })""")


def in_tallest_sample(page):
    """A focusable name at the top of the page's tallest sample with cards."""
    return page.locator(".hover-frame").evaluate_all("""frames => {
        const tallest = frames.reduce((a, b) => b.offsetHeight > a.offsetHeight ? b : a);
        const hover = tallest.querySelector('.hover[tabindex="0"]');
        hover.setAttribute('data-test-tallest', '');
        return tallest.offsetHeight; }"""), page.locator("[data-test-tallest]")


COVERED_LINES = """c => {
    // Each line box of the code in the window, below the sticky header, that the card's box overlaps.
    c = {left: c.x, top: c.y, right: c.x + c.width, bottom: c.y + c.height};
    const header = document.querySelector('.site-header');
    const top = header ? header.getBoundingClientRect().bottom : 0;
    const covered = [];
    for (const code of document.querySelectorAll('pre code')) {
        const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (node.parentElement.closest('.hover-card') || !node.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) {
                const y0 = Math.max(r.top, top), y1 = Math.min(r.bottom, innerHeight);
                if (y1 - y0 < 1 || r.width < 1) continue;
                if (r.left < c.right - 1 && r.right > c.left + 1 && y0 < c.bottom - 1 && y1 > c.top + 1)
                    covered.push(JSON.stringify(node.textContent.slice(0, 30)) + ' at y ' + Math.round(r.top));
            }
        }
    }
    return covered;
}"""


GENERATED_CARD = r"""hover => {
    // The text and box of the card CSS shows without JavaScript: the name's ::after, laid at the
    // bottom of its frame (the frame's width, its own height); no box when it does not show.
    const after = getComputedStyle(hover, '::after');
    if (after.display === 'none' || !after.content.startsWith('"')) return [after.content, null];
    const text = after.content.match(/^"((?:[^"\\]|\\.)*)"/)[1].replace(/\\(.)/g, '$1');
    const frame = hover.closest('.hover-frame').getBoundingClientRect();
    const px = name => parseFloat(after.getPropertyValue(name)) || 0;
    const height = px('height') + px('padding-top') + px('padding-bottom') + px('border-top-width') + px('border-bottom-width');
    return [text, {x: frame.left, y: frame.bottom - height, width: frame.width, height: height}];
}"""


def check_card(page, where, javascript, hover=None):
    hover = hover or target(page)
    hover.evaluate("e => e.scrollIntoView({block: 'center'})")
    before = boxes(page)
    hover.focus()
    card_id = hover.get_attribute("aria-describedby")
    card = page.locator(f"#{card_id}")
    assert card.get_attribute("role") == "tooltip", \
        f"{where}: the described element is no tooltip"
    assert not card.is_visible() and not card.evaluate("e => e.closest('code')"), \
        f"{where}: the card stands in the code or shows in place"
    figure = hover.locator("xpath=ancestor::figure[1]")
    # Without JavaScript the identifier's data-card shows (generated content, out of the code's
    # text), under the code; with JavaScript the card's text fills the sample's strip, which stays
    # in view.
    if javascript:
        shown = page.locator(".hover-strip.showing, .hover-bar:not([hidden])")
        assert shown.count() == 1, \
            f"{where}: focusing {hover.inner_text()!r} shows {shown.count()} cards"
        assert shown.is_visible(), \
            f"{where}: focusing {hover.inner_text()!r} shows no card"
        text, box = shown.inner_text(), shown.bounding_box()
    else:
        text, box = hover.evaluate(GENERATED_CARD)
        assert box, f"{where}: focusing {hover.inner_text()!r} shows no card"
    assert card.text_content().strip() in text, \
        f"{where}: the card shown ({text!r}) is not the identifier's ({card.text_content()!r})"
    # Without JavaScript a long sample's card is under its code, out of the window: CSS alone cannot
    # both keep it in view and off the code.
    assert not javascript or box["y"] >= -1 and box["y"] + box["height"] <= page.viewport_size["height"] + 1, \
        f"{where}: the card ({box}) is out of the window"
    word = hover.bounding_box()
    assert box["y"] >= word["y"] + word["height"] - 1 or box["y"] + box["height"] <= word["y"] + 1, \
        f"{where}: the card ({box}) covers the identifier ({word})"
    covered = page.evaluate(COVERED_LINES, box)
    assert not covered, \
        f"{where}: the card ({box}) covers lines of code: {covered[:5]}"
    if not javascript or shown.evaluate("e => e.classList.contains('hover-strip')"):
        frame = figure.bounding_box()
        assert box["x"] >= frame["x"] - 1 and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1, \
            f"{where}: the card leaves its sample"
    assert boxes(page) == before, \
        f"{where}: showing the card moved something"
    hover.evaluate("e => e.blur()")
    return hover


@pytest.fixture(scope="module")
def pages(site):
    """A page with hover cards on the lecture's view models, and one with a test report."""
    return page_with(site, 'class="hover"', contains="viewModel"), page_with(site, 'class="test-report"')


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [1280, 375])
def test_cards_cover_no_code_and_reports_show_marks(browser, pages, screenshots, width, scheme, javascript):
    hover_page, tests_page = pages
    where = f"{width} px, {scheme}, JavaScript {'on' if javascript else 'off'}"
    context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme,
                                  java_script_enabled=javascript)
    page = context.new_page()
    page.goto("file://" + hover_page)
    keyword = page.locator(".swift-code .hl-keyword").first
    plain = page.evaluate("getComputedStyle(document.querySelector('.swift-code')).color")
    assert keyword.evaluate("e => getComputedStyle(e).color") != plain, f"{where}: keywords are not coloured"
    hover = check_card(page, where, javascript)
    if screenshots and javascript:
        hover.focus()
        page.screenshot(path=os.path.join(screenshots, f"hover-{width}-{scheme}.png"))
        hover.evaluate("e => e.blur()")
    # A name at the top of the tallest sample: its strip is out of the window.
    height, tallest = in_tallest_sample(page)
    assert height > 900, f"{where}: the tallest sample with cards is {height} px, not taller than the window"
    check_card(page, where + ", tallest sample", javascript, tallest)
    page.goto("file://" + tests_page)
    report = page.locator(".test-report").first
    marks = report.locator(".test-mark").all_inner_texts()
    assert marks and set(marks) <= {"✔", "✘"}, f"{where}: the test report has no ✔/✘ ({marks})"
    if screenshots and javascript:
        report.evaluate("e => e.closest('figure').scrollIntoView({block: 'end'})")
        page.screenshot(path=os.path.join(screenshots, f"tests-{width}-{scheme}.png"))
    context.close()
