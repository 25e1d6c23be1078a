"""A class on the app: 30 pupils open the lesson of the day, each answers a question and plays
a card, then all 30 click a card within the same second, then they close their pages.

Run: .venv/bin/python benchmarks/bench_app_load.py [--pupils 30] [--arrive-over 0,20]
         [--class-size 30] [--warm-kernels 30] [--via-contents] [--lang ja] [--classes 1]
         [--close-after 1] [--browser [--warm]] [--voila-refill] [--hint --lesson 07_long_suits]
         [--lang ja --one-class]

Each number in ``--arrive-over`` is one mode, measured on an app of its own: the pupils arrive
evenly spread over that many seconds (0: all at once). The app keeps ``--class-size`` kernels
ready for the lesson, as ``tasks.py app --lesson LESSON --class-size N`` does (0: none, every
page starts its kernel when asked), and the class starts once they are ready.
The app also keeps ``--warm-kernels`` kernels (default 30, as the app) started with the course's
modules imported, which a page of any lesson takes when no kernel is ready for its lesson:
``--class-size 0`` measures a class that opens a lesson nobody got ready (the next lesson), and
``--class-size 0 --warm-kernels 0`` the same with every kernel started when its page is asked for.
``--via-contents``: each pupil opens the contents page first, then the lesson.
``--voila-refill`` serves with plain Voilà instead of the classroom package, to compare: its
pools start a replacement for each kernel handed out, all at once. ``--lang ja`` measures the
Japanese edition of the lesson (notebooks/ja/) after the English one in the same run, each on an
app of its own, and prints how fast it opens against the English (p95 and p50, English / Japanese: 1
is as fast). ``--lang ja --one-class`` puts both editions' pupils in one class on one app instead,
``--pupils`` of each arriving in turn (English, Japanese, English, ...), each edition with
``--class-size`` kernels kept ready: both then meet the same load at the same moments, where two
apps one after the other meet whatever else the machine ran meanwhile. For each mode it prints
the median (p50), p95 and slowest (max) over the pupils of:

- contents (with ``--via-contents``): the contents page sent;
- page: the lesson's page sent (with no ready kernel, Voilà runs the lesson first in a warm
  kernel or in one it starts);
- widgets: the widgets' states received over the kernel's websocket (the page can draw them);
- answer: Enter in the lesson's first exercise (typed 7) until its feedback is sent (✔ or ✘,
  or the pre-check's words that the answer is written down);
- card: a click on a card the pupil may play until the table is drawn again;
- card, together: every pupil clicks one more card, all within the same second;
- hint, together (``--hint``, on a lesson whose MiniBridge table is in play at the pupil's turn,
  such as 07_long_suits): every pupil clicks the table's Hint, all within the same second, until
  the table is drawn with its coloured marks (a 13-card position: endplay's solver in the kernel).

then the CPU the server and the kernels used, and the memory: the kernels' (RSS and USS, from
psutil) and Voilà's, before the class, after it, and after the app stopped the kernels of the
closed pages. ``--classes 3`` runs three classes in a row on the same app (open, answer, click,
close), waiting after each until the app has stopped the closed pages' kernels: the app is
started with ``--close-after`` minutes (default 1 here, 15 in ``tasks.py app``) and looks for
them every 10 s.

By default the server alone is measured, as in a classroom where each pupil's device does its
own drawing: each pupil is a websocket client on 127.0.0.1 that sends what the page's script
sends (fetch the page, open /api/kernels/<id>/channels, ask for the widgets' states over
"jupyter.widget.control", then the pupil's typing and clicks, captured from Chromium once),
framed as the page frames them (jupyter_server's v1 websocket protocol, binary frames that
the server passes on without decoding them). A response is timed until the kernel has sent
the change the pupil waits for. Set BENCH_LIMIT_MS to wait less than 3 minutes for a
stuck pupil.

--browser: each pupil is a headless Chromium page (five pupils to a browser, needs
/usr/bin/chromium), timed until the table's cards can be clicked. The browsers run on this
same machine, so their drawing competes with the kernels for the cores: with many pupils on
2 cores this measures the browsers more than the server. A pupil's first page downloads the
app's scripts (4.9 MB); ``--warm`` opens the lesson once before the timed visit, as a pupil
who came from another page of the app has them in the browser's cache.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import statistics
import sys
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import psutil  # noqa: E402
from app_pages import CARD_BY_WORDS, CHROMIUM, CHROMIUM_ARGS, ERROR_WORDS, SHOTS  # noqa: E402
from app_server import KERNEL_COMMANDS, running_app  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402
from jupyter_server.services.kernels.connection.base import (  # noqa: E402
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from cardlib import say  # noqa: E402

# The lesson the class opens: its first exercise must ask for a number (lesson 15's first
# question asks for a card) and it must have a card table: lesson 3 (points, on the trick table).
LESSON = "03_points"
LIMIT = int(os.environ.get("BENCH_LIMIT_MS", 180_000))  # ms: a pupil still waiting after this is counted as stuck
PER_BROWSER = 5
CHECK_EVERY = 10  # s: how often the app looks for kernels of closed pages, in this benchmark
MB = 1024 * 1024
WEBSOCKET_PROTOCOL = "v1.kernel.websocket.jupyter.org"  # the page's: frames pass through the server unparsed
STEPS = (("contents", "contents page sent"), ("page", "page sent"), ("widgets", "widgets' states received"), ("answer", "Enter → ✔/✘ sent"),
         ("card", "card click → table redrawn"), ("card together", "card, all within 1 s"),
         ("hint together", "hint, all within 1 s → marks drawn"))
BROWSER_STEPS = (("page", "page starts coming"), ("widgets", "cards can be clicked"),
                 ("answer", "Enter → ✔/✘ shown"), ("card", "card click → table redrawn"))


# ---- measuring -------------------------------------------------------------------------------

def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the values lie (nearest rank, as p95 is usually read)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(-(-fraction * len(ordered) // 1)) - 1))]


def spread_line(name: str, values: list[float]) -> str:
    if not values:
        return f"{name:<30} {'–':>8} {'–':>8} {'–':>8}   (n=0)"
    return (f"{name:<30} {statistics.median(values):8.2f} {percentile(values, 0.95):8.2f} "
            f"{max(values):8.2f}   (n={len(values)})")


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    kernels = []
    for process in server.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            if any(name in " ".join(process.cmdline()) for name in KERNEL_COMMANDS):
                kernels.append(process)
    return kernels


def snapshot(server: psutil.Process) -> dict:
    """The kernels' and the server's memory now."""
    rss, uss = [], []
    for kernel in kernels_of(server):
        with contextlib.suppress(psutil.Error):
            info = kernel.memory_full_info()
            rss.append(info.rss / MB)
            uss.append(info.uss / MB)
    return {"kernels": len(rss), "rss": rss, "uss": uss, "server": server.memory_info().rss / MB,
            "machine used": (psutil.virtual_memory().total - psutil.virtual_memory().available) / MB}


def memory_line(name: str, shot: dict) -> str:
    per = (f"{statistics.median(shot['rss']):.0f} / {statistics.median(shot['uss']):.0f} MB a kernel "
           f"(largest RSS {max(shot['rss']):.0f} MB)" if shot["rss"] else "no kernels")
    return (f"{name:<34} {shot['kernels']:3d} kernels, {sum(shot['uss']):6.0f} MB USS in all "
            f"({sum(shot['rss']):6.0f} MB RSS), {per}; Voilà {shot['server']:.0f} MB")


def cpu_seconds(processes) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system
    return total


class Sampler:
    """The machine's CPU use and load, and the server's and kernels' CPU time, every second."""

    def __init__(self, server: psutil.Process) -> None:
        self.server = server
        self.busy: list[float] = []
        self.load: list[float] = []
        self.kernels_start = {kernel.pid: cpu_seconds([kernel]) for kernel in kernels_of(server)}
        self.kernels_cpu: dict[int, float] = {}
        self.server_start = cpu_seconds([server])
        self.server_cpu = 0.0

    async def run(self) -> None:
        psutil.cpu_percent(interval=None)
        while True:
            await asyncio.sleep(1)
            self.busy.append(psutil.cpu_percent(interval=None))
            self.load.append(os.getloadavg()[0])
            self.server_cpu = cpu_seconds([self.server]) - self.server_start
            for kernel in kernels_of(self.server):
                self.kernels_cpu[kernel.pid] = cpu_seconds([kernel]) - self.kernels_start.get(kernel.pid, 0.0)

    def report(self) -> str:
        if not self.busy:
            return ""
        return (f"CPU: the machine was busy {statistics.mean(self.busy):.0f}% on average ({max(self.busy):.0f}% at "
                f"most), load (1 min) up to {max(self.load):.1f} on {psutil.cpu_count()} cores; CPU time meanwhile: "
                f"Voilà {self.server_cpu:.1f} s, kernels {sum(self.kernels_cpu.values()):.1f} s")


