"""The course as a website (python3 tasks.py site): what a pupil's browser downloads, how long a
lesson takes to be usable, and what the web server does for a class.

Run: .venv/bin/python benchmarks/bench_site.py [--site build/site] [--pupils 30] [--no-app]
         [--visits-only | --class-only]

The site (built first with ``python3 tasks.py site`` unless ``--site`` names a built one) is
served by a plain static web server in a process of its own (Python's http.server, as a
teacher's laptop serves it: no cache headers, answers If-Modified-Since), which counts the
bytes and the CPU time of every request it answers. Pupils are headless Chromium (/usr/bin/chromium)
on this machine, each with a profile of its own on disk, as a device keeps its browser's cache.

1. One pupil's visits, one after the other in one browser profile: the contents page (first
   visit), lesson 4 from it, lesson 5 (a lesson not opened before), lesson 5 reloaded, and
   lesson 4 in a new tab a little later (the second visit). For each: requests the server
   answered, bytes it sent, and seconds until a table's cards can be clicked. The aim: after
   the first lesson, nothing is downloaded again but what changed.
2. A class: ``--pupils`` pupils (30) open lesson 4 at once, each in a fresh profile (cold), then
   again with their files kept (warm). It prints the server's CPU a pupil (aim: under 10 ms, against
   the app's 584 ms measured in benchmarks/bench_app_load.py), and the time until a usable table,
   median and p95. 30 Chromiums on a small machine measure the machine more than the site:
   the pupils' own devices each do this work alone, so the single pupil's time (1.) is a pupil's.
3. Against the app in the same run (unless ``--no-app``): one pupil opens lesson 4 on the Voilà
   app (``tasks.py app``, a kernel kept ready for it), cold and warm; the site's single pupil's
   times are printed as ratios against it (1 is as fast). Where the site's time goes is printed
   from the browser's console (the kernel's start, its packages, the lesson's cells).

Nothing here asserts a time: the numbers are for reading against the peer measured alongside.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

MB = 1_000_000
LIMIT = 300_000  # ms: a lesson still not usable after this is counted as stuck
TABLE = ".mb-minibridge-table .mb-felt"  # the card table drawn: Python has run the lesson to it


# ---- the web server: plain static files, every request counted ---------------------------------

PRINTING = threading.Lock()


class CountingHandler(SimpleHTTPRequestHandler):
    """http.server's handler, as ``python -m http.server`` serves the site, that prints a line of
    JSON for each request: the path, the status, the bytes sent and the CPU time it took."""

    def log_message(self, *args):
        pass

    def handle_one_request(self):
        start = time.thread_time()
        sent = []
        write = self.wfile.write

        def counted(data):
            sent.append(len(data))
            return write(data)

        self.wfile.write = counted
        super().handle_one_request()
        if getattr(self, "command", None):
            with PRINTING:
                print(json.dumps({"path": self.path, "status": getattr(self, "_status", 0), "bytes": sum(sent),
                                  "cpu": time.thread_time() - start}), flush=True)

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source, outputfile):
        shutil.copyfileobj(source, self.wfile, 1 << 16)


def serve(directory: str) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: CountingHandler(*a, directory=directory))
    print(json.dumps({"port": server.server_port}), flush=True)
    server.serve_forever()


class Server:
    """The counting server in a process of its own; ``requests`` holds what it answered."""

    def __init__(self, site: Path) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--serve", str(site)], stdout=subprocess.PIPE,
                                        text=True)
        self.port = json.loads(self.process.stdout.readline())["port"]
        self.origin = f"http://localhost:{self.port}/"  # localhost: a secure context, as https is
        self.requests: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:
            self.requests.append(json.loads(line))

    def cpu(self) -> float:
        import psutil

        times = psutil.Process(self.process.pid).cpu_times()
        return times.user + times.system

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait()


def since(server: Server, mark: int) -> tuple[int, int, int, list[dict]]:
    """Requests answered since ``mark``: how many, bytes sent, how many were full files (200), the largest."""
    time.sleep(0.5)  # the last lines reach the reader
    done = server.requests[mark:]
    full = [r for r in done if r["status"] == 200]
    return len(done), sum(r["bytes"] for r in done), len(full), sorted(full, key=lambda r: -r["bytes"])[:3]


# ---- a pupil in Chromium ------------------------------------------------------------------------

async def usable(page, url: str | None, reload: bool = False) -> float:
    """Open (or reload) a lesson: seconds until its table's cards can be clicked."""
    start = time.perf_counter()
    if reload:
        await page.reload(wait_until="commit")
    else:
        await page.goto(url, wait_until="commit", timeout=LIMIT)
    await page.wait_for_selector(TABLE, timeout=LIMIT)
    return time.perf_counter() - start


