"""The course as a website (python3 tasks.py site): what a pupil's browser downloads, how long a
lesson takes to be usable, and what the web server does for a class.

Run: .venv/bin/python benchmarks/bench_site.py [--site build/site] [--pupils 30] [--no-app]
         [--visits-only] [--private] [--server serve|plain|nginx]
     .venv/bin/python benchmarks/bench_site.py --against OLD_SITE --site NEW_SITE [--rounds 3]

The site (built first with ``python3 tasks.py site`` unless ``--site`` names a built one) is
served as a teacher's laptop serves it, in a process of its own that counts the requests, the
bytes and the CPU time it answers with: ``--server serve`` (the default) is ``python3 tasks.py
serve`` (website/serve.py: kept-open connections, sendfile, cache headers, the build's gzip
copies), ``--server plain`` Python's own ``python -m http.server`` (a connection a file, no
cache headers, answers If-Modified-Since, no compression), ``--server nginx`` Debian's
nginx-light (``apt-get install nginx-light``) as a school's web server or a static host serves the
site: the build's gzip copies and serve.py's cache headers. The pupil is headless Chromium
(/usr/bin/chromium) with a profile of its own on disk, as a device keeps its browser's cache.
It takes about 5 minutes on a quiet 2-core machine.

1. One pupil's visits, one after the other: the contents page (the first visit), lesson 4
   from it (the first lesson), lesson 5 (a second lesson), lesson 5 reloaded, lesson 4 again
   (a second visit). For each: the requests the server answered (and how many of them sent a
   whole file rather than "not changed"), the bytes it sent, and the seconds until the lesson's
   card table is drawn. The aim: after the first lesson, nothing downloaded again but what
   changed. Then where lesson 4's time went, from timestamps taken inside the page and the
   kernel's worker (PAGE_PROBE): the page until the kernel starts; the runtime (WebAssembly
   compiled, Python started); the packages installed; the kernel's package manager; the
   kernel's imports (IPython, the widgets); the lesson's cells until the table; the requests to
   JupyterLite's drive among them; and the browser's CPU for the visit. Then what the visits
   never asked for, by folder.
   ``--private``: the visits again in a private window, whose cache is in memory only (as
   Chrome's guest mode on a shared Chromebook). ``--laptop``: the site at a laptop's name on a
   plain http:// address, where browsers run no service worker (the browser's cache alone).
2. A class (unless ``--visits-only``): ``--pupils`` pupils (30) at once ask the web server for
   what the pupil in Chromium asked for (each pupil on one kept-open connection where the server
   keeps it, accepting gzip, as browsers do), cold (the contents page, then lesson 4) and warm
   (lesson 4 again): the server's CPU a pupil (aim under 10 ms, against the app's 584 ms in
   benchmarks/bench_app_load.py) and the seconds until the last file came. The pupils' Python
   runs on their own devices, so the single pupil's times (1.) are each pupil's: 30 Chromiums
   on this machine would measure its 2 cores, not the site.
3. Against the app in the same run (unless ``--no-app``): the same pupil on the Voilà app
   (``tasks.py app``, a kernel kept ready for lesson 4): the contents page, lesson 4, lesson 4
   again, as ratios app / site (1 is as fast).

``--against OLD_SITE``: only lesson 4, the first time and again, on two builds in turn
(``--rounds`` times each): the medians of each step, the change against the build before it in
the same run.

Nothing here asserts a time: the numbers are for reading against the peer measured alongside.
"""
from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import os
import shutil
import socket
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
sys.path.insert(0, str(ROOT / "website"))
from serve import A_WHILE, ASK_EACH_TIME, CURRENT, FOR_GOOD, NEVER_CHANGES, SMALL, SiteHandler  # noqa: E402

MB = 1_000_000
CONTENTS, FIRST, AGAIN = "contents page, first visit", "lesson 4 (the first lesson)", "lesson 4 again (a second visit)"
LIMIT = 300_000  # ms: a lesson still not usable after this is counted as stuck
LAPTOP = "teachers-laptop.test"  # --laptop: the site at a name other than the device's own (plain http)
TABLE = ".mb-minibridge-table .mb-felt"  # the card table drawn: Python has run the lesson to it


