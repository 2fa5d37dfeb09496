"""Live reload in a real browser: `make browser-test`.

Starts `lecture serve --port 0` on a copy of a small book, opens a page in Debian's headless
Chromium (driven by Playwright), edits the page's Markdown, and expects the open page to reload by
itself and show the new text. Then breaks the page and expects the error overlay with the located
diagnostic, fixes it, and expects the page back. Exit status 0 when all of it held.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import sync_playwright

LECTURE = sys.argv[1] if len(sys.argv) > 1 else ".build/release/lecture"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main() -> int:
    work = tempfile.mkdtemp(prefix="lecture-browser-test.")
    content = os.path.join(work, "content")
    os.makedirs(content)
    with open(os.path.join(content, "SUMMARY.md"), "w") as f:
        f.write("# 브라우저 시험\n\n- [첫 쪽](page.md)\n")
    page = os.path.join(content, "page.md")
    with open(page, "w") as f:
        f.write("# 첫 쪽\n\n처음 문장입니다.\n")

    server = subprocess.Popen(
        [os.path.abspath(LECTURE), "serve", "--port", "0", "--content", content,
         "--templates", os.path.join(ROOT, "site-templates"), "--output", os.path.join(work, "_site"),
         "--cache-dir", os.path.join(work, "cache")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        url = None
        deadline = time.time() + 60
        while time.time() < deadline and url is None:
            line = server.stdout.readline()
            if not line:
                break
            print("serve:", line.rstrip())
            match = re.search(r"(http://\S+?)/?$", line.strip())
            if "Serving" in line and match:
                url = match.group(1).rstrip("/") + "/"
        if url is None:
            print("FAIL: lecture serve printed no URL")
            return 1

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                        args=["--no-sandbox", "--disable-gpu"])
            tab = browser.new_page()
            tab.goto(url + "page.html")
            tab.wait_for_selector("text=처음 문장입니다.", timeout=10_000)
            print("ok: page served")

            loads = []
            tab.on("load", lambda: loads.append(time.time()))
            saved = time.time()
            with open(page, "w") as f:
                f.write("# 첫 쪽\n\n고친 문장입니다.\n")
            tab.wait_for_selector("text=고친 문장입니다.", timeout=10_000)
            print(f"ok: edited text shown after reload in {(time.time() - saved) * 1000:.0f} ms ({len(loads)} load)")

            with open(page, "w") as f:
                f.write("# 첫 쪽\n\n```table\n| A | B |\n|---|---|\n| 1 |\n```\n")
            overlay = tab.wait_for_selector("text=/page\\.md:6:1: error: table row has 1 cells/", timeout=10_000)
            if not overlay:
                print("FAIL: no error overlay")
                return 1
            if "고친 문장입니다." not in tab.content():
                print("FAIL: the last good page is not kept under the overlay")
                return 1
            print("ok: broken edit shows the located error over the last good page")

            with open(page, "w") as f:
                f.write("# 첫 쪽\n\n다시 고친 문장입니다.\n")
            tab.wait_for_selector("text=다시 고친 문장입니다.", timeout=10_000)
            print("ok: fixing the error reloads the page")
            browser.close()
        return 0
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
