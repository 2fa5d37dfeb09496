"""Search counts in the language's plural forms, and ?search=TERM: part of `make browser-test`.

Builds two small books with the given `lecture` and opens them from file:// in Debian's headless
Chromium (Playwright):

- a count phrase takes the plural form the page's language gives the count (Intl.PluralRules,
  CLDR): English "1 result" / "2 results"; Russian, through a book's own words, "1 результат",
  "2 результата", "5 результатов" (one, few, many);
- a page opened with ?search=TERM opens the search with TERM and its results, as mdBook 0.5.4's
  searcher.js does, at desktop width and on a phone, where the search box is folded away;
- typing keeps ?search= in the address: the first search a new history entry, the next ones
  replacing it; Back returns to the page without a search, and the box is emptied.
"""
import os
import subprocess

import pytest

from book_files import write

RU_WORDS = """
[preprocessor.lecture.words]
search-count = "{total} результата"
search-count-one = "{total} результат"
search-count-few = "{total} результата"
search-count-many = "{total} результатов"
"""


def build_book(lecture, work, language, words=""):
    """A book whose word `solo` is in one page, `pair` in two, `quintet` in five."""
    root = os.path.join(work, language)
    write(os.path.join(root, "book.toml"),
          f'[book]\ntitle = "T"\nlanguage = "{language}"\n[preprocessor.lecture]\nrenderers = []\n' + words)
    pages = {f"p{n}.md": f"# Page {n}\n\nText of page {n}.\n" for n in range(1, 6)}
    pages["p1.md"] += "\nA solo word.\n"
    for n in (1, 2):
        pages[f"p{n}.md"] += "\nA pair word.\n"
    for n in range(1, 6):
        pages[f"p{n}.md"] += "\nA quintet word.\n"
    write(os.path.join(root, "src", "SUMMARY.md"), "# T\n\n" + "".join(f"- [P]({name})\n" for name in pages))
    for name, text in pages.items():
        write(os.path.join(root, "src", name), text)
    subprocess.run([lecture, "build", root], check=True, stdout=subprocess.DEVNULL)
    return os.path.join(root, "book")


STATUS = "document.querySelector('#lecture-search-results .search-status').textContent"


def settled(tab):
    """Waits until the search status holds an answer (not empty, not loading); returns it."""
    tab.wait_for_function(f"(() => {{ const s = {STATUS}; return s && !/…/.test(s); }})()", timeout=20_000)
    return tab.evaluate(STATUS)


def ask(tab, text):
    tab.evaluate("document.querySelector('#lecture-search-results .search-status').textContent = ''")
    tab.fill("#lecture-search-input", text)
    return settled(tab)


@pytest.fixture(scope="module")
def sites(lecture, tmp_path_factory):
    work = str(tmp_path_factory.mktemp("lecture-search-url-test"))
    return {"en": build_book(lecture, work, "en"), "ru": build_book(lecture, work, "ru", RU_WORDS)}


@pytest.fixture
def context(browser):
    context = browser.new_context()
    yield context
    context.close()


def test_counts_take_the_plural_form_of_the_page_language(context, sites):
    tab = context.new_page()
    tab.goto("file://" + os.path.join(sites["en"], "p3.html"))
    assert ask(tab, "solo") == "1 result"
    assert ask(tab, "pair") == "2 results"
    tab.goto("file://" + os.path.join(sites["ru"], "p3.html"))
    assert ask(tab, "solo") == "1 результат"
    assert ask(tab, "pair") == "2 результата"
    assert ask(tab, "quintet") == "5 результатов"


@pytest.mark.parametrize("width", [1280, 375])
def test_search_in_the_address_opens_the_search_with_its_results(browser, sites, width):
    context = browser.new_context(viewport={"width": width, "height": 800})
    try:
        tab = context.new_page()
        tab.goto("file://" + os.path.join(sites["en"], "p3.html") + "?search=pair")
        assert settled(tab) == "2 results"
        assert tab.input_value("#lecture-search-input") == "pair"
        assert tab.is_visible("#lecture-search-input"), "the box is shown, also where it folds away"
        assert tab.is_visible("#lecture-search-results .search-list a")
    finally:
        context.close()


def test_typing_keeps_the_search_in_the_address_and_back_leaves_it(context, sites):
    tab = context.new_page()
    tab.goto("file://" + os.path.join(sites["en"], "p3.html"))
    before = tab.evaluate("history.length")
    ask(tab, "pair")
    tab.wait_for_function("location.search === '?search=pair'")
    assert tab.evaluate("history.length") == before + 1, "the first search is a new history entry"
    ask(tab, "solo")
    tab.wait_for_function("location.search === '?search=solo'")
    assert tab.evaluate("history.length") == before + 1, "the next ones replace it"
    tab.go_back()
    tab.wait_for_function("location.search === ''")
    tab.wait_for_function("document.querySelector('#lecture-search-input').value === ''")
    assert tab.is_hidden("#lecture-search-results")