def cpu_by_process(server: psutil.Process) -> dict[int, float]:
    return {process.pid: cpu_seconds([process]) for process in [server, *kernels_of(server)]}


async def quiet(server: psutil.Process, kernels: int | None = None, ready=None, limit: float = 600,
                still: float = 3) -> float:
    """Wait until the app is idle: at most ``kernels`` kernels (when given), ``ready()`` true
    (when given), and the server and its kernels using under a tenth of a core for ``still``
    seconds. Returns the seconds waited."""
    start = time.perf_counter()
    calm_since = None
    before = cpu_by_process(server)
    while time.perf_counter() - start < limit:
        await asyncio.sleep(1)
        now = cpu_by_process(server)
        # a kernel that started meanwhile counts with all its CPU; one that was stopped, not at all
        used = sum(seconds - before.get(pid, 0.0) for pid, seconds in now.items())
        calm = (used < 0.1 and (kernels is None or len(now) - 1 <= kernels)
                and (ready is None or ready()))
        before = now
        if not calm:
            calm_since = None
        elif calm_since is None:
            calm_since = time.perf_counter()
        elif time.perf_counter() - calm_since >= still:
            return time.perf_counter() - start
    raise TimeoutError(f"the app was still busy after {limit:.0f} s ({len(kernels_of(server))} kernels)")