# ---- the web server: plain static files, every request counted ---------------------------------

PRINTING = threading.Lock()


class Counting:
    """A web server's handler that prints a line of JSON for each request: the path, the status,
    the bytes sent and the CPU time it took."""

    def log_message(self, *args):
        pass

    def handle_one_request(self):
        start = time.thread_time()
        self.sent = []
        write = self.wfile.write

        def counted(data):
            self.sent.append(len(data))
            return write(data)

        self.wfile.write = counted
        super().handle_one_request()
        self.wfile.write = write
        if getattr(self, "command", None):
            with PRINTING:
                print(json.dumps({"path": self.path, "status": getattr(self, "_status", 0), "bytes": sum(self.sent),
                                  "cpu": time.thread_time() - start}), flush=True)
        self.command = None  # a kept-open connection's next request

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)


class CountingPlain(Counting, SimpleHTTPRequestHandler):
    """``python -m http.server``, as a teacher's laptop serves the site with Python alone."""

    def copyfile(self, source, outputfile):
        shutil.copyfileobj(source, self.wfile, 1 << 16)


class CountingServe(Counting, SiteHandler):
    """``python3 tasks.py serve`` (website/serve.py): its large files' bodies go by sendfile, counted
    here (a small one goes through the counted write)."""

    def copyfile(self, source, outputfile):
        if os.fstat(source.fileno()).st_size > SMALL:
            self.sent.append(os.fstat(source.fileno()).st_size - source.tell())
        super().copyfile(source, outputfile)


SERVERS = {"plain": CountingPlain, "serve": CountingServe}


def serve(directory: str, kind: str) -> None:
    server = ThreadingHTTPServer(("127.0.0.1", 0), lambda *a: SERVERS[kind](*a, directory=directory))
    print(json.dumps({"port": server.server_port}), flush=True)
    server.serve_forever()


