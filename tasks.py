"""Everyday commands for the MiniBridge lessons, with nothing but Python 3.10+ installed.

    python3 tasks.py lessons   open the lessons in JupyterLab
    python3 tasks.py test      run the tests and every notebook (--quick: the unit tests alone)
    python3 tasks.py app       the lessons as an app for pupils (Voilà: text and widgets)
    python3 tasks.py print     the printable pack as PDFs, A4 and US Letter, in printouts/
    python3 tasks.py site      the course as a website that runs in the pupil's browser, in build/site
    python3 tasks.py serve     serve that website to the class from this computer

Add --help after a command for its options (python3 tasks.py app --help). Each command makes
the virtual environment .venv if it is missing and installs the project into it; it installs
again only when pyproject.toml has changed.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import signal
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
LESSONS = Path("notebooks")
CONTENTS_PAGE = "00_contents.ipynb"
# The editions of the lessons: English in notebooks/, each other language in notebooks/<lang>/.
LANGUAGES = {"en": "English", "ja": "Japanese"}
# JupyterLab's settings for every JupyterLab we start, as settings overrides (the defaults
# under the user's own settings, which stay untouched): lab/labconfig/ turns the news pop-up
# off, lab/ja/labconfig/ puts JupyterLab's own menus in Japanese (its language pack).
LAB_SETTINGS = ROOT / "lab"
CLASS_VIEW = Path("teacher") / "class_progress.ipynb"
PRINTOUTS = Path("teacher") / "printouts.ipynb"
# The "test" extra includes the "lessons" extra, so a test install serves both.
COVERS = {"lessons": {"lessons"}, "test": {"lessons", "test", "site"}, "site": {"site"}}
NO_TESTS_COLLECTED = 5  # pytest's exit code
APP_PORT = 8866
# The kernel messages a page needs for widgets (and to close its kernel). Voilà's own server
# (the app) lets only these through, so code sent from a pupil's browser never runs. Voilà as a
# Jupyter server extension (Binder, JupyterHub) lets everything through unless the server is
# configured with this list: see docs/teachers.md, "For a whole school".
WIDGET_MESSAGES = ("comm_open", "comm_msg", "comm_close", "comm_info_request", "kernel_info_request",
                   "shutdown_request")
# Lesson authors tag the cells of a lesson's "For the teacher" section with this cell tag: the
# pupils' app leaves them out (they are neither run nor sent); the teacher's app and JupyterLab
# show them. tests/lessons/test_notebooks.py checks every lesson's teacher section is tagged.
TEACHER_TAG = "teacher"
# Who reads the pages. The kernels read it too (MINIBRIDGE_AUDIENCE, cardlib.render.audience):
# a pupil's table has no "Teacher mode" box. JupyterLab and nbval set nothing: the teacher.
AUDIENCES = ("pupils", "teacher")
PRESENTER = "classroom.presenter.PresenterCells"  # the teacher's screen leads, the projector follows
READINGS = "classroom.readings.ClassGradeReadings"  # --class-grade 3: the kanji of grade 3 read too (Japanese)
CLASS_GRADES = (3, 4, 5, 6)  # a class's school year; 4 and up: the Japanese edition as written
# The app is Voilà run by the classroom package (python -m classroom): the lesson of the day
# kept ready in kernels that refill gently, and our page template
# (classroom/jupyter/voila/templates/minibridge): Voilà's "lab" template without its links to
# a CDN, so no page asks another host for anything.
TEMPLATE = "minibridge"
TEMPLATES = ROOT / "classroom" / "jupyter"
CLASS_SIZE = 30
WARM_KERNELS = 30  # kernels the app keeps warm for any lesson (classroom.pools.ClassroomVoila.warm_kernels)
GAMES = ("minibridge", "manille")  # what a class's shared tables play (shared_tables.rooms.GAMES)
MAX_TABLES = 40
ROOMS_URL_VAR = "MINIBRIDGE_ROOMS_URL"  # a school hub's PostgreSQL for the tables alone (shared_tables.store)
PROGRESS_URL_VAR = "MINIBRIDGE_PROGRESS_URL"  # ... for the progress and the tables (exercises.store)
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


def lessons_folder(lang: str = "en") -> Path:
    """Where an edition's lessons are, below the project: notebooks/ or notebooks/<lang>/."""
    return LESSONS if lang == "en" else LESSONS / lang


