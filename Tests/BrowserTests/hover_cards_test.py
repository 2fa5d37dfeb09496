"""Hover cards and test reports in a real browser: part of `make browser-test` and `make screenshots`.

Opens a built site (`_site` by default) from file:// in Debian's headless Chromium (Playwright), at
1280 and 375 px, light and dark, with JavaScript on and off, and checks what only a browser shows:

- focusing an identifier with a card (keyboard, no pointer) shows its card, which is the element its
  `aria-describedby` names and has role tooltip;
- without JavaScript the card lies below the code, not over it; with JavaScript its text fills the
  sample's strip, below the identifier (the strip sticks to the window's bottom while the code is in
  view); either way showing it changes no box on the page (no layout shift);
- Swift is highlighted without JavaScript (spans with `hl-` classes have a colour of their own);
- a test sample's report lists its tests with ✔ or ✘.

With `--screenshots DIR` it also saves, per width and scheme, the page with a focused card
(`hover-WIDTH-SCHEME.png`) and a test report (`tests-WIDTH-SCHEME.png`). Exit status 0 when all held.
"""
import glob
import os
import shutil
import sys

from playwright.sync_api import sync_playwright

SITE = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else "_site")
SHOTS = sys.argv[sys.argv.index("--screenshots") + 1] if "--screenshots" in sys.argv else None
NAMES = ["viewModel", "relay", "greeting"]


class Failure(Exception):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


def page_with(selector, contains=None):
    """The first page of the site holding `selector` (and the text `contains`)."""
    for path in sorted(glob.glob(os.path.join(SITE, "**", "*.html"), recursive=True)):
        text = open(path, encoding="utf-8").read()
        if selector in text and (contains is None or contains in text):
            return path
    raise Failure(f"no page in {SITE} has {selector}")


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


def check_card(page, where, javascript):
    hover = target(page)
    hover.evaluate("e => e.scrollIntoView({block: 'center'})")
    before = boxes(page)
    hover.focus()
    card_id = hover.get_attribute("aria-describedby")
    card = page.locator(f"#{card_id}")
    check(card.get_attribute("role") == "tooltip", f"{where}: the described element is no tooltip")
    figure = hover.locator("xpath=ancestor::figure[1]")
    # Without JavaScript the card itself shows, under the code; with it, its text fills the
    # sample's strip, which stays in view.
    shown = figure.locator(".hover-strip.showing") if javascript else card
    check(shown.is_visible(), f"{where}: focusing {hover.inner_text()!r} shows no card")
    check(card.inner_text().strip() in shown.inner_text(), f"{where}: the card shown is not the identifier's")
    box = shown.bounding_box()
    word = hover.bounding_box()
    check(box["y"] >= word["y"] + word["height"] - 1, f"{where}: the card ({box}) covers the identifier ({word})")
    if not javascript:
        pre = figure.locator("pre").first.bounding_box()
        check(box["y"] >= pre["y"] + pre["height"] - 1, f"{where}: the card ({box}) covers the code ({pre})")
    frame = figure.bounding_box()
    check(box["x"] >= frame["x"] - 1 and box["x"] + box["width"] <= frame["x"] + frame["width"] + 1,
          f"{where}: the card leaves its sample")
    check(boxes(page) == before, f"{where}: showing the card moved something")
    return hover


def main():
    hover_page = page_with('class="hover"', contains="viewModel")
    tests_page = page_with('class="test-report"')
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        try:
            for width in (1280, 375):
                for scheme in ("light", "dark"):
                    for javascript in (True, False):
                        where = f"{width} px, {scheme}, JavaScript {'on' if javascript else 'off'}"
                        context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme,
                                                      java_script_enabled=javascript)
                        page = context.new_page()
                        page.goto("file://" + hover_page)
                        keyword = page.locator(".swift-code .hl-keyword").first
                        plain = page.evaluate("getComputedStyle(document.querySelector('.swift-code')).color")
                        check(keyword.evaluate("e => getComputedStyle(e).color") != plain,
                              f"{where}: keywords are not coloured")
                        check_card(page, where, javascript)
                        if SHOTS and javascript:
                            page.screenshot(path=os.path.join(SHOTS, f"hover-{width}-{scheme}.png"))
                        page.goto("file://" + tests_page)
                        report = page.locator(".test-report").first
                        marks = report.locator(".test-mark").all_inner_texts()
                        check(marks and set(marks) <= {"✔", "✘"}, f"{where}: the test report has no ✔/✘ ({marks})")
                        if SHOTS and javascript:
                            report.evaluate("e => e.closest('figure').scrollIntoView({block: 'end'})")
                            page.screenshot(path=os.path.join(SHOTS, f"tests-{width}-{scheme}.png"))
                        context.close()
        finally:
            browser.close()
    print(f"hover cards and test reports: held at 1280 and 375 px, light and dark, JavaScript on and off ({os.path.basename(hover_page)}, {os.path.basename(tests_page)})")


if __name__ == "__main__":
    try:
        main()
    except Failure as failure:
        print(f"FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
