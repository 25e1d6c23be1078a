"""A class at once: 20 pupils open the app's Manille lesson together, each answers a question
and plays a card. Reports the memory of each pupil's kernel (RSS and USS, from psutil) and the
slowest response. Aims: under 150 MB per kernel, every response under 2 s.

Run: .venv/bin/python benchmarks/bench_app_load.py [--pupils 20] [--lesson 10_manille_trumps_and_scoring] [--browser]

By default the server alone is measured, as in a classroom where each pupil's device does its
own drawing: each pupil is a websocket client on 127.0.0.1 that does what the page's script
does (fetch /voila/render/<lesson>.ipynb, which starts a kernel and runs the lesson; open
/api/kernels/<id>/channels; ask for the widgets' states over "jupyter.widget.control"), then
types 7 and Enter in the lesson's first exercise (time until its ✔/✘ is sent, and until the
kernel is idle) and clicks cards it may click until one is played (time until the table is
drawn again, and until idle). Lesson 8 has both an exercise and the Manille table, so each
pupil's one kernel does both, as in class. The messages are the page's own (captured from
Chromium once), sent with the JSON framing of the websocket instead of the page's binary one.
Set BENCH_LIMIT_MS to wait less than 3 minutes for a stuck pupil.

--browser: each pupil is a headless Chromium page (five pupils to a browser, needs
/usr/bin/chromium). The browsers run on this same machine, so their drawing competes with
the kernels for the cores: with 20 pupils on 2 cores this measures the browsers more than
the server.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import statistics
import sys
import time
import uuid
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import psutil  # noqa: E402
from app_pages import CARD_BY_WORDS, CHROMIUM, CHROMIUM_ARGS, ERROR_WORDS, SHOTS  # noqa: E402
from app_server import running_app  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402
from tornado.httpclient import AsyncHTTPClient  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from cardlib import say  # noqa: E402

LIMIT = int(os.environ.get("BENCH_LIMIT_MS", 180_000))  # ms: a pupil still waiting after this is counted as stuck
PER_BROWSER = 5
# Voilà's page asks a CDN for Font Awesome. With no internet (this machine) the browser's
# DNS lookups queue up, and 20 pages at once waited for them for minutes: fail them at once,
# as a school network that answers (or has the file cached) would.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
MB = 1024 * 1024


async def open_lesson(page, url: str) -> tuple[float, float]:
    """Open the lesson: seconds until the page starts coming, and until it can be played."""
    start = time.perf_counter()
    await page.goto(url, timeout=LIMIT, wait_until="commit")
    first = time.perf_counter() - start
    await page.wait_for_selector(f".mb-manille-table .mb-card:not([disabled]), :text('{ERROR_WORDS}')", timeout=LIMIT)
    if ERROR_WORDS in await page.inner_text("body"):
        raise RuntimeError(f"a cell failed in Voilà after {time.perf_counter() - start:.1f} s")
    await page.wait_for_selector(f'[placeholder="{say("ex_number_placeholder")}"]', timeout=LIMIT)
    return first, time.perf_counter() - start


async def answer_question(page) -> float:
    """Type an answer into the first exercise and press Enter: seconds until the ✔ or ✘ shows."""
    box = page.locator(f'[placeholder="{say("ex_number_placeholder")}"]').first
    exercise = page.locator(".widget-vbox").filter(has=box).first
    await box.fill("7")
    start = time.perf_counter()
    await box.press("Enter")
    await exercise.locator('[role="status"]').filter(has_text="✔").or_(
        exercise.locator('[role="status"]').filter(has_text="✘")).first.wait_for(timeout=LIMIT)
    return time.perf_counter() - start


async def play_a_card(page) -> float:
    """Click a card the pupil may play: seconds until the table is drawn again."""
    table = page.locator(".mb-manille-table").first
    play_on = table.get_by_role("button", name="Play on")
    if await play_on.is_visible():
        await play_on.click()
    buttons = await table.locator(".mb-card:not([disabled])").all()
    led = await table.locator('[role="group"][aria-label="the trick on the table"] [data-card]').evaluate_all(
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


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    return [p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]


def memory(processes: list[psutil.Process]) -> tuple[list[float], list[float]]:
    rss, uss = [], []
    for process in processes:
        info = process.memory_full_info()
        rss.append(info.rss / MB)
        uss.append(info.uss / MB)
    return rss, uss


def line(name: str, values: list[float], unit: str, digits: int = 2) -> str:
    return (f"{name:<28} median {statistics.median(values):8.{digits}f} {unit}   "
            f"max {max(values):8.{digits}f} {unit}   (n={len(values)})")


def report_aims(responses: list[float], rss: list[float], uss: list[float]) -> None:
    """The issue's aims, met or not: every response under 2 s, under 150 MB a kernel."""
    if not (responses and rss):
        return
    slowest = max(responses)
    print(f"aims: every response under 2 s → slowest {slowest:.2f} s, median {statistics.median(responses):.2f} s "
          f"({'met' if slowest < 2 else 'NOT met'}); under 150 MB a kernel → largest RSS {max(rss):.0f} MB, "
          f"USS {max(uss):.0f} MB ({'met' if max(rss) < 150 else 'NOT met'})")


