"""The project's packaging: Binder's environment.yml agrees with pyproject.toml, and
``import cardlib`` stays light (no ipywidgets, numpy or matplotlib)."""
from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def environment() -> dict:
    return yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))


def requirements_by_name(lines) -> dict[str, Requirement]:
    found: dict[str, Requirement] = {}
    for line in lines:
        req = Requirement(line)
        name = canonicalize_name(req.name)
        assert name not in found, f"{req.name} is listed twice"
        found[name] = req
    return found


def conda_parts(env: dict) -> tuple[list[str], list]:
    """The conda package lines and the pip sections of environment.yml."""
    deps = env["dependencies"]
    return [d for d in deps if isinstance(d, str)], [d["pip"] for d in deps if isinstance(d, dict)]


def test_cardlib_has_no_runtime_dependencies():
    assert pyproject()["project"].get("dependencies", []) == []


def test_binder_environment_uses_conda_forge_only():
    assert environment()["channels"] == ["conda-forge"]


def test_binder_python_meets_requires_python():
    conda, _ = conda_parts(environment())
    pythons = [line for line in conda if line.split("=")[0].strip() == "python"]
    assert len(pythons) == 1, f"environment.yml must pin python once, found {pythons}"
    version = pythons[0].split("=", 1)[1].strip()
    assert version == "3.11", "Binder runs the lessons on Python 3.11"
    requires = pyproject()["project"]["requires-python"]
    assert Requirement(f"python{requires}").specifier.contains(Version(version)), (
        f"environment.yml's python {version} does not satisfy requires-python {requires}")


def test_binder_installs_the_project_with_the_lessons_extra_by_pip():
    conda, pip_sections = conda_parts(environment())
    assert "pip" in conda, "environment.yml needs pip for its pip section"
    assert pip_sections == [["-e .[lessons]"]]


# The lessons extra's packages that Binder takes from pip's wheels (its "-e .[lessons]"), not conda.
BY_PIP = {"endplay"}


def test_binder_conda_packages_are_exactly_the_lessons_extra():
    conda, _ = conda_parts(environment())
    packages = [line for line in conda if line.split("=")[0].strip() not in ("python", "pip")]
    in_env = requirements_by_name(packages)
    lessons = {name: req for name, req in requirements_by_name(
        pyproject()["project"]["optional-dependencies"]["lessons"]).items() if name not in BY_PIP}
    assert sorted(in_env) == sorted(lessons), (
        "environment.yml's conda packages and pyproject's lessons extra differ: "
        f"only in environment.yml {sorted(set(in_env) - set(lessons))}, "
        f"only in pyproject {sorted(set(lessons) - set(in_env))}")
    for name, req in lessons.items():
        assert str(in_env[name].specifier) == str(req.specifier), (
            f"{name}: environment.yml asks for '{in_env[name].specifier}', pyproject for '{req.specifier}'")


def test_test_extra_includes_the_lessons():
    project = pyproject()["project"]
    extras = project["optional-dependencies"]
    names = {canonicalize_name(Requirement(r).name): Requirement(r) for r in extras["test"]}
    own = names.get(canonicalize_name(project["name"]))
    assert own is not None and "lessons" in own.extras, "the test extra must pull in the lessons extra"
    for needed in ("pytest", "hypothesis", "nbval", "textstat", "playwright", "endplay", "nbstripout"):
        assert needed in names, f"{needed} is missing from the test extra"
    assert [canonicalize_name(Requirement(r).name) for r in extras["analysis"]] == ["endplay"]