# ---- the server alone: each pupil is a websocket client speaking the page's own messages ----

CARD_BUTTON = re.compile(r'<button[^>]*class="mb-card[^"]*"[^>]*data-card="(\w+)"')
CLICKABLE_CARD = re.compile(r'<button[^>]*class="mb-card mb-(?:playable|other)"[^>]*data-card="(\w+)"')


class Pupil:
    """One pupil's page without a browser: the widget models it holds, kept up to date."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict] = {}      # model id -> state, as the page's widget manager holds it
        self.closed: set[str] = set()
        self.idle: set[str] = set()            # msg ids the kernel has finished handling
        self.changed = asyncio.Event()
        self.socket = None
        self.listener: asyncio.Future | None = None
        self.times: dict = {"pupil": number}     # step -> seconds
        self.refused = 0                         # cards clicked that the rules did not allow

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None, channel: str = "shell") -> str:
        """Send a message as the page does: jupyter_server's v1 websocket protocol (binary frames)."""
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session, "username": "",
                  "date": datetime.now(timezone.utc).isoformat(), "version": "5.2"}
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        await self.socket.write_message(serialize_msg_to_ws_v1(parts, channel), binary=True)
        return header["msg_id"]

    async def listen(self) -> None:
        while (raw := await self.socket.read_message()) is not None:
            if not isinstance(raw, bytes):
                continue
            _channel, parts = deserialize_msg_from_ws_v1(raw)
            header, parent, _metadata, content = (json.loads(part) for part in parts[:4])
            msg = {"msg_type": header["msg_type"], "parent_header": parent, "content": content}
            kind = msg["msg_type"]
            if kind == "status" and content.get("execution_state") == "idle":
                self.idle.add(msg["parent_header"].get("msg_id", ""))
            elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                self.models[content["comm_id"]] = dict(content["data"].get("state", {}))
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update_states":
                    for model_id, model in data["states"].items():
                        self.models[model_id] = dict(model["state"])
                elif data.get("method") in ("update", "echo_update"):
                    self.models.setdefault(content["comm_id"], {}).update(data.get("state", {}))
            elif kind == "comm_close":
                self.closed.add(content["comm_id"])
            self.changed.set()

    async def until(self, condition, limit: float) -> None:
        """Wait (at most ``limit`` seconds) until ``condition()`` holds."""
        end = time.perf_counter() + limit
        while not condition():
            self.changed.clear()
            left = end - time.perf_counter()
            if left <= 0:
                raise TimeoutError(f"nothing after {limit:.0f} s")
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    def find(self, **wanted) -> list[str]:
        return [i for i, s in self.models.items() if i not in self.closed
                and all(s.get(k) == v for k, v in wanted.items())]

    def tables(self) -> list[str]:
        """The card tables' views (one anywidget each: its HTML holds the cards as buttons)."""
        return [i for i, s in self.models.items() if i not in self.closed and "mb-table" in s.get("_dom_classes", ())]

    def cards(self) -> list[tuple[str, str]]:
        """The pupil's cards a click reaches now: (the table view's id, the card's letters)."""
        return [(i, letters) for i in self.tables()
                for letters in CLICKABLE_CARD.findall(self.models[i].get("html", ""))]

    def card_buttons(self, model_id: str) -> set[str]:
        return set(CARD_BUTTON.findall(self.models.get(model_id, {}).get("html", "")))

    async def act(self, model_id: str, data: dict) -> str:
        return await self.send("comm_msg", {"comm_id": model_id, "data": data})

    async def click(self, model_id: str) -> str:
        return await self.act(model_id, {"method": "custom", "content": {"event": "click"}})

    def close(self) -> None:
        """Close the page: the socket goes, nothing is said to the server (as a closed tab)."""
        if self.socket is not None:
            self.socket.close()
        if self.listener is not None:
            self.listener.cancel()


