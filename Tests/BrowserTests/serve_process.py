"""`lecture serve` as a child process for the browser scripts: started on a free port, stopped cleanly."""
import os
import re
import signal
import subprocess
import threading
import time


def start(lecture, content, templates, work, timeout=600, echo=False):
    """Starts `lecture serve --port 0` with its output and cache in `work`.

    Returns (process, base URL with a final slash), or (process, None) when no URL was printed
    within `timeout` seconds. The server's later output is read on a thread, so its pipe never
    fills (and is echoed when `echo`).
    """
    server = subprocess.Popen(
        [os.path.abspath(lecture), "serve", "--port", "0", "--content", content, "--templates", templates,
         "--output", os.path.join(work, "_site"), "--cache-dir", os.path.join(work, "cache")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True)
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = server.stdout.readline()
        if not line:
            break
        if echo:
            print("serve:", line.rstrip())
        match = re.search(r"Serving .* at (http://\S+)", line)
        if match:
            threading.Thread(target=lambda: [print("serve:", l.rstrip()) if echo else None for l in server.stdout],
                             daemon=True).start()
            return server, match.group(1).rstrip("/") + "/"
    return server, None


def stop(server):
    """SIGINT, as Ctrl-C does; SIGKILL to the group if it has not stopped within 10 s."""
    os.killpg(server.pid, signal.SIGINT)
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
