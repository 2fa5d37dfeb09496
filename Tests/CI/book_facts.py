"""Reads a built book (mdBook's or lecture's output folder) with Python's HTML parser and prints,
as JSON, the facts the differential tests compare (Tests/LectureKitTests/MdBookOracle.swift):

  pages    the .html files, relative to the folder, sorted (print.html and toc.html left out:
           each tool has its own)
  sidebar  the chapter list (from toc.html): kind (chapter, draft, part, separator), title, link (percent-decoded),
           section number ("1.2." or null) and depth (0 at the top)
  ids      per page, the id of each heading in the page's content, in order
  classes  per page, the classes of each heading that has any ({#id .class}), by id
  anchors  per page, every other id in the content (raw-HTML anchors)
  text     per page, the content's visible text, whitespace collapsed (hidden code lines left out)
  links    per page, each href in the content except a heading's link to itself

Usage: book_facts.py mdbook|lecture FOLDER
"""
import json
import os
import sys
from html.parser import HTMLParser
from urllib.parse import unquote

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
HEADINGS = {"h1", "h2", "h3", "h4", "h5", "h6"}


class Content(HTMLParser):
    """The content of one page: mdBook's <main>, lecture's <main class="content">. Text inside
    <script>, <style> and elements marked aria-hidden is not visible text."""

    def __init__(self, flavor):
        super().__init__(convert_charrefs=True)
        self.flavor = flavor
        self.stack = []  # (tag, hidden) of open elements inside the content
        self.inside = False
        self.text, self.ids, self.anchors, self.links, self.classes = [], [], [], [], {}
        self.heading_id = None

    def hidden(self):
        return any(hidden for _, hidden in self.stack)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if not self.inside:
            if tag == "main":
                self.inside = True
                self.stack = []
            return
        classes = (attributes.get("class") or "").split()
        # mdBook's and lecture's hidden code lines (`# ` in Rust, mdBook's `fn main` wrapper):
        # shown only when the reader asks.
        element_hidden = (
            tag in ("script", "style", "template") or attributes.get("aria-hidden") == "true" or "boring" in classes
        )
        if tag in HEADINGS:
            self.heading_id = attributes.get("id")
            if self.heading_id is not None:
                self.ids.append(self.heading_id)
                if classes:
                    self.classes[self.heading_id] = classes
        elif "id" in attributes:
            self.anchors.append(attributes["id"])
        if tag == "a" and "name" in attributes:
            self.anchors.append(attributes["name"])
        href = attributes.get("href")
        # A heading's link to itself, its id percent-encoded or not (`#%EB%B3%B5` is `#복`).
        if href is not None and not (self.heading_id is not None and unquote(href) == "#" + self.heading_id):
            self.links.append(href)
        if tag in ("p", "div", "li", "tr", "td", "th", "pre", "br", "dt", "dd", "blockquote") or tag in HEADINGS:
            self.text.append(" ")
        if tag not in VOID:
            self.stack.append((tag, element_hidden))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if self.inside and tag not in VOID and self.stack and self.stack[-1][0] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if not self.inside:
            return
        if tag == "main" and not any(t == "main" for t, _ in self.stack):
            self.inside = False
            return
        if tag in HEADINGS:
            self.heading_id = None
            self.text.append(" ")
        # Close up to the matching element (HTML lets some end tags be left out).
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index][0] == tag:
                del self.stack[index:]
                break

    def handle_data(self, data):
        if self.inside and not self.hidden():
            self.text.append(data)