def in_every_language(key: str) -> set[str]:
    """What ``say(key)`` gives in each language the messages have (a Japanese page's boxes say it in Japanese)."""
    from cardlib import messages

    found = {say(key)}
    for language in ("ja",):
        with contextlib.suppress(ValueError, AttributeError):
            messages.set_language(language)
            found.add(say(key))
    messages.set_language("en")
    return found


async def open_contents(pupil: Pupil, base: str, lesson: str) -> None:
    """Fetch the contents page beside the lesson, as a pupil who starts there."""
    start = time.perf_counter()
    await AsyncHTTPClient().fetch(f"{base}/voila/render/{Path(lesson).with_name('00_contents').as_posix()}.ipynb",
                                  request_timeout=LIMIT / 1000, connect_timeout=LIMIT / 1000)
    pupil.times["contents"] = time.perf_counter() - start


async def open_page(pupil: Pupil, base: str, lesson: str) -> None:
    """What the browser does: fetch the page (Voilà hands out a ready kernel, or starts one and
    runs the lesson while it sends the page), open the kernel's websocket, ask for every widget's
    state."""
    start = time.perf_counter()
    page = await AsyncHTTPClient().fetch(f"{base}/voila/render/{lesson}.ipynb", request_timeout=LIMIT / 1000,
                                         connect_timeout=LIMIT / 1000)
    pupil.times["page"] = time.perf_counter() - start
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page.body.decode()).group(1)
    pupil.times["kernel"] = kernel
    ws = base.replace("http", "ws", 1)
    pupil.socket = await asyncio.wait_for(websocket_connect(
        f"{ws}/api/kernels/{kernel}/channels?session_id={pupil.session}", max_message_size=64 * MB,
        subprotocols=[WEBSOCKET_PROTOCOL]), 30)
    pupil.listener = asyncio.ensure_future(pupil.listen())
    await pupil.send("kernel_info_request", {})
    control = uuid.uuid4().hex
    await pupil.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                     {"version": "1.0.0"})  # the widget control protocol's version, as the page sends it
    await pupil.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    await pupil.until(lambda: pupil.models, LIMIT / 1000)
    await pupil.send("comm_close", {"comm_id": control, "data": {}})
    pupil.times["widgets"] = time.perf_counter() - start


async def answer(pupil: Pupil) -> None:
    """Type 7 in the first exercise's answer box and press Enter: until its feedback is sent
    (✔ or ✘; a lesson's first exercise is its pre-check, which says the answer is written down).

    The box sends its value on Enter (continuous_update=False) and the exercise checks it then,
    as the Check button would."""
    box = [i for i in pupil.find(_model_name="TextModel")
           if pupil.models[i].get("placeholder") in in_every_language("ex_number_placeholder")][0]
    feedback = [i for i, s in pupil.models.items() if s.get("_model_name") == "HTMLModel"]
    before = {i: pupil.models[i].get("value") for i in feedback}
    start = time.perf_counter()
    sent = await pupil.act(box, {"method": "update", "state": {"value": "7"}, "buffer_paths": []})
    await pupil.until(lambda: any('role="status"' in str(pupil.models[i].get("value"))
                                  for i in feedback if pupil.models[i].get("value") != before[i]), LIMIT / 1000)
    pupil.times["answer"] = time.perf_counter() - start
    await pupil.until(lambda: sent in pupil.idle, LIMIT / 1000)


async def play(pupil: Pupil, step: str = "card") -> None:
    """Click cards the pupil may click until one is played: until the table is drawn again."""
    if not pupil.cards():
        for table in pupil.tables():
            if 'data-action="play_on"' in pupil.models[table].get("html", ""):
                done = await pupil.act(table, {"method": "custom", "content": {"action": "play_on", "value": ""}})
                await pupil.until(lambda: done in pupil.idle, LIMIT / 1000)
    await pupil.until(lambda: pupil.cards(), LIMIT / 1000)
    for table, card in pupil.cards():
        start = time.perf_counter()
        sent = await pupil.act(table, {"method": "custom", "content": {"card": card}})
        # the table draws its cards again (the card played is no longer a button) when the card
        # is played; a card that may not be played only changes the message
        def played(table: str = table, card: str = card) -> bool:
            return card not in pupil.card_buttons(table)

        await pupil.until(lambda played=played, sent=sent: played() or sent in pupil.idle, LIMIT / 1000)
        if played():
            pupil.times[step] = time.perf_counter() - start
            await pupil.until(lambda: sent in pupil.idle, LIMIT / 1000)
            return
        pupil.refused += 1
    raise RuntimeError("no card could be played")


