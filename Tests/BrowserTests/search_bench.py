"""Search on a built site, from file://, in Debian's headless Chromium: part 1 of `make bench`.

For each run, a fresh tab opens a page of SITE, types the first query into the search box (its
`input` event, as an input method's composition ends with one) and waits for the results, then the
second query. Measured per query: the time from the `input` event to the results' status line
written (the box's 60 ms pause included), and the bytes of the index files it loaded (each file
sets `window.LECTURE_SEARCH_DATA[key]`, so the keys name the files). The last line of stdout is
JSON: {"first": {"ms": [...], "bytes": N, "files": N, "status": "..."}, "second": {...},
"total_bytes": N, "total_files": N}.

Usage: search_bench.py SITE PAGE RUNS FIRST_QUERY SECOND_QUERY
"""
import json
import os
import shutil
import sys

from playwright.sync_api import sync_playwright

ASK = """async (text) => {
  const input = document.getElementById('lecture-search-input');
  const status = document.querySelector('#lecture-search-results .search-status')
    || { textContent: '' };
  const before = new Set(Object.keys(window.LECTURE_SEARCH_DATA || {}));
  if (status.textContent !== undefined) status.textContent = '';
  input.value = text;
  const start = performance.now();
  input.dispatchEvent(new InputEvent('input', {data: text, inputType: 'insertText'}));
  await new Promise((resolve) => {
    const poll = () => {
      const s = document.querySelector('#lecture-search-results .search-status');
      if (s && s.textContent && !s.textContent.includes('불러오는 중')) resolve(); else requestAnimationFrame(poll);
    };
    poll();
  });
  const ms = performance.now() - start;
  const keys = Object.keys(window.LECTURE_SEARCH_DATA || {}).filter((k) => !before.has(k));
  return {ms, keys, status: document.querySelector('#lecture-search-results .search-status').textContent};
}"""


def index_folder(site):
    """The search index's folder: search/, or search-1a2b3c4d/ named by its files (hash-files)."""
    names = [n for n in os.listdir(site) if n == "search" or n.startswith("search-")]
    return os.path.join(site, names[0] if len(names) == 1 else "search")


def path_of(site, key):
    if key == "pages":
        return os.path.join(index_folder(site), "pages.js")
    return os.path.join(index_folder(site), key[0], key[1:] + ".js")


def main() -> int:
    site, page, runs, first, second = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
    site = os.path.abspath(site)
    total_bytes = total_files = 0
    for folder, _, files in os.walk(index_folder(site)):
        for name in files:
            total_bytes += os.path.getsize(os.path.join(folder, name))
            total_files += 1
    result = {"first": {"ms": []}, "second": {"ms": []}, "total_bytes": total_bytes, "total_files": total_files}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                    args=["--no-sandbox", "--disable-gpu"])
        for _ in range(runs):
            tab = browser.new_page()
            tab.goto("file://" + os.path.join(site, page))
            tab.wait_for_load_state("load")
            for name, query in (("first", first), ("second", second)):
                answer = tab.evaluate(ASK, query)
                entry = result[name]
                entry["ms"].append(answer["ms"])
                entry["files"] = len(answer["keys"])
                entry["bytes"] = sum(os.path.getsize(path_of(site, k)) for k in answer["keys"])
                entry["status"] = answer["status"]
            tab.close()
        browser.close()
    print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
