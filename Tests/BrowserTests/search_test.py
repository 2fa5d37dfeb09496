"""Search from file:// in a real browser: part of `make browser-test`.

Builds a small book with the given `lecture` and opens it from file:// in Debian's headless
Chromium (Playwright), where `fetch` is refused, and types queries into the search box:

- Korean substring matching: a particle between the words ("뷰컨트롤러 역할" finds "뷰컨트롤러의 역할"),
  a word inside a longer one ("컨트롤러" finds "뷰컨트롤러"), words written with or without a space
  ("뷰 모델" and "뷰모델" find each other), a query typed in NFD finds NFC text and the other way round;
- the split index: a query with one matching page loads the page list, a few gram shards and the
  one text shard holding that page's sections (the first page: shard 0); a query no page holds
  loads no sections;
- a query in many pages shows the first batch's results with a button that searches the rest.
"""
import os
import subprocess
import unicodedata

import pytest

from book_files import write

FILLER_PAGES = 60


def build_book(lecture, work):
    content = os.path.join(work, "content")
    pages = {
        "controller.md": "# 뷰컨트롤러의 역할\n\n화면 하나를 맡는다.\n\n## 생명주기\n\n뷰컨트롤러는 뷰를 불러온다.\n",
        "binding.md": "# 바인딩\n\n뷰모델은 상태를 내보낸다.\n",
        "spaced.md": "# 띄어 쓴 글\n\n뷰 모델을 띄어 쓰기도 한다.\n",
        "nfd.md": unicodedata.normalize("NFD", "# 분해된 글\n\n한글 자모로 분해된 낱말: 정규화.\n"),
        "nfc.md": "# 합친 글\n\n미리 합친 낱말: 조합형.\n",
    }
    filler = "공통 낱말이 들어간 긴 문단입니다. " * 150
    for n in range(FILLER_PAGES):
        pages[f"fill/{n:02d}.md"] = f"# 채움 {n}\n\n{filler}\n"
    summary = "# 책\n\n" + "".join(f"- [{name}]({name})\n" for name in pages)
    write(os.path.join(content, "SUMMARY.md"), summary)
    for name, text in pages.items():
        write(os.path.join(content, name), text)
    site = os.path.join(work, "site")
    subprocess.run([lecture, "build", "--content", content, "--output", site], check=True, stdout=subprocess.DEVNULL)
    return site


STATUS = "document.querySelector('#lecture-search-results .search-status').textContent"
TITLES = "Array.from(document.querySelectorAll('#lecture-search-results .result-title')).map(e => e.textContent)"
LOADED = "Object.keys(window.LECTURE_SEARCH_DATA || {})"


def ask(tab, text):
    """Types `text` into the box and waits for its answer; returns (status, titles)."""
    tab.fill("#lecture-search-input", "")
    tab.evaluate("document.querySelector('#lecture-search-results .search-status').textContent = ''")
    tab.fill("#lecture-search-input", text)
    tab.wait_for_function(f"(() => {{ const s = {STATUS}; return s && !s.includes('불러오는 중'); }})()",
                          timeout=10_000)
    return tab.evaluate(STATUS), tab.evaluate(TITLES)



@pytest.fixture(scope="module")
def built(lecture, tmp_path_factory):
    """The book's site and how many files its search index has."""
    site = build_book(lecture, str(tmp_path_factory.mktemp("lecture-search-test")))
    # The index's folder is named with a hash of its files (search-1a2b3c4d/, mdBook's hash-files).
    index = [name for name in os.listdir(site) if name == "search" or name.startswith("search-")]
    assert len(index) == 1, f"one search index folder: {index}"
    return site, sum(len(f) for _, _, f in os.walk(os.path.join(site, index[0])))


@pytest.fixture
def tab(browser, built):
    context = browser.new_context()
    tab = context.new_page()
    tab.goto("file://" + os.path.join(built[0], "binding.html"))
    assert tab.evaluate("typeof window.fetch") == "function", "the page runs from file://"
    yield tab
    context.close()


def test_a_particle_between_the_words_loads_one_text_shard(tab, built):
    status, titles = ask(tab, "뷰컨트롤러 역할")
    assert any("뷰컨트롤러의 역할" in t for t in titles), f"a particle between the words: {titles}"
    loaded = tab.evaluate(LOADED)
    sections = [k for k in loaded if k.startswith("t")]
    assert sections == ["t0"], f"one matching page: only the text shard with its sections was loaded ({loaded})"
    assert len(loaded) < built[1], f"{len(loaded)} of the index's {built[1]} files loaded"


def test_a_word_inside_a_longer_one_and_words_with_or_without_a_space(tab):
    _, titles = ask(tab, "컨트롤러")
    assert any("뷰컨트롤러의 역할" in t for t in titles), f"a word inside a longer one: {titles}"
    for query in ["뷰 모델", "뷰모델"]:
        _, titles = ask(tab, query)
        assert any(t.startswith("바인딩") for t in titles) and any(t.startswith("띄어 쓴 글") for t in titles), \
            f"'{query}' finds both '뷰모델' and '뷰 모델': {titles}"


def test_nfd_and_nfc_find_each_other(tab):
    _, titles = ask(tab, unicodedata.normalize("NFD", "조합형"))
    assert any(t.startswith("합친 글") for t in titles), f"an NFD query finds NFC text: {titles}"
    _, titles = ask(tab, "정규화")
    assert any(t.startswith(unicodedata.normalize("NFC", "분해된 글")) for t in titles), \
        f"an NFC query finds text written in NFD: {titles}"


def test_a_query_in_no_page_loads_no_sections(tab):
    ask(tab, "뷰컨트롤러 역할")
    before = [k for k in tab.evaluate(LOADED) if k.startswith("t")]
    status, titles = ask(tab, "없는낱말")
    assert not titles and "결과가 없습니다" in status, f"a query in no page: {status!r}"
    after = [k for k in tab.evaluate(LOADED) if k.startswith("t")]
    assert after == before, f"a query in no page loads no sections ({sorted(set(after) - set(before))})"


def test_a_query_in_many_pages_shows_a_first_batch_and_a_button_for_the_rest(tab):
    status, titles = ask(tab, "공통 낱말")
    assert titles and "찾아본" in status and tab.locator(".search-more").count() == 1, \
        f"a query in {FILLER_PAGES} pages shows a first batch and a button for the rest: {status!r}"
    tab.click(".search-more")
    tab.wait_for_function(f"!{STATUS}.includes('찾아본')", timeout=10_000)
    status = tab.evaluate(STATUS)
    assert f"결과 {FILLER_PAGES}개" in status and tab.locator(".search-more").count() == 0, \
        f"the button searches every remaining page: {status!r}"
