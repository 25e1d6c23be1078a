"""Kernels kept ready for the lesson of the day, refilled gently.

Voilà 0.5 can keep kernels ready for a notebook (``--preheat_kernel``, with
``VoilaKernelManager.kernel_pools_config`` giving a pool size per notebook): each ready kernel
has the notebook already run in it, so the page is sent at once. But Voilà starts a
replacement one second after each kernel it hands out, so when 30 pupils arrive together, 30
kernels start and run the lesson at once, and on 2 cores the pupils' own pages wait for them
(measured: widgets after 8.6 s instead of 0.3 s; README, "A class at once").

Here the pool refills one kernel at a time, and only once no page has been asked for during
``settle`` seconds, so the kernels of a class arriving are not slowed by the kernels for the
next one. A page is only given a kernel whose lesson has finished running; when none is ready
it gets a kernel of its own at once, as every other lesson does. The log says how many are
ready ("03_points.ipynb: 30 of 30 kernels ready").

Every kernel message a page gets also passes through the server's activity watcher (which
tells when a kernel was last used, for stopping the kernels of closed pages). jupyter_server
decodes each message in full there, dates and signature included, which cost as much server
time as passing the message on (0.36 ms a message; a card click sends 150). Ours reads only the
two message types and, for a status message, the state: the same decisions, a tenth of the
work. And the server's logger no longer builds a record for every debug line it then drops.
"""
from __future__ import annotations

import asyncio
import logging
import sys
import time
from functools import partial

# jsonschema checks "iri" formats with rfc3987_syntax when it is installed, which builds 38
# parsers when imported: 1.2 s of CPU at every start of the app, for checks of the server's
# own event records. Without it jsonschema leaves that one format unchecked.
sys.modules.setdefault("rfc3987_syntax", None)

import voila.app  # noqa: E402
from jupyter_server._tz import utcnow  # noqa: E402
from traitlets import Float  # noqa: E402
from voila.app import Voila  # noqa: E402


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


def classroom_factory(voila_factory, base_class, preheat_kernel: bool, default_pool_size: int,
                      page_config_hook=None):
    """Voilà's kernel manager factory, with the light activity watch, and the gentle refill
    when kernels are kept ready."""
    made = voila_factory(base_class, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)
    if not preheat_kernel:
        return type("ClassroomKernelManager", (LightActivityWatch, made), {})

    class ClassroomKernelManager(LightActivityWatch, made):
        settle = Float(20, config=True, help="Seconds without a page asked for before a ready kernel is "
                                             "started to replace one handed out (one at a time).")

        def __init__(self, **kwargs):
            self._last_asked = float("-inf")
            self._one_at_a_time = asyncio.Lock()
            self._closing = False
            super().__init__(**kwargs)

        def get_pool_size(self, notebook_name: str) -> int:
            """How many kernels are ready for a notebook (the notebook already run in them)."""
            return sum(_ready(task) for task in self._pools.get(notebook_name, ()))

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
            kernel = self.get_kernel(given[2])
            self.last_kernel_activity = kernel.last_activity = utcnow()
            self._say_ready(notebook_name)
            return given

        def _say_ready(self, notebook_name: str, coming: int = 0) -> None:
            size = self.kernel_pools_config.get(notebook_name, {}).get("pool_size", 0)
            self.log.info("%s: %d of %d kernels ready", notebook_name, self.get_pool_size(notebook_name) + coming, size)

        async def start_kernel(self, *args, **kwargs):
            """A kernel for a page that found none ready: the class is arriving, the refill waits."""
            self._last_asked = time.monotonic()
            return await super().start_kernel(*args, **kwargs)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs):
            if kernel_id is not None:  # a restart: nothing to wait for
                return await super()._initialize(notebook_path, kernel_id, **kwargs)
            async with self._one_at_a_time:
                while (wait := self._last_asked + self.settle - time.monotonic()) > 0 and not self._closing:
                    await asyncio.sleep(min(wait, 0.5))
                if self._closing:
                    raise RuntimeError("the app is stopping")
                started = await super()._initialize(notebook_path, None, **kwargs)
                await asyncio.wait([started["task"]])  # the lesson runs to its end before the next starts
            self._say_ready(notebook_path, coming=1)  # this one counts once its task returns
            return started

        async def shutdown_all(self, *args, **kwargs):
            self._closing = True
            await super().shutdown_all(*args, **kwargs)

    return ClassroomKernelManager


class ClassroomVoila(Voila):
    """Voilà whose kernel pools refill gently and whose kernel messages cost less (see the
    module's docstring)."""

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
            return super().init_settings()
        finally:
            voila.app.voila_kernel_manager_factory = factory


main = ClassroomVoila.launch_instance
