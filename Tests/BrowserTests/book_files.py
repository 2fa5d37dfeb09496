"""Writing a test book's files."""
import os


def write(path, text):
    """Writes `text` as UTF-8 to `path`, making its folder first."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
