"""tasks.py, the everyday commands: the app's options, the lesson they name, and the Voilà
command line they make (standard library only, so it runs before the virtual environment)."""
from __future__ import annotations

import ast
import json
import os
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def test_the_teachers_own_screen_keeps_the_teachers_notes():
    options = tasks.app_options(["--teacher"])
    assert options["audience"] == "teacher" and not options["projector"]
    command = tasks.voila_command("python", audience=options["audience"])
    assert not any("TagRemovePreprocessor" in part for part in command)
    assert tasks.app_environment(options["projector"], {}, audience="teacher")["MINIBRIDGE_AUDIENCE"] == "teacher"


def test_the_class_screen_leaves_out_the_teachers_notes_and_teacher_mode():
    options = tasks.app_options(["--projector"])
    assert options["audience"] == "pupils" and options["projector"]
    command = tasks.voila_command("python", audience=options["audience"])
    assert f"--TagRemovePreprocessor.remove_cell_tags={tasks.TEACHER_TAG}" in command
    env = tasks.app_environment(options["projector"], {}, audience=options["audience"])
    assert env["MINIBRIDGE_AUDIENCE"] == "pupils" and env["MINIBRIDGE_PROJECTOR"] == "1"


def test_the_class_screen_and_the_teachers_notes_are_two_apps(capsys):
    with pytest.raises(SystemExit):
        tasks.app_options(["--projector", "--teacher"])
    assert "never shows the teacher's notes" in capsys.readouterr().err


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
    (["--lesson"], "expected one argument"),
    (["--class-size", "many", "--lesson", "5"], "takes a whole number, not 'many'"),
    (["--close-after", "-3"], "positive number of minutes"),
    (["--lesson", "42"], "No single lesson"),
    (["--colour"], "unrecognized arguments: --colour"),
    (["--lang", "fr"], "invalid choice: 'fr'"),
    (["--site", "school-laptop"], "--site takes the website's address"),
    (["--progress-url", "hub.school/class_5b"], "takes a PostgreSQL address"),
])
def test_a_wrong_option_is_said_in_plain_words_under_the_usage(args, words, capsys):
    with pytest.raises(SystemExit) as stopped:
        tasks.app_options(args)
    said = capsys.readouterr().err
    assert stopped.value.code == 2 and said.startswith("usage: python3 tasks.py app") and words in said


def test_the_japanese_app_opens_the_japanese_contents_and_lessons(tmp_path, monkeypatch, capsys):
    ja = tmp_path / "notebooks" / "ja"
    ja.mkdir(parents=True)
    for name in ("00_contents", "05_choosing_the_contract", "06_scoring"):
        (ja / f"{name}.ipynb").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(tasks, "ROOT", tmp_path)
    options = tasks.app_options(["--lang", "ja", "--lesson", "05", "--class-size", "4", "--projector"])
    assert options["ready"] == {"ja/05_choosing_the_contract.ipynb": 4} and options["audience"] == "pupils"
    assert tasks.start_page(8866, lang="ja") == "http://localhost:8866/voila/render/ja/00_contents.ipynb"
    # Each page speaks its folder's language, whatever was set before: both editions from one app.
    assert "MINIBRIDGE_LANG" not in tasks.app_environment(True, {"MINIBRIDGE_LANG": "ja"}, audience="teacher")
    assert "MINIBRIDGE_LANG" not in tasks.lab_environment("ja", {"MINIBRIDGE_LANG": "en"})


def test_jupyterlab_is_rooted_at_the_project_and_opens_the_contents_page():
    command = tasks.lab_command("python", "ja", ["--no-browser"])
    assert command[1:4] == ["-m", "jupyter", "lab"] and f"--ServerApp.root_dir={tasks.ROOT}" in command
    assert command[-2:] == [str(Path("notebooks") / "ja" / "00_contents.ipynb"), "--no-browser"]


def test_the_options_after_a_command_go_to_the_tool_it_runs():
    options, rest = tasks.read_command_line(["test", "--quick", "-k", "manille"])
    assert options.quick and rest == ["-k", "manille"]
    quick = tasks.test_command("python", quick=True, args=rest)
    assert "notebooks" not in quick and "--nbval-lax" not in quick and quick[quick.index("-m", 2) + 1] == "not browser"
    assert "no:nbval" in quick  # the unit loop does not load nbval
    assert "notebooks" in tasks.test_command("python")
    # A worker a core and one more, with a notebook's cells on one worker; "-n 0" given after the command wins.
    full = tasks.test_command("python", args=["-n", "0"])
    assert int(full[full.index("-n") + 1]) == (os.cpu_count() or 1) + 1 and "loadfile" in full and full[-2:] == ["-n", "0"]
    options, rest = tasks.read_command_line(["print", "--lang", "ja", "--paper", "a4"])
    assert options.lang == "ja" and rest == ["--paper", "a4"]
    assert tasks.read_command_line(["print", "--help"])[1] == ["--help"]  # the pack's own help