async def hint(pupil: Pupil) -> None:
    """Click Hint on the first table that offers it: until the table is drawn with its marks."""
    best = in_every_language("hint_best")
    tables = [t for t in pupil.tables() if 'data-action="hint"' in pupil.models[t].get("html", "")]
    if not tables:
        raise RuntimeError("no table offers a hint now")
    table = tables[0]

    def marked() -> bool:
        return any(words in pupil.models[table].get("html", "") for words in best)

    start = time.perf_counter()
    sent = await pupil.act(table, {"method": "custom", "content": {"action": "hint", "value": ""}})
    await pupil.until(lambda: marked() or sent in pupil.idle, LIMIT / 1000)
    if not marked():
        await pupil.until(lambda: sent in pupil.idle, LIMIT / 1000)
    if not marked():
        raise RuntimeError("the hint drew no marks")
    pupil.times["hint together"] = time.perf_counter() - start


async def stuck_is_a_result(pupil: Pupil, work) -> None:
    try:
        await work
    except Exception as error:  # noqa: BLE001  (a stuck pupil is a result, not a crash)
        pupil.times.setdefault("stuck", f"{type(error).__name__}: {str(error)[:160]} (after {pupil.times})")


def app_cpu(server: psutil.Process) -> tuple[float, float]:
    """CPU seconds used so far by the server, and by the kernels running now."""
    return cpu_seconds([server]), cpu_seconds(kernels_of(server))


def cpu_line(name: str, before: tuple[float, float], after: tuple[float, float], count: int, what: str) -> str:
    """The CPU a phase of the class cost the app: the work itself, whatever else runs on the machine."""
    voila, kernels = max(after[0] - before[0], 0.0), max(after[1] - before[1], 0.0)
    total = voila + kernels
    return (f"CPU for {name}: Voilà {voila:.2f} s + kernels {kernels:.2f} s = {total:.2f} s, "
            f"{1000 * total / max(count, 1):.0f} ms {what}; on {psutil.cpu_count()} free cores at least "
            f"{total / psutil.cpu_count():.2f} s")


async def server_class(base: str, lessons: tuple[str, ...], pupils: int, arrive_over: float,
                       server: psutil.Process | None = None, via_contents: bool = False,
                       hints: bool = False) -> list[dict]:
    """One class: pupils arrive spread evenly over ``arrive_over`` seconds and each opens a
    lesson (``pupils`` for each of ``lessons``, arriving in turn), answers and plays a card; once
    all have, each plays one more card, all within the same second; then they close their pages.
    With ``server``, prints the CPU each phase cost. Each pupil's times say its lesson."""
    pupils *= len(lessons)
    class_ = [Pupil(number) for number in range(1, pupils + 1)]
    start = app_cpu(server) if server else None

    async def arrive(pupil: Pupil) -> None:
        await asyncio.sleep(arrive_over * (pupil.number - 1) / max(pupils - 1, 1) if arrive_over else 0)
        lesson = pupil.times["lesson"] = lessons[(pupil.number - 1) % len(lessons)]
        if via_contents:
            await open_contents(pupil, base, lesson)
        await open_page(pupil, base, lesson)
        if not hints:  # a lesson with a table in play need not open with a question to answer
            await answer(pupil)
        await play(pupil)

    await asyncio.gather(*(stuck_is_a_result(p, arrive(p)) for p in class_))
    arrived = app_cpu(server) if server else None

    async def together(pupil: Pupil, delay: float) -> None:
        await asyncio.sleep(delay)
        await play(pupil, "card together")

    playing = [p for p in class_ if "stuck" not in p.times]
    await asyncio.gather(*(stuck_is_a_result(p, together(p, random.uniform(0, 1))) for p in playing))
    if server:
        print(cpu_line("the arrivals (page, widgets, answer, card)", start, arrived, pupils, "a pupil"))
        print(cpu_line(f"the {len(playing)} clicks within 1 s", arrived, app_cpu(server), len(playing), "a click"))
    if hints:
        asked = app_cpu(server) if server else None

        async def hint_together(pupil: Pupil, delay: float) -> None:
            await asyncio.sleep(delay)
            await pupil.until(lambda: any('data-action="hint"' in pupil.models[t].get("html", "")
                                          for t in pupil.tables()), LIMIT / 1000)
            await hint(pupil)

        playing = [p for p in class_ if "stuck" not in p.times]
        await asyncio.gather(*(stuck_is_a_result(p, hint_together(p, random.uniform(0, 1))) for p in playing))
        if server:
            print(cpu_line(f"the {len(playing)} hints within 1 s", asked, app_cpu(server), len(playing), "a hint"))
    for pupil in class_:
        pupil.close()
        pupil.times["refused cards"] = pupil.refused
    return [p.times for p in class_]


