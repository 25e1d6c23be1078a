"""Everyday commands for the MiniBridge lessons, with nothing but Python 3.10+ installed.

    python3 tasks.py lessons   open the lessons in JupyterLab
    python3 tasks.py test      run the tests and every notebook
    python3 tasks.py app       the lessons as an app for pupils (Voilà: text and widgets,
                               no code); add --projector for large, high-contrast pages
    python3 tasks.py print     the printable pack as PDFs, A4 and US Letter, in printouts/
                               (--out DIR, --paper a4|letter, --names "Aiko,Ben", --four-colour)

Each command makes the virtual environment .venv if it is missing and installs the
project into it; it installs again only when pyproject.toml has changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
import venv
import webbrowser
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "minibridge-installed.json"
CONTENTS = Path("notebooks") / "00_contents.ipynb"
CLASS_VIEW = Path("teacher") / "class_progress.ipynb"
PRINTOUTS = Path("teacher") / "printouts.ipynb"
# The "test" extra includes the "lessons" extra, so a test install serves both.
COVERS = {"lessons": {"lessons"}, "test": {"lessons", "test"}}
NO_TESTS_COLLECTED = 5  # pytest's exit code
APP_PORT = 8866
# The kernel messages a page needs for widgets (and to close its kernel). Voilà's own server
# (the app) lets only these through, so code sent from a pupil's browser never runs. Voilà as a
# Jupyter server extension (Binder, JupyterHub) lets everything through unless the server is
# configured with this list: see the README, "For a whole school".
WIDGET_MESSAGES = ("comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request",
                   "shutdown_request")


def venv_python() -> Path:
    """The Python inside .venv (bin/ on Linux and macOS, Scripts/ on Windows)."""
    for path in (VENV / "bin" / "python", VENV / "Scripts" / "python.exe"):
        if path.exists():
            return path
    return VENV / "bin" / "python"


def pyproject_hash() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def installed() -> set[str]:
    """The extras installed for the current pyproject.toml (empty if it changed since)."""
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if stamp.get("pyproject") != pyproject_hash():
        return set()
    return set(stamp.get("covers", []))


def prepare(extra: str) -> Path:
    """Make .venv if missing and install the project with ``extra``; returns its Python."""
    if not venv_python().exists():
        print(f"Making the virtual environment {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    python = venv_python()
    if COVERS[extra] <= installed():
        return python
    print(f'Installing the project with pip install -e ".[{extra}]" (only when pyproject.toml changes) ...',
          flush=True)
    subprocess.run([str(python), "-m", "pip", "install", "-e", f".[{extra}]"], cwd=ROOT, check=True)
    STAMP.write_text(json.dumps({"pyproject": pyproject_hash(), "covers": sorted(COVERS[extra])}),
                     encoding="utf-8")
    return python


def lessons(args: list[str]) -> int:
    """Open JupyterLab on the contents page of the lessons; its file browser shows the whole
    project, so the teacher's pages in teacher/ are a click away."""
    python = prepare("lessons")
    target = [str(CONTENTS)] if (ROOT / CONTENTS).exists() else []  # else the project folder
    print(f"The teacher's pages: {CLASS_VIEW} (who has done what) and {PRINTOUTS} (printouts).", flush=True)
    if getattr(os, "geteuid", lambda: 1)() == 0:
        args = ["--allow-root", *args]  # containers and CI machines often run as root
    return subprocess.call([str(python), "-m", "jupyter", "lab", *target, *args], cwd=ROOT)


def test(args: list[str]) -> int:
    """Run the unit tests and every notebook (nbval-lax); returns pytest's exit code."""
    python = prepare("test")
    # Git keeps no empty folders: name only the places that exist in this checkout.
    paths = [p for p in ("tests", "notebooks") if (ROOT / p).is_dir()]
    command = [str(python), "-m", "pytest", *paths, "--nbval-lax", "-p", "no:cacheprovider", *args]
    print(" ".join(command), flush=True)
    code = subprocess.call(command, cwd=ROOT)
    if code == NO_TESTS_COLLECTED:
        print("pytest collected no tests: there are no tests or notebooks to run, "
              "or the options given deselected them all.", file=sys.stderr)
    return code


def voila_command(python: Path | str, port: int = APP_PORT, ip: str = "localhost") -> list[str]:
    """The Voilà command line of the app: every lesson, text and widgets only, no tracebacks."""
    return [str(python), "-m", "voila", "notebooks", "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
            "--VoilaConfiguration.show_tracebacks=False", "--VoilaConfiguration.strip_sources=True"]


def app_environment(projector: bool, environ=None) -> dict[str, str]:
    """The server's environment (its kernels inherit it): the projector switch and this checkout."""
    env = dict(os.environ if environ is None else environ)
    env["MINIBRIDGE_PROJECTOR"] = "1" if projector else "0"
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def start_page(port: int, ip: str = "localhost") -> str:
    """The address of the contents page, the app's start page."""
    return f"http://{ip}:{port}/voila/render/{CONTENTS.name}"


def answers(url: str, timeout: float = 0.5) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status == 200
    except OSError:
        return False


def open_when_ready(url: str, limit: float = 120) -> None:
    """Open the start page in the default browser as soon as the server answers."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if answers(url, timeout=2):
            webbrowser.open(url)
            return
        time.sleep(0.5)


def app(args: list[str]) -> int:
    """Serve the lessons as an app with Voilà: text and widgets only, the contents page first."""
    projector = "--projector" in args
    no_browser = "--no-browser" in args
    port = APP_PORT
    for arg in args:
        if arg.startswith("--port="):
            port = int(arg.split("=", 1)[1])
    unknown = [a for a in args if a not in ("--projector", "--no-browser") and not a.startswith("--port=")]
    if unknown:
        print(f"Unknown option {unknown[0]}: use --projector, --port=NUMBER or --no-browser.", file=sys.stderr)
        return 2
    python = prepare("lessons")
    url = start_page(port)
    print(f"The lessons{' (projector: large, high-contrast)' if projector else ''} are at {url}\n"
          "Stop the app with Ctrl+C.", flush=True)
    if not no_browser:
        threading.Thread(target=open_when_ready, args=(url,), daemon=True).start()
    try:
        return subprocess.call(voila_command(python, port), cwd=ROOT, env=app_environment(projector))
    except KeyboardInterrupt:
        return 0


def print_pack(args: list[str]) -> int:
    """Write the printable pack (teacher.pack) with the virtual environment's Python."""
    python = prepare("lessons")
    return subprocess.call([str(python), "-m", "teacher.pack", *args], cwd=ROOT)


COMMANDS = {"lessons": lessons, "test": test, "app": app, "print": print_pack}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip())
        return 2
    os.chdir(ROOT)
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
