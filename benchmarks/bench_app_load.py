"""A class at once: 20 pupils open the app's Manille lesson together, each answers a question
and plays a card. Reports the memory of each pupil's kernel (RSS and USS, from psutil) and the
slowest response (click or Enter to the feedback on screen). Aims: under 150 MB per kernel,
every response under 2 s.

Run: .venv/bin/python benchmarks/bench_app_load.py [--pupils 20] [--lesson 08_manille]
Needs /usr/bin/chromium. The pupils' browsers (headless Chromium, five pupils to a browser)
run on this same machine, so their drawing competes with the kernels for the 2 cores: in a
classroom each pupil's device does its own drawing, and the server's figures are better.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "browser"))

import psutil  # noqa: E402
from app_pages import CARD_BY_WORDS, CHROMIUM, CHROMIUM_ARGS, ERROR_WORDS, SHOTS  # noqa: E402
from app_server import running_app  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402

from cardlib import say  # noqa: E402

LIMIT = 180_000  # ms: a pupil still waiting after 3 minutes is counted as stuck
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
    for step, name in (("first byte", "page starts coming"), ("ready", "lesson ready to play"),
                       ("answer", "answer → ✔/✘ shown"), ("card", "card click → table redrawn")):
        values = [r[step] for r in results if step in r]
        if values:
            print(line(name, values, "s"))
    if rss:
        print(line("kernel memory RSS", rss, "MB", 1))
        print(line("kernel memory USS", uss, "MB", 1))
        print(f"{'Voilà server RSS':<28} {server_rss:8.1f} MB;  all kernels together: {sum(uss):.0f} MB USS, "
              f"{sum(rss):.0f} MB RSS")
    for r in stuck:
        print(f"pupil {r['pupil']} stuck: {r['stuck']}\n    the page shows: {r.get('page shows', '?')}")
    responses = [r[k] for r in finished for k in ("answer", "card")]
    if responses and rss:
        slowest = max(responses)
        print(f"aims: every response under 2 s → slowest {slowest:.2f} s ({'met' if slowest < 2 else 'NOT met'}); "
              f"under 150 MB a kernel → largest RSS {max(rss):.0f} MB, USS {max(uss):.0f} MB "
              f"({'met' if max(rss) < 150 else 'NOT met'})")
    return 0 if not stuck else 1


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=20)
    parser.add_argument("--lesson", default="08_manille")
    options = parser.parse_args()
    sys.exit(asyncio.run(main(options.pupils, options.lesson)))