def report_class(results: list[dict], steps, ready_kernels: int, app=None, warm: int = 0) -> int:
    """Print the pupils' times as p50, p95 and max per step; returns how many were stuck."""
    print(f"{'':<30} {'p50 s':>8} {'p95 s':>8} {'max s':>8}")
    for step, name in steps:
        if any(step in r for r in results) or step not in ("contents", "hint together"):
            print(spread_line(name, [r[step] for r in results if step in r]))
    if app is not None:
        kernels = [r["kernel"] for r in results if r.get("kernel")]
        print(f"pages given a ready kernel: {sum(map(app.served_ready, kernels))} of {len(results)} "
              f"(kept ready: {ready_kernels}); a warm kernel: {sum(map(app.served_warm, kernels))} (kept warm: {warm})")
    stuck = [r for r in results if "stuck" in r]
    for r in stuck:
        print(f"pupil {r['pupil']} stuck: {r['stuck']}" + (f"\n    the page shows: {r['page shows']}"
                                                          if "page shows" in r else ""))
    return len(stuck)


def all_ready(app, lessons: tuple[str, ...], options):
    """Whether the app has all the kernels it keeps ready for the lessons, and its warm ones: the
    class starts then (the app starts them one at a time, and a quiet moment between two is not it)."""
    return lambda: (all(app.ready_kernels(f"{lesson}.ipynb") >= options.class_size for lesson in lessons)
                    and app.warm_ready() >= (options.warm_kernels or 0))


async def server_mode(options, arrive_over: float, lessons: tuple[str, ...]) -> tuple[int, list[dict]]:
    """One app serving ``lessons`` (``--class-size`` kernels kept ready for each) to its classes
    of ``--pupils`` for each lesson; returns how many pupils were stuck, and every class's times
    (so the two editions' ratios over ``--classes`` are taken over all their pupils, not one class's)."""
    AsyncHTTPClient.configure(None, max_clients=options.pupils * len(lessons) + 2)
    ready = {f"{lesson}.ipynb": options.class_size for lesson in lessons} if options.class_size else None
    stuck, every_class = 0, []
    with running_app(ready=ready, close_after=options.close_after, check_every=CHECK_EVERY, wait_ready=False,
                     warm=options.warm_kernels) as app:
        server = psutil.Process(app.process.pid)
        waited = await quiet(server, ready=all_ready(app, lessons, options), limit=900)
        start_memory = snapshot(server)
        print(f"the app is ready after {waited:.0f} s more of waiting: {start_memory['kernels']} kernels ready")
        print(memory_line("memory before the first class", start_memory))
        for number in range(1, options.classes + 1):
            print(f"\nclass {number} of {options.classes}: {options.pupils * len(lessons)} pupils "
                  f"{'at once' if not arrive_over else f'arriving over {arrive_over:g} s'}; machine load "
                  f"{os.getloadavg()[0]:.1f} (1 min) before it started", flush=True)
            sampler = Sampler(server)
            sampling = asyncio.ensure_future(sampler.run())
            begin = time.perf_counter()
            results = await server_class(app.url, lessons, options.pupils, arrive_over, server, options.via_contents,
                                         options.hint)
            elapsed = time.perf_counter() - begin
            every_class += results
            sampling.cancel()
            after = snapshot(server)
            for lesson in lessons:
                if len(lessons) > 1:
                    print(f"the pupils of {lesson}:")
                stuck += report_class([r for r in results if r["lesson"] == lesson], STEPS,
                                      options.class_size, app, options.warm_kernels or 0)
            print(f"the class took {elapsed:.1f} s; " + sampler.report())
            print(memory_line("memory with the class's pages open", after))
            if options.classes > 1:  # as between two classes: the closed pages' kernels gone, the ready and warm ones back
                waited = await quiet(server, kernels=options.class_size * len(lessons) + (options.warm_kernels or 0),
                                     limit=options.close_after * 60 + 900, ready=all_ready(app, lessons, options))
                print(memory_line(f"after the closed pages' kernels went ({waited:.0f} s)", snapshot(server)))
        if options.classes == 1:
            await asyncio.sleep(1)
        end_memory = snapshot(server)
        print(memory_line("\nmemory at the end", end_memory))
        print(f"{'':<34} change since the start: {sum(end_memory['uss']) - sum(start_memory['uss']):+.0f} MB USS "
              f"of the kernels, {end_memory['server'] - start_memory['server']:+.0f} MB Voilà, "
              f"{end_memory['kernels'] - start_memory['kernels']:+d} kernels")
    return stuck, every_class


# ---- pupils in Chromium ------------------------------------------------------------------------

async def browser_open(page, url: str) -> tuple[float, float]:
    """Open the lesson: seconds until the page starts coming, and until its cards can be clicked."""
    start = time.perf_counter()
    await page.goto(url, timeout=LIMIT, wait_until="commit")
    first = time.perf_counter() - start
    await page.wait_for_selector(f".mb-manille-table .mb-card:not([disabled]), :text('{ERROR_WORDS}')", timeout=LIMIT)
    if ERROR_WORDS in await page.inner_text("body"):
        raise RuntimeError(f"a cell failed in Voilà after {time.perf_counter() - start:.1f} s")
    await page.wait_for_selector(f'[placeholder="{say("ex_number_placeholder")}"]', timeout=LIMIT)
    return first, time.perf_counter() - start


