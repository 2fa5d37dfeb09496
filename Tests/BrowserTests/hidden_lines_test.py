"""Hidden code lines in a real browser: part of `make browser-test`.

Makes a book with `lecture init` whose book.toml gives Python a prefix of hidden lines
(`[output.html.code.hidelines] python = "~"`, as mdBook 0.5 reads it), with a Rust block beside
and a verified Swift sample whose setup is hidden with Swift-DocC's `// snippet.hide`, builds it
and opens the page from file:// in Debian's headless Chromium (Playwright):

- the hidden lines of both blocks take no room until the reader asks;
- each block with hidden lines has the button, pressed state and all; a block without has none;
- pressing it shows that block's lines (and only that block's), pressing again hides them.
"""
import os
import subprocess

import pytest

PAGE = """# Hidden lines

```python
~import sys
print(sys.argv)
```

```rust
# fn hidden() {}
fn main() {}
```

```python
print("nothing hidden")
```

```swift
// snippet.hide
struct Point { var x: Int; var y: Int }
// snippet.show
let p = Point(x: 1, y: 2)
print(p.x + p.y)
```

```output
3
```
"""


@pytest.fixture(scope="module")
def page(lecture, tmp_path_factory):
    book = os.path.join(str(tmp_path_factory.mktemp("lecture-hidden-lines-test")), "book")
    subprocess.run([lecture, "init", book], check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(book, "book.toml"), "a", encoding="utf-8") as toml:
        toml.write('\n[output.html.code.hidelines]\npython = "~"\n')
    with open(os.path.join(book, "src", "chapter_1.md"), "w", encoding="utf-8") as chapter:
        chapter.write(PAGE)
    subprocess.run([lecture, "build", book], check=True, stdout=subprocess.DEVNULL)
    return "file://" + os.path.join(book, "book", "chapter_1.html")


def shown(tab):
    """Per code block (the Swift sample's output block last), whether each of its hidden lines
    takes room on the screen."""
    return tab.evaluate("""() => [...document.querySelectorAll('pre')].map(pre =>
        [...pre.querySelectorAll('.boring')].map(line => line.getClientRects().length > 0))""")


def test_hidden_lines_show_and_hide_with_their_blocks_button(browser, page):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    tab = context.new_page()
    tab.goto(page)
    tab.wait_for_load_state("load")
    assert shown(tab) == [[False], [False], [], [False], []], f"hidden lines take no room at first ({shown(tab)})"
    toggles = tab.locator(".boring-toggle")
    assert toggles.count() == 3, "a button for each block with hidden lines, none for the third"
    python = toggles.nth(0)
    assert python.get_attribute("aria-pressed") == "false"
    python.click()
    assert shown(tab) == [[True], [False], [], [False], []], f"the Python block's line shows, the others stay hidden ({shown(tab)})"
    assert python.get_attribute("aria-pressed") == "true"
    python.click()
    assert shown(tab) == [[False], [False], [], [False], []], f"pressed again, hidden again ({shown(tab)})"

    # The Swift sample: its hidden setup is on the page and its button shows it.
    swift = toggles.nth(2)
    sample = tab.locator("pre:has(code.swift-code)")
    assert "struct Point" not in sample.inner_text(), "the setup is hidden at first"
    swift.click()
    assert shown(tab) == [[False], [False], [], [True], []], f"the Swift sample's setup shows ({shown(tab)})"
    assert "struct Point { var x: Int; var y: Int }" in sample.inner_text()
    assert swift.get_attribute("aria-pressed") == "true"
    swift.click()
    assert "struct Point" not in sample.inner_text()
    context.close()
