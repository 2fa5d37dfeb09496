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

Every wait is for an event or a bounded condition, never a fixed time: what must not happen is
checked where it would happen (a reload wipes a marker the test leaves in the page; a search or a
navigation would start inside the synthetic event's own dispatch).
"""
import os
import re
import shutil
import time

import pytest

import serve_process
from book_files import write
from conftest import PATIENCE_MS, ROOT

TABS = 12


def long_page(first_line):
    """A page long enough to scroll: a first paragraph, then 120 more."""
    rest = "".join(f"문단 {n}: 미리 보기는 고친 글을 곧바로 보여 줍니다.\n\n" for n in range(120))
    return f"# 첫 쪽\n\n{first_line}\n\n{rest}마지막 문장입니다.\n"


@pytest.fixture(scope="module")
def served(lecture, tmp_path_factory):
    """`lecture serve` on a small book: (url, the page's path, the templates folder)."""
    work = str(tmp_path_factory.mktemp("lecture-browser-test"))
    content = os.path.join(work, "content")
    templates = os.path.join(work, "templates")
    shutil.copytree(os.path.join(ROOT, "site-templates"), templates)
    os.makedirs(content)
    write(os.path.join(content, "SUMMARY.md"), "# 브라우저 시험\n\n- [첫 쪽](page.md)\n- [둘째 쪽](second.md)\n")
    write(os.path.join(content, "page.md"), long_page("처음 문장입니다."))
    write(os.path.join(content, "second.md"), "# 둘째 쪽\n\n문장 검색을 시험하는 쪽입니다.\n")
    server, url = serve_process.start(lecture, content, templates, work, echo=True)
    try:
        assert url is not None, "lecture serve printed no URL"
        yield url, os.path.join(content, "page.md"), templates
    finally:
        serve_process.stop(server)


@pytest.fixture
def tab(browser, served):
    """A tab on the served page, once it shows."""
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(served[0] + "page.html", timeout=PATIENCE_MS)
    tab.wait_for_load_state("load", timeout=PATIENCE_MS)
    yield tab
    context.close()


def test_the_page_is_served(tab):
    tab.wait_for_selector("text=처음 문장입니다.", state="attached", timeout=PATIENCE_MS)


def test_a_prose_edit_is_shown_in_place_with_the_scroll_kept(tab, served):
    page = served[1]
    loads = []
    tab.on("load", lambda: loads.append(time.time()))
    # A reload would make a new window object: the marker would be gone.
    tab.evaluate("window.lectureTestMarker = 'kept'")
    tab.evaluate("window.scrollTo(0, 1500)")
    tab.wait_for_function("window.scrollY > 1000", timeout=PATIENCE_MS)
    before = tab.evaluate("window.scrollY")
    write(page, long_page("고친 문장입니다."))
    tab.wait_for_selector("text=고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    after = tab.evaluate("window.scrollY")
    assert tab.evaluate("window.lectureTestMarker") == "kept", "the prose edit reloaded the page"
    assert not loads, f"the prose edit reloaded the page ({len(loads)} load events)"
    assert abs(after - before) <= 2, f"the scroll position moved from {before} to {after}"


def test_a_template_change_reloads_the_page(tab, served):
    tab.evaluate("window.lectureTestMarker = 'kept'")
    style = os.path.join(served[2], "assets", "style.css")
    with open(style, "a") as f:
        f.write("\n/* browser test */ body { outline: 3px solid rgb(1, 2, 3); }\n")
    tab.wait_for_function("getComputedStyle(document.body).outlineColor === 'rgb(1, 2, 3)'", timeout=PATIENCE_MS)
    assert tab.evaluate("window.lectureTestMarker") is None, "a stylesheet change did not reload the page"


def test_a_broken_edit_shows_the_located_error_over_the_last_good_page(tab, served):
    page = served[1]
    write(page, long_page("고친 문장입니다."))
    tab.wait_for_selector("text=고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    write(page, "# 첫 쪽\n\n```table\n| A | B |\n|---|---|\n| 1 |\n```\n")
    tab.wait_for_selector("text=/page\\.md:6:1: error: table row has 1 cell,/", timeout=PATIENCE_MS)
    assert "고친 문장입니다." in tab.content(), "the last good page is not kept under the overlay"
    assert tab.locator("text=this is the last good build").count() == 1, "the overlay's title is missing"
    write(page, long_page("다시 고친 문장입니다."))
    tab.wait_for_selector("text=다시 고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    tab.wait_for_selector("#lecture-build-errors", state="detached", timeout=PATIENCE_MS)


def test_twelve_tabs_follow_every_save_and_pages_still_load(browser, served):
    url, page, templates = served
    context = browser.new_context()
    tabs = []
    for n in range(TABS):
        tab = context.new_page()
        tab.goto(url + ("page.html" if n % 2 == 0 else "second.html"), timeout=PATIENCE_MS)
        tabs.append(tab)
    for round_ in range(2):
        text = f"열두 탭 {round_}번째 저장입니다."
        write(page, long_page(text))
        for n, tab in enumerate(tabs):
            if n % 2 == 0:
                tab.wait_for_selector(f"text={text}", state="attached", timeout=PATIENCE_MS)
    # A template change reloads every tab, on either page.
    with open(os.path.join(templates, "assets", "style.css"), "a") as f:
        f.write("\n/* twelve tabs */ body { outline: 3px solid rgb(4, 5, 6); }\n")
    for tab in tabs:
        tab.wait_for_function("getComputedStyle(document.body).outlineColor === 'rgb(4, 5, 6)'", timeout=PATIENCE_MS)
    extra = context.new_page()
    response = extra.goto(url + "second.html", timeout=PATIENCE_MS)
    assert response is not None and response.ok, "a page opened beside 12 tabs did not load"
    index = extra.evaluate("fetch('search/pages.js').then(r => r.status)")
    assert index == 200, f"search/pages.js beside 12 tabs: status {index}"
    context.close()


def test_without_shared_worker_a_tab_follows_saves_with_its_own_stream(browser, served):
    url, page, _ = served
    context = browser.new_context()
    context.add_init_script("delete window.SharedWorker;")
    tab = context.new_page()
    tab.goto(url + "page.html")
    assert tab.evaluate("typeof SharedWorker") == "undefined", "SharedWorker was not removed"
    write(page, long_page("공유 작업자 없이 고친 문장입니다."))
    tab.wait_for_selector("text=공유 작업자 없이 고친 문장입니다.", state="attached", timeout=PATIENCE_MS)
    context.close()


# Sets the search box to `value` with the composition events an input method sends, and returns
# how many timers the page's handlers scheduled during that dispatch: the search box schedules its
# search from the input event, so a search started for a half-built syllable shows up here, at once.
COMPOSE = """([value, composing]) => {
  const input = document.getElementById('lecture-search-input');
  const setTimeout = window.setTimeout;
  let scheduled = 0;
  window.setTimeout = function () { scheduled += 1; return setTimeout.apply(this, arguments); };
  try {
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
  } finally {
    window.setTimeout = setTimeout;
  }
  return scheduled;
}"""

RESULTS = "document.querySelectorAll('#lecture-search-results a').length"

# Submits the search form and returns how many result links were clicked during the submit.
SUBMIT = """() => {
  let clicked = 0;
  const count = e => { if (e.target.closest && e.target.closest('#lecture-search-results a')) clicked += 1; };
  document.addEventListener('click', count, true);
  try { document.getElementById('lecture-search').requestSubmit(); }
  finally { document.removeEventListener('click', count, true); }
  return clicked;
}"""


def test_no_search_while_composing_and_enter_confirming_a_syllable_opens_nothing(browser, served):
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(served[0] + "page.html")
    scheduled = [tab.evaluate(COMPOSE, ["ㅁ", "start"]), tab.evaluate(COMPOSE, ["무", "update"]),
                 tab.evaluate(COMPOSE, ["문", "update"])]
    assert scheduled == [0, 0, 0], f"a search was scheduled on a half-built syllable ({scheduled} timers)"
    assert tab.evaluate(RESULTS) == 0, "a search ran on a half-built syllable"
    assert tab.evaluate(COMPOSE, ["문장", "end"]) > 0, "the composition's end scheduled no search"
    tab.wait_for_function(f"{RESULTS} > 0", timeout=PATIENCE_MS)

    start = tab.url
    tab.evaluate(COMPOSE, ["문장ㄱ", "start"])
    prevented = tab.evaluate("""() => {
      const e = new KeyboardEvent('keydown', {key: 'Enter', isComposing: true, bubbles: true, cancelable: true});
      document.getElementById('lecture-search-input').dispatchEvent(e);
      return e.defaultPrevented;
    }""")
    assert prevented, "the Enter that confirms a composition was not held back"
    assert tab.evaluate(SUBMIT) == 0, "submitting while composing opened a result"
    assert tab.url == start, f"submitting while composing opened {tab.url}"
    tab.evaluate(COMPOSE, ["문장", "end"])
    tab.wait_for_function(f"{RESULTS} > 0", timeout=PATIENCE_MS)
    tab.press("#lecture-search-input", "Enter")
    tab.wait_for_url(re.compile(r".*\.html.*"), timeout=PATIENCE_MS)
    context.close()
