"""The project's packaging: Binder's environment.yml agrees with pyproject.toml, and
``import cardlib`` stays light (no ipywidgets, numpy or matplotlib)."""
from __future__ import annotations

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


def test_binder_conda_packages_are_exactly_the_lessons_extra():
    conda, _ = conda_parts(environment())
    packages = [line for line in conda if line.split("=")[0].strip() not in ("python", "pip")]
    in_env = requirements_by_name(packages)
    lessons = requirements_by_name(pyproject()["project"]["optional-dependencies"]["lessons"])
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


def test_the_card_and_exercise_tests_run_without_ipywidgets(tmp_path):
    """Only the widget tests need ipywidgets: a machine with the rules alone runs the rest.
    A stand-in ``ipywidgets`` that cannot be imported hides the real one."""
    blocker = tmp_path / "ipywidgets"
    blocker.mkdir()
    (blocker / "__init__.py").write_text("raise ModuleNotFoundError('ipywidgets is not installed here')\n")
    tests = ROOT / "tests"
    widget_import = re.compile(r"^(from|import) (ipywidgets|cardlib\.widgets|exercises\.(?:widget|page|tables|chance_lab|coder_widget)|widget_tools)\b", re.M)
    uses_widgets = {p.name for p in tests.glob("test_*.py") if widget_import.search(p.read_text(encoding="utf-8"))}
    assert {"test_minibridge_table.py", "test_manille_table.py", "test_exercise_widget.py"} <= uses_widgets
    pure = sorted(str(p) for p in tests.glob("test_*.py") if p.name not in uses_widgets | {"test_packaging.py"})
    assert len(pure) >= 10
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), str(ROOT)]))
    out = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *pure,
                          "-k", "not browser"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "ipywidgets" not in out.stdout
