"""The app's kernels: kept ready for the lesson of the day, warm for any other, refilled gently.

``ClassroomVoila`` is the app ``python -m classroom`` runs (``main``): Voilà, whose kernel manager
(``classroom_factory`` wraps Voilà's own) keeps, for the lesson of the day (``--lesson``: Voilà's
``kernel_pools_config``), kernels that have already run the lesson, so a pupil's page is sent at
once; and, for every other lesson, ``--warm`` kernels (30 by default) started with the course's
modules imported (``COURSE_MODULES``), given the page's folder and environment when a page takes
one, so only the lesson's own cells run while the pupil waits. A page is only given a kernel whose
lesson has finished running; one that finds no kernel of either kind starts its own, as in Voilà.

Both kinds refill one kernel at a time (``GentleStarts``), and only once no page has been asked
for during ``settle`` seconds, the lesson's kernels first: the kernels of a class arriving are
never slowed by the kernels for the next one (Voilà itself starts a replacement for each kernel
it hands out, at once). The log says how many are ready ("03_points.ipynb: 30 of 30 kernels
ready").

``LightActivityWatch`` is the server's activity watch (when a kernel was last used, for stopping
the kernels of closed pages, and its execution state): it reads only the two message types and a
status message's state, where jupyter_server decodes every message in full. The app's logger is
set to its level, so debug lines are never built. What each of these costs and saves is measured
in docs/benchmarks.md, "A class at once".
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sys
import time
from functools import partial
from pathlib import Path

# jsonschema checks "iri" formats with rfc3987_syntax when it is installed, which builds 38
# parsers when imported: 1.2 s of CPU at every start of the app, for checks of the server's
# own event records. Without it jsonschema leaves that one format unchecked.
sys.modules.setdefault("rfc3987_syntax", None)

import voila.app  # noqa: E402
from jupyter_server._tz import utcnow  # noqa: E402
from jupyter_server.utils import url_path_join  # noqa: E402
from jupyter_server.services.contents.largefilemanager import LargeFileManager  # noqa: E402
from traitlets import Float, Integer  # noqa: E402
from voila.app import Voila  # noqa: E402
import voila.notebook_renderer  # noqa: E402
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402

from cardlib import settings  # noqa: E402
from classroom import contents, hand_in  # noqa: E402
from classroom.pages import FINISHED_PAGES, CachedExporter, PageHandler  # noqa: E402


def _ready(task: asyncio.Future) -> bool:
    """Whether a pool entry is a kernel with the notebook already run in it."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return False
    render = task.result().get("task")
    return render is not None and render.done()


