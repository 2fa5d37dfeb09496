"""Code blocks on a phone: part of `make browser-test`.

Builds a small verified Swift book (three samples with hover cards, one a plain code block) with
the given `lecture` and opens it from file:// in Debian's headless Chromium (Playwright):

- at 375 px (a phone) no Copy button covers a character of code: each button's box is checked
  against every text box of its block's code, as the block lies on screen (a line wider than the
  screen runs under the button's place when the block does not make room for it); at 1280 px too;
- the hover hint ("Hover over a name…") is shown once a page, under its first sample, not under
  every one; the other samples' strips still show a card when a name is focused.
"""
import contextlib
import os
import subprocess

import pytest

from book_files import write

LONG = "let aGreetingLongerThanAPhoneIsWide = \"Hello, world, from a line wider than a phone\""
PAGE = f"""# Samples

```swift
{LONG}
print(aGreetingLongerThanAPhoneIsWide.count)
```

```output
44
```

```swift
let short = 1
print(short)
```

```output
1
```

```swift
let numbers = [3, 1, 2]
print(numbers.sorted())
```

```output
[1, 2, 3]
```

```text
a plain block with a line longer than a phone is wide, which scrolls under its button
```
"""


@pytest.fixture(scope="module")
def page(lecture, tmp_path_factory):
    root = str(tmp_path_factory.mktemp("lecture-phone-code-test"))
    write(os.path.join(root, "book.toml"),
          '[book]\ntitle = "T"\n[preprocessor.lecture]\nrenderers = []\n'
          '[preprocessor.lecture.samples]\nverify = true\n')
    write(os.path.join(root, "src", "SUMMARY.md"), "# T\n\n- [Samples](samples.md)\n")
    write(os.path.join(root, "src", "samples.md"), PAGE)
    subprocess.run([lecture, "build", root], check=True, stdout=subprocess.DEVNULL)
    return "file://" + os.path.join(root, "book", "samples.html")


COVERED = """() => {
  const hits = [];
  for (const block of document.querySelectorAll('.code-block')) {
    const pre = block.querySelector('pre');
    const seen = pre.getBoundingClientRect();
    const walker = document.createTreeWalker(pre.querySelector('code'), NodeFilter.SHOW_TEXT, {
      acceptNode: n => n.parentElement.closest('.hover-card') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT });
    for (const button of block.querySelectorAll('.copy-button')) {
      const b = button.getBoundingClientRect();
      for (let node = walker.currentNode = pre.querySelector('code'); (node = walker.nextNode());) {
        for (let i = 0; i < node.length; i++) {
          if (/\\s/.test(node.data[i])) continue;
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + 1);
          for (const r of range.getClientRects()) {
            // Only what shows: the part of the character inside the block's visible box.
            const left = Math.max(r.left, seen.left), right = Math.min(r.right, seen.right);
            if (right <= left) continue;
            if (left < b.right && right > b.left && r.top < b.bottom && r.bottom > b.top)
              hits.push(button.textContent + ' covers ' + JSON.stringify(node.data[i]) + ' of ' + JSON.stringify(node.data.slice(0, 30)));
          }
        }
      }
    }
  }
  return hits;
}"""


@contextlib.contextmanager
def opened(browser, page, width):
    """A tab `width` px wide showing `page`."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        tab = context.new_page()
        tab.goto(page)
        yield tab
    finally:
        context.close()


@pytest.mark.parametrize("width", [375, 1280])
def test_no_copy_button_covers_code(browser, page, width):
    with opened(browser, page, width) as tab:
        tab.wait_for_selector(".code-block .copy-button")
        assert tab.locator(".code-block").count() >= 7, "three samples, their outputs and the plain block"
        hits = tab.evaluate(COVERED)
        assert hits == [], hits[:5]


@pytest.mark.parametrize("width", [375, 1280])
def test_the_hover_hint_is_shown_once_a_page(browser, page, width):
    with opened(browser, page, width) as tab:
        tab.wait_for_selector(".hover-strip")
        texts = tab.eval_on_selector_all(".hover-strip", "strips => strips.map(s => s.textContent.trim())")
        assert len(texts) == 3, texts
        assert texts[0].startswith("Hover over a name"), texts
        assert texts[1:] == ["", ""], texts
        # The strips after the first fold to nothing (no empty band under every sample,
        # newuser-7 #14): a card of the third sample shows in the bar over the header instead.
        heights = tab.eval_on_selector_all(
            ".hover-strip", "strips => strips.map(s => s.getBoundingClientRect().height)")
        assert heights[0] > 0 and heights[1:] == [0, 0], heights
        tab.evaluate("""() => {
            document.querySelectorAll('.hover-frame')[2].scrollIntoView({block: 'center'});
            document.querySelectorAll('.hover-frame')[2].querySelector('.hover[tabindex="0"]').focus({preventScroll: true});
        }""")
        tab.wait_for_function("(() => { const bar = document.querySelector('.hover-bar'); return bar && !bar.hidden; })()")
        assert "numbers" in tab.eval_on_selector(".hover-bar", "bar => bar.textContent")
        assert not tab.eval_on_selector_all(".hover-strip", "s => s[2].classList.contains('showing')")
