"""book.toml's default theme and repository link in a real browser: part of `make browser-test`.

Makes a book with `lecture init`, sets `[output.html] default-theme` and `git-repository-url`, builds
it, and opens its page from file:// in Debian's headless Chromium (Playwright) at 375 px:

- a reader who chose nothing sees the book's theme (a dark one here), after book.js has run too;
- the theme button cycles book default → light → dark → book default, and a stored choice wins;
- a book whose default is light shows no dark theme;
- the repository link in the header stays on one line inside the header at 375 px.
"""
import os
import subprocess

import pytest


def build_book(lecture, work, theme):
    book = os.path.join(work, theme)
    subprocess.run([lecture, "init", book], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(book, "book.toml"), "a", encoding="utf-8") as toml:
        toml.write(f'\n[output.html]\ndefault-theme = "{theme}"\n'
                   'git-repository-url = "https://example.org/a-rather-long-owner/lecture"\n')
    subprocess.run([lecture, "build", book], check=True, stdout=subprocess.DEVNULL)
    return "file://" + os.path.join(book, "book", "chapter_1.html")


@pytest.fixture(scope="module")
def books(lecture, tmp_path_factory):
    work = str(tmp_path_factory.mktemp("lecture-theme-test"))
    return {theme: build_book(lecture, work, theme) for theme in ("navy", "light")}


def theme_of(tab):
    return tab.evaluate("document.documentElement.getAttribute('data-theme')")


def test_the_books_dark_default_the_button_cycle_and_a_stored_choice(browser, books):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    tab = context.new_page()
    tab.goto(books["navy"])
    tab.wait_for_load_state("load")
    assert theme_of(tab) == "dark", f"the book's default theme shows when the reader chose none ({theme_of(tab)})"
    seen = []
    for _ in range(3):
        tab.click("#lecture-theme-toggle")
        seen.append(theme_of(tab))
    assert seen == ["light", "dark", "dark"], f"the button cycles light → dark → the book's default ({seen})"
    tab.click("#lecture-theme-toggle")
    tab.reload()
    assert theme_of(tab) == "light", f"a stored choice wins over the book's default after a reload ({theme_of(tab)})"
    context.close()


def test_the_repository_link_stays_on_one_line_inside_the_header(browser, books):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    tab = context.new_page()
    tab.goto(books["navy"])
    tab.wait_for_load_state("load")
    box = tab.evaluate("""() => {
        const a = document.querySelector('.site-header .repository-link');
        const h = document.querySelector('.site-header').getBoundingClientRect();
        const r = a.getBoundingClientRect();
        return {lines: a.getClientRects().length, top: r.top, bottom: r.bottom, htop: h.top, hbottom: h.bottom,
                lineHeight: parseFloat(getComputedStyle(a).lineHeight) || parseFloat(getComputedStyle(a).fontSize) * 1.6};
    }""")
    assert box["lines"] == 1 and box["bottom"] - box["top"] <= box["lineHeight"] * 1.5, \
        f"the repository link stays on one line at 375 px ({box})"
    assert box["top"] >= box["htop"] and box["bottom"] <= box["hbottom"], "the repository link stays inside the header"
    context.close()


def test_a_light_default_shows_no_dark_theme(browser, books):
    context = browser.new_context(viewport={"width": 375, "height": 800}, color_scheme="light")
    tab = context.new_page()
    tab.goto(books["light"])
    tab.wait_for_load_state("load")
    assert theme_of(tab) in (None, "light"), f"a light default shows no dark theme ({theme_of(tab)})"
    context.close()