def report_steps(results, steps, rss, uss, server_rss) -> None:
    """Print each step's times over the pupils, then the kernels' and the server's memory."""
    for step, name in steps:
        values = [r[step] for r in results if step in r]
        if values:
            print(line(name, values, "s"))
    if rss:
        print(line("kernel memory RSS", rss, "MB", 1))
        print(line("kernel memory USS", uss, "MB", 1))
        print(f"{'Voilà server RSS':<28} {server_rss:8.1f} MB;  all kernels together: {sum(uss):.0f} MB USS, "
              f"{sum(rss):.0f} MB RSS")


async def pupil(page, url: str, number: int) -> dict:
    """One pupil: open the lesson, answer, play; what happened, and how long each step took."""
    done: dict = {"pupil": number}
    try:
        done["first byte"], done["ready"] = await open_lesson(page, url)
        done["answer"] = await answer_question(page)
        done["card"] = await play_a_card(page)
    except Exception as error:  # noqa: BLE001  (a stuck pupil is a result, not a crash)
        done["stuck"] = f"{type(error).__name__}: {str(error).splitlines()[0][:160]}"
        try:
            text = await page.inner_text("body", timeout=5000)
            done["page shows"] = " ".join(text.split())[:160]
            done["page shows"] += (f" … [{await page.locator('.mb-manille-table').count()} Manille table, "
                                   f"{await page.locator('.mb-card').count()} card buttons, "
                                   f"{await page.locator('.mb-card:not([disabled])').count()} enabled]")
            SHOTS.mkdir(parents=True, exist_ok=True)
            await page.screenshot(path=str(SHOTS / f"bench-stuck-pupil-{number}.png"))
        except Exception:  # noqa: BLE001
            pass
    return done


