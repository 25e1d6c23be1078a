"""The classroom server's parts that can be checked without starting it: the light activity
watch decides as jupyter_server's does, the pupils' kernel starts without a debugger, a warm
kernel given to a page has the folder and environment the page's own kernel would have had (and
a kernel kept ready for a lesson the solver, once the lesson has run),
the contents page is finished once with no code, no teacher's notes and no kernel behind it,
and compiled templates are kept until their source changes.
(The server itself is driven by tests/browser and benchmarks/bench_app_load.py.)"""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import jinja2  # noqa: E402
import nbformat  # noqa: E402
import tasks  # noqa: E402
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # noqa: E402
from traitlets.config import Config, Configurable  # noqa: E402
from voila.utils import ENV_VARIABLE  # noqa: E402
from voila.voila_kernel_manager import voila_kernel_manager_factory  # noqa: E402

from classroom import contents, pages  # noqa: E402
from classroom.pools import COURSE_MODULES, LightActivityWatch, classroom_factory, run_quietly  # noqa: E402


class FakeStream:
    def on_recv(self, callback):
        self.callback = callback


class FakeKernel:
    def __init__(self, session: Session):
        self.session = session
        self.execution_state = "starting"
        self.stream = FakeStream()

    def connect_iopub(self):
        return self.stream


class Light(LightActivityWatch, MappingKernelManager):
    pass


# (message type, parent's message type, content): what a page's kernel sends on IOPub
MESSAGES = [
    ("status", None, {"execution_state": "starting"}),
    ("status", "kernel_info_request", {"execution_state": "busy"}),
    ("status", "kernel_info_request", {"execution_state": "idle"}),
    ("status", "comm_msg", {"execution_state": "busy"}),
    ("comm_open", "comm_msg", {"comm_id": "a", "target_name": "jupyter.widget", "data": {}}),
    ("comm_msg", "comm_msg", {"comm_id": "a", "data": {"method": "update", "state": {}}}),
    ("comm_close", "comm_msg", {"comm_id": "a", "data": {}}),
    ("status", "comm_msg", {"execution_state": "idle"}),
    ("status", "comm_info_request", {"execution_state": "busy"}),
    ("comm_msg", "comm_info_request", {"comm_id": "b", "data": {}}),
    ("status", "comm_info_request", {"execution_state": "idle"}),
]


def decisions(manager_class) -> list[tuple[str, bool]]:
    """After each message: the kernel's execution state, and whether its activity was recorded."""
    session = Session(key=b"secret")
    manager = manager_class()
    kernel = FakeKernel(session)
    manager._kernels["k"] = kernel
    manager.start_watching_activity("k")
    seen = []
    for msg_type, parent_type, content in MESSAGES:
        parent = session.msg(parent_type, {}) if parent_type else {}
        message = session.msg(msg_type, content, parent=parent)
        kernel.last_activity = None
        kernel.stream.callback([b"kernel.k." + msg_type.encode(), *session.serialize(message)])
        seen.append((kernel.execution_state, kernel.last_activity is not None))
    return seen


def test_the_light_activity_watch_decides_as_jupyter_servers():
    light = decisions(Light)
    assert light == decisions(MappingKernelManager)
    assert ("busy", True) in light and ("idle", True) in light  # it did see the widget messages


@pytest.mark.skipif(subprocess.run([sys.executable, "-c", "import debugpy"]).returncode != 0,
                    reason="debugpy is not installed: nothing to leave out")