def lab_environment(lang: str = "en", environ=None) -> dict[str, str]:
    """JupyterLab's environment: our settings overrides first (the news pop-up off, and for
    Japanese the menus in Japanese). Each lesson speaks its folder's language (no MINIBRIDGE_LANG
    left to override it), so both editions open from either contents page."""
    env = dict(os.environ if environ is None else environ)
    paths = [str(LAB_SETTINGS / lang)] if (LAB_SETTINGS / lang).is_dir() else []
    paths.append(str(LAB_SETTINGS))
    if env.get("JUPYTER_CONFIG_PATH"):
        paths.append(env["JUPYTER_CONFIG_PATH"])
    env["JUPYTER_CONFIG_PATH"] = os.pathsep.join(paths)
    env.pop("MINIBRIDGE_LANG", None)
    return env


def lab_command(python: Path | str, lang: str = "en", args: list[str] = ()) -> list[str]:
    """JupyterLab rooted at the project (the lessons and the teacher's pages both in its file
    browser) with the edition's contents page open."""
    return [str(python), "-m", "jupyter", "lab", f"--ServerApp.root_dir={ROOT}",
            str(lessons_folder(lang) / CONTENTS_PAGE), *args]


def lessons(options: argparse.Namespace, args: list[str]) -> int:
    """Open JupyterLab on the contents page of the lessons; its file browser shows the whole
    project, so the teacher's pages in teacher/ are a click away."""
    python = prepare("lessons")
    print(f"The teacher's pages: {CLASS_VIEW} (who has done what) and {PRINTOUTS} (printouts).", flush=True)
    if getattr(os, "geteuid", lambda: 1)() == 0:
        args = ["--allow-root", *args]  # containers and CI machines often run as root
    return subprocess.call(lab_command(python, options.lang, args), cwd=ROOT, env=lab_environment(options.lang))


WORKERS = (os.cpu_count() or 1) + 1  # the test run's workers


def test_command(python: Path | str, quick: bool = False, args: list[str] = ()) -> list[str]:
    """The pytest command: everything (the tests, the browser tests and every notebook), or
    with ``quick`` the unit tests alone."""
    # pytest-xdist: one worker a core and one more, a file at a time on one worker (a notebook's
    # cells run in order in one kernel); "-n 0" after the options runs everything in one process.
    # The extra worker fills the browser tests' waits (a kernel's idle time, a heartbeat). The
    # files go out in the order they are collected, the browser tests (the longest) first, and not
    # largest count of tests first (xdist's default), which left a browser file of one long test for last.
    parallel = ["-n", str(WORKERS), "--dist", "loadfile", "--no-loadscope-reorder"]
    if quick:  # without nbval's plugin, which is half of pytest's start-up
        return [str(python), "-m", "pytest", "tests", "-m", "not browser", "-p", "no:cacheprovider", "-p", "no:nbval",
                *parallel, *args]
    # Git keeps no empty folders: name only the places that exist in this checkout.
    paths = [p for p in ("tests", "notebooks") if (ROOT / p).is_dir()]
    return [str(python), "-m", "pytest", *paths, "--nbval-lax", "-p", "no:cacheprovider", *parallel, *args]


def test(options: argparse.Namespace, args: list[str]) -> int:
    """Run the tests; returns pytest's exit code."""
    python = prepare("test")
    command = test_command(python, options.quick, args)
    print(" ".join(command), flush=True)
    code = subprocess.call(command, cwd=ROOT)
    if code == NO_TESTS_COLLECTED:
        print("pytest collected no tests: there are no tests or notebooks to run, "
              "or the options given deselected them all.", file=sys.stderr)
    return code