async def contents_ready(page, url: str) -> float:
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=LIMIT)
    await page.wait_for_selector("a[href='04_declarer_and_dummy.html']", timeout=LIMIT)
    return time.perf_counter() - start


def line(name: str, server: Server, mark: int, seconds: float | None) -> str:
    count, sent, full, largest = since(server, mark)
    big = ", ".join(f"{Path(r['path']).name} {r['bytes'] / MB:.1f}" for r in largest if r["bytes"] > 100_000)
    return (f"{name:<34} {count:5d} {full:5d} {sent / MB:9.2f} MB {seconds if seconds is not None else float('nan'):8.1f} s"
            + (f"   largest: {big}" if big else ""))


async def visits(playwright, server: Server, chromium_path, chromium_args, private: bool = False) -> dict:
    """One pupil, one profile, lesson after lesson: bytes and seconds for each visit. ``private``:
    a private window's profile (Chrome's guest mode too), whose cache is kept in memory only."""
    kind = "a private window: its cache in memory" if private else "a browser profile on disk"
    print(f"\n1. one pupil's visits ({kind})\n{'visit':<34} {'asked':>5} {'full':>5} "
          f"{'sent':>12} {'usable':>10}", flush=True)
    found = {}
    with tempfile.TemporaryDirectory(prefix="bench-site-profile-") as profile:
        if private:
            browser = await playwright.chromium.launch(executable_path=str(chromium_path), args=chromium_args)
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
        else:
            context = await playwright.chromium.launch_persistent_context(
                profile, executable_path=str(chromium_path), args=chromium_args, viewport={"width": 1280, "height": 900})
        try:
            page = context.pages[0] if context.pages else await context.new_page()
            steps = (("contents page, first visit", lambda: contents_ready(page, server.origin + "voici/render/00_contents.html")),
                     ("lesson 4 (the first lesson)", lambda: usable(page, server.origin + "voici/render/04_declarer_and_dummy.html")),
                     ("lesson 5 (the second lesson)", lambda: usable(page, server.origin + "voici/render/05_choosing_the_contract.html")),
                     ("lesson 5 reloaded", lambda: usable(page, None, reload=True)),
                     ("lesson 4 again (a second visit)", lambda: usable(page, server.origin + "voici/render/04_declarer_and_dummy.html")))
            for name, step in steps:
                await asyncio.sleep(2)  # the service worker's background work of the step before is done
                mark = len(server.requests)
                seconds = await step()
                await asyncio.sleep(3)
                found[name] = seconds
                print(line(name, server, mark, seconds), flush=True)
        finally:
            await context.close()
            if private:
                await browser.close()
    return found


# ---- a class ------------------------------------------------------------------------------------

