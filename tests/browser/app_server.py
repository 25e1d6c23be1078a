"""Start the app (Voilà, exactly as ``python3 tasks.py app`` starts it) on a free local port.

Used by the browser tests and by benchmarks/bench_app_load.py.
"""
from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402  (the app's own command line, so the tests serve what pupils get)

HOST = "127.0.0.1"


@dataclass
class App:
    """A running app: its address, its server process and the pupils' progress folder."""

    url: str
    process: subprocess.Popen
    progress_dir: Path
    log: Path
    folder: str = ""  # where the notebooks are below the server's root

    def lesson(self, notebook: str) -> str:
        """The address of one lesson: ``app.lesson("03_points")``."""
        return f"{self.url}/voila/render/{self.folder}{notebook}.ipynb"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_app(projector: bool = False, theme: str | None = None, notebooks: Path | None = None,
                start_limit: float = 90, extension: bool = False,
                allowed_messages: tuple[str, ...] | None = None, pace: float = 0) -> Iterator[App]:
    """Serve the lessons (or another folder of notebooks) until the block ends.

    The computer's cards come at once (``pace`` 0) unless ``pace`` says otherwise.
    ``extension=True`` serves them as a school's JupyterHub or Binder does instead: a Jupyter
    server with Voilà as its extension (/voila/render/notebooks/...), its kernels limited to
    ``allowed_messages`` if given."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="minibridge-app-") as temp:
        temp = Path(temp)
        env = tasks.app_environment(projector)
        env["MINIBRIDGE_PROGRESS_DIR"] = str(temp / "progress")
        env["MINIBRIDGE_THEME"] = theme or ""
        env["MINIBRIDGE_PACE"] = str(pace)  # the tests turn the pace off, unless they test it
        command = tasks.voila_command(sys.executable, port, ip=HOST)
        if notebooks is not None:
            command[command.index("notebooks")] = str(notebooks)
        folder = ""
        if extension:
            command = [sys.executable, "-m", "jupyter_server", "--no-browser", f"--port={port}", f"--ip={HOST}",
                       "--ServerApp.token=", "--ServerApp.password=", f"--ServerApp.root_dir={tasks.ROOT}",
                       "--allow-root"]
            if allowed_messages is not None:
                command.append(f"--MappingKernelManager.allowed_message_types={json.dumps(list(allowed_messages))}")
            folder = "notebooks/"
        log = temp / "voila.log"
        with open(log, "wb") as out:
            process = subprocess.Popen(command, cwd=tasks.ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        app = App(f"http://{HOST}:{port}", process, temp / "progress", log, folder)
        try:
            end = time.monotonic() + start_limit
            while not tasks.answers(app.url + "/"):
                if process.poll() is not None or time.monotonic() > end:
                    raise RuntimeError(f"Voilà did not start:\n{log.read_text(errors='replace')[-3000:]}")
                time.sleep(0.3)
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
