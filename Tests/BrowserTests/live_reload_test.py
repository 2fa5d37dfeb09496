"""Live reload in a real browser: `make browser-test`.

Starts `lecture serve --port 0` on a copy of a small book and of the site templates, opens pages in
Debian's headless Chromium (driven by Playwright), and checks what only a browser shows:

- a prose edit appears without a reload: the page's <main> is swapped in place, scroll kept;
- a template change reloads the page in full;
- a broken edit shows the overlay with the located diagnostic over the last good page, a fix hides it;
- twelve tabs all follow every save and pages still load beside them (one event stream per
  browser, held by a SharedWorker, instead of one per tab against the six-connection limit);
- without SharedWorker a tab still follows saves with a stream of its own;
- the search box ignores an input method's composition (no search on half-built syllables, the
  Enter that confirms a syllable opens nothing), with synthetic composition events.

Every wait is bounded; exit status 0 when all of it held.
"""
import os
import re
import shutil
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

import serve_process
from browser_check import Failure, check, write

LECTURE = sys.argv[1] if len(sys.argv) > 1 else ".build/release/lecture"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TABS = 12
# How long a step waits for what must happen (a reload, a selector) before it fails: long,
# because the machine may be loaded; it bounds a hang and says nothing about speed (make bench).
PATIENCE_MS = 60_000


def long_page(first_line):
    """A page long enough to scroll: a first paragraph, then 120 more."""
    rest = "".join(f"문단 {n}: 미리 보기는 고친 글을 곧바로 보여 줍니다.\n\n" for n in range(120))
    return f"# 첫 쪽\n\n{first_line}\n\n{rest}마지막 문장입니다.\n"


def start_server(work):
    content = os.path.join(work, "content")
    templates = os.path.join(work, "templates")
    shutil.copytree(os.path.join(ROOT, "site-templates"), templates)
    os.makedirs(content)
    write(os.path.join(content, "SUMMARY.md"), "# 브라우저 시험\n\n- [첫 쪽](page.md)\n- [둘째 쪽](second.md)\n")
    write(os.path.join(content, "page.md"), long_page("처음 문장입니다."))
    write(os.path.join(content, "second.md"), "# 둘째 쪽\n\n문장 검색을 시험하는 쪽입니다.\n")
    server, url = serve_process.start(LECTURE, content, templates, work, echo=True)
    if url is None:
        serve_process.stop(server)
        raise Failure("lecture serve printed no URL")
    return server, url, content, templates