def voila_command(python: Path | str, port: int = APP_PORT, ip: str = "localhost", *, audience: str = "pupils",
                  ready: dict[str, int] | None = None, close_after: float = CLOSE_AFTER,
                  check_every: float = CHECK_EVERY, presenter: bool = False, class_grade: int = 4) -> list[str]:
    """The Voilà command line of the app: every lesson, text and widgets only, no tracebacks.

    ``audience="pupils"`` leaves out the cells tagged ``teacher``. ``ready`` maps lesson files
    to how many kernels to keep ready for each (the lesson already run in them); every other
    lesson starts its kernel when a page asks. A kernel no page is connected to is stopped
    after ``close_after`` minutes without activity (looked for every ``check_every`` seconds).
    ``presenter`` adds to each page the presenter's cells (classroom.presenter): the teacher's
    screen leads and the class screen (the projector) follows; without it, the pupils' own pages
    show one of a lesson's alternatives at a time (lesson 17's games: the notebook's pick_ tags and
    the page template's one_choice.html, with nothing to turn on). ``class_grade`` 3 gives the
    Japanese lessons' text the readings of the kanji of grade 3 too (classroom.readings)."""
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
    preprocessors = [PRESENTER] * presenter + [READINGS] * (class_grade == 3)
    if preprocessors:
        command += [f"--VoilaExporter.preprocessors={json.dumps(preprocessors)}"]
    if presenter:
        command += ["--PresenterCells.enabled=True"]
    if class_grade == 3:
        command += ["--ClassGradeReadings.enabled=True"]
    if ready:
        pools = {"default": {"pool_size": 0}, **{name: {"pool_size": size} for name, size in ready.items()}}
        command += ["--VoilaConfiguration.preheat_kernel=True", "--VoilaConfiguration.default_pool_size=0",
                    f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"]
    return command


def app_environment(projector: bool, environ=None, audience: str = "pupils", class_grade: int = 4) -> dict[str, str]:
    """The server's environment (its kernels inherit it): the projector switch, who reads the
    pages, the class's school year (MINIBRIDGE_CLASS_GRADE: 3 reads the kanji of grade 3 too), this
    checkout, and where our Voilà template is. No MINIBRIDGE_LANG: each page speaks
    its folder's language (``--lang`` only chooses the start page), so the Japanese contents page's
    link to the English lessons opens them in English, and the other way round."""
    env = dict(os.environ if environ is None else environ)
    env.pop("MINIBRIDGE_LANG", None)
    env["MINIBRIDGE_PROJECTOR"] = "1" if projector else "0"
    env["MINIBRIDGE_AUDIENCE"] = audience
    env["MINIBRIDGE_CLASS_GRADE"] = str(class_grade)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(TEMPLATES), env.get("JUPYTER_PATH", "")) if p)
    return env


TEACHER_PAGES = {"class_tables.ipynb": "the class's tables (Go on, move a pupil) and their traveller",
                 "class_progress.ipynb": "who has done what", "printouts.ipynb": "printouts",
                 "traveller.ipynb": "the traveller for tables playing with real cards"}


def teacher_page(page: str, port: int, ip: str = "localhost") -> str:
    """The address of one of the teacher's pages (teacher/), which the ``--teacher`` app serves."""
    return f"http://{ip}:{port}/voila/render/teacher/{page}"


STOP_GRACE = 20  # s: how long a stopped server has to shut its kernels down before it is ended


def serve(command: list[str], env: dict[str, str]) -> int:
    """Run the server until it stops. Ctrl+C reaches it too (one process group); a plain kill
    (SIGTERM, as a service manager stops a program) is passed on to it, and a server still
    running ``STOP_GRACE`` seconds later is ended, so its port is free (its kernels end when
    they see it gone)."""
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    stopped: list[float] = []

    def stop(_signum, _frame) -> None:
        stopped.append(time.monotonic())
        server.terminate()

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        while True:
            try:
                return server.wait(timeout=1)
            except subprocess.TimeoutExpired:
                if stopped and time.monotonic() - stopped[0] > STOP_GRACE:
                    server.kill()
            except KeyboardInterrupt:  # the server heard it too and is stopping: wait for it
                server.wait()
                return 0
    finally:
        signal.signal(signal.SIGTERM, previous)


def find_lesson(wanted: str, lang: str = "en") -> str:
    """The lesson file a pupil-friendly name means: "5", "05" or "05_choosing_the_contract",
    as the app names it (below notebooks/: "ja/05_choosing_the_contract.ipynb" in Japanese).

    Raises ValueError, in plain words, when no lesson or more than one matches."""
    folder = lessons_folder(lang)
    names = sorted(p.name for p in (ROOT / folder).glob("*.ipynb"))
    key = wanted.strip().removesuffix(".ipynb")
    if key.isdigit():
        key = f"{int(key):02d}"
    found = [n for n in names if n.removesuffix(".ipynb") == key] or \
            [n for n in names if re.match(rf"{re.escape(key)}(_|$)", n.removesuffix(".ipynb"))]
    if len(found) != 1:
        listed = ", ".join(n.removesuffix(".ipynb") for n in names)
        raise ValueError(f"No single lesson is called {wanted!r}. The lessons are: {listed}.")
    return (folder / found[0]).relative_to(LESSONS).as_posix()


