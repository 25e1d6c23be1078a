"""How the app sends a page: in a few writes, from templates compiled once, the contents page as it is.

Voilà makes a new template exporter for every page, whose Jinja environment compiles the page's
templates again (14 of them: 0.3 s of the server's CPU a page under the profiler, the largest
part of the server's work when 30 pages are asked for at once); here the compiled templates are
kept (``TemplateCache``: Jinja's own bytecode cache, which compiles again when a template's
source changes), and the notebook's format is checked once, not after each of 12 preprocessors.
And Voilà writes and flushes each of the ~800 pieces of a page separately, one
system call each; here a page is flushed only where Voilà then waits for the kernel (the head
before the lesson runs, each cell's progress line, the heartbeat) and at its end.
"""
from __future__ import annotations

import jinja2
import tornado.web
from traitlets import Bool
from voila.exporter import VoilaExporter
from voila.tornado.handler import TornadoVoilaHandler

from exercises import starting

FINISHED_PAGES = "classroom_finished_pages"  # tornado setting: path -> future of its finished HTML (None: Voilà's way)
# What a piece of a page holds where Voilà waits for the kernel next: flush it then.
FLUSH_AFTER = ("jupyter-config-data", "voila_process(", "voila_heartbeat()")


class TemplateCache(jinja2.BytecodeCache):
    """Compiled templates kept in memory for every page, per kind of environment."""

    def __init__(self) -> None:
        self._compiled: dict[str, bytes] = {}

    def get_bucket(self, environment, name, filename, source):
        # code compiled for an async environment, or with other extensions, differs
        kind = f"{name}|async={environment.is_async}|{','.join(sorted(environment.extensions))}"
        return super().get_bucket(environment, kind, filename, source)

    def load_bytecode(self, bucket) -> None:
        if bucket.key in self._compiled:
            bucket.bytecode_from_string(self._compiled[bucket.key])

    def dump_bytecode(self, bucket) -> None:
        self._compiled[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = TemplateCache()
STARTING = starting.script()  # the page's words while its lesson starts (the template's body_header)


class CachedExporter(VoilaExporter):
    """Voilà's exporter, whose environment loads compiled templates from ``TEMPLATES``, and which
    checks the notebook's format once after its preprocessors, not after each of its 12."""

    optimistic_validation = Bool(True, config=True)

    @property
    def environment(self):
        env = super().environment
        env.bytecode_cache = TEMPLATES
        env.globals["starting_script"] = STARTING
        return env


class PageHandler(TornadoVoilaHandler):
    """Voilà's page handler: a finished contents page sent as it is, other pages in few writes."""

    @tornado.web.authenticated
    async def get(self, path=None):
        finished = self.settings.get(FINISHED_PAGES, {}).get(path)
        html = await finished if finished is not None else None
        if html is not None:
            self.set_header("Content-Type", "text/html")
            self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")  # as Voilà's pages
            self.finish(html)
            return
        async for piece in self.get_generator(path=path):
            self.write(piece)
            if any(mark in piece for mark in FLUSH_AFTER):
                self.flush()
