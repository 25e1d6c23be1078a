"""The contents page served as a finished page: run once when the app starts, no kernel per pupil.

Voilà gives every page a kernel of its own, the contents page too, though it has only text,
links and the glossary's table: a class going through it started 30 kernels for nothing. Here
each ``00_contents.ipynb`` under the app's folder (the English one, and each edition's) is run
once in a kernel of its own when the app starts, as Voilà runs it (the teacher's cells left out
for pupils, no code shown, the app's environment: projector, audience, theme), turned into HTML
on the server, and that kernel stopped. A page asked for before it is ready waits for it. A page
whose outputs turn out to hold widgets (they need a kernel) or whose run fails is served by
Voilà as before, and the log says why.
"""
from __future__ import annotations

import os
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter
from nbconvert.preprocessors import TagRemovePreprocessor

from cardlib.messages import edition_language

CONTENTS = "00_contents.ipynb"
TEMPLATES = Path(__file__).resolve().parent / "jupyter" / "nbconvert" / "templates"
TEMPLATE = "minibridge_contents"  # nbconvert's "lab" page without its links to other hosts
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def contents_pages(root_dir: str | Path) -> list[str]:
    """The contents pages under the app's folder, as the app's addresses name them:
    ``["00_contents.ipynb", "ja/00_contents.ipynb"]`` for ``notebooks``."""
    root = Path(root_dir)
    return sorted(path.relative_to(root).as_posix() for path in root.rglob(CONTENTS)
                  if ".ipynb_checkpoints" not in path.parts)


def has_widgets(notebook: nbformat.NotebookNode) -> bool:
    """Whether a run notebook shows a widget (which needs a kernel behind the page)."""
    return any(WIDGET_VIEW in output.get("data", {})
               for cell in notebook.cells if cell.cell_type == "code" for output in cell.get("outputs", ()))


async def finished_page(root_dir: str | Path, path: str, config, kernel_name: str, env: dict[str, str]) -> str:
    """Run a notebook once and return it as one HTML page with no code and no kernel behind it.

    ``config`` is the app's (its TagRemovePreprocessor settings leave the teacher's cells out);
    raises ValueError when the page shows widgets, and what the run raises when a cell fails."""
    notebook_file = Path(root_dir) / path
    notebook = nbformat.read(notebook_file, as_version=4)
    notebook, _ = TagRemovePreprocessor(config=config).preprocess(notebook, {})
    from classroom.presenter import PresenterCells  # the class screen's follower, when the app has one
    from classroom.readings import ClassGradeReadings  # a 3rd-grade class's readings, when the app has them

    notebook, _ = PresenterCells(config=config)(notebook, {"metadata": {"name": notebook_file.stem}})
    notebook, _ = ClassGradeReadings(config=config)(notebook, {})
    client = NotebookClient(notebook, kernel_name=kernel_name, timeout=600, allow_errors=False,
                            resources={"metadata": {"path": str(notebook_file.parent)}})
    await client.async_execute(env=env)
    if has_widgets(notebook):
        raise ValueError(f"{path} shows widgets, which need a kernel")
    exporter = HTMLExporter(config=config, template_name=TEMPLATE, extra_template_basedirs=[str(TEMPLATES)],
                            exclude_input=True, exclude_input_prompt=True, exclude_output_prompt=True,
                            language_code=edition_language(notebook_file.parent))  # the page's <html lang>, as its kernel's
    html, _ = exporter.from_notebook_node(notebook, resources={"metadata": {"name": notebook_file.stem}})
    return html


def app_environment(base_url: str, server_url: str, port: int) -> dict[str, str]:
    """The environment Voilà gives the kernel of a page (so a lesson knows it is in the app)."""
    return {**os.environ, "VOILA_BASE_URL": base_url, "VOILA_SERVER_URL": server_url,
            "VOILA_APP_PORT": str(port), "VOILA_PREHEAT": "False"}