def start_page(port: int, ip: str = "localhost", lang: str = "en") -> str:
    """The address of the edition's contents page, the app's start page."""
    page = (lessons_folder(lang) / CONTENTS_PAGE).relative_to(LESSONS).as_posix()
    return f"http://{ip}:{port}/voila/render/{page}"


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


def whole_number(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}")
    return int(text)


def hub_url(text: str) -> str:
    if not text.startswith(("postgresql://", "postgres://")):
        raise argparse.ArgumentTypeError(f"takes a PostgreSQL address (postgresql://user:password@host/db), not {text!r}")
    return text


def minutes(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes a number of minutes, not {text!r}") from None
    if not value >= 0:
        raise argparse.ArgumentTypeError("takes a positive number of minutes")
    return value


def parser() -> argparse.ArgumentParser:
    """The command line: one usage for each command, argparse's (``--help``)."""
    top = argparse.ArgumentParser(prog="python3 tasks.py", description=__doc__.split("\n\n")[0],
                                  allow_abbrev=False)
    commands = top.add_subparsers(dest="command", required=True, metavar="{lessons,test,app,print,site,serve}")
    language = {"choices": list(LANGUAGES), "default": "en",
                "help": "the edition: en (English, the default) or ja (Japanese)"}
    class_grade = {"type": int, "choices": CLASS_GRADES, "default": 4, "metavar": "N",
                   "help": "the class's school year, 3 to 6: 3 (3年生) gives the Japanese edition's kanji of grade 3 "
                           "their readings too; 4 (the default, 4年生以上) reads the kanji above grade 3"}

    lessons_ = commands.add_parser("lessons", allow_abbrev=False, help="open the lessons in JupyterLab",
                                   description="Open the lessons in JupyterLab, at the contents page; the "
                                               "teacher's pages are in teacher/. JupyterLab's own options may follow.")
    lessons_.set_defaults(parser=lessons_)
    lessons_.add_argument("--lang", **language)

    test_ = commands.add_parser("test", allow_abbrev=False, help="run the tests and every notebook",
                                description="Run the tests and every notebook; pytest's own options may follow.")
    test_.set_defaults(parser=test_)
    test_.add_argument("--quick", action="store_true", help="the unit tests alone: no notebooks, no browser")

    app_ = commands.add_parser("app", allow_abbrev=False, help="the lessons as an app for pupils (Voilà)",
                               description="Serve the lessons with Voilà: text and widgets, no code, "
                                           "and for pupils no teacher's notes or teacher tools.")
    app_.set_defaults(parser=app_)
    app_.add_argument("--lang", **language)
    app_.add_argument("--lesson", help="the lesson of the day (its number, or its file name): kernels for it are "
                                       "started and the lesson run before pupils arrive; others open on demand")
    app_.add_argument("--class-size", type=whole_number, default=None, metavar="N",
                      help=f"how many pupils' kernels to keep ready for that lesson (default {CLASS_SIZE})")
    app_.add_argument("--projector", action="store_true", help="the class screen: the pupils' lessons, large and "
                                                               "high-contrast, with no teacher's notes and no teacher mode")
    app_.add_argument("--teacher", action="store_true", help="the teacher's own screen: the same lessons with the "
                                                             "teacher's notes and teacher mode (with --projector on "
                                                             "the class screen, give each its own --port)")
    app_.add_argument("--close-after", type=minutes, default=CLOSE_AFTER, metavar="MINUTES",
                      help=f"minutes a closed pupil's page keeps its kernel before it is stopped "
                           f"(default {CLOSE_AFTER}; 0: never)")
    app_.add_argument("--class-grade", **class_grade)
    app_.add_argument("--port", type=whole_number, default=APP_PORT, help=f"the port (default {APP_PORT})")
    app_.add_argument("--no-browser", action="store_true", help="do not open the contents page")
    app_.add_argument("--tables", type=whole_number, default=None, metavar="N",
                      help="open N tables where four pupils play together (Play together), print their codes; "
                           "the boards are the --lesson's set deals, or --boards")
    app_.add_argument("--game", choices=GAMES, default="minibridge", help="the game the tables play (with --tables)")
    app_.add_argument("--boards", default=None, metavar="SEED:N",
                      help="the tables' boards: N deals from SEED, the same at every table (default 1:8)")
    app_.add_argument("--site", default=None, metavar="ADDRESS",
                      help="the course's website as pupils open it (python3 tasks.py site), for example "
                           "http://192.168.1.20:8000/: its pages may send pupils' work straight to this app")
    app_.add_argument("--progress-url", type=hub_url, default=None, metavar="URL",
                      help="postgresql://user:password@host/db: the class's progress and tables on a school's hub "
                           "(docs/teachers.md), else in the class folder")
    app_.add_argument("--rooms-url", type=hub_url, default=None, metavar="URL",
                      help="postgresql://user:password@host/db: the tables alone on a school's hub")

    # The pack has its own options (python3 tasks.py print --help shows them): all but --lang
    # are passed on as they are.
    print_ = commands.add_parser("print", add_help=False, allow_abbrev=False,
                                 help="the printable pack as PDFs (--help for its options)")
    print_.set_defaults(parser=print_)
    print_.add_argument("--lang", **language)
    print_.add_argument("--class-grade", **class_grade)

    site_ = commands.add_parser("site", add_help=False, allow_abbrev=False,
                                help="the course as a website that runs in the pupil's browser (--help for its options)")
    site_.set_defaults(parser=site_)

    serve_ = commands.add_parser("serve", add_help=False, allow_abbrev=False,
                                 help="serve the website to the class from this computer (--help for its options)")
    serve_.set_defaults(parser=serve_)
    return top


def read_command_line(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    """The command and its options, and what it passes on (to JupyterLab, pytest or the pack).

    Exits with argparse's usage and a plain sentence for an option it does not know or a bad value."""
    command_line = parser()
    options, rest = command_line.parse_known_args(argv)
    said = options.parser.error
    if options.command == "app":
        if rest:
            said(f"unrecognized arguments: {' '.join(rest)}")
        if options.class_size is not None and options.lesson is None:
            said("--class-size goes with --lesson: say which lesson the class will open.")
        if options.port < 1:
            said("--port takes a positive number.")
        if options.projector and options.teacher:
            said("--projector is the class screen and never shows the teacher's notes: run the teacher's "
                 "screen as a second app, with --teacher and another --port.")
        if options.lesson is not None:
            try:
                options.lesson = find_lesson(options.lesson, options.lang)
            except ValueError as error:
                said(str(error))
        if options.tables is None and (options.boards or options.game != "minibridge"):
            said("--boards and --game go with --tables: say how many tables the class plays at.")
        if options.tables is not None and options.boards and options.lesson:
            said("--boards or --lesson: the tables play one set of boards.")
        if options.tables is not None and not 1 <= options.tables <= MAX_TABLES:
            said(f"--tables takes a number from 1 to {MAX_TABLES}.")
        if options.site is not None and not re.fullmatch(r"https?://[^/\s:]+(:\d+)?(/\S*)?", options.site.strip()):
            said(f"--site takes the website's address as pupils open it, like http://192.168.1.20:8000/, not {options.site!r}.")
        if options.boards is not None and not re.fullmatch(r"[^:\s]+:\d+", options.boards):
            said(f"--boards takes SEED:N, like 7:8 (8 boards dealt from seed 7), not {options.boards!r}.")
    return options, rest


def app_options(args: list[str]) -> dict:
    """The app's options from its command line, ready for ``voila_command`` and ``app_environment``."""
    return app_settings(read_command_line(["app", *args])[0])


def app_settings(options: argparse.Namespace) -> dict:
    size = CLASS_SIZE if options.class_size is None else options.class_size
    return {"projector": options.projector, "no_browser": options.no_browser, "lang": options.lang,
            "audience": "teacher" if options.teacher else "pupils",
            "port": options.port, "close_after": options.close_after,
            "ready": {options.lesson: size} if options.lesson else {},
            "tables": tables_command(options), "rooms_url": options.rooms_url, "progress_url": options.progress_url,
            "class_grade": options.class_grade, "site": options.site}


def tables_command(options: argparse.Namespace) -> list[str]:
    """The arguments of ``python -m shared_tables.rooms`` that open the class's tables (none without --tables)."""
    if options.tables is None:
        return []
    command = ["--tables", str(options.tables), "--game", options.game, "--lang", options.lang]
    if options.lesson:
        command += ["--lesson", str(int(Path(options.lesson).name[:2]))]
    else:
        command += ["--boards", options.boards or "1:8"]
    return command


def app(options: argparse.Namespace, args: list[str]) -> int:
    """Serve the lessons as an app with Voilà: text and widgets only, the contents page first."""
    options = app_settings(options)
    python = prepare("lessons")
    port, projector = options["port"], options["projector"]
    url = start_page(port, lang=options["lang"])
    who = " (projector: large, high-contrast)" if projector else (
        " (teacher: with the teacher's notes)" if options["audience"] == "teacher" else "")
    print(f"The lessons{who} are at {url}", flush=True)
    if projector:
        print(f"The teacher's notes stay off this screen. For your own screen, open the same lesson from a second "
              f"app: python3 tasks.py app --teacher --port {port + 1}", flush=True)
    for lesson, size in options["ready"].items():
        print(f"Getting {size} pupils' pages of {Path(lesson).stem} ready before they come "
              f"(a few seconds each; the other lessons open on demand).\n"
              f"Give the pupils the lesson's own address: http://localhost:{port}/voila/render/{lesson}", flush=True)
    if options["audience"] == "teacher":
        print("The teacher's pages:\n" + "\n".join(f"  {teacher_page(page, port)}  ({what})"
                                                  for page, what in TEACHER_PAGES.items()), flush=True)
    print(f"The app starts {WARM_KERNELS} kernels while it starts, one every 2 to 5 seconds (1 to 3 minutes in all, "
          f"longer on a busy computer); the log below counts them and says \"All {WARM_KERNELS} warm kernels are "
          "ready\" at the end. A page opened before then starts its own kernel and takes a few seconds more.", flush=True)
    print("Stop the app with Ctrl+C.", flush=True)
    if not options["no_browser"]:
        threading.Thread(target=open_when_ready, args=(url,), daemon=True).start()
    command = voila_command(python, port, audience=options["audience"], ready=options["ready"],
                            close_after=options["close_after"],
                            presenter=projector or options["audience"] == "teacher", class_grade=options["class_grade"])
    env = app_environment(projector, audience=options["audience"], class_grade=options["class_grade"])
    if options["progress_url"]:
        env[PROGRESS_URL_VAR] = options["progress_url"]
    if options["rooms_url"]:
        env[ROOMS_URL_VAR] = options["rooms_url"]
    if options["site"]:
        env["MINIBRIDGE_SITE"] = options["site"].strip()
        print(f"Pupils' work from the website at {options['site'].strip()} can be sent straight to this app "
              f"(the class's progress page shows it when it is opened or run again).", flush=True)
    if options["tables"]:
        opened = subprocess.call([str(python), "-m", "shared_tables.rooms", *options["tables"]], cwd=ROOT, env=env)
        if opened != 0:
            return opened
        desk = (teacher_page("class_tables.ipynb", port) if options["audience"] == "teacher" else
                f"{teacher_page('class_tables.ipynb', port + 1)} once the teacher's screen runs "
                f"(python3 tasks.py app --teacher --port {port + 1} in a second window)")
        print(f"The pupils open Play together from the contents page and type their table's code. The tables "
              f"wait until you press Go on on the tables' page: {desk}.", flush=True)
    return serve(command, env)


def print_pack(options: argparse.Namespace, args: list[str]) -> int:
    """Write the printable pack (teacher.pack) with the virtual environment's Python."""
    python = prepare("lessons")
    language = ["--lang", options.lang] if options.lang != "en" else []
    env = {**os.environ, "MINIBRIDGE_CLASS_GRADE": str(options.class_grade)}  # 3: the kanji of grade 3 read too
    return subprocess.call([str(python), "-m", "teacher.pack", *language, *args], cwd=ROOT, env=env)


def site(options: argparse.Namespace, args: list[str]) -> int:
    """Build the course as a static website (website/build.py) with the virtual environment's Python."""
    python = prepare("site")
    return subprocess.call([str(python), str(ROOT / "website" / "build.py"), *args], cwd=ROOT)


def serve_site(options: argparse.Namespace, args: list[str]) -> int:
    """Serve the built website (website/serve.py: the standard library only, so no environment is
    needed); Ctrl+C or a plain kill stops it, as the app (``serve``)."""
    return serve([sys.executable, str(ROOT / "website" / "serve.py"), *args], dict(os.environ))


COMMANDS = {"lessons": lessons, "test": test, "app": app, "print": print_pack, "site": site, "serve": serve_site}


def main(argv: list[str]) -> int:
    options, rest = read_command_line(argv)
    os.chdir(ROOT)
    return COMMANDS[options.command](options, rest)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
