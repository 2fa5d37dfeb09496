"""What the browser tests share, as pytest fixtures (pytest-playwright gives `browser`).

Chromium is Debian's (`/usr/bin/chromium`, or `$CHROMIUM`), given to Playwright as its executable,
since Playwright's own browser download cannot run here. Options:

  --lecture PATH      the `lecture` executable (default .build/release/lecture)
  --site DIR          a built site, for the tests that read one (default _site)
  --screenshots DIR   where hover_cards_test and layout_test save screenshots (default: none for
                      hover cards, _screenshots for the layout)
  --pictured NAME     a page the layout test photographs (repeatable; default comparison, mvvm)
"""
import os
import shutil

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# How long a step waits for what must happen (a reload, a selector) before it fails: long,
# because the machine may be loaded; it bounds a hang and says nothing about speed (make bench).
PATIENCE_MS = 60_000


def pytest_addoption(parser):
    parser.addoption("--lecture", default=os.path.join(ROOT, ".build/release/lecture"))
    parser.addoption("--site", default=os.path.join(ROOT, "_site"))
    parser.addoption("--screenshots", default=None)
    parser.addoption("--pictured", action="append", default=None)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch arguments, with Debian's Chromium."""
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": ["--no-sandbox", "--disable-gpu"]}


@pytest.fixture(scope="session")
def lecture(pytestconfig):
    path = os.path.abspath(pytestconfig.getoption("--lecture"))
    assert os.access(path, os.X_OK), f"no lecture executable at {path}: run 'make build'"
    return path


@pytest.fixture(scope="session")
def site(pytestconfig):
    path = os.path.abspath(pytestconfig.getoption("--site"))
    assert os.path.isdir(path), f"no built site at {path}: run 'make site'"
    return path


@pytest.fixture(scope="session")
def screenshots(pytestconfig):
    """The screenshot folder, made; `None` when none was asked for."""
    path = pytestconfig.getoption("--screenshots")
    if path:
        os.makedirs(path, exist_ok=True)
    return os.path.abspath(path) if path else None