async def browser_answer(page) -> float:
    """Type an answer into the first exercise and press Enter: seconds until the ✔ or ✘ shows."""
    box = page.locator(f'[placeholder="{say("ex_number_placeholder")}"]').first
    exercise = page.locator(".widget-vbox").filter(has=box).first
    await box.fill("7")
    start = time.perf_counter()
    await box.press("Enter")
    await exercise.locator('[role="status"]').filter(has_text="✔").or_(
        exercise.locator('[role="status"]').filter(has_text="✘")).first.wait_for(timeout=LIMIT)
    return time.perf_counter() - start


async def browser_card(page) -> float:
    """Click a card the pupil may play: seconds until the table is drawn again."""
    table = page.locator(".mb-manille-table").first
    play_on = table.get_by_role("button", name=say("table_play_on"))
    if await play_on.is_visible():
        await play_on.click()
    buttons = await table.locator(".mb-card:not([disabled])").all()
    led = await table.locator(f'[role="group"][aria-label="{say("render_trick_label")}"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)")
    cards = [(b, CARD_BY_WORDS[await b.get_attribute("title")]) for b in buttons]
    suit = led[0][0] if 0 < len(led) < 4 else None
    following = [b for b, c in cards if suit and c.suit.letter == suit]
    button = (following or [b for b, _ in cards])[0]
    handle = await button.element_handle()
    start = time.perf_counter()
    await button.click()
    await page.wait_for_function("el => !el.isConnected", arg=handle, timeout=LIMIT)
    return time.perf_counter() - start


async def browser_pupil(page, url: str, number: int, delay: float, warm: bool = False) -> dict:
    """One pupil in Chromium: open the lesson, answer, play; how long each step took. ``warm``:
    the page was opened once before, so the browser has the app's scripts in its cache."""
    done: dict = {"pupil": number}
    if warm:
        await browser_open(page, url)
        await page.goto("about:blank")
    await asyncio.sleep(delay)
    try:
        done["page"], done["widgets"] = await browser_open(page, url)
        done["answer"] = await browser_answer(page)
        done["card"] = await browser_card(page)
    except Exception as error:  # noqa: BLE001  (a stuck pupil is a result, not a crash)
        done["stuck"] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
        try:
            text = await page.inner_text("body", timeout=5000)
            done["page shows"] = " ".join(text.split())[:160]
            SHOTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(SHOTS / f"bench-stuck-pupil-{number}.png"))
        except Exception:  # noqa: BLE001
            pass
    return done


