"""Reads a PDF as a reader would and prints, as JSON, what the PDF test asserts on: the page
count, size and document title (pypdf), the outline (bookmarks) as [depth, title] pairs (pypdf), the text
(poppler's pdftotext), the pages with nothing drawn between the margins (poppler's pdftoppm,
grey pixels), and, given a second PDF, the pages whose pixels differ from it."""
import json
import os
import subprocess
import sys
import tempfile

from pypdf import PdfReader

DPI = 20  # pixels per inch of the rendered pages: enough to see text, small enough to be quick


def outline(items, depth=0):
    for item in items:
        if isinstance(item, list):
            yield from outline(item, depth + 1)
        else:
            yield [depth, item.title]


def pages(pdf, folder, name):
    """The pages as 8-bit grey PGM images: (width, height, pixels) each, in page order."""
    subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", pdf, os.path.join(folder, name)], check=True)
    images = []
    for file in sorted(f for f in os.listdir(folder) if f.startswith(name + "-")):
        data = open(os.path.join(folder, file), "rb").read()
        magic, size, maximum, pixels = data.split(b"\n", 3)
        width, height = map(int, size.split())
        images.append((width, height, pixels))
    return images


def blank(image):
    """No pixel darker than near-white between the top and bottom margins (20 and 22 mm)."""
    width, height, pixels = image
    top, bottom = round(20 / 25.4 * DPI), round(22 / 25.4 * DPI)
    body = pixels[top * width:(height - bottom) * width]
    return min(body) > 240


reader = PdfReader(sys.argv[1])
box = reader.pages[0].mediabox
text = subprocess.run(["pdftotext", "-enc", "UTF-8", sys.argv[1], "-"], capture_output=True, check=True).stdout.decode()
with tempfile.TemporaryDirectory() as folder:
    first = pages(sys.argv[1], folder, "a")
    facts = {
        "pages": len(reader.pages),
        "title": (reader.metadata or {}).get("/Title"),
        "size": [float(box.width), float(box.height)],
        "outline": list(outline(reader.outline)),
        "text": text,
        "blank": [n + 1 for n, image in enumerate(first) if blank(image)],
    }
    if len(sys.argv) > 2:
        second = pages(sys.argv[2], folder, "b")
        facts["differ"] = [n + 1 for n, (a, b) in enumerate(zip(first, second)) if a != b] + \
            ([-1] if len(first) != len(second) else [])
json.dump(facts, sys.stdout, ensure_ascii=False)
