"""The preview as an author sees it, timed in a real browser: part of `make bench`.

Usage: preview_bench.py LECTURE REPO [RUNS]

Serves a copy of the real lecture (REPO/content, REPO/site-templates) with `lecture serve`, opens
its longest page (mvc.html) in Debian's headless Chromium (driven by Playwright) and times, RUNS
times each (after one untimed warm-up):

- prose: save a changed paragraph → the new text rendered in the open page;
- sample: save a changed sample and its expected output → the new verified output rendered;
- reload: the baseline of the same run, a full reload of the page until its text is rendered
  (what every save cost before pages swapped their content in place).

A change counts as visible when the page's <main> holds it at an animation frame. The clock is
the machine's (Python's time.time() around each save and wait). Prints one JSON line,
{"prose": [ms…], "sample": [ms…], "reload": [ms…]}, and exits 0; on failure, a reason on
stderr and exit status 1.
"""
import json
import os
import shutil
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

import serve_process

PAGE = "mvc.md"


def tail(prose, sample):
    """A paragraph and a sample that the bench changes, put at the end of the page."""
    return (f"\n\n벤치 문단 {prose}번째 저장입니다.\n\n"
            f"```swift\nprint(\"벤치 출력 {sample}\")\n```\n\n```output\n벤치 출력 {sample}\n```\n")


def save(path, text):
    """As editors save: a temporary file beside the page, renamed over it."""
    temporary = os.path.join(os.path.dirname(path), "." + os.path.basename(path) + ".swp")
    with open(temporary, "w") as f:
        f.write(text)
    os.rename(temporary, path)


def timed(tab, condition):
    """Milliseconds until `condition` (a JS expression) holds at an animation frame."""
    start = time.time()
    tab.wait_for_function(condition, polling="raf", timeout=30_000)
    return (time.time() - start) * 1000


def main():
    lecture, repo = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    work = tempfile.mkdtemp(prefix="lecture-preview-bench.")
    server = None
    try:
        content = os.path.join(work, "content")
        shutil.copytree(os.path.join(repo, "content"), content)
        shutil.copytree(os.path.join(repo, "site-templates"), os.path.join(work, "templates"))
        page = os.path.join(content, PAGE)
        with open(page) as f:
            original = f.read()
        save(page, original + tail(0, 0))
        server, url = serve_process.start(lecture, content, os.path.join(work, "templates"), work)
        if url is None:
            print("lecture serve printed no URL", file=sys.stderr)
            return 1

        main_text = "document.querySelector('main') && document.querySelector('main').innerText"
        outputs = "Array.from(document.querySelectorAll('main pre.output')).map(p => p.innerText).join('\\n')"
        results = {"prose": [], "sample": [], "reload": []}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            tab = browser.new_page()
            tab.goto(url + PAGE.replace(".md", ".html"))
            tab.wait_for_function(f"({main_text}).includes('벤치 문단 0번째')", timeout=30_000)
            counts = {"prose": 0, "sample": 0}
            visible = {"prose": lambda n: f"({main_text}).includes('벤치 문단 {n}번째')",
                       "sample": lambda n: f"({outputs}).includes('벤치 출력 {n}')"}
            for kind in ("prose", "sample"):
                for run in range(runs + 1):
                    counts[kind] += 1
                    save(page, original + tail(counts["prose"], counts["sample"]))
                    ms = timed(tab, visible[kind](counts[kind]))
                    if run > 0:
                        results[kind].append(ms)
            for run in range(runs + 1):
                start = time.time()
                tab.reload(wait_until="commit")
                tab.wait_for_function(visible["sample"](counts["sample"]), polling="raf", timeout=30_000)
                if run > 0:
                    results["reload"].append((time.time() - start) * 1000)
            browser.close()
        print(json.dumps(results))
        return 0
    finally:
        if server is not None:
            serve_process.stop(server)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