class Sidebar(HTMLParser):
    """The chapter list: mdBook's <ol class="chapter"> in toc.html, lecture's
    <ol class="chapters"> in a page's sidebar (or toc.html)."""

    def __init__(self, flavor):
        super().__init__(convert_charrefs=True)
        self.list_class = "chapter" if flavor == "mdbook" else "chapters"
        self.depth = -1  # <ol> nesting inside the list; -1 outside it
        self.entries = []
        self.entry = None
        self.in_number = False
        self.in_toggle = False  # the fold toggle (mdBook's <a>, lecture's <button> .chapter-fold-toggle), chrome
        self.done = False

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag in ("a", "button") and "chapter-fold-toggle" in classes:
            self.in_toggle = True
            return
        if tag == "ol":
            if self.depth >= 0:
                self.depth += 1
            elif self.list_class in classes:
                self.depth = 0
            return
        if self.depth < 0:
            return
        if tag == "li":
            self.finish()
            if "part-title" in classes:
                self.entry = {"kind": "part", "title": "", "link": None, "number": None, "depth": self.depth}
            elif "spacer" in classes or "separator" in classes:
                self.entries.append({"kind": "separator", "title": "", "link": None, "number": None, "depth": self.depth})
            else:
                self.entry = {"kind": "draft", "title": "", "link": None, "number": None, "depth": self.depth}
        elif tag == "a" and self.entry is not None and "href" in attributes:
            self.entry["kind"] = "chapter"
            self.entry["link"] = unquote(attributes["href"])
        elif tag in ("strong", "span") and self.entry is not None and (
            "section-number" in classes or (tag == "strong" and attributes.get("aria-hidden") == "true")
        ):
            self.in_number = True

    def handle_endtag(self, tag):
        if self.done or self.depth < 0:
            return
        if tag in ("strong", "span"):
            self.in_number = False
        elif tag in ("a", "button"):
            self.in_toggle = False
        elif tag == "ol":
            self.finish()
            self.depth -= 1
            if self.depth < 0:
                self.done = True

    def handle_data(self, data):
        if self.entry is None or self.done or self.in_toggle:
            return
        if self.in_number:
            self.entry["number"] = (self.entry["number"] or "") + data.strip()
        else:
            self.entry["title"] += data

    def finish(self):
        if self.entry is not None:
            self.entry["title"] = " ".join(self.entry["title"].split())
            if self.entry["kind"] != "part" or self.entry["title"]:
                if self.entry["kind"] == "draft" and not self.entry["title"]:
                    pass  # an <li> that only wraps a part title or spacer (mdBook's markup)
                else:
                    self.entries.append(self.entry)
            self.entry = None


def read(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        return file.read()


def main():
    flavor, folder = sys.argv[1], sys.argv[2]
    pages = []
    for directory, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".html"):
                relative = os.path.relpath(os.path.join(directory, name), folder)
                if relative not in ("print.html", "toc.html"):
                    pages.append(relative)
    pages.sort()
    facts = {"pages": pages, "sidebar": [], "ids": {}, "classes": {}, "anchors": {}, "text": {}, "links": {}}
    for page in pages:
        content = Content(flavor)
        content.feed(read(os.path.join(folder, page)))
        facts["ids"][page] = content.ids
        facts["classes"][page] = content.classes
        facts["anchors"][page] = content.anchors
        facts["text"][page] = " ".join("".join(content.text).split())
        facts["links"][page] = content.links
    # Both write the list to toc.html; lecture also into each page (a script for large books).
    chapters = sorted((p for p in pages if p not in ("index.html", "404.html")), key=lambda p: ("/" in p, p))
    # A book whose one page is its index (`index.md`, `README.md`) has the list there alone.
    sources = ["toc.html"] if flavor == "mdbook" else ["toc.html"] + chapters + ["index.html"]
    for source in sources:
        path = os.path.join(folder, source)
        if os.path.exists(path):
            sidebar = Sidebar(flavor)
            sidebar.feed(read(path))
            sidebar.finish()
            # Links relative to the page that holds the list, made relative to the root.
            folder_of_source = os.path.dirname(source)
            for entry in sidebar.entries:
                if entry["link"] is not None and folder_of_source:
                    entry["link"] = os.path.normpath(os.path.join(folder_of_source, entry["link"]))
            if sidebar.entries:
                facts["sidebar"] = sidebar.entries
                break
    json.dump(facts, sys.stdout, ensure_ascii=False, indent=1, sort_keys=True)


main()