def edit_in_place(tab, page):
    """A prose edit: shown without a load event, the scroll position kept."""
    loads = []
    tab.on("load", lambda: loads.append(time.time()))
    tab.evaluate("window.scrollTo(0, 1500)")
    tab.wait_for_function("window.scrollY > 1000", timeout=PATIENCE_MS)
    before = tab.evaluate("window.scrollY")
    write(page, long_page("고친 문장입니다."))
    tab.wait_for_selector("text=고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    after = tab.evaluate("window.scrollY")
    check(not loads, f"the prose edit reloaded the page ({len(loads)} load events)")
    check(abs(after - before) <= 2, f"the scroll position moved from {before} to {after}")
    print(f"ok: prose edit shown in place, scroll kept at {after:.0f} px, no reload")


def template_change_reloads(tab, templates):
    loads = []
    tab.on("load", lambda: loads.append(time.time()))
    style = os.path.join(templates, "assets", "style.css")
    with open(style, "a") as f:
        f.write("\n/* browser test */ body { outline: 3px solid rgb(1, 2, 3); }\n")
    tab.wait_for_function("getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)'", timeout=PATIENCE_MS)
    check(loads, "a stylesheet change did not reload the page")
    print("ok: a template asset change reloads the page in full")


def overlay_and_fix(tab, page):
    write(page, "# 첫 쪽\n\n```table\n| A | B |\n|---|---|\n| 1 |\n```\n")
    tab.wait_for_selector("text=/page\\.md:6:1: error: table row has 1 cell,/", timeout=PATIENCE_MS)
    check("고친 문장입니다." in tab.content(), "the last good page is not kept under the overlay")
    check(tab.locator("text=this is the last good build").count() == 1, "the overlay's title is missing")
    print("ok: broken edit shows the located error over the last good page")
    write(page, long_page("다시 고친 문장입니다."))
    tab.wait_for_selector("text=다시 고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    tab.wait_for_selector("#lecture-build-errors", state="detached", timeout=PATIENCE_MS)
    print("ok: fixing the error hides the overlay and shows the fix")


def many_tabs(context, url, page, templates):
    tabs = []
    for n in range(TABS):
        tab = context.new_page()
        tab.goto(url + ("page.html" if n % 2 == 0 else "second.html"), timeout=PATIENCE_MS)
        tabs.append(tab)
    print(f"ok: {TABS} tabs open")
    for round_ in range(2):
        text = f"열두 탭 {round_}번째 저장입니다."
        write(page, long_page(text))
        for n, tab in enumerate(tabs):
            if n % 2 == 0:
                tab.wait_for_selector(f"text={text}", state="attached", timeout=PATIENCE_MS)
        print(f"ok: save {round_ + 1}: all {TABS // 2} tabs of the edited page show it")
    # A template change reloads every tab, on either page.
    with open(os.path.join(templates, "assets", "style.css"), "a") as f:
        f.write("\n/* twelve tabs */ body { outline: 3px solid rgb(4, 5, 6); }\n")
    for tab in tabs:
        tab.wait_for_function("getComputedStyle(document.body).outlineColor === 'rgb(4, 5, 6)'", timeout=PATIENCE_MS)
    print(f"ok: a template change reloads all {TABS} tabs")
    extra = context.new_page()
    response = extra.goto(url + "second.html", timeout=PATIENCE_MS)
    check(response is not None and response.ok, "a page opened beside 12 tabs did not load")
    index = extra.evaluate("fetch('search/pages.js').then(r => r.status)")
    check(index == 200, f"search/pages.js beside 12 tabs: status {index}")
    print(f"ok: with {TABS} tabs open another page and the search index still load")
    for tab in tabs + [extra]:
        tab.close()


def without_shared_worker(browser, url, page):
    context = browser.new_context()
    context.add_init_script("delete window.SharedWorker;")
    tab = context.new_page()
    tab.goto(url + "page.html")
    check(tab.evaluate("typeof SharedWorker") == "undefined", "SharedWorker was not removed")
    write(page, long_page("공유 작업자 없이 고친 문장입니다."))
    tab.wait_for_selector("text=공유 작업자 없이 고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    print("ok: without SharedWorker the tab follows saves with its own stream")
    context.close()


COMPOSE = """([value, composing]) => {
  const input = document.getElementById('lecture-search-input');
  input.focus();
  if (composing === 'start') input.dispatchEvent(new CompositionEvent('compositionstart', {data: ''}));
  input.value = value;
  if (composing === 'end') {
    input.dispatchEvent(new CompositionEvent('compositionend', {data: value}));
    input.dispatchEvent(new InputEvent('input', {data: value, inputType: 'insertText'}));
  } else {
    input.dispatchEvent(new CompositionEvent('compositionupdate', {data: value}));
    input.dispatchEvent(new InputEvent('input', {data: value, isComposing: true, inputType: 'insertCompositionText'}));
  }
}"""

RESULTS = "document.querySelectorAll('#lecture-search-results a').length"


def ime_search(context, url):
    tab = context.new_page()
    tab.goto(url + "page.html")
    tab.evaluate(COMPOSE, ["ㅁ", "start"])
    tab.evaluate(COMPOSE, ["무", "update"])
    tab.evaluate(COMPOSE, ["문", "update"])
    time.sleep(0.4)
    check(tab.evaluate(RESULTS) == 0, "a search ran on a half-built syllable")
    tab.evaluate(COMPOSE, ["문장", "end"])
    tab.wait_for_function(f"{RESULTS} > 0", timeout=PATIENCE_MS)
    print("ok: no search while composing; search once the composition ends")

    start = tab.url
    tab.evaluate(COMPOSE, ["문장ㄱ", "start"])
    prevented = tab.evaluate("""() => {
      const e = new KeyboardEvent('keydown', {key: 'Enter', isComposing: true, bubbles: true, cancelable: true});
      document.getElementById('lecture-search-input').dispatchEvent(e);
      return e.defaultPrevented;
    }""")
    check(prevented, "the Enter that confirms a composition was not held back")
    tab.evaluate("document.getElementById('lecture-search').requestSubmit()")
    time.sleep(0.4)
    check(tab.url == start, f"submitting while composing opened {tab.url}")
    tab.evaluate(COMPOSE, ["문장", "end"])
    tab.wait_for_function(f"{RESULTS} > 0", timeout=PATIENCE_MS)
    tab.press("#lecture-search-input", "Enter")
    tab.wait_for_url(re.compile(r".*\.html.*"), timeout=PATIENCE_MS)
    print("ok: Enter while composing opens nothing; Enter after it opens the first result")
    tab.close()


def main() -> int:
    work = tempfile.mkdtemp(prefix="lecture-browser-test.")
    server = None
    try:
        server, url, content, templates = start_server(work)
        page = os.path.join(content, "page.md")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context()
            tab = context.new_page()
            tab.goto(url + "page.html")
            tab.wait_for_selector("text=처음 문장입니다.", timeout=PATIENCE_MS)
            print("ok: page served")
            edit_in_place(tab, page)
            template_change_reloads(tab, templates)
            overlay_and_fix(tab, page)
            tab.close()
            many_tabs(context, url, page, templates)
            without_shared_worker(browser, url, page)
            ime_search(context, url)
            browser.close()
        return 0
    except Failure as failure:
        print(f"FAIL: {failure}")
        return 1
    finally:
        if server is not None:
            serve_process.stop(server)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