async def browser_mode(options, arrive_over: float, lesson: str) -> tuple[int, list[dict]]:
    ready = {f"{lesson}.ipynb": options.class_size} if options.class_size else None
    with running_app(ready=ready, close_after=options.close_after, wait_ready=False, warm=options.warm_kernels) as app:
        server = psutil.Process(app.process.pid)
        await quiet(server, ready=all_ready(app, (lesson,), options), limit=900)
        async with async_playwright() as playwright:
            # Five pupils to a browser (each in their own context, like separate devices): one
            # Chromium with 20 tabs stalls on its own side, and 20 Chromiums starve the 2 cores.
            browsers = await asyncio.gather(*(playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=CHROMIUM_ARGS) for _ in range(-(-options.pupils // PER_BROWSER))))
            pages = []
            for number in range(options.pupils):
                context = await browsers[number // PER_BROWSER].new_context(viewport={"width": 1280, "height": 900})
                pages.append(await context.new_page())
            print(f"\n{options.pupils} pupils in Chromium "
                  f"{'at once' if not arrive_over else f'arriving over {arrive_over:g} s'}; machine load "
                  f"{os.getloadavg()[0]:.1f} (1 min) before it started", flush=True)
            sampler = Sampler(server)
            sampling = asyncio.ensure_future(sampler.run())
            url = app.lesson(lesson)
            results = await asyncio.gather(*(
                browser_pupil(p, url, i, arrive_over * (i - 1) / max(options.pupils - 1, 1), options.warm)
                for i, p in enumerate(pages, 1)))
            sampling.cancel()
            shot = snapshot(server)
            await asyncio.gather(*(b.close() for b in browsers))
    stuck = report_class(results, BROWSER_STEPS, options.class_size)
    print(sampler.report())
    print(memory_line("memory with the class's pages open", shot))
    return stuck, results


async def main(options) -> int:
    if options.browser and not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium to run this benchmark.")
        return 2
    print(f"lesson {options.lesson}; this machine: {psutil.cpu_count()} CPU cores, "
          f"{psutil.virtual_memory().total / MB / 1024:.1f} GB memory; load now {os.getloadavg()[0]:.1f} (1 min); "
          f"kernels kept ready: {options.class_size or 'none'}; warm kernels: {options.warm_kernels or 'none'}",
          flush=True)
    editions = {"en": options.lesson}
    if options.lang == "ja":
        if (ROOT / "notebooks" / "ja" / f"{options.lesson}.ipynb").exists():
            editions["ja"] = f"ja/{options.lesson}"
        else:
            print(f"The Japanese edition of lesson {options.lesson} is not in this checkout "
                  f"(notebooks/ja/{options.lesson}.ipynb): only the English one is measured.", flush=True)
    stuck = 0
    for arrive_over in options.arrive_over:
        when = "at once" if not arrive_over else f"arriving over {arrive_over:g} s"
        by_language: dict[str, list[dict]] = {}
        if options.one_class and "ja" in editions:
            print(f"\n=== {options.pupils} pupils of each edition {when}, in one class ===", flush=True)
            more, results = await server_mode(options, arrive_over, tuple(editions.values()))
            stuck += more
            by_language = {language: [r for r in results if r["lesson"] == lesson]
                           for language, lesson in editions.items()}
        else:
            for language, lesson in editions.items():
                print(f"\n=== {options.pupils} pupils {when}{', the Japanese edition' if language == 'ja' else ''} ===",
                      flush=True)
                more, by_language[language] = await (browser_mode(options, arrive_over, lesson) if options.browser
                                                     else server_mode(options, arrive_over, (lesson,)))
                stuck += more
        p95, p50 = {}, {}
        for language, results in by_language.items():
            for share, found in ((0.95, p95), (0.5, p50)):
                found[language] = {step: percentile([r[step] for r in results if step in r], share)
                                   for step, _ in (BROWSER_STEPS if options.browser else STEPS)
                                   if any(step in r for r in results)}
        if "ja" in p95:
            for name, found in (("p95", p95), ("p50", p50)):
                print(f"\nthe Japanese edition against the English ({name} English / {name} Japanese; 1 is as fast, aim 0.9 "
                      "or more): " + ", ".join(f"{step} {found['en'][step] / max(found['ja'][step], 1e-3):.2f}"
                                                for step in found["en"] if step in found["ja"]))
    return 1 if stuck else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--arrive-over", default="0,20",
                        type=lambda text: [float(s) for s in text.split(",")],
                        help="seconds over which the pupils arrive, one mode per number (default 0,20)")
    parser.add_argument("--class-size", type=int, default=None,
                        help="kernels kept ready for the lesson (default: as many as pupils; 0: none)")
    parser.add_argument("--classes", type=int, default=1, help="classes in a row on the same app")
    parser.add_argument("--close-after", type=float, default=1.0,
                        help="minutes before the app stops a closed page's kernel (tasks.py app: 15)")
    parser.add_argument("--lesson", default=LESSON)
    parser.add_argument("--warm-kernels", type=int, default=30,
                        help="kernels the app keeps warm, the course's modules imported, for any lesson (default 30)")
    parser.add_argument("--via-contents", action="store_true", help="each pupil opens the contents page first")
    parser.add_argument("--lang", choices=("en", "ja"), default="en",
                        help="ja: also the Japanese edition (notebooks/ja/), against the English in the same run")
    parser.add_argument("--one-class", action="store_true",
                        help="with --lang ja: both editions' pupils in one class on one app, --pupils of each")
    parser.add_argument("--browser", action="store_true",
                        help="pupils as headless Chromium pages on this machine (default: the server alone)")
    parser.add_argument("--warm", action="store_true",
                        help="with --browser: each page opens the lesson once before, so its cache holds the scripts")
    parser.add_argument("--hint", action="store_true",
                        help="then every pupil clicks Hint within the same second (a lesson with a MiniBridge "
                             "table in play, such as 07_long_suits)")
    parser.add_argument("--voila-refill", action="store_true",
                        help="serve with plain Voilà (python -m voila), whose pools refill all at once, to compare")
    options = parser.parse_args()
    if options.one_class and (options.lang != "ja" or options.browser):
        parser.error("--one-class puts the English and the Japanese pupils in one class: it needs --lang ja, "
                     "and the server alone (not --browser)")
    if options.voila_refill:
        import tasks

        options.warm_kernels = None  # plain Voilà has no warm kernels
        made = tasks.voila_command
        tasks.voila_command = lambda *args, **kwargs: [
            "voila" if part == "classroom" else part for part in made(*args, **kwargs)]
    if options.class_size is None:
        options.class_size = options.pupils
    sys.exit(asyncio.run(main(options)))
