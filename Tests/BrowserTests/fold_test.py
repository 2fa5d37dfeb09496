"""The sidebar's folding sections ([output.html.fold]) in a real browser, against mdBook 0.5.4's
for the same book: part of `make browser-test`.

Builds one book (a prefix chapter, a part, numbered chapters nested three deep, `enable = true`,
`level = 1`) with `lecture build` and with mdBook (`.build/venv/bin/mdbook`, `make test-tools`),
opens each tool's pages from file:// in Debian's headless Chromium (Playwright) and compares:

- which chapters of the sidebar a reader sees on each page (mdBook opens the sections down to the
  level, and those on the way to the page shown, with its toc.js; lecture writes that state);
- that a folded section opens with the button beside its chapter, and folds again.
"""
import os
import shutil
import subprocess

import pytest

from conftest import ROOT

MDBOOK = os.path.join(ROOT, ".build", "venv", "bin", "mdbook")

SUMMARY = """# Summary

[Intro](intro.md)

# Part one

- [A](a/index.md)
  - [A1](a/one.md)
    - [B](a/b/index.md)
      - [B1](a/b/one.md)
  - [A2](a/two.md)
- [C](c.md)
"""
PAGES = ["intro", "a/index", "a/one", "a/two", "a/b/index", "a/b/one", "c"]


@pytest.fixture(scope="module")
def books(lecture, tmp_path_factory):
    """Each tool's site of the same book: {"lecture": folder, "mdbook": folder}."""
    assert os.access(MDBOOK, os.X_OK), f"no {MDBOOK}: run 'make test-tools'"
    root = str(tmp_path_factory.mktemp("lecture-fold-test"))
    sites = {}
    for tool in ("lecture", "mdbook"):
        book = os.path.join(root, tool)
        os.makedirs(os.path.join(book, "src", "a", "b"))
        with open(os.path.join(book, "book.toml"), "w", encoding="utf-8") as toml:
            toml.write('[book]\ntitle = "Fold"\nlanguage = "en"\n\n[output.html.fold]\nenable = true\nlevel = 1\n')
        with open(os.path.join(book, "src", "SUMMARY.md"), "w", encoding="utf-8") as summary:
            summary.write(SUMMARY)
        for page in PAGES:
            with open(os.path.join(book, "src", page + ".md"), "w", encoding="utf-8") as text:
                text.write(f"# {page}\n\nText.\n")
        env = {**os.environ, "HOME": root}
        if tool == "lecture":
            done = subprocess.run([lecture, "build", book], env=env, capture_output=True, text=True)
            assert "warning" not in done.stdout + done.stderr, "a warning (the fold setting was one)"
        else:
            done = subprocess.run([MDBOOK, "build", book], env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout + done.stderr
        sites[tool] = os.path.join(book, "book")
    yield sites
    shutil.rmtree(root, ignore_errors=True)


def visible_chapters(tab, tool):
    """The titles of the sidebar's chapter links a reader sees, in order."""
    sidebar = "#lecture-sidebar" if tool == "lecture" else "#mdbook-sidebar"
    tab.wait_for_selector(sidebar + " a[href]", state="attached")
    links = tab.locator(sidebar + " a[href]:not(.chapter-fold-toggle)")
    titles = []
    for index in range(links.count()):
        link = links.nth(index)
        if link.is_visible():
            # The title without mdBook's section number ("1.1. A1" → "A1").
            titles.append(link.inner_text().split()[-1])
    return [title for title in titles if title in ("Intro", "A", "A1", "B", "B1", "A2", "C")]


@pytest.mark.parametrize("page", PAGES)
def test_the_same_sections_start_folded_on_each_page(books, page, browser):
    seen = {}
    for tool, folder in books.items():
        tab = browser.new_page(viewport={"width": 1280, "height": 900})
        tab.goto("file://" + os.path.join(folder, page + ".html"))
        seen[tool] = visible_chapters(tab, tool)
        tab.close()
    assert seen["lecture"] == seen["mdbook"], seen
    # Level 1: the top level and its sections; B1 only where the page is on B's way.
    assert "A1" in seen["lecture"] and ("B1" in seen["lecture"]) == page.startswith("a/b/")


def test_a_folded_section_opens_and_folds_with_its_button(books, browser):
    tab = browser.new_page(viewport={"width": 1280, "height": 900})
    tab.goto("file://" + os.path.join(books["lecture"], "c.html"))
    b = tab.locator("#lecture-sidebar a[href='a/b/index.html']")
    toggle = tab.locator("#lecture-sidebar li:has(> a[href='a/one.html']) > .chapter-fold-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not b.is_visible()
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    b.wait_for(state="visible")
    toggle.click()
    b.wait_for(state="hidden")
    assert toggle.get_attribute("aria-expanded") == "false"
    # Keyboard: a button, reached and pressed as one.
    toggle.focus()
    tab.keyboard.press("Enter")
    b.wait_for(state="visible")
    tab.close()