def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(-(-0.95 * len(ordered) // 1)) - 1)]
    return f"median {statistics.median(values):.1f} s, p95 {p95:.1f} s, slowest {max(values):.1f} s"


async def a_class(playwright, server: Server, pupils: int, chromium_path, chromium_args) -> None:
    print(f"\n2. a class: {pupils} pupils open lesson 4 at once, five to a browser; load "
          f"{os.getloadavg()[0]:.1f} before", flush=True)
    url = server.origin + "voici/render/04_declarer_and_dummy.html"
    with tempfile.TemporaryDirectory(prefix="bench-site-class-") as folder:
        contexts = await asyncio.gather(*(playwright.chromium.launch_persistent_context(
            str(Path(folder) / str(i)), executable_path=str(chromium_path), args=chromium_args,
            viewport={"width": 1024, "height": 768}) for i in range(pupils)))
        try:
            pages = [c.pages[0] if c.pages else await c.new_page() for c in contexts]
            for name in ("cold (nothing kept)", "warm (the lesson opened before)"):
                mark, cpu = len(server.requests), server.cpu()
                start = time.perf_counter()
                times = await asyncio.gather(*(usable(p, url) for p in pages), return_exceptions=True)
                elapsed = time.perf_counter() - start
                await asyncio.sleep(3)
                used = server.cpu() - cpu
                count, sent, full, _ = since(server, mark)
                done = [t for t in times if isinstance(t, float)]
                print(f"{name:<34} usable: {spread(done)}; stuck {len(times) - len(done)}; all in {elapsed:.0f} s\n"
                      f"{'':<34} server: {count / pupils:.0f} requests a pupil ({full / pupils:.0f} full), "
                      f"{sent / pupils / MB:.2f} MB a pupil, CPU {used / pupils * 1000:.1f} ms a pupil "
                      f"(aim under 10; the app: 584)", flush=True)
                for page in pages:
                    await page.goto("about:blank")
        finally:
            await asyncio.gather(*(c.close() for c in contexts))


# ---- the app, one pupil, for comparison ---------------------------------------------------------

async def app_pupil(playwright, chromium_path, chromium_args) -> dict:
    from app_server import running_app

    found = {}
    with running_app(ready={"04_declarer_and_dummy.ipynb": 1}) as app:
        with tempfile.TemporaryDirectory(prefix="bench-site-app-") as profile:
            context = await playwright.chromium.launch_persistent_context(
                profile, executable_path=str(chromium_path), args=chromium_args, viewport={"width": 1280, "height": 900})
            try:
                page = context.pages[0] if context.pages else await context.new_page()
                for name in ("cold", "warm"):
                    found[name] = await usable(page, app.lesson("04_declarer_and_dummy"))
                    await page.goto("about:blank")
                    app.wait_until_ready({"04_declarer_and_dummy.ipynb": 1}, 120)
            finally:
                await context.close()
    return found


async def main(options) -> int:
    from app_pages import CHROMIUM, CHROMIUM_ARGS
    from playwright.async_api import async_playwright

    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium to run this benchmark.")
        return 2
    site = options.site
    if site is None:
        site = ROOT / "build" / "site"
        subprocess.run([sys.executable, str(ROOT / "website" / "build.py"), "--out", str(site)], check=True,
                       stdout=subprocess.DEVNULL)
    files = [p for p in site.rglob("*") if p.is_file()]
    print(f"the site: {len(files)} files, {sum(p.stat().st_size for p in files) / MB:.1f} MB on disk; "
          f"this machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} (1 min)", flush=True)
    server = Server(site)
    try:
        async with async_playwright() as playwright:
            if not options.class_only:
                site_times = await visits(playwright, server, CHROMIUM, CHROMIUM_ARGS)
                if options.private:
                    await visits(playwright, server, CHROMIUM, CHROMIUM_ARGS, private=True)
                if not options.no_app:
                    app_times = await app_pupil(playwright, CHROMIUM, CHROMIUM_ARGS)
                    print(f"\n3. lesson 4 on the app (Voilà, a kernel ready): cold {app_times['cold']:.1f} s, "
                          f"warm {app_times['warm']:.1f} s\nthe site against the app (app seconds / site seconds; "
                          f"1 is as fast): first visit {app_times['cold'] / site_times['lesson 4 (the first lesson)']:.2f}, "
                          f"second visit {app_times['warm'] / site_times['lesson 4 again (a second visit)']:.2f}")
            if not options.visits_only:
                await a_class(playwright, server, options.pupils, CHROMIUM, CHROMIUM_ARGS)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(sys.argv[2])
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build it into build/site)")
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--no-app", action="store_true", help="leave out the app's single pupil")
    parser.add_argument("--visits-only", action="store_true", help="only the single pupil's visits (1., 3.)")
    parser.add_argument("--private", action="store_true",
                        help="the visits again in a private window (its cache in memory only, as Chrome's guest mode)")
    parser.add_argument("--class-only", action="store_true", help="only the class (2.)")
    sys.exit(asyncio.run(main(parser.parse_args())))
