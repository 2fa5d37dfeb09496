"""What every browser script shares: its one failure type, the check that raises it, and file writing."""
import os


class Failure(Exception):
    """A check that did not hold; a script catches it in `main`, prints it and exits with status 1."""


def check(condition, message):
    """Raises `Failure(message)` unless `condition` holds."""
    if not condition:
        raise Failure(message)


def check_and_say(condition, message):
    """As `check`, and prints `ok: message` when it holds (for scripts that list each check)."""
    check(condition, message)
    print("ok:", message)


def write(path, text):
    """Writes `text` as UTF-8 to `path`, making its folder first."""
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)