def test_the_app_is_served_with_our_template_and_kernel_spec():
    env = tasks.app_environment(False, {})
    assert env["JUPYTER_PATH"].split(":")[0] == str(tasks.TEMPLATES)
    assert (tasks.TEMPLATES / "voila" / "templates" / tasks.TEMPLATE / "index.html.j2").exists()
    spec = json.loads((tasks.TEMPLATES / "kernels" / "python3" / "kernel.json").read_text(encoding="utf-8"))
    assert spec["argv"][:3] == ["python", "-m", "classroom.kernel"]
    assert tasks.voila_command("python")[1:3] == ["-m", "classroom"]


def test_the_readme_names_every_option_of_every_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = tasks.parser()._subparsers._group_actions[0].choices
    for name, command in commands.items():
        for action in command._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert option in readme, f"{name} {option}"


def test_the_readme_and_the_docs_link_only_to_files_that_are_there():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    missing = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", text):
            if not (page.parent / target).exists():
                missing.append(f"{page.relative_to(ROOT)} -> {target}")
        for named in re.findall(r"`(docs/[\w./-]+\.(?:png|md))`", text):
            if not (ROOT / named).exists():
                missing.append(f"{page.relative_to(ROOT)} -> {named}")
    assert len(pages) >= 5 and missing == []


def test_app_tables_open_the_class_tables_with_their_boards():
    options = tasks.app_options(["--tables", "8", "--game", "manille", "--boards", "7:8"])
    assert options["tables"] == ["--tables", "8", "--game", "manille", "--lang", "en", "--boards", "7:8"]
    assert tasks.app_options(["--tables", "2", "--lesson", "12"])["tables"][-2:] == ["--lesson", "12"]
    hub = "postgresql://minibridge:choose-one@hub.school/class_5b"
    assert tasks.app_options(["--progress-url", hub])["progress_url"] == hub
    assert tasks.app_options([])["tables"] == []
    for wrong in (["--boards", "7:8"], ["--tables", "0"], ["--tables", "3", "--boards", "seven"],
                  ["--tables", "3", "--boards", "7:8", "--lesson", "12"]):
        with pytest.raises(SystemExit):
            tasks.app_options(wrong)


def test_the_teachers_app_names_pages_that_exist():
    assert all((tasks.ROOT / "teacher" / page).is_file() for page in tasks.TEACHER_PAGES)
    assert tasks.teacher_page("class_tables.ipynb", 8867) == \
        "http://localhost:8867/voila/render/teacher/class_tables.ipynb"


def test_the_app_says_at_its_start_that_its_kernels_take_a_while_and_how_it_will_say_they_are_ready(monkeypatch, capsys):
    """The start says the kernels come one every few seconds, and names the line the server's log
    writes once all of them are ready (classroom.pools writes it with the same number)."""
    from classroom.pools import ClassroomVoila

    assert tasks.WARM_KERNELS == ClassroomVoila.warm_kernels.default_value
    monkeypatch.setattr(tasks, "prepare", lambda extra: "python")
    monkeypatch.setattr(tasks, "serve", lambda command, env: 0)
    assert tasks.app(tasks.read_command_line(["app", "--no-browser"])[0], []) == 0
    said = capsys.readouterr().out
    assert "one every 2 to 5 seconds" in said and f'"All {tasks.WARM_KERNELS} warm kernels are ready"' in said
    assert "All %d warm kernels are ready" in Path(tasks.ROOT, "classroom", "pools.py").read_text()


def test_the_app_given_the_sites_address_lets_the_sites_pages_send_work(monkeypatch, capsys):
    """--site goes to the server's environment (classroom.hand_in answers that origin alone)."""
    monkeypatch.setattr(tasks, "prepare", lambda extra: "python")
    served = {}
    monkeypatch.setattr(tasks, "serve", lambda command, env: served.update(env) or 0)
    assert tasks.app(tasks.read_command_line(["app", "--no-browser", "--site", "http://192.168.1.20:8000/"])[0], []) == 0
    assert served["MINIBRIDGE_SITE"] == "http://192.168.1.20:8000/"
    assert "http://192.168.1.20:8000/" in capsys.readouterr().out
