"""book.toml's default theme and repository link in a real browser: part of `make browser-test`.

Makes a book with `lecture init`, sets `[output.html] default-theme` and `git-repository-url`, builds
it, and opens its page from file:// in Debian's headless Chromium (Playwright) at 375 px:

- a reader who chose nothing sees the book's theme (a dark one here), after book.js has run too;
- the theme button cycles book default → light → dark → book default, and a stored choice wins;
- a book whose default is light shows no dark theme;
- the repository link in the header stays on one line inside the header at 375 px.

Usage: theme_test.py LECTURE_BINARY. Exit status 0 when all held.
"""
import os
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

from browser_check import Failure, check_and_say as check


def build_book(lecture, work, theme):
    book = os.path.join(work, theme)
    subprocess.run([lecture, "init", book], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(book, "book.toml"), "a", encoding="utf-8") as toml:
        toml.write(f'\n[output.html]\ndefault-theme = "{theme}"\n'
                   'git-repository-url = "https://example.org/a-rather-long-owner/lecture"\n')
    subprocess.run([lecture, "build", book], check=True, stdout=subprocess.DEVNULL)
    return "file://" + os.path.join(book, "book", "chapter_1.html")


def main() -> int:
    lecture = os.path.abspath(sys.argv[1])
    work = tempfile.mkdtemp(prefix="lecture-theme-test.")
    try:
        navy = build_book(lecture, work, "navy")
        light = build_book(lecture, work, "light")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            context = browser.new_context(viewport={"width": 375, "height": 800})
            tab = context.new_page()
            tab.goto(navy)
            tab.wait_for_load_state("load")
            theme = lambda: tab.evaluate("document.documentElement.getAttribute('data-theme')")
            check(theme() == "dark", f"the book's default theme shows when the reader chose none (data-theme={theme()})")
            seen = []
            for _ in range(3):
                tab.click("#lecture-theme-toggle")
                seen.append(theme())
            check(seen == ["light", "dark", "dark"], f"the button cycles light → dark → the book's default ({seen})")
            tab.click("#lecture-theme-toggle")
            tab.reload()
            check(theme() == "light", f"a stored choice wins over the book's default after a reload ({theme()})")
            box = tab.evaluate("""() => {
                const a = document.querySelector('.site-header .repository-link');
                const h = document.querySelector('.site-header').getBoundingClientRect();
                const r = a.getBoundingClientRect();
                return {lines: a.getClientRects().length, top: r.top, bottom: r.bottom, htop: h.top, hbottom: h.bottom,
                        lineHeight: parseFloat(getComputedStyle(a).lineHeight) || parseFloat(getComputedStyle(a).fontSize) * 1.6};
            }""")
            check(box["lines"] == 1 and box["bottom"] - box["top"] <= box["lineHeight"] * 1.5,
                  f"the repository link stays on one line at 375 px ({box})")
            check(box["top"] >= box["htop"] and box["bottom"] <= box["hbottom"], "the repository link stays inside the header")
            other = browser.new_context(viewport={"width": 375, "height": 800}, color_scheme="light").new_page()
            other.goto(light)
            other.wait_for_load_state("load")
            shown = other.evaluate("document.documentElement.getAttribute('data-theme')")
            check(shown in (None, "light"), f"a light default shows no dark theme ({shown})")
            browser.close()
        print("theme test: all held")
        return 0
    except Failure as failure:
        print("FAILED:", failure)
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