async def main(pupils: int, lesson: str) -> int:
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium to run this benchmark.")
        return 2
    print(f"{pupils} pupils at once on lesson {lesson}; this machine: {psutil.cpu_count()} CPU cores, "
          f"{psutil.virtual_memory().total / MB / 1024:.1f} GB memory", flush=True)
    with running_app() as app:
        server = psutil.Process(app.process.pid)
        async with async_playwright() as playwright:
            # Five pupils to a browser (each in their own context, like separate devices): one
            # Chromium with 20 tabs stalls on its own side, and 20 Chromiums starve the 2 cores.
            browsers = await asyncio.gather(*(playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, OFFLINE])
                for _ in range(-(-pupils // PER_BROWSER))))
            pages = []
            for number in range(pupils):
                context = await browsers[number // PER_BROWSER].new_context(viewport={"width": 1280, "height": 900})
                pages.append(await context.new_page())
            psutil.cpu_percent(interval=None)
            start = time.perf_counter()
            results = await asyncio.gather(*(pupil(p, app.lesson(lesson), i) for i, p in enumerate(pages, 1)))
            elapsed = time.perf_counter() - start
            cpu = psutil.cpu_percent(interval=None)
            kernels = kernels_of(server)
            rss, uss = memory(kernels)
            server_rss = server.memory_info().rss / MB
            await asyncio.gather(*(b.close() for b in browsers))

    finished = [r for r in results if "card" in r]
    stuck = [r for r in results if "stuck" in r]
    print(f"kernels running: {len(kernels)}; pupils through all three steps: {len(finished)} of {pupils}; "
          f"all done in {elapsed:.1f} s, CPU busy {cpu:.0f}% meanwhile")
    report_steps(results, (("first byte", "page starts coming"), ("ready", "lesson ready to play"),
                           ("answer", "answer → ✔/✘ shown"), ("card", "card click → table redrawn")),
                 rss, uss, server_rss)
    for r in stuck:
        print(f"pupil {r['pupil']} stuck: {r['stuck']}\n    the page shows: {r.get('page shows', '?')}")
    report_aims([r[k] for r in finished for k in ("answer", "card")], rss, uss)
    return 0 if not stuck else 1


# ---- the server alone: each pupil is a websocket client speaking the page's own messages ----

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

    def message(self, msg_type: str, content: dict, metadata: dict | None = None, channel: str = "shell") -> dict:
        header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": self.session, "username": "",
                  "date": datetime.now(timezone.utc).isoformat(), "version": "5.2"}
        return {"header": header, "parent_header": {}, "metadata": metadata or {}, "content": content,
                "channel": channel, "buffers": []}

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg = self.message(msg_type, content, metadata)
        await self.socket.write_message(json.dumps(msg))
        return msg["header"]["msg_id"]

    async def listen(self) -> None:
        while (raw := await self.socket.read_message()) is not None:
            if isinstance(raw, bytes):
                continue
            msg = json.loads(raw)
            kind, content = msg["msg_type"], msg["content"]
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

    def cards(self) -> list[str]:
        return [i for i, s in self.models.items() if i not in self.closed and "mb-card" in s.get("_dom_classes", ())
                and not s.get("disabled") and s.get("_model_name") == "ButtonModel"]

    async def act(self, model_id: str, data: dict) -> str:
        return await self.send("comm_msg", {"comm_id": model_id, "data": data})

    async def click(self, model_id: str) -> str:
        return await self.act(model_id, {"method": "custom", "content": {"event": "click"}})


async def open_page(pupil: Pupil, base: str, lesson: str) -> None:
    """What the browser does: fetch the page (Voilà starts a kernel and runs the lesson while it
    sends it), open the kernel's websocket, ask for every widget's state."""
    start = time.perf_counter()
    page = await AsyncHTTPClient().fetch(f"{base}/voila/render/{lesson}.ipynb", request_timeout=LIMIT / 1000,
                                         connect_timeout=30)
    pupil.times["page"] = time.perf_counter() - start
    kernel = re.search(r'"kernelId": "([0-9a-f-]+)"', page.body.decode()).group(1)
    ws = base.replace("http", "ws", 1)
    pupil.socket = await asyncio.wait_for(websocket_connect(
        f"{ws}/api/kernels/{kernel}/channels?session_id={pupil.session}", max_message_size=64 * MB), 30)
    pupil.listener = asyncio.ensure_future(pupil.listen())
    await pupil.send("kernel_info_request", {})
    control = uuid.uuid4().hex
    await pupil.send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                     {"version": "1.0.0"})  # the widget control protocol's version, as the page sends it
    await pupil.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
    await pupil.until(lambda: pupil.models, LIMIT / 1000)
    await pupil.send("comm_close", {"comm_id": control, "data": {}})
    pupil.times["ready"] = time.perf_counter() - start


async def answer(pupil: Pupil) -> None:
    """Type 7 in the first exercise's answer box and press Enter: until its feedback shows ✔ or ✘.

    The box sends its value on Enter (continuous_update=False) and the exercise checks it then,
    as the Check button would."""
    box = pupil.find(_model_name="TextModel", placeholder=say("ex_number_placeholder"))[0]
    feedback = [i for i, s in pupil.models.items() if s.get("_model_name") == "HTMLModel"]
    before = {i: pupil.models[i].get("value") for i in feedback}
    start = time.perf_counter()
    sent = await pupil.act(box, {"method": "update", "state": {"value": "7"}, "buffer_paths": []})
    await pupil.until(lambda: any("✔" in str(pupil.models[i].get("value")) or "✘" in str(pupil.models[i].get("value"))
                                  for i in feedback if pupil.models[i].get("value") != before[i]), LIMIT / 1000)
    pupil.times["answer"] = time.perf_counter() - start
    await pupil.until(lambda: sent in pupil.idle, LIMIT / 1000)
    pupil.times["answer done"] = time.perf_counter() - start


async def play(pupil: Pupil) -> None:
    """Click cards the pupil may click until one is played: until the table is drawn again."""
    if not pupil.cards():
        for play_on in pupil.find(_model_name="ButtonModel", description="Play on"):
            done = await pupil.click(play_on)
            await pupil.until(lambda: done in pupil.idle, LIMIT / 1000)
    await pupil.until(lambda: pupil.cards(), LIMIT / 1000)
    for card in pupil.cards():
        start = time.perf_counter()
        sent = await pupil.click(card)
        # the table draws its cards again (the clicked button's model is closed) when the card is
        # played; a card that may not be played only changes the message
        await pupil.until(lambda: card in pupil.closed or sent in pupil.idle, LIMIT / 1000)
        if card in pupil.closed:
            pupil.times["card"] = time.perf_counter() - start
            await pupil.until(lambda: sent in pupil.idle, LIMIT / 1000)
            pupil.times["card done"] = time.perf_counter() - start
            return
        pupil.refused += 1
    raise RuntimeError("no card could be played")


class Sampler:
    """CPU use of the server and of its kernels, sampled every second while the class works."""

    def __init__(self, server: psutil.Process) -> None:
        self.server = server
        self.busy: list[float] = []             # whole machine, % of all cores
        self.server_cpu = 0.0                   # CPU seconds
        self.kernels_cpu: dict[int, float] = {}
        self.load: list[float] = []

    async def run(self) -> None:
        psutil.cpu_percent(interval=None)
        while True:
            await asyncio.sleep(1)
            self.busy.append(psutil.cpu_percent(interval=None))
            self.load.append(os.getloadavg()[0])
            with contextlib.suppress(psutil.Error):
                times = self.server.cpu_times()
                self.server_cpu = times.user + times.system
            for kernel in kernels_of(self.server):
                with contextlib.suppress(psutil.Error):
                    times = kernel.cpu_times()
                    self.kernels_cpu[kernel.pid] = times.user + times.system


async def server_pupil(base: str, lesson: str, number: int) -> dict:
    """One pupil without a browser: open the lesson, answer, play; how long each step took."""
    pupil = Pupil(number)
    try:
        await open_page(pupil, base, lesson)
        await answer(pupil)
        await play(pupil)
    except Exception as error:  # noqa: BLE001  (a stuck pupil is a result, not a crash)
        pupil.times["stuck"] = f"{type(error).__name__}: {str(error)[:160]} (after {pupil.times})"
    finally:
        if pupil.socket is not None:
            pupil.socket.close()
        if pupil.listener is not None:
            pupil.listener.cancel()
    pupil.times["refused cards"] = pupil.refused
    return pupil.times


async def main_server(pupils: int, lesson: str) -> int:
    print(f"{pupils} pupils at once on lesson {lesson}, no browsers (the server's side only); this machine: "
          f"{psutil.cpu_count()} CPU cores, {psutil.virtual_memory().total / MB / 1024:.1f} GB memory", flush=True)
    AsyncHTTPClient.configure(None, max_clients=pupils + 2)
    with running_app() as app:
        server = psutil.Process(app.process.pid)
        sampler = Sampler(server)
        sampling = asyncio.ensure_future(sampler.run())
        start = time.perf_counter()
        results = await asyncio.gather(*(server_pupil(app.url, lesson, i) for i in range(1, pupils + 1)))
        elapsed = time.perf_counter() - start
        sampling.cancel()
        kernels = kernels_of(server)
        rss, uss = memory(kernels)
        server_rss = server.memory_info().rss / MB

    print(f"{'pupil':>5} {'page sent':>10} {'ready':>8} {'answer':>8} {'(done)':>8} {'card':>8} {'(done)':>8}")
    for r in results:
        cells = [f"{r[k]:8.2f}" if k in r else f"{'–':>8}" for k in ("ready", "answer", "answer done", "card", "card done")]
        page = f"{r['page']:10.2f}" if "page" in r else f"{'–':>10}"
        print(f"{r['pupil']:>5} {page} {' '.join(cells)}" + (f"   STUCK {r['stuck']}" if "stuck" in r else ""))
    finished = [r for r in results if "card" in r]
    print(f"\nkernels running: {len(kernels)}; pupils through all steps: {len(finished)} of {pupils}; "
          f"all done in {elapsed:.1f} s")
    report_steps(results, (("page", "page sent (lesson run)"), ("ready", "widgets' states received"),
                           ("answer", "Enter → ✔/✘ sent"), ("answer done", "Enter → kernel idle"),
                           ("card", "card click → table redrawn"), ("card done", "card click → kernel idle")),
                 rss, uss, server_rss)
    if sampler.busy:
        kernel_cpu = sorted(sampler.kernels_cpu.values())
        print(f"CPU: machine busy {statistics.mean(sampler.busy):.0f}% on average, "
              f"{max(sampler.busy):.0f}% at most; load (1 min) up to {max(sampler.load):.1f} on "
              f"{psutil.cpu_count()} cores; CPU time: Voilà server {sampler.server_cpu:.1f} s, "
              f"kernels {sum(kernel_cpu):.1f} s in all ({statistics.median(kernel_cpu):.1f} s median each)"
              if kernel_cpu else "")
    for r in results:
        if "stuck" in r:
            print(f"pupil {r['pupil']} stuck: {r['stuck']}")
    # a response counts until the kernel has sent every change it makes (the stricter measure)
    report_aims([r[k] for r in finished for k in ("answer done", "card done")], rss, uss)
    return 0 if len(finished) == pupils else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=20)
    parser.add_argument("--lesson", default="10_manille_trumps_and_scoring")
    parser.add_argument("--browser", action="store_true",
                        help="pupils as headless Chromium pages on this machine (default: the server alone)")
    options = parser.parse_args()
    sys.exit(asyncio.run((main if options.browser else main_server)(options.pupils, options.lesson)))
