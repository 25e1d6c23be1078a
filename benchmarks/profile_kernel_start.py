"""What a lesson's kernel does when it opens: start-up, then each cell, with its memory.

Run: .venv/bin/python benchmarks/profile_kernel_start.py [08_manille | ja/03_points] [--runs 3] [--imports]
         [--answer]

Starts a real kernel as the app does (its kernel spec, classroom/jupyter/kernels/python3:
IPython's kernel without its debugger and history; ``--plain`` for ipykernel's own, as
JupyterLab starts it), with the app's pupils' environment, and runs the lesson's code cells
(less the teacher's) one by one as Voilà does when it opens the lesson, in the lesson's folder as
Voilà runs it (``ja/03_points``: the Japanese edition, which speaks Japanese there). Reports, the median over ``--runs``: seconds until the kernel answers, each cell's
seconds (the slowest first), and the kernel's memory (RSS and USS) when the lesson is ready.
``--imports`` also prints the slowest imports of the lesson's cells (python -X importtime
on the imports the cells make, in a fresh interpreter). ``--answer`` then answers the page's
first exercise inside the kernel as a pupil does (7, then Enter) and reports what that first
answer cost there: milliseconds, CPU milliseconds, the widget messages it sent and their bytes,
and the modules it imported. Aim: under 80 MB a kernel.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import psutil
from jupyter_client.manager import KernelManager

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402

MB = 1024 * 1024

# Run in the kernel once the lesson is ready: the first exercise's first answer, as the box's
# value arriving on Enter; prints one JSON line. Leaves only its one function's name behind.
ANSWER_PROBE = """
def _first_answer():
    import json, sys, time
    import ipywidgets
    from cardlib import messages
    from exercises.page import this_page

    exercise = this_page().exercises[0]
    sizes = []
    send = ipywidgets.Widget._send

    def counted(widget, msg, buffers=None):
        sizes.append(len(json.dumps(msg, ensure_ascii=False).encode()))
        return send(widget, msg, buffers)

    ipywidgets.Widget._send = counted
    imported = set(sys.modules)
    wall, cpu = time.perf_counter(), time.thread_time()
    try:
        exercise.number_box.value = "7"
        wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    finally:
        ipywidgets.Widget._send = send
    print(json.dumps({"ms": wall * 1000, "cpu ms": cpu * 1000, "messages": len(sizes), "bytes": sum(sizes),
                      "imported": sorted(set(sys.modules) - imported), "language": messages.current_language(),
                      "said": 'role="status"' in exercise.feedback.value}))
_first_answer()
"""


def code_cells(lesson: str, teacher: bool = False) -> list[str]:
    cells = json.loads((ROOT / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "code"
            and (teacher or tasks.TEACHER_TAG not in c.get("metadata", {}).get("tags", []))]


def run_cell(client, code: str) -> None:
    msg_id = client.execute(code, store_history=False)
    while True:
        reply = client.get_shell_msg(timeout=120)
        if reply["parent_header"].get("msg_id") == msg_id:
            if reply["content"]["status"] != "ok":
                raise RuntimeError(f"cell failed: {reply['content'].get('ename')} {reply['content'].get('evalue')}")
            return


def first_answer(client) -> dict:
    """Answer the page's first exercise in the kernel (ANSWER_PROBE): what that cost there."""
    msg_id = client.execute(ANSWER_PROBE, store_history=False)
    printed = ""
    while True:
        msg = client.get_iopub_msg(timeout=120)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            printed += msg["content"]["text"]
        elif msg["msg_type"] == "error":
            raise RuntimeError(f"the answer failed: {msg['content']['ename']} {msg['content']['evalue']}")
        elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return json.loads(printed.strip().splitlines()[-1])