class LightActivityWatch:
    """A kernel manager mixin: jupyter_server's activity watcher, reading only what it decides on."""

    def start_watching_activity(self, kernel_id: str) -> None:
        """Record when a kernel was last active, and its execution state, from its IOPub messages
        (as jupyter_server's MappingKernelManager does, decoding three small parts, not all)."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = utcnow()
        kernel._activity_stream = kernel.connect_iopub()
        session = kernel.session
        track = self.track_message_type

        def record_activity(msg_list):
            _idents, parts = session.feed_identities(msg_list)  # signature, header, parent, metadata, content
            msg_type = session.unpack(parts[1]).get("msg_type")
            parent_type = session.unpack(parts[2]).get("msg_type")
            if track(msg_type) or track(parent_type) or kernel.execution_state == "busy":
                self.last_kernel_activity = kernel.last_activity = utcnow()
            if msg_type == "status":
                state = session.unpack(parts[4]).get("execution_state")
                if track(parent_type):
                    kernel.execution_state = state
                elif kernel.execution_state == "starting" and state != "starting":
                    kernel.execution_state = "idle"  # as jupyter_server: "starting" ends in idle

        kernel._activity_stream.on_recv(record_activity)


# What every lesson imports (its first cells): a warm kernel has them imported already, so a
# page given one runs only the lesson's own cells. Not lesson 18's plotting: it stays its own.
COURSE_MODULES = ("IPython.display", "exercises.lesson_page", "card_tables.trick_table",
                  "card_tables.minibridge_table", "card_tables.manille_table", "exercises.course",
                  "exercises.widget", "exercises.pictures")
# And the double-dummy solver where it is installed, so the first hint of a lesson is quick (also in
# the kernels kept ready for a lesson, once it has run in them).
SOLVER_WARM_UP = "__import__('cardlib.analysis').analysis.warm_up()"
# Each leaves no name in the lesson's namespace.
WARM_UP = f"list(map(__import__, {list(COURSE_MODULES)!r})); {SOLVER_WARM_UP}"
WARM_KERNEL = "python3"  # the lessons' kernel (the app's kernel spec, classroom/jupyter/kernels)


async def run_quietly(manager, kernel_id: str, code: str, limit: float = 120) -> None:
    """Run code the server itself sends in a kernel (silent: no output, no history) and wait for it.

    Only the shell channel: the request waits in it until a kernel still starting is listening."""
    client = manager.get_kernel(kernel_id).client()
    client.start_channels(shell=True, iopub=False, stdin=False, hb=False, control=False)
    try:
        msg_id = client.execute(code, silent=True, store_history=False)
        while True:
            reply = await client.get_shell_msg(timeout=limit)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        if reply["content"].get("status") != "ok":
            raise RuntimeError(f"{reply['content'].get('ename')}: {reply['content'].get('evalue')}")
    finally:
        client.stop_channels()


def as_asked(cwd: str, env: dict[str, str], started_with: dict[str, str]) -> str:
    """The code that gives a warm kernel the folder and environment a page's own kernel would
    have had (Voilà gives each page's kernel the request's address and server in its environment)."""
    env = json.loads(json.dumps(env))  # Voilà names some variables with an Enum of str: plain names here
    changed = {name: value for name, value in env.items() if started_with.get(name) != value}
    return f"__import__('os').chdir({cwd!r}); __import__('os').environ.update({changed!r})"


class GentleStarts(LightActivityWatch):
    """A kernel manager mixin: kernels started ahead one at a time, only once pages stop being
    asked for, and a pool of warm kernels (Python and the course's modules loaded) that a page of
    any lesson takes when no kernel with its lesson already run is ready for it."""

    def __init__(self, **kwargs):
        self._last_asked = float("-inf")
        self._one_at_a_time = asyncio.Lock()
        self._closing = False
        self._warm: list[asyncio.Task] = []  # each gives a warm kernel's id
        self._started = time.monotonic()
        self._all_warm_said = False
        super().__init__(**kwargs)
        self._warm_env = contents.app_environment(self.parent.base_url, self.parent.server_url, self.parent.port)
        for _ in range(getattr(self.parent, "warm_kernels", 0)):
            self._warm.append(asyncio.get_event_loop().create_task(self._start_warm()))

    async def _gently(self, start):
        """Run ``start()`` (a kernel's start) alone, once no page has been asked for during ``settle`` s."""
        async with self._one_at_a_time:
            while (wait := self._last_asked + self.settle - time.monotonic()) > 0 and not self._closing:
                await asyncio.sleep(min(wait, 0.5))
            if self._closing:
                raise RuntimeError("the app is stopping")
            return await start()

    async def _start_warm(self) -> str:
        await asyncio.sleep(0)  # after the kernels kept ready for a lesson, which Voilà's tasks start after one such step

        async def start() -> str:
            kernel_id = await super(GentleStarts, self).start_kernel(
                kernel_name=WARM_KERNEL, path="", env=dict(self._warm_env))
            await run_quietly(self, kernel_id, WARM_UP)
            return kernel_id

        kernel_id = await self._gently(start)
        ready = self.warm_ready() + 1
        self.log.info("%d of %d warm kernels ready (for any lesson)", ready, len(self._warm))
        if ready == len(self._warm) and not self._all_warm_said:  # said once, at the start: the teacher waits for it
            self._all_warm_said = True
            self.log.info("All %d warm kernels are ready, %.0f s after the start: every lesson now opens in a "
                          "few seconds.", ready, time.monotonic() - self._started)
        return kernel_id

    def warm_ready(self) -> int:
        return sum(1 for task in self._warm if _warm_ready(task) and task.result() in self)

    def _take_warm(self, kernel_name: str | None) -> str | None:
        if kernel_name not in (None, WARM_KERNEL):
            return None
        for task in list(self._warm):
            if task.done():
                self._warm.remove(task)
                if _warm_ready(task) and task.result() in self:
                    return task.result()
                self.log.warning("a warm kernel failed to start or stopped: %s", task.exception() if not
                                 task.cancelled() and task.exception() else "it is gone")
                self._warm.append(asyncio.get_event_loop().create_task(self._start_warm()))
        return None

    async def start_kernel(self, *args, **kwargs):
        """A kernel for a page that found none with its lesson already run: a warm one if any is
        ready, else one started now. The class is arriving: the refills wait."""
        self._last_asked = time.monotonic()
        kernel_id = self._take_warm(kwargs.get("kernel_name"))
        if kernel_id is None:
            return await super().start_kernel(*args, **kwargs)
        self._warm.append(asyncio.get_event_loop().create_task(self._start_warm()))
        try:
            await run_quietly(self, kernel_id, as_asked(self.cwd_for_path(kwargs.get("path") or ""),
                                                        kwargs.get("env") or {}, self._warm_env))
        except Exception as error:  # noqa: BLE001  (the page gets a kernel of its own instead)
            self.log.warning("a warm kernel could not take a page's folder and environment: %s", error)
            await self.shutdown_kernel(kernel_id, now=True)
            return await super().start_kernel(*args, **kwargs)
        self.log.info("Using a warm kernel: %s (%d warm kernels ready)", kernel_id, self.warm_ready())
        return kernel_id

    async def cull_kernel_if_idle(self, kernel_id: str):
        if any(_warm_ready(task) and task.result() == kernel_id for task in self._warm):
            return None  # kept for the next page: no page has had it
        return await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_all(self, *args, **kwargs):
        self._closing = True
        await super().shutdown_all(*args, **kwargs)
        for task in self._warm:  # one may have been starting
            with contextlib.suppress(Exception):
                kernel_id = await task
                if kernel_id in self:
                    await self.shutdown_kernel(kernel_id, now=True)


TEACHER_PAGES = Path(__file__).resolve().parent.parent / "teacher"
TEACHER_FOLDER = "teacher"  # the teacher's app serves teacher/'s pages at /voila/render/teacher/...


class TeacherPages(LargeFileManager):
    """The lessons' folder, and on the teacher's app only, the teacher's pages (the tables' desk,
    the class view, the printouts) under ``teacher/``, so the teacher needs no JupyterLab."""

    @staticmethod
    def _teachers(path) -> list[str] | None:
        parts = str(path).strip("/").split("/")
        if parts[0] != TEACHER_FOLDER or any(p.startswith(".") for p in parts):
            return None
        return parts[1:]

    def _get_os_path(self, path):
        parts = self._teachers(path)
        return super()._get_os_path(path) if parts is None else str(TEACHER_PAGES.joinpath(*parts))

    def get(self, path, *args, **kwargs):
        if self._teachers(path) is None:
            return super().get(path, *args, **kwargs)
        # outside the lessons' folder, which the hidden-file check measures from: no hidden part (above)
        self.allow_hidden = True
        try:
            return super().get(path, *args, **kwargs)
        finally:
            self.allow_hidden = False


def _warm_ready(task: asyncio.Future) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None


def classroom_factory(voila_factory, base_class, preheat_kernel: bool, default_pool_size: int,
                      page_config_hook=None):
    """Voilà's kernel manager factory, with the light activity watch, the warm kernels, and the
    gentle refill when kernels are kept ready for a lesson."""
    made = voila_factory(base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)

    class ClassroomKernelManager(GentleStarts, made):
        settle = Float(20, config=True, help="Seconds without a page asked for before a kernel is started "
                                             "to replace one handed out (one at a time).")

    if not preheat_kernel:
        return ClassroomKernelManager

    class ReadyKernelManager(ClassroomKernelManager):
        """The lesson of the day kept ready: kernels with the lesson already run in them."""

        _kept: set[str]  # the pools' kernels, from their start until a page is given one

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self._kept = set()

        def get_pool_size(self, notebook_name: str) -> int:
            """How many kernels are ready for a notebook (the notebook already run in them)."""
            return sum(_ready(task) for task in self._pools.get(notebook_name, ()))

        async def cull_kernel_if_idle(self, kernel_id: str):
            if kernel_id in self._kept:
                return None  # not given to a page yet
            return await super().cull_kernel_if_idle(kernel_id)

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict = {}, **kwargs):
            """Hand out a ready kernel (Voilà takes the pool's first: put a ready one first)."""
            self._last_asked = time.monotonic()
            pool = self._pools.get(notebook_name, [])
            ready = [task for task in pool if _ready(task)]
            if ready:
                pool.remove(ready[0])
                pool.insert(0, ready[0])
            given = await super().get_rendered_notebook(notebook_name, extra_kernel_env_variables, **kwargs)
            # It has waited idle since its lesson ran, maybe longer than the idle time after which
            # a kernel with no page connected is stopped; the page connects only once it has
            # loaded. It counts as active from now, or it could be stopped before the page is there.
            self._kept.discard(given[2])
            kernel = self.get_kernel(given[2])
            self.last_kernel_activity = kernel.last_activity = utcnow()
            self._say_ready(notebook_name)
            return given

        def _say_ready(self, notebook_name: str, coming: int = 0) -> None:
            size = self.kernel_pools_config.get(notebook_name, {}).get("pool_size", 0)
            self.log.info("%s: %d of %d kernels ready", notebook_name, self.get_pool_size(notebook_name) + coming, size)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
            if kernel_id is not None:  # a restart: nothing to wait for
                return await super()._initialize(notebook_path, kernel_id, **kwargs)

            async def start():
                started = await super(ReadyKernelManager, self)._initialize(notebook_path, None, **kwargs)
                # Voilà spares a pool's kernel the idle cull only once it is ready, and on a busy
                # machine getting it ready can take longer than the idle time: spare it from its start.
                self._kept.add(started["kernel_id"])
                await asyncio.wait([started["task"]])  # the lesson runs to its end before the next starts
                # Then the solver, as in a warm kernel: else the first hint of each pupil waits for
                # its import (half a second of CPU a kernel, 30 of them at once in a class).
                try:
                    await run_quietly(self, started["kernel_id"], SOLVER_WARM_UP)
                except Exception as error:  # noqa: BLE001  (the lesson is ready; a hint loads the solver itself)
                    self.log.warning("a kernel ready for %s did not load the solver ahead: %s", notebook_path, error)
                return started

            started = await self._gently(start)
            self._say_ready(notebook_path, coming=1)  # this one counts once its task returns
            return started

    return ReadyKernelManager


class ClassroomVoila(Voila):
    """Voilà whose kernel pools refill gently, whose kernel messages cost less (see the
    module's docstring), with warm kernels for any lesson and a contents page that needs no kernel."""

    warm_kernels = Integer(30, config=True, help="Kernels kept started with the course's modules imported, "
                                                 "for the pages of any lesson (0: none).")
    aliases = {**Voila.aliases, "warm": "ClassroomVoila.warm_kernels"}

    def get_default_logging_config(self) -> dict:
        """traitlets sets the app's logger to DEBUG and filters in the handler: every debug line
        (one per kernel message) is built, then dropped. Set the logger's own level instead."""
        config = super().get_default_logging_config()
        level = self.log_level if isinstance(self.log_level, int) else getattr(logging, str(self.log_level), 20)
        for logger in config.get("loggers", {}).values():
            logger["level"] = logging.getLevelName(level)
        return config

    def init_settings(self):
        # Voilà builds its kernel manager class in init_settings with this module-level
        # factory; ours wraps it for the length of that one call.
        factory = voila.app.voila_kernel_manager_factory
        voila.app.voila_kernel_manager_factory = partial(classroom_factory, factory)
        try:
            web = super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = factory
        if settings.read().audience == "teacher":
            self.contents_manager = web["contents_manager"] = TeacherPages(parent=self)
        voila.notebook_renderer.VoilaExporter = CachedExporter  # every page's exporter, for the app's life
        loop = asyncio.get_event_loop()
        web[FINISHED_PAGES] = {path: loop.create_task(self._finished_page(path))
                                    for path in contents.contents_pages(self.root_dir)}
        return web

    async def _finished_page(self, path: str) -> str | None:
        """A contents page run once, or None (then Voilà serves it, a kernel for each page)."""
        env = contents.app_environment(self.base_url, self.server_url, self.port)
        try:
            html = await contents.finished_page(self.root_dir, path, self.config, WARM_KERNEL, env)
        except Exception as error:  # noqa: BLE001  (the page still opens, the Voilà way)
            self.log.warning("%s is served with a kernel for each page: %s", path, error)
            return None
        self.log.info("%s is ready: one page for every pupil, no kernel", path)
        return html

    def init_handlers(self):
        """Voilà's handlers, with ours for the pages (a finished contents page is sent as it is),
        and the one where the course's website hands in a pupil's work (classroom.hand_in)."""
        handlers = [(pattern, PageHandler, *rest) if handler is TornadoVoilaHandler else (pattern, handler, *rest)
                    for pattern, handler, *rest in super().init_handlers()]
        return [(url_path_join(self.base_url, hand_in.PATH), hand_in.HandInHandler), *handlers]


main = ClassroomVoila.launch_instance
