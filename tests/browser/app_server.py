"""Start the app (Voilà, exactly as ``python3 tasks.py app`` starts it) on a free local port.

Used by the browser tests and by benchmarks/bench_app_load.py.
"""
from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402  (the app's own command line, so the tests serve what pupils get)

HOST = "127.0.0.1"
# Warm kernels each test app keeps (the app keeps 30): a few, so the tests' pages take warm
# kernels and fresh ones both, without 30 kernels an app on the 2 cores that run the tests.
WARM_FOR_TESTS = 2
KERNEL_COMMANDS = ("classroom.kernel", "ipykernel")  # the app's kernel (classroom/kernel.py), or ipykernel's


@dataclass
class App:
    """A running app: its address, its server process and the pupils' progress folder."""

    url: str
    process: subprocess.Popen
    progress_dir: Path
    log: Path
    folder: str = ""  # where the notebooks are below the server's root
    ready_kernels_kept: dict = field(default_factory=dict)  # lesson file -> kernels kept ready for it

    def lesson(self, notebook: str) -> str:
        """The address of one lesson: ``app.lesson("03_points")``."""
        return f"{self.url}/voila/render/{self.folder}{notebook}.ipynb"

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def ready_kernels(self, lesson: str) -> int:
        """How many kernels the app last said were ready for a lesson file (from its log)."""
        said = re.findall(rf"{re.escape(lesson)}: (\d+) of \d+ kernels ready", self.log_text())
        return int(said[-1]) if said else 0

    def wait_until_ready(self, ready: dict[str, int], limit: float) -> None:
        """Wait until the app says every kernel it keeps ready for each lesson is ready."""
        end = time.monotonic() + limit
        while not all(self.ready_kernels(lesson) >= size for lesson, size in ready.items()):
            if self.process.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"the ready kernels never filled:\n{self.log_text()[-3000:]}")
            time.sleep(0.5)

    def kernel_pids(self) -> set[int]:
        """The kernels the app runs now (its processes that run a kernel)."""
        import psutil

        found = set()
        for process in psutil.Process(self.process.pid).children(recursive=True):
            with contextlib.suppress(psutil.Error):
                if any(name in " ".join(process.cmdline()) for name in KERNEL_COMMANDS):
                    found.add(process.pid)
        return found

    def warm_ready(self) -> int:
        """How many warm kernels the app last said were ready (from its log)."""
        said = re.findall(r"(\d+) of \d+ warm kernels ready|\((\d+) warm kernels ready\)", self.log_text())
        return int("".join(said[-1])) if said else 0

    def served_warm(self, kernel_id: str) -> bool:
        """Whether the app gave this kernel out warm (the course's modules imported, no lesson run)."""
        return f"Using a warm kernel: {kernel_id}" in self.log_text()

    def served_ready(self, kernel_id: str) -> bool:
        """Whether Voilà gave this kernel out ready (the lesson already run in it)."""
        return f"Using pre-heated kernel: {kernel_id}" in self.log_text()


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_app(projector: bool = False, theme: str | None = None, notebooks: Path | None = None,
                start_limit: float = 90, extension: bool = False,
                allowed_messages: tuple[str, ...] | None = None, audience: str | None = None,
                ready: dict[str, int] | None = None, close_after: float = tasks.CLOSE_AFTER,
                check_every: float = tasks.CHECK_EVERY, wait_ready: bool = True,
                pace: float = 0, warm: int | None = WARM_FOR_TESTS, progress: Path | None = None,
                class_grade: int = 4, port: int | None = None, site: str | None = None,
                guide_settings: bool = False) -> Iterator[App]:
    """Serve the lessons (or another folder of notebooks) until the block ends.

    As ``tasks.py app`` serves them: for pupils (the projector option too, the class screen),
    unless ``audience`` says "teacher" (``--teacher``); ``ready`` maps lessons to kernels kept ready for them
    (``--lesson``, ``--class-size``), and the block starts once they are all ready unless
    ``wait_ready`` is false. The computer's cards come at once (``pace`` 0) unless ``pace``
    says otherwise. ``warm`` kernels are kept with the course's modules imported, for any lesson
    (the app's ``--warm``; None: the app's own number, 30). ``extension=True`` serves them as a school's JupyterHub or Binder
    does instead: a Jupyter server with Voilà as its extension (/voila/render/notebooks/...),
    its kernels limited to ``allowed_messages`` if given. ``progress`` is the class folder (two
    apps given the same one are the teacher's screen and the class screen of one class).
    ``class_grade`` 3 is ``--class-grade 3``: the Japanese text reads the kanji of grade 3 too. ``port``
    is the app's port (a free one unless given); ``site`` the course's website whose pages may
    send pupils' work to the app (``--site``). ``guide_settings`` gives the extension the pupils'
    profile of the teachers' guide (docs/teachers.md): the teacher's cells left out, our page template."""
    port = port or free_port()
    audience = audience or "pupils"
    with tempfile.TemporaryDirectory(prefix="minibridge-app-") as temp:
        temp = Path(temp)
        env = tasks.app_environment(projector, audience=audience, class_grade=class_grade)
        env["MINIBRIDGE_PROGRESS_DIR"] = str(progress or temp / "progress")
        env["MINIBRIDGE_THEME"] = theme or ""
        env["MINIBRIDGE_PACE"] = str(pace)  # the tests turn the pace off, unless they test it
        if site:
            env["MINIBRIDGE_SITE"] = site
        command = tasks.voila_command(sys.executable, port, ip=HOST, audience=audience, ready=ready,
                                      close_after=close_after, check_every=check_every,
                                      presenter=projector or audience == "teacher", class_grade=class_grade)
        if notebooks is not None:
            command[command.index("notebooks")] = str(notebooks)
        if warm is not None:
            command.append(f"--warm={warm}")
        folder = ""
        if extension:
            command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}", f"--ip={HOST}",
                       "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={tasks.ROOT}",
                       "--allow-root"]
            env["JUPYTER_CONFIG_PATH"] = tasks.lab_environment(environ=env)["JUPYTER_CONFIG_PATH"]  # no news pop-up
            if allowed_messages is not None:
                command.append(f"--MappingKernelManager.allowed_message_types={json.dumps(list(allowed_messages))}")
            if guide_settings:  # in jupyter_server_config.py, where the guide puts them
                (temp / "config").mkdir()
                (temp / "config" / "jupyter_server_config.py").write_text(
                    "c.TagRemovePreprocessor.enabled = True\n"
                    f"c.TagRemovePreprocessor.remove_cell_tags = [{tasks.TEACHER_TAG!r}]\n"
                    f"c.VoilaConfiguration.template = {tasks.TEMPLATE!r}\n")
                env["JUPYTER_CONFIG_PATH"] = os.pathsep.join([str(temp / "config"), env["JUPYTER_CONFIG_PATH"]])
            folder = "notebooks/"
        log = temp / "voila.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(command, cwd=tasks.ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        app = App(f"http://{HOST}:{port}", process, progress or temp / "progress", log, folder, dict(ready or {}))
        try:
            end = time.monotonic() + start_limit
            while not tasks.answers(app.url + "/"):
                if process.poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"Voilà did not start:\n{log.read_text(errors='replace')[-3000:]}")
                time.sleep(0.3)
            if ready and wait_ready:
                app.wait_until_ready(ready, start_limit + 30 * sum(ready.values()))
            yield app
        finally:
            stop(process)


def stop(process: subprocess.Popen) -> None:
    """Stop Voilà (on SIGTERM it shuts its kernels down), then any kernel it left behind."""
    import psutil

    try:
        kernels = psutil.Process(process.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        kernels = []
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
    for kernel in kernels:
        with contextlib.suppress(psutil.NoSuchProcess):
            kernel.kill()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def log_request(self, code="-", size="-"):
        self.server.asked.append(self.path)


def serve_folder(directory: Path) -> ThreadingHTTPServer:
    """A plain web server of the folder on 127.0.0.1 (as python -m http.server does), running,
    with ``asked``, every path asked for in order: shut it down when done."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
    server.asked = []  # every path the browser asked for, in order
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server