def one_run(lesson: str, plain: bool = False, answer: bool = False) -> dict:
    env = tasks.app_environment(projector=False, audience="pupils")
    if plain:
        env["JUPYTER_PATH"] = os.environ.get("JUPYTER_PATH", "")
    saved = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = env["JUPYTER_PATH"]  # where the kernel spec is looked for
    try:
        manager = KernelManager(kernel_name="python3")
        manager.kernel_spec  # noqa: B018  (looked up now, with this JUPYTER_PATH)
    finally:
        if saved is None:
            del os.environ["JUPYTER_PATH"]
        else:
            os.environ["JUPYTER_PATH"] = saved
    start = time.perf_counter()
    manager.start_kernel(env=env, cwd=str((ROOT / "notebooks" / lesson).parent))
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=120)
        result = {"kernel ready": time.perf_counter() - start, "cells": []}
        for code in code_cells(lesson):
            begin = time.perf_counter()
            run_cell(client, code)
            result["cells"].append((time.perf_counter() - begin, code.strip().splitlines()[0][:70]))
        result["lesson ready"] = time.perf_counter() - start
        if answer:
            result["answer"] = first_answer(client)
        kernel = psutil.Process(manager.provisioner.process.pid)
        info = kernel.memory_full_info()
        result["rss"], result["uss"] = info.rss / MB, info.uss / MB
        cpu = kernel.cpu_times()
        result["kernel cpu"] = cpu.user + cpu.system
        return result
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def slowest_imports(lesson: str, count: int = 25) -> list[str]:
    """The imports the lesson's cells make, timed by python -X importtime (cumulative)."""
    lines = ["import ipykernel.kernelapp"]
    for code in code_cells(lesson):
        lines += [line for line in code.splitlines() if line.startswith(("import ", "from "))]
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "\n".join(lines)],
                          cwd=(ROOT / "notebooks" / lesson).parent,
                          env=tasks.app_environment(projector=False, audience="pupils"),
                          capture_output=True, text=True, check=True)
    rows = []
    for row in done.stderr.splitlines():
        parts = row.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit():
            rows.append((int(parts[1]), parts[2].rstrip()))
    rows.sort(reverse=True)
    return [f"{us / 1000:8.1f} ms  {name}" for us, name in rows[:count]]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("lesson", nargs="?", default="15_manille_trumps")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--imports", action="store_true")
    parser.add_argument("--plain", action="store_true", help="ipykernel's own kernel (as JupyterLab's)")
    parser.add_argument("--answer", action="store_true", help="then the first exercise's first answer (7, Enter)")
    options = parser.parse_args()
    if not (ROOT / "notebooks" / f"{options.lesson}.ipynb").exists():
        parser.error(f"there is no lesson notebooks/{options.lesson}.ipynb: give a name such as 03_points "
                     "or ja/03_points")
    runs = [one_run(options.lesson, options.plain, options.answer) for _ in range(options.runs)]
    load = os.getloadavg()
    print(f"lesson {options.lesson}, {'plain ipykernel' if options.plain else 'the app kernel'}, {options.runs} runs "
          f"(median); machine load {load[0]:.1f} / {load[1]:.1f} (1 / 5 min) on {psutil.cpu_count()} cores")
    for name in ("kernel ready", "lesson ready", "kernel cpu"):
        print(f"{name:<14} {statistics.median(r[name] for r in runs):6.2f} s")
    print(f"{'memory':<14} RSS {statistics.median(r['rss'] for r in runs):.1f} MB, "
          f"USS {statistics.median(r['uss'] for r in runs):.1f} MB")
    cells = [(statistics.median(r["cells"][i][0] for r in runs), runs[0]["cells"][i][1])
             for i in range(len(runs[0]["cells"]))]
    print("cells, slowest first:")
    for seconds, first_line in sorted(cells, reverse=True)[:8]:
        print(f"  {seconds:6.3f} s  {first_line}")
    if options.answer:
        answers = [r["answer"] for r in runs]
        print(f"the first answer (7, Enter) in the {answers[0]['language']} page's first exercise: "
              f"{statistics.median(a['ms'] for a in answers):.2f} ms (median; "
              f"{min(a['ms'] for a in answers):.2f}-{max(a['ms'] for a in answers):.2f}), CPU "
              f"{statistics.median(a['cpu ms'] for a in answers):.2f} ms; widget messages sent "
              f"{sorted({a['messages'] for a in answers})}, {sorted({a['bytes'] for a in answers})} bytes; "
              f"feedback shown: {all(a['said'] for a in answers)}; modules imported: "
              f"{sorted({m for a in answers for m in a['imported']}) or 'none'}")
    if options.imports:
        print("slowest imports (cumulative):")
        print("\n".join(slowest_imports(options.lesson)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