def test_every_install_a_readme_command_makes_has_the_card_solver():
    """The table's Hint and the after-hand review need endplay: every extra the README's commands
    install (tasks.py lessons/app/test, pip install -e ".[lessons]", Binder's environment.yml) has it."""
    import importlib.util
    import tasks

    extras = pyproject()["project"]["optional-dependencies"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = set(re.findall(r'pip install -e "?\.\[(\w+)\]', readme)) | set(tasks.COVERS)
    named |= {pip[0][len("-e .["):-1] for pip in conda_parts(environment())[1]}
    assert {"lessons", "test"} <= named

    def brings(extra: str) -> set[str]:
        found = set()
        for line in extras[extra]:
            req = Requirement(line)
            name = canonicalize_name(req.name)
            found |= set().union(*(brings(e) for e in req.extras)) if name == canonicalize_name(
                pyproject()["project"]["name"]) else {name}
        return found

    for extra in named - {"hub"}:  # hub adds PostgreSQL's driver to an app installed with lessons
        assert "endplay" in brings(extra), f'pip install -e ".[{extra}]" leaves out endplay: the Hint would not work'
    assert importlib.util.find_spec("endplay") is not None


def modules_loaded_by(code: str) -> list[str]:
    """Which heavy modules a fresh Python has loaded after running ``code``."""
    probe = code + (
        "\nimport sys, json"
        "\nprint(json.dumps(sorted(m for m in ('ipywidgets', 'numpy', 'matplotlib') if m in sys.modules)))"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_import_cardlib_pulls_in_no_heavy_libraries():
    assert modules_loaded_by("import cardlib") == []


@pytest.mark.parametrize("code", [
    "import cardlib; cardlib.Deal.random(seed=1)",
    "from cardlib import minibridge; minibridge.start_play(__import__('cardlib').Deal.random(seed=1), 'N', 'NT game')",
])
def test_using_the_rules_pulls_in_no_heavy_libraries(code):
    assert modules_loaded_by(code) == []


def test_the_rules_and_the_exercises_work_without_ipywidgets(tmp_path):
    """Only the views need ipywidgets: a machine with the rules alone imports every other
    module of cardlib, exercises and teacher and makes, checks and explains questions. A
    stand-in ``ipywidgets`` that cannot be imported hides the real one (one subprocess,
    instead of running the pure tests a second time)."""
    blocker = tmp_path / "ipywidgets"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ModuleNotFoundError('ipywidgets is not installed here')\n")
    views = ("cardlib.widgets", "exercises.widget", "exercises.tables", "exercises.page", "exercises.chance_lab",
             "exercises.coder_widget", "teacher.desk", "teacher.passport_ticks", "teacher.presenter_screens",
             "teacher.result_form", "teacher.traveller_page")
    code = f"""
import importlib, pkgutil, sys, json
import cardlib, exercises, teacher
names = [i.name for p in (cardlib, exercises, teacher) for i in pkgutil.walk_packages(p.__path__, p.__name__ + ".")]
pure = [n for n in names if not n.startswith({views!r})]
for name in pure:
    importlib.import_module(name)
from exercises import ALL_KINDS, make_question
from exercises.course import COURSE
for kind in ALL_KINDS:
    question = make_question(kind, 1)
    question.check(question.right_answer)
quiz = COURSE[5].quiz()
print(json.dumps({{"imported": len(pure), "ipywidgets": "ipywidgets" in sys.modules}}))
"""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["imported"] >= 30 and result["ipywidgets"] is False


def imported_modules(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of the same package it imports, at the top
    or inside a function (the package itself, which re-exports its modules, left out). An
    object's ``_repr_html_`` may import the pictures that show it in a notebook, as
    python-chess's Board imports chess.svg: those imports are not counted."""
    found = {}
    for path in (ROOT / package).rglob("*.py"):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "_repr_html_":
                node.body = []
        wanted = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                wanted |= {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
            elif isinstance(node, ast.Import):
                wanted |= {alias.name for alias in node.names}
        found[name] = wanted
    return {name: {m for m in wanted if m in found and m not in (name, package)} for name, wanted in found.items()}


@pytest.mark.parametrize("package", ["cardlib", "exercises", "teacher"])
def test_imports_point_one_way(package):
    graph = imported_modules(package)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(m == goal or (m not in seen and reaches(m, goal, seen | {m})) for m in graph[start])

    cycles = sorted(name for name in graph if name != package and reaches(name, name, set()))
    assert cycles == [], f"these modules import each other, directly or through others: {cycles}"


def test_pictures_never_import_the_games_above_them():
    assert not imported_modules("cardlib")["cardlib.render"] & {"cardlib.manille", "cardlib.minibridge"}


OUR_MODULES = {p.stem for package in ("cardlib", "exercises", "teacher") for p in (ROOT / package).rglob("*.py")
               if p.stem != "__init__"}


def test_no_module_takes_another_modules_private_names():
    taken = []
    for package in ("cardlib", "exercises", "teacher"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in ("cardlib", "exercises", "teacher"):
                    taken += [f"{path.relative_to(ROOT)}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
            # and through a module's name: render._px(...)
            text = path.read_text(encoding="utf-8")
            taken += [f"{path.relative_to(ROOT)}: {m.group(0)}"
                      for m in re.finditer(r"\b(?:" + "|".join(sorted(OUR_MODULES)) + r")\._[a-z]\w*", text)
                      if m.group(0).split(".")[0] != path.stem]
    assert taken == []


def test_the_rules_cited_are_in_the_repository():
    """Docstrings and tests cite the rule book as docs/rules.md §N.M: each section cited exists."""
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?) ", rules, re.M))
    cited = set()
    for path in [*ROOT.glob("cardlib/**/*.py"), *ROOT.glob("exercises/*.py"), *ROOT.glob("tests/**/*.py")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bRULES\.md|\b[Ss]eed 00[012]\b", text), f"{path} cites a rule book not in the repository"
        for match in re.finditer(r"docs/rules\.md((?: ?[(,]? ?§\d+(?:\.\d+)?)+)", text):
            cited |= set(re.findall(r"§(\d+(?:\.\d+)?)", match.group(1)))
    assert len(cited) >= 8 and cited <= sections, f"cited but not in docs/rules.md: {sorted(cited - sections)}"
