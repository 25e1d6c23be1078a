"""tasks.py, the everyday commands: the app's options, the lesson they name, and the Voilà
command line they make (standard library only, so it runs before the virtual environment)."""
from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402


def test_tasks_imports_only_the_standard_library():
    tree = ast.parse((ROOT / "tasks.py").read_text(encoding="utf-8"))
    names = {alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    names |= {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert names - {"__future__"} <= set(sys.stdlib_module_names)


@pytest.mark.parametrize("wanted", ["5", "05", "05_choosing_the_contract", "05_choosing_the_contract.ipynb"])
def test_a_lesson_is_found_by_its_number_or_its_name(wanted):
    assert tasks.find_lesson(wanted) == "05_choosing_the_contract.ipynb"


@pytest.mark.parametrize("wanted", ["99", "manille", ""])
def test_no_lesson_or_several_is_said_in_plain_words(wanted):
    with pytest.raises(ValueError, match="The lessons are: 00_contents, 01_"):
        tasks.find_lesson(wanted)


def test_the_app_for_pupils_by_default():
    options = tasks.app_options([])
    assert options["audience"] == "pupils" and options["ready"] == {} and not options["projector"]
    command = tasks.voila_command("python", audience="pupils")
    assert "--TagRemovePreprocessor.enabled=True" in command
    assert f"--TagRemovePreprocessor.remove_cell_tags={tasks.TEACHER_TAG}" in command
    assert f"--VoilaConfiguration.template={tasks.TEMPLATE}" in command
    assert not any("preheat" in part for part in command)
    assert tasks.app_environment(False, {})["MINIBRIDGE_AUDIENCE"] == "pupils"


@pytest.mark.parametrize("flag", ["--projector", "--teacher"])
def test_the_teachers_app_keeps_the_teachers_notes(flag):
    options = tasks.app_options([flag])
    assert options["audience"] == "teacher" and options["projector"] == (flag == "--projector")
    command = tasks.voila_command("python", audience=options["audience"])
    assert not any("TagRemovePreprocessor" in part for part in command)
    assert tasks.app_environment(options["projector"], {}, audience="teacher")["MINIBRIDGE_AUDIENCE"] == "teacher"


def test_the_lesson_of_the_day_gets_kernels_kept_ready_and_no_other():
    options = tasks.app_options(["--lesson", "5", "--class-size=12", "--close-after", "20"])
    assert options["ready"] == {"05_choosing_the_contract.ipynb": 12} and options["close_after"] == 20
    command = tasks.voila_command("python", ready=options["ready"], close_after=options["close_after"])
    assert "--VoilaConfiguration.preheat_kernel=True" in command
    pools = next(p for p in command if p.startswith("--VoilaKernelManager.kernel_pools_config="))
    assert json.loads(pools.split("=", 1)[1]) == {"default": {"pool_size": 0},
                                                   "05_choosing_the_contract.ipynb": {"pool_size": 12}}
    assert "--MappingKernelManager.cull_idle_timeout=1200" in command
    assert "--MappingKernelManager.cull_connected=False" in command
    assert tasks.app_options(["--lesson=05"])["ready"] == {"05_choosing_the_contract.ipynb": tasks.CLASS_SIZE}


@pytest.mark.parametrize("args, words", [
    (["--class-size", "30"], "goes with --lesson"),
    (["--lesson"], "needs a value"),
    (["--class-size", "many", "--lesson", "5"], "takes a number"),
    (["--lesson", "42"], "No single lesson"),
    (["--colour"], "Unknown option"),
])
def test_a_wrong_option_is_said_in_plain_words(args, words):
    with pytest.raises(ValueError, match=words):
        tasks.app_options(args)


def test_the_app_is_served_with_our_template_and_kernel_spec():
    env = tasks.app_environment(False, {})
    assert env["JUPYTER_PATH"].split(":")[0] == str(tasks.TEMPLATES)
    assert (tasks.TEMPLATES / "voila" / "templates" / tasks.TEMPLATE / "index.html.j2").exists()
    spec = json.loads((tasks.TEMPLATES / "kernels" / "python3" / "kernel.json").read_text(encoding="utf-8"))
    assert spec["argv"][:3] == ["python", "-m", "classroom.kernel"]
    assert tasks.voila_command("python")[1:3] == ["-m", "classroom"]


def test_the_readme_and_the_help_name_every_option_of_the_app():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for option in tasks.APP_FLAGS + tasks.APP_VALUES:
        assert option in readme and option in tasks.__doc__, option