class Server:
    """The counting server in a process of its own; ``requests`` holds what it answered."""

    def __init__(self, site: Path, kind: str) -> None:
        self.process = subprocess.Popen([sys.executable, __file__, "--serve", str(site), kind], stdout=subprocess.PIPE,
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


class Nginx(Server):
    """The site on nginx (Debian's nginx-light), as a school's web space or a static host serves it:
    kept-open connections, the build's gzip copies (gzip_static) and website/serve.py's cache
    headers, one worker process. ``requests`` come from its access log; the CPU is its
    processes' (nginx has no CPU a request, so ``cpu`` is 0 in each)."""

    def __init__(self, site: Path, kind: str = "nginx") -> None:
        if not shutil.which("nginx"):
            sys.exit("--server nginx needs nginx: apt-get install nginx-light")
        self.folder = Path(tempfile.mkdtemp(prefix="bench-site-nginx-"))
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        log = self.folder / "access.log"
        log.touch()
        (self.folder / "nginx.conf").write_text(f"""
worker_processes 1;
pid {self.folder}/nginx.pid;
error_log {self.folder}/error.log;
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    types {{ text/javascript mjs; }}
    log_format bench escape=json '{{"path":"$request_uri","status":$status,"bytes":$body_bytes_sent,"cpu":0}}';
    access_log {log} bench;
    client_body_temp_path {self.folder}; proxy_temp_path {self.folder}; fastcgi_temp_path {self.folder};
    uwsgi_temp_path {self.folder}; scgi_temp_path {self.folder};
    sendfile on; tcp_nopush on; keepalive_timeout 60; keepalive_requests 10000;
    gzip_static on; if_modified_since before;
    map $uri $cache {{
        "~{NEVER_CHANGES.pattern}" "{FOR_GOOD}";
        "~{CURRENT.pattern}" "{ASK_EACH_TIME}";
        default "{A_WHILE}";
    }}
    server {{
        listen 127.0.0.1:{self.port};
        root {site.resolve()};
        add_header Cache-Control $cache;
    }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-c", str(self.folder / "nginx.conf"), "-g", "daemon off;"],
                                        stderr=subprocess.DEVNULL)
        self.origin = f"http://localhost:{self.port}/"
        self.requests = []
        for _ in range(100):
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", self.port)) == 0:
                    break
            time.sleep(0.05)
        threading.Thread(target=self._follow, args=(log,), daemon=True).start()

    def _follow(self, log: Path) -> None:
        with log.open() as lines:
            while self.process.poll() is None:
                line = lines.readline()
                if line.endswith("\n"):
                    self.requests.append(json.loads(line))
                else:
                    time.sleep(0.05)

    def cpu(self) -> float:
        import psutil

        processes = [psutil.Process(self.process.pid), *psutil.Process(self.process.pid).children()]
        return sum(p.cpu_times().user + p.cpu_times().system for p in processes)

    def stop(self) -> None:
        super().stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def since(server: Server, mark: int) -> tuple[int, int, int, list[dict]]:
    """Requests answered since ``mark``: how many, bytes sent, how many were full files (200), the largest."""
    time.sleep(0.5)  # the last lines reach the reader
    done = server.requests[mark:]
    full = [r for r in done if r["status"] == 200]
    return len(done), sum(r["bytes"] for r in done), len(full), sorted(full, key=lambda r: -r["bytes"])[:3]


# ---- a pupil in Chromium ------------------------------------------------------------------------

# Where a lesson's time goes, from inside the page: the page's messages to the kernel's worker
# (comlink: "initialize" until the kernel is ready, then one "execute" a cell) and, in the worker,
# Pyodide's steps (loadPyodide called; the runtime made, the WebAssembly compiled and Python
# started; the packages installed) and the kernel's Python at its start (its package manager, then
# the kernel's own imports: IPython, the widgets' comm). Only timestamps: nothing is changed.
WORKER_PROBE = """{
  const steps = self.__mbSteps = [];
  const step = (name, start) => steps.push([name, start, performance.now()]);
  const timedRuns = (pyodide) => {
    const run = pyodide.runPythonAsync.bind(pyodide);
    pyodide.runPythonAsync = async (code, ...rest) => {
      const start = performance.now();
      try { return await run(code, ...rest); } finally { step("python: " + code.trim().split("\\n")[0], start); }
    };
    return pyodide;
  };
  const trap = (name, wrap) => {
    let value = self[name];
    Object.defineProperty(self, name, {configurable: true, get: () => (typeof value === "function" ? wrap(value) : value), set: (v) => { value = v; }});
  };
  trap("loadPyodide", (load) => async (options) => {
    const start = performance.now();
    steps.push(["loadPyodide called", start, start]);
    const pyodide = await load(options);
    step("loadPyodide", start);
    return timedRuns(pyodide);
  });
  trap("_createPyodideModule", (create) => async (settings) => {
    const start = performance.now();
    const made = await create(settings);
    step("runtime", start);
    return made;
  });
}"""
PAGE_PROBE = """(() => {
  const WORKER_PROBE = %s;
  const Real = window.Worker;
  window.Worker = class extends Real {
    constructor(url, options) {
      const href = new URL(url, location.href).href;
      if (!href.includes("pyodide-kernel-extension") || (options && options.type === "module")) { super(url, options); return; }
      const source = `${WORKER_PROBE}\nimportScripts(${JSON.stringify(href)});`;
      super(URL.createObjectURL(new Blob([source], {type: "text/javascript"})), options);
    }
  };
  const sent = window.__mbKernelCalls = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (data, ...rest) {
    if (data && data.type === "APPLY" && Array.isArray(data.path)) {
      sent.push({id: data.id, what: data.path.join("."), sent: performance.now()});
      if (!this.__mbHeard) {
        this.__mbHeard = true;
        this.addEventListener("message", (event) => {
          const call = sent.find((c) => event.data && c.id === event.data.id);
          if (call && call.done === undefined) call.done = performance.now();
        });
      }
    }
    return post.call(this, data, ...rest);
  };
})()""" % json.dumps(WORKER_PROBE)
STEPS = """[performance.timeOrigin, self.__mbSteps || [],
  performance.getEntriesByType("resource").map((e) => [e.name.split("?")[0].split("/").pop(), e.startTime, e.responseEnd])]"""


async def probe(page) -> dict:
    """Watch the next lesson's kernel (PAGE_PROBE starts it with WORKER_PROBE in front)."""
    found = {"workers": []}

    def on_worker(worker):
        if worker.url.startswith("blob:"):
            found["workers"].append(worker)

    page.on("worker", on_worker)
    found["stop"] = lambda: page.remove_listener("worker", on_worker)
    return found


async def timeline(page, found: dict, table_at: float) -> dict:
    """Seconds from the page's start for each step, from the probes (see PAGE_PROBE)."""
    found["stop"]()
    page_origin = await page.evaluate("performance.timeOrigin")
    calls = await page.evaluate("window.__mbKernelCalls || []")
    if not found["workers"]:
        return {"the probe": "saw no kernel start"}
    origin, steps, fetched = await found["workers"][-1].evaluate(STEPS)
    shift = (origin - page_origin) / 1000
    at = {name: (shift + start / 1000, shift + end / 1000) for name, start, end in steps}
    runs = [(name, shift + start / 1000, shift + end / 1000) for name, start, end in steps if name.startswith("python: ")]
    kernel_wheel = [shift + end / 1000 for name, start, end in fetched if name.startswith("pyodide_kernel-")]
    initialize = next(c for c in calls if c["what"] == "initialize")
    executes = [c for c in calls if c["what"] == "execute"]
    called = at["loadPyodide called"][0]
    runtime_end = at["runtime"][1]
    loaded = at["loadPyodide"][1]
    # the kernel's start after Pyodide's: its package manager (micropip, piplite), then the script
    # that installs what is missing (ipykernel, pyodide_kernel) and imports pyodide_kernel
    last = runs[-1]
    installs_end = kernel_wheel[-1] if kernel_wheel and last[1] <= kernel_wheel[-1] <= last[2] else last[1]
    ready = initialize["done"] / 1000
    first = executes[0]["sent"] / 1000 if executes else table_at
    return {
        "the page, to the kernel's start": called,
        "runtime start (WebAssembly, Python)": runtime_end - called,
        "packages installed": loaded - runtime_end,
        # Pyodide fetches the packages' files while the runtime starts: what is left after it
        "of which, their files still coming": max(0.0, max([shift + end / 1000 for name, start, end in fetched
                                                             if name.endswith(".whl") and shift + end / 1000 <= loaded],
                                                            default=runtime_end) - runtime_end),
        "the kernel's package manager": installs_end - loaded,
        "the kernel's imports (IPython, widgets)": last[2] - installs_end,
        "to the first cell": first - last[2] if first > last[2] else 0.0,
        f"the lesson's cells, to the table ({len([c for c in executes if c['sent'] / 1000 < table_at])} cells)": table_at - max(first, last[2]),
        "kernel ready at": ready,
        # JupyterLite's drive is the kernel's working folder: Python looks there first for each
        # module it imports, and each look is a request to the service worker, answered by the page
        "of which, the kernel asking its drive": sum(end - start for name, start, end in fetched if name == "drive") / 1000,
        "its drive requests": len([name for name, start, end in fetched if name == "drive"]),
    }


def browser_cpu() -> float:
    """CPU seconds used so far by this benchmark's Chromium processes (all of them: the page, the
    kernel's worker, the service worker, the GPU and network processes): on a machine shared with
    other work, the device's work, where the seconds on the clock also count the waiting."""
    import psutil

    total = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                times = process.cpu_times()
                total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


async def usable(page, url: str | None, reload: bool = False, phases: dict | None = None) -> float:
    """Open (or reload) a lesson: seconds until its card table is drawn. ``phases`` gets where
    the time went (timeline)."""
    watching = await probe(page) if phases is not None else None
    cpu = browser_cpu()
    start = time.perf_counter()
    if reload:
        await page.reload(wait_until="domcontentloaded")
    else:
        await page.goto(url, wait_until="domcontentloaded", timeout=LIMIT)
    await page.wait_for_selector(TABLE, timeout=LIMIT)
    seconds = time.perf_counter() - start
    if phases is not None:
        table_at = await page.evaluate("performance.now()") / 1000
        phases.update(await timeline(page, watching, table_at))
        phases["the browser's CPU (all its processes)"] = browser_cpu() - cpu
    return seconds


async def contents_ready(page, url: str) -> float:
    start = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=LIMIT)
    await page.wait_for_selector("a[href*='04_declarer_and_dummy']", timeout=LIMIT)
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
    found, asked, phases = {}, {}, {FIRST: {}, AGAIN: {}}
    with tempfile.TemporaryDirectory(prefix="bench-site-profile-") as profile:
        if private:
            browser = await playwright.chromium.launch(executable_path=str(chromium_path), args=chromium_args)
            context = await browser.new_context(viewport={"width": 1280, "height": 900})
        else:
            context = await playwright.chromium.launch_persistent_context(
                profile, executable_path=str(chromium_path), args=chromium_args, viewport={"width": 1280, "height": 900})
        try:
            await context.add_init_script(PAGE_PROBE)
            page = context.pages[0] if context.pages else await context.new_page()
            steps = ((CONTENTS, lambda: contents_ready(page, server.origin + "voici/render/00_contents.html")),
                     (FIRST, lambda: usable(page, server.origin + "voici/render/04_declarer_and_dummy.html", phases=phases[FIRST])),
                     ("lesson 5 (the second lesson)", lambda: usable(page, server.origin + "voici/render/05_choosing_the_contract.html")),
                     ("lesson 5 reloaded", lambda: usable(page, None, reload=True)),
                     (AGAIN, lambda: usable(page, server.origin + "voici/render/04_declarer_and_dummy.html", phases=phases[AGAIN])))
            for name, step in steps:
                await asyncio.sleep(2)  # the service worker's background work of the step before is done
                mark = len(server.requests)
                seconds = await step()
                await asyncio.sleep(3)
                found[name] = seconds
                print(line(name, server, mark, seconds), flush=True)
                asked[name] = server.requests[mark:]
            for name, spent in phases.items():
                print(f"where the time went, {name}: " + ", ".join(
                    f"{phase} {seconds:.2f} s" if isinstance(seconds, float) else f"{phase} {seconds}" for phase, seconds in spent.items()))
        finally:
            await context.close()
            if private:
                await browser.close()
    return found, asked


def never_asked(site: Path, server: Server) -> None:
    """What the visits never asked for, by folder: what a pupil may never need."""
    from urllib.parse import unquote, urlsplit

    asked = {unquote(urlsplit(r["path"]).path).lstrip("/") for r in server.requests}
    files = [p for p in site.rglob("*") if p.is_file()]
    unused: dict[str, int] = {}
    for path in files:
        relative = path.relative_to(site).as_posix()
        if relative not in asked:
            folder = "/".join(relative.split("/")[:2]) if "/" in relative else "(top)"
            unused[folder] = unused.get(folder, 0) + path.stat().st_size
    used = sum(p.stat().st_size for p in files if p.relative_to(site).as_posix() in asked)
    print(f"the visits asked for {used / MB:.1f} MB of the site's {sum(p.stat().st_size for p in files) / MB:.1f} MB; "
          "never asked for, by folder: " + ", ".join(f"{name} {size / MB:.1f}" for name, size in
                                                    sorted(unused.items(), key=lambda item: -item[1]) if size > 100_000))


# ---- two builds side by side ---------------------------------------------------------------------

async def side_by_side(playwright, sites: dict[str, Path], rounds: int, chromium_path, chromium_args,
                       kind: str = "serve") -> None:
    """Lesson 4 the first time (a new profile) and again, on each build in turn, ``rounds`` times:
    the medians of each step of the timeline, so that a change is measured against the build
    before it in the same run, on a machine whose load changes."""
    seen = {name: {"first time": [], "again": []} for name in sites}
    servers = {name: Server(site, kind) for name, site in sites.items()}
    try:
        for turn in range(rounds):
            for name, server in servers.items():
                with tempfile.TemporaryDirectory(prefix="bench-site-profile-") as profile:
                    context = await playwright.chromium.launch_persistent_context(
                        profile, executable_path=str(chromium_path), args=chromium_args, viewport={"width": 1280, "height": 900})
                    try:
                        await context.add_init_script(PAGE_PROBE)
                        page = context.pages[0] if context.pages else await context.new_page()
                        for visit in ("first time", "again"):
                            phases: dict = {}
                            seconds = await usable(page, server.origin + "voici/render/04_declarer_and_dummy.html", phases=phases)
                            phases["usable"] = seconds
                            seen[name][visit].append(phases)
                            print(f"round {turn + 1}, {name}, lesson 4 {visit}: {seconds:.1f} s (load {os.getloadavg()[0]:.1f})", flush=True)
                            await page.goto("about:blank")
                            await asyncio.sleep(3)
                    finally:
                        await context.close()
    finally:
        for server in servers.values():
            server.stop()
    print(f"\nlesson 4, medians of {rounds} rounds (seconds):")
    for visit in ("first time", "again"):
        steps = [k for k, v in seen[next(iter(sites))][visit][0].items() if isinstance(v, (int, float))]
        print(f"{visit}:")
        for step in steps:
            print(f"  {step:<58}" + "".join(
                f" {name} {statistics.median(p.get(step, float('nan')) for p in seen[name][visit]):6.2f}" for name in sites))


# ---- a class ------------------------------------------------------------------------------------

def spread(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(-(-0.95 * len(ordered) // 1)) - 1)]
    return f"median {statistics.median(values):.1f} s, p95 {p95:.1f} s, slowest {max(values):.1f} s"


def fetch_all(origin: str, site: Path, asked: list[dict]) -> float:
    """One pupil's requests, as the browser sent them: on a connection kept open where the server
    keeps it, accepting gzip as browsers do, and a file the browser kept asked for with
    If-Modified-Since, as its cache asks. Seconds until the last answer came."""
    import http.client
    from email.utils import formatdate
    from urllib.parse import unquote, urlsplit

    start = time.perf_counter()
    address = urlsplit(origin)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=300)
    for request in asked:
        headers = {"Accept-Encoding": "gzip, deflate, br, zstd"}
        if request["status"] == 304:
            file = site / unquote(urlsplit(request["path"]).path).lstrip("/")
            copies = [file, file.with_name(file.name + ".gz")]  # the date the server gave: nginx gives its .gz copy's
            headers["If-Modified-Since"] = formatdate(max(f.stat().st_mtime for f in copies if f.exists()), usegmt=True)
        connection.request("GET", request["path"], headers=headers)
        answer = connection.getresponse()
        answer.read()
        if answer.status != request["status"]:  # 304: the browser's copy is still good; 404 as the browser had
            raise RuntimeError(f"{request['path']}: {answer.status}, the browser had {request['status']}")
    connection.close()
    return time.perf_counter() - start


async def a_class(server: Server, site: Path, pupils: int, asked: dict[str, list[dict]]) -> None:
    """``pupils`` pupils at once, each asking for what the pupil in Chromium asked for."""
    print(f"\n2. a class: {pupils} pupils at once ask the web server for what the pupil in Chromium asked for; "
          f"load {os.getloadavg()[0]:.1f} before", flush=True)
    for name, requests in asked.items():
        mark, cpu = len(server.requests), server.cpu()
        with concurrent.futures.ThreadPoolExecutor(max_workers=pupils) as pool:  # every pupil at once
            loop = asyncio.get_running_loop()
            times = await asyncio.gather(*(loop.run_in_executor(pool, fetch_all, f"http://127.0.0.1:{server.port}/", site, requests)
                                           for _ in range(pupils)))
        await asyncio.sleep(1)
        used = server.cpu() - cpu
        count, sent, full, _ = since(server, mark)
        answering = sum(r["cpu"] for r in server.requests[mark:])  # in the handlers themselves
        print(f"{name:<40} {count / pupils:4.0f} requests a pupil ({full / pupils:.0f} whole files), "
              f"{sent / pupils / MB:6.2f} MB a pupil; the server's CPU {used / pupils * 1000:6.1f} ms a pupil "
              f"(aim under 10; the app: 584)" + ("" if isinstance(server, Nginx) else
              f", of which {answering / pupils * 1000:.1f} ms in answering the requests (the rest: a thread for each "
              "connection, and this benchmark's counting)") + f"; all sent: {spread(times)}", flush=True)


# ---- the app, one pupil, for comparison ---------------------------------------------------------

async def app_pupil(playwright, chromium_path, chromium_args) -> dict:
    """One pupil on the Voilà app (a kernel kept ready for lesson 4, as ``tasks.py app --lesson``
    keeps them): the contents page, lesson 4 from it, lesson 4 again."""
    from app_server import running_app

    found = {}
    with running_app(ready={"04_declarer_and_dummy.ipynb": 1}) as app:
        with tempfile.TemporaryDirectory(prefix="bench-site-app-") as profile:
            context = await playwright.chromium.launch_persistent_context(
                profile, executable_path=str(chromium_path), args=chromium_args, viewport={"width": 1280, "height": 900})
            try:
                page = context.pages[0] if context.pages else await context.new_page()
                found[CONTENTS] = await contents_ready(page, app.lesson("00_contents"))
                found[FIRST] = await usable(page, app.lesson("04_declarer_and_dummy"))
                await page.goto("about:blank")
                app.wait_until_ready({"04_declarer_and_dummy.ipynb": 1}, 180)
                found[AGAIN] = await usable(page, app.lesson("04_declarer_and_dummy"))
            finally:
                await context.close()
    return found


async def main(options) -> int:
    from app_pages import CHROMIUM, CHROMIUM_ARGS
    from playwright.async_api import async_playwright

    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium to run this benchmark.")
        return 2
    if options.against:
        async with async_playwright() as playwright:
            await side_by_side(playwright, {"before": options.against, "after": options.site}, options.rounds,
                               CHROMIUM, CHROMIUM_ARGS, options.server)
        return 0
    site = options.site
    if site is None:
        site = ROOT / "build" / "site"
        subprocess.run([sys.executable, str(ROOT / "website" / "build.py"), "--out", str(site)], check=True,
                       stdout=subprocess.DEVNULL)
    files = [p for p in site.rglob("*") if p.is_file()]
    print(f"the site: {len(files)} files, {sum(p.stat().st_size for p in files) / MB:.1f} MB on disk; "
          f"this machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f} (1 min)", flush=True)
    server = (Nginx if options.server == "nginx" else Server)(site, options.server)
    try:
        async with async_playwright() as playwright:
            if options.laptop:  # a name that is not the device's own: a plain http address, no service worker
                server.origin = f"http://{LAPTOP}:{server.port}/"
                chromium_args = [*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAPTOP} 127.0.0.1"]
            else:
                chromium_args = CHROMIUM_ARGS
            site_times, asked = await visits(playwright, server, CHROMIUM, chromium_args)
            never_asked(site, server)
            if options.private:
                await visits(playwright, server, CHROMIUM, chromium_args, private=True)
            if not options.no_app:
                app_times = await app_pupil(playwright, CHROMIUM, CHROMIUM_ARGS)
                print(f"\n3. the same pupil on the app (Voilà, a kernel kept ready for lesson 4), against the site "
                      f"(app seconds / site seconds; 1 is as fast, aim for the second visit 0.5 or more):")
                for step in (CONTENTS, FIRST, AGAIN):
                    print(f"{step:<34} app {app_times[step]:6.1f} s, site {site_times[step]:6.1f} s: "
                          f"{app_times[step] / site_times[step]:.2f}", flush=True)
        if not options.visits_only:
            await a_class(server, site, options.pupils, {"cold: contents page, then lesson 4": asked[CONTENTS] + asked[FIRST],
                                                         "warm: lesson 4 again": asked[AGAIN]})
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        serve(sys.argv[2], sys.argv[3])
        sys.exit(0)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site already built (default: build it into build/site)")
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--no-app", action="store_true", help="leave out the app's single pupil")
    parser.add_argument("--visits-only", action="store_true", help="only the single pupil's visits (1., 3.)")
    parser.add_argument("--private", action="store_true",
                        help="the visits again in a private window (its cache in memory only, as Chrome's guest mode)")
    parser.add_argument("--against", type=Path, metavar="SITE",
                        help="only lesson 4, first time and again, on SITE (before) and --site (after) in turn")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: how many times each")
    parser.add_argument("--class-only", action="store_true", help="only the class (2.)")
    parser.add_argument("--laptop", action="store_true",
                        help="the pupil opens the site at a laptop's plain http:// name, not localhost: no service worker")
    parser.add_argument("--server", choices=[*sorted(SERVERS), "nginx"], default="serve",
                        help="the web server: serve (python3 tasks.py serve, the default), plain (python -m "
                             "http.server) or nginx (a school's web server; needs Debian's nginx-light)")
    sys.exit(asyncio.run(main(parser.parse_args())))
