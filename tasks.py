"""Everyday commands for the MiniBridge lessons, with nothing but Python 3.10+ installed.

    python3 tasks.py lessons   open the lessons in JupyterLab
    python3 tasks.py test      run the tests and every notebook
    python3 tasks.py app       the lessons as an app for pupils (Voilà: text and widgets,
                               no code, no teacher's notes or teacher tools)
    python3 tasks.py print     the printable pack as PDFs, A4 and US Letter, in printouts/
                               (--out DIR, --paper a4|letter, --names "Aiko,Ben", --four-colour)

Options of the app:
    --lesson 05          the lesson of the day (its number, or its file name): kernels for
                         it are started and the lesson run before pupils arrive, so their
                         pages open at once; other lessons open on demand
    --class-size 30      how many pupils' kernels to keep ready for that lesson (default 30)
    --projector          for the classroom screen: large, high-contrast, with the teacher's
                         notes and teacher mode (all cards face up)
    --teacher            the teacher's notes and teacher mode at normal size
    --close-after 15     minutes a closed pupil's page keeps its kernel before it is stopped
                         (0: never)
    --port=8866          another port;  --no-browser  do not open the contents page

Each command makes the virtual environment .venv if it is missing and installs the
project into it; it installs again only when pyproject.toml has changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
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
# Lesson authors tag the cells of a lesson's "For the teacher" section with this cell tag: the
# pupils' app leaves them out (they are neither run nor sent); the teacher's app and JupyterLab
# show them. tests/test_notebooks.py checks every lesson's teacher section is tagged.
TEACHER_TAG = "teacher"
# Who reads the pages. The kernels read it too (MINIBRIDGE_AUDIENCE): a pupil's table has no
# "Teacher mode" box. JupyterLab and nbval set nothing, which means teacher.
AUDIENCES = ("pupils", "teacher")
# The app is Voilà run by the classroom package (python -m classroom): the lesson of the day
# kept ready in kernels that refill gently, and our page template
# (classroom/jupyter/voila/templates/minibridge): Voilà's "lab" template without its links to
# a CDN, so no page asks another host for anything.
TEMPLATE = "minibridge"
TEMPLATES = ROOT / "classroom" / "jupyter"
CLASS_SIZE = 30
CLOSE_AFTER = 15  # minutes: a kernel nobody is connected to (a closed page) is stopped after this
CHECK_EVERY = 60  # seconds between two looks for such kernels


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


def voila_command(python: Path | str, port: int = APP_PORT, ip: str = "localhost", *, audience: str = "pupils",
                  ready: dict[str, int] | None = None, close_after: float = CLOSE_AFTER,
                  check_every: float = CHECK_EVERY) -> list[str]:
    """The Voilà command line of the app: every lesson, text and widgets only, no tracebacks.

    ``audience="pupils"`` leaves out the cells tagged ``teacher``. ``ready`` maps lesson files
    to how many kernels to keep ready for each (the lesson already run in them); every other
    lesson starts its kernel when a page asks. A kernel no page is connected to is stopped
    after ``close_after`` minutes without activity (looked for every ``check_every`` seconds)."""
    if audience not in AUDIENCES:
        raise ValueError(f"audience is one of {AUDIENCES}, not {audience!r}")
    command = [str(python), "-m", "classroom", "notebooks", "--no-browser", f"--port={port}", f"--Voila.ip={ip}",
               "--VoilaConfiguration.show_tracebacks=False", "--VoilaConfiguration.strip_sources=True",
               f"--VoilaConfiguration.template={TEMPLATE}",
               f"--MappingKernelManager.cull_idle_timeout={round(close_after * 60)}",
               f"--MappingKernelManager.cull_interval={round(check_every)}",
               "--MappingKernelManager.cull_connected=False", "--MappingKernelManager.cull_busy=False"]
    if audience == "pupils":
        command += ["--TagRemovePreprocessor.enabled=True",
                    f"--TagRemovePreprocessor.remove_cell_tags={TEACHER_TAG}"]
    if ready:
        pools = {"default": {"pool_size": 0}, **{name: {"pool_size": size} for name, size in ready.items()}}
        command += ["--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=0",
                    f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"]
    return command


def app_environment(projector: bool, environ=None, audience: str = "pupils") -> dict[str, str]:
    """The server's environment (its kernels inherit it): the projector switch, who reads the
    pages, this checkout, and where our Voilà template is."""
    env = dict(os.environ if environ is None else environ)
    env["MINIBRIDGE_PROJECTOR"] = "1" if projector else "0"
    env["MINIBRIDGE_AUDIENCE"] = audience
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    return env


def find_lesson(wanted: str, folder: Path | None = None) -> str:
    """The lesson file a pupil-friendly name means: "5", "05" or "05_choosing_the_contract".

    Raises ValueError, in plain words, when no lesson or more than one matches."""
    folder = ROOT / "notebooks" if folder is None else folder
    names = sorted(p.name for p in folder.glob("*.ipynb"))
    key = wanted.strip().removesuffix(".ipynb")
    if key.isdigit():
        key = f"{int(key):02d}"
    found = [n for n in names if n.removesuffix(".ipynb") == key] or \
            [n for n in names if re.match(rf"{re.escape(key)}(_|$)", n.removesuffix(".ipynb"))]
    if len(found) != 1:
        listed = ", ".join(n.removesuffix(".ipynb") for n in names)
        raise ValueError(f"No single lesson is called {wanted!r}. The lessons are: {listed}.")
    return found[0]


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


APP_FLAGS = ("--projector", "--teacher", "--no-browser")
APP_VALUES = ("--port", "--lesson", "--class-size", "--close-after")


def app_options(args: list[str]) -> dict:
    """The app's options from its command line (``--name value`` or ``--name=value``).

    Raises ValueError with a plain sentence for an option it does not know or a bad value."""
    options: dict = {flag: False for flag in APP_FLAGS}
    values: dict[str, str] = {}
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        name, _, value = arg.partition("=")
        if arg in APP_FLAGS:
            options[arg] = True
        elif name in APP_VALUES:
            if not value:
                if not rest:
                    raise ValueError(f"{name} needs a value, as in {name} 10.")
                value = rest.pop(0)
            values[name] = value
        else:
            raise ValueError(f"Unknown option {arg}: the options are {', '.join(APP_FLAGS + APP_VALUES)}.")
    numbers = {}
    for name, default in (("--port", APP_PORT), ("--class-size", CLASS_SIZE), ("--close-after", CLOSE_AFTER)):
        try:
            numbers[name] = float(values.get(name, default))
        except ValueError:
            raise ValueError(f"{name} takes a number, not {values[name]!r}.") from None
        if numbers[name] < (1 if name == "--port" else 0):
            raise ValueError(f"{name} takes a positive number.")
    if "--class-size" in values and "--lesson" not in values:
        raise ValueError("--class-size goes with --lesson: say which lesson the class will open.")
    lesson = find_lesson(values["--lesson"]) if "--lesson" in values else None
    return {"projector": options["--projector"], "no_browser": options["--no-browser"],
            "audience": "teacher" if options["--projector"] or options["--teacher"] else "pupils",
            "port": int(numbers["--port"]), "close_after": numbers["--close-after"],
            "ready": {lesson: int(numbers["--class-size"])} if lesson else {}}


def app(args: list[str]) -> int:
    """Serve the lessons as an app with Voilà: text and widgets only, the contents page first."""
    try:
        options = app_options(args)
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    python = prepare("lessons")
    port, projector = options["port"], options["projector"]
    url = start_page(port)
    who = " (projector: large, high-contrast)" if projector else (
        " (teacher: with the teacher's notes)" if options["audience"] == "teacher" else "")
    print(f"The lessons{who} are at {url}", flush=True)
    for lesson, size in options["ready"].items():
        print(f"Getting {size} pupils' pages of {lesson.removesuffix('.ipynb')} ready before they come "
              f"(a few seconds each; the other lessons open on demand).\n"
              f"Give the pupils the lesson's own address: {url.rsplit('/', 1)[0]}/{lesson}", flush=True)
    print("Stop the app with Ctrl+C.", flush=True)
    if not options["no_browser"]:
        threading.Thread(target=open_when_ready, args=(url,), daemon=True).start()
    command = voila_command(python, port, audience=options["audience"], ready=options["ready"],
                            close_after=options["close_after"])
    try:
        return subprocess.call(command, cwd=ROOT, env=app_environment(projector, audience=options["audience"]))
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
