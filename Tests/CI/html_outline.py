"""Reads an HTML page with Python's HTML parser and prints, as JSON, what the print-page tests
assert on: every id in order, every href and src, the print chapters (section ids) and the
headings inside each chapter (level, id, text)."""
import json
import sys
from html.parser import HTMLParser


class Outline(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs, self.srcs, self.chapters = [], [], [], []
        self.heading = None
        self.depth = 0
        self.chapter_depth = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag not in ("img", "br", "hr", "meta", "link", "input", "source", "path", "circle"):
            self.depth += 1
        if "id" in attributes:
            self.ids.append(attributes["id"])
        if "href" in attributes:
            self.hrefs.append(attributes["href"])
        if "src" in attributes:
            self.srcs.append(attributes["src"])
        if tag == "section" and "print-chapter" in (attributes.get("class") or "").split():
            self.chapters.append({"id": attributes.get("id"), "headings": []})
            self.chapter_depth = self.depth
        if self.chapter_depth is not None and tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.heading = {"level": int(tag[1]), "id": attributes.get("id"), "text": ""}

    def handle_endtag(self, tag):
        if self.heading is not None and tag == "h%d" % self.heading["level"]:
            self.heading["text"] = self.heading["text"].lstrip("#").strip()
            self.chapters[-1]["headings"].append(self.heading)
            self.heading = None
        if tag == "section" and self.chapter_depth == self.depth:
            self.chapter_depth = None
        if tag not in ("img", "br", "hr", "meta", "link", "input", "source", "path", "circle"):
            self.depth -= 1

    def handle_data(self, data):
        if self.heading is not None:
            self.heading["text"] += data


outline = Outline()
with open(sys.argv[1], encoding="utf-8") as page:
    outline.feed(page.read())
json.dump({"ids": outline.ids, "hrefs": outline.hrefs, "srcs": outline.srcs, "chapters": outline.chapters},
          sys.stdout, ensure_ascii=False)
