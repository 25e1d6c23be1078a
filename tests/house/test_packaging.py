"""The project's packaging: Binder's environment.yml agrees with pyproject.toml, ``import
cardlib`` stays light (no ipywidgets, numpy or matplotlib), and imports follow the packages'
order with no arrow up and no circle anywhere in the tree."""
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

ROOT = Path(__file__).resolve().parents[2]


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

    # hub adds PostgreSQL's driver to an app installed with lessons; site builds the website, whose
    # Python runs in the browser, where the solver cannot (docs/site.md)
    for extra in named - {"hub", "site"}:
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
    views = ("card_tables", "exercises.widget", "exercises.tables", "exercises.page", "exercises.chance_lab",
             "exercises.coder_widget", "teacher.class_view", "teacher.desk", "teacher.tables_desk", "teacher.passport_ticks", "teacher.presenter_screens",
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


# Our packages in their order, lowest first: each may import the ones before it, never one after.
# cardlib is the game; card_tables the tables a lesson plays on (widgets); exercises the questions and the pupils' progress; shared_tables the tables a
# class shares; classroom the app; teacher the teacher's desk, which reads the progress and the tables.
PACKAGES = ("translators", "cardlib", "card_tables", "exercises", "shared_tables", "classroom", "teacher")


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def import_graph() -> dict[str, set[str]]:
    """Each module of our packages and the modules of ours it imports, at the top or inside a
    function (an import on first use is an arrow all the same). ``from cardlib import render``
    counts as cardlib.render; a module's imports of its own packages' ``__init__`` are left out,
    as Python has those half-loaded already."""
    paths = {module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")}
    graph = {}
    for name, path in paths.items():
        wanted = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.level == 0, f"{path}: write the import in full, not relative"
                found = {f"{node.module}.{alias.name}" for alias in node.names} & paths.keys()
                wanted |= found if len(found) == len(node.names) else found | {node.module}
            elif isinstance(node, ast.Import):
                wanted |= {alias.name for alias in node.names}
        own_packages = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
        graph[name] = {m for m in wanted if m in paths and m != name and m not in own_packages}
    return graph


def package_of(module: str) -> str:
    return module.split(".")[0]


def test_no_package_imports_one_above_it():
    graph = import_graph()
    up = sorted(f"{name} imports {m}" for name, wanted in graph.items() for m in wanted
                if PACKAGES.index(package_of(m)) > PACKAGES.index(package_of(name)))
    assert up == [], f"arrows up (the order is {' < '.join(PACKAGES)}): {up}"


def test_the_order_tests_see_every_module_of_every_package():
    graph = import_graph()
    assert len(graph) > 80 and {package_of(name) for name in graph} == set(PACKAGES)
    assert {"cardlib.render", "card_tables.base", "exercises.progress", "shared_tables.rooms", "classroom.pools", "teacher.traveller_page"} <= graph.keys()


def test_no_modules_import_each_other_anywhere_in_the_tree():
    graph = import_graph()

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        return any(m == goal or (m not in seen and reaches(m, goal, seen | {m})) for m in graph[start])

    circles = sorted(name for name in graph if reaches(name, name, set()))
    assert circles == [], f"these modules import each other, directly or through others: {circles}"


def test_the_order_test_sees_an_import_on_first_use_and_a_circle(tmp_path, monkeypatch):
    """The two tests above fail on what they look for: a module that imports one above it inside
    a function, and two modules that import each other, one of them only on first use."""
    for package, source in (("cardlib", "def f():\n    from exercises import kinds\n"),
                            ("exercises", "import exercises.b\n"), ("card_tables", ""), ("shared_tables", ""), ("classroom", ""), ("teacher", "")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "a.py").write_text(source)
    (tmp_path / "exercises" / "kinds.py").write_text("")
    (tmp_path / "exercises" / "b.py").write_text("def g():\n    import exercises.a\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    graph = import_graph()
    assert graph["cardlib.a"] == {"exercises.kinds"} and graph["exercises.a"] == {"exercises.b"}
    with pytest.raises(AssertionError, match="cardlib.a imports exercises.kinds"):
        test_no_package_imports_one_above_it()
    with pytest.raises(AssertionError, match=r"\['exercises.a', 'exercises.b'\]"):
        test_no_modules_import_each_other_anywhere_in_the_tree()


def test_tasks_imports_none_of_our_packages():
    """tasks.py runs on the bare Python that makes .venv, before anything is installed."""
    tree = ast.parse((ROOT / "tasks.py").read_text(encoding="utf-8"))
    names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert not {package_of(name) for name in names} & set(PACKAGES)


def test_pictures_never_import_the_games_above_them():
    assert not import_graph()["cardlib.render"] & {"cardlib.manille", "cardlib.minibridge"}


def test_no_module_takes_another_modules_private_names():
    taken = []
    graph = import_graph()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in PACKAGES:
                    taken += [f"{path.relative_to(ROOT)}: {node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
            # and through the name of a module of ours it imports: render._px(...)
            stems = sorted({m.rsplit(".", 1)[-1] for m in graph[module_name(path)]} - {path.stem})
            if stems:
                text = path.read_text(encoding="utf-8")
                taken += [f"{path.relative_to(ROOT)}: {m.group(0)}"
                          for m in re.finditer(r"(?<![\w.])(?:" + "|".join(stems) + r")\._[a-z]\w*", text)]
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


def test_only_the_settings_module_reads_our_environment_variables():
    """A setting is read in cardlib/settings.py and nowhere else (tasks.py sets them for the
    apps it starts, which is writing, not reading)."""
    readers = []
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if path == ROOT / "cardlib" / "settings.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                used = node.args if isinstance(node, ast.Call) else [node.slice] if isinstance(node, ast.Subscript) else []
                if any(isinstance(a, ast.Constant) and str(a.value).startswith("MINIBRIDGE_") for a in used):
                    readers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert readers == [], f"read the setting through cardlib.settings instead: {readers}"