def test_the_pupils_kernel_starts_without_the_debugger():
    code = ("import sys; sys.modules['debugpy'] = None\n"
            "from ipykernel import debugger\n"
            "print(debugger._is_debugpy_available)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
    from classroom import kernel

    assert "--HistoryManager.enabled=False" in kernel.PUPIL_KERNEL_OPTIONS


class App(Configurable):
    """What the kernel manager reads of the app."""

    base_url = server_url = "/"
    port = 8866
    warm_kernels = 1


def in_kernel(manager, kernel_id: str, expression: str):
    """The value of an expression in a kernel (printed as JSON by a silent cell, read back from a file)."""
    async def read(path: Path):
        await run_quietly(manager, kernel_id, f"__import__('pathlib').Path({str(path)!r}).write_text("
                                              f"__import__('json').dumps({expression}))")
        return json.loads(path.read_text())
    return read


def test_a_page_given_a_warm_kernel_gets_its_folder_and_environment_and_the_course_imported(tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("JUPYTER_PATH", str(tasks.TEMPLATES))  # the app's kernel spec, as tasks.py app sets it
    (tmp_path / "ja").mkdir()
    manager_class = classroom_factory(voila_kernel_manager_factory, AsyncMappingKernelManager, False, 0)

    async def scenario():
        manager = manager_class(parent=App(), root_dir=str(tmp_path))
        try:
            warm = await manager._warm[0]  # started with the course's modules imported
            env = {"SCRIPT_NAME": "/voila/render/ja/03_points.ipynb", ENV_VARIABLE.VOILA_REQUEST_URL: "http://x/ja"}
            given = await manager.start_kernel(kernel_name="python3", path="ja", env=env)
            seen = await in_kernel(manager, given, "[__import__('os').getcwd(), __import__('os').environ['SCRIPT_NAME'], "
                                   "__import__('os').environ['VOILA_REQUEST_URL'], sorted(__import__('sys').modules), "
                                   "sorted(n for n in get_ipython().user_ns if not n.startswith('_'))]")(tmp_path / "seen.json")
            another = await manager.start_kernel(kernel_name="python3", path="", env={})  # none warm: a new one
            return warm, given, another, seen
        finally:
            await manager.shutdown_all()

    warm, given, another, (cwd, script, url, modules, names) = asyncio.run(scenario())
    assert given == warm and another != warm
    assert (cwd, script, url) == (str(tmp_path / "ja"), "/voila/render/ja/03_points.ipynb", "http://x/ja")
    assert set(COURSE_MODULES) <= set(modules)
    from cardlib import analysis
    assert "endplay.dds" in modules or not analysis.installed(), "the solver is loaded ahead, so a pupil's first hint does not wait for it"
    assert not {"cardlib", "exercises", "os", "IPython"} & set(names), "the warm-up left names in the lesson's namespace"


class NoWarmKernels(App):
    warm_kernels = 0


def lesson_runner(base_class, preheat_kernel, default_pool_size, page_config_hook=None):
    """Voilà's pooled kernel manager as the classroom sees it, its lesson a cell that imports the table."""
    class Pooled(base_class):
        kernel_pools_config: dict = {}
        _pools: dict = {}

        async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
            kernel_id = await base_class.start_kernel(self, kernel_name="python3", path="")
            lesson = asyncio.ensure_future(run_quietly(self, kernel_id, "from card_tables.minibridge_table import MiniBridgeTable"))
            return {"task": lesson, "renderer": None, "kernel_id": kernel_id}

    return Pooled


def test_a_kernel_kept_ready_for_a_lesson_loads_the_solver_once_the_lesson_has_run(tmp_path, monkeypatch):
    pytest.importorskip("endplay.dds")
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("JUPYTER_PATH", str(tasks.TEMPLATES))
    manager_class = classroom_factory(lesson_runner, AsyncMappingKernelManager, True, 0)

    async def scenario():
        manager = manager_class(parent=NoWarmKernels(), root_dir=str(tmp_path))  # the lesson's kernel is its own
        try:
            started = await manager._initialize("07_long_suits.ipynb")
            return await in_kernel(manager, started["kernel_id"], "[sorted(__import__('sys').modules), "
                                   "sorted(n for n in get_ipython().user_ns if not n.startswith('_'))]")(tmp_path / "seen.json")
        finally:
            await manager.shutdown_all()

    modules, names = asyncio.run(scenario())
    assert "card_tables.minibridge_table" in modules  # the lesson ran
    assert "endplay.dds" in modules, "a pupil's first hint would wait for the solver's import"
    assert "MiniBridgeTable" in names and not {"cardlib", "analysis"} & set(names), "the warm-up left names"


def test_the_contents_page_is_finished_once_without_code_teacher_notes_or_other_hosts():
    config = Config({"TagRemovePreprocessor": {"enabled": True, "remove_cell_tags": [tasks.TEACHER_TAG]}})
    env = {**tasks.app_environment(False), **contents.app_environment("/", "/", 8866)}
    html = asyncio.run(contents.finished_page(ROOT / "notebooks", "00_contents.ipynb", config, "python3", env))
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb") if not p.name.startswith("00_"))
    assert all(f'href="{name}"' in html for name in lessons), "a lesson is missing from the contents page"
    assert 'id="rendered_cells"' in html and "kernelId" not in html
    assert "from cardlib" not in html and "lesson_setup" not in html, "code is shown"
    assert "src=\"http" not in html and "href=\"http" not in html, "the page asks another host"
    notebook = nbformat.read(ROOT / "notebooks" / "00_contents.ipynb", as_version=4)
    teacher = ["".join(c.source).strip().splitlines()[0] for c in notebook.cells
               if tasks.TEACHER_TAG in c.metadata.get("tags", []) and c.cell_type == "markdown"]
    assert [line for line in teacher if line in html] == []


def test_a_page_with_widgets_is_not_finished_without_a_kernel(tmp_path):
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("import ipywidgets\nipywidgets.IntSlider()")],
                                        metadata={"kernelspec": {"name": "python3", "language": "python",
                                                                 "display_name": "Python 3"}})
    nbformat.write(notebook, tmp_path / contents.CONTENTS)
    with pytest.raises(ValueError, match="widgets"):
        asyncio.run(contents.finished_page(tmp_path, contents.CONTENTS, Config(), "python3", dict(contents.os.environ)))


