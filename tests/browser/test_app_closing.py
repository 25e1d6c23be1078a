"""Kernels left behind are stopped: the kernel of a page nobody has open any more goes after
the app's idle time (``tasks.py app --close-after``), while the kernel of an open page, however
idle, stays, and so do the kernels kept ready for the lesson of the day, also in the seconds
between being given to a page and the page connecting."""
from __future__ import annotations

import re
import time
import urllib.error
import urllib.request

from app_pages import Frames, kernel_of, open_lesson
from app_server import running_app

CLOSE_AFTER = 0.5  # minutes: longer than a page takes to connect to its kernel, even on a busy machine
LIMIT = 120  # s: the longest to wait for the app to stop a kernel (it looks every second here)


def kernel_running(url: str, kernel: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/kernels/{kernel}", timeout=10) as response:
            return response.status == 200
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def new_page(chromium):
    context = chromium.new_context()
    page = context.new_page()
    page.frames_log = Frames().attach(page)
    return context, page


def test_a_closed_pages_kernel_is_stopped_but_not_an_open_pages_nor_a_ready_one(chromium):
    with running_app(ready={"01_tricks.ipynb": 1}, close_after=CLOSE_AFTER, check_every=1) as served:
        staying, open_page = new_page(chromium)
        leaving, closed_page = new_page(chromium)
        try:
            open_lesson(open_page, served.lesson("02_trumps"))  # not the contents page: it has no kernel
            open_lesson(closed_page, served.lesson("02_trumps"))
            kept, closed = kernel_of(open_page), kernel_of(closed_page)
            leaving.close()
            end = time.monotonic() + LIMIT
            while kernel_running(served.url, closed) and time.monotonic() < end:
                time.sleep(0.5)
            assert not kernel_running(served.url, closed), "the closed page's kernel is still running"
            assert re.search(rf"Culling .*\({closed}\)", served.log_text()), "the app's log does not say it stopped it"
            assert kernel_running(served.url, kept), "the open page's kernel was stopped"

            # The kernel kept ready has now been idle longer than the idle time: it was not
            # stopped, and once given to a page (fetched here without connecting, as a page
            # still loading) it is not stopped before the page can connect either.
            with urllib.request.urlopen(served.lesson("01_tricks"), timeout=120) as response:
                given = re.search(r'"kernelId": "([0-9a-f-]+)"', response.read().decode()).group(1)
            assert served.served_ready(given), "the kernel kept ready was stopped"
            time.sleep(3)
            assert kernel_running(served.url, given), "a ready kernel was stopped just after being given out"
        finally:
            staying.close()


def test_a_plain_kill_of_the_app_stops_its_server_and_kernels_and_frees_its_port(tmp_path):
    """``tasks.py app`` stopped as a service manager stops a program (SIGTERM, not Ctrl+C)."""
    import os
    import signal
    import socket
    import subprocess
    import sys

    import psutil
    from app_server import HOST, free_port

    import tasks

    port = free_port()
    env = tasks.app_environment(False)
    env["MINIBRIDGE_PROGRESS_DIR"] = str(tmp_path)
    server = tasks.voila_command(sys.executable, port, ip=HOST) + ["--warm=1"]
    app = subprocess.Popen([sys.executable, "-c", "import os, sys, tasks; sys.exit(tasks.serve(sys.argv[1:], "
                            "dict(os.environ)))", *server], cwd=tasks.ROOT, env={**env, "PYTHONPATH": str(tasks.ROOT)})
    try:
        end = time.monotonic() + LIMIT
        while time.monotonic() < end:
            processes = psutil.Process(app.pid).children(recursive=True)
            if tasks.answers(f"http://{HOST}:{port}/") and len(processes) >= 2:  # the server and a kernel
                break
            time.sleep(0.5)
        processes = psutil.Process(app.pid).children(recursive=True)
        assert len(processes) >= 2, "the app did not start its server and a kernel"
        os.kill(app.pid, signal.SIGTERM)
        app.wait(timeout=LIMIT)
        gone, alive = psutil.wait_procs(processes, timeout=LIMIT)
        assert alive == [], f"still running after the kill: {[p.cmdline()[:4] for p in alive]}"
        with socket.socket() as s:  # the port is free again for a new app (which reuses it as servers do)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((HOST, port))
            s.listen()
    finally:
        if app.poll() is None:
            app.kill()