def test_compiled_templates_are_kept_until_their_source_changes():
    cache = pages.TemplateCache()
    source = {"page.html": "Lesson {{ n }}"}
    first = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=cache, enable_async=False)
    assert first.get_template("page.html").render(n=3) == "Lesson 3"
    kept = dict(cache._compiled)
    second = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=cache, enable_async=False)
    assert second.get_template("page.html").render(n=4) == "Lesson 4" and cache._compiled == kept
    source["page.html"] = "Lesson {{ n }}!"
    third = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=cache, enable_async=False)
    assert third.get_template("page.html").render(n=5) == "Lesson 5!"
    asynchronous = jinja2.Environment(loader=jinja2.DictLoader(source), bytecode_cache=cache, enable_async=True)
    assert asyncio.run(asynchronous.get_template("page.html").render_async(n=6)) == "Lesson 6!"
    assert len(cache._compiled) == 2, "async and plain code are kept apart"


def test_the_warm_kernels_imports_fix_no_sentence_in_a_language():
    """A warm kernel imports the course's modules before it knows the page's edition (a lesson
    picks its language when it starts): a sentence made at import would stay English in a
    Japanese lesson."""
    code = ("import json, sys\n"
            "said = []\n"
            "def watch(frame, event, arg):\n"
            "    if event == 'call' and frame.f_code.co_filename.endswith('messages.py') and frame.f_code.co_name in "
            "('say', 'plain', 'texts'):\n"
            "        caller = frame.f_back.f_code\n"
            "        said.append(f'{caller.co_filename}:{caller.co_name}')\n"
            "sys.setprofile(watch)\n"
            f"for name in {list(COURSE_MODULES)!r}:\n"
            "    __import__(name)\n"
            "sys.setprofile(None)\n"
            "print(json.dumps(said))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                          env={**tasks.app_environment(False), "PYTHONPATH": str(ROOT)})
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [], "a module makes a sentence when it is imported"
