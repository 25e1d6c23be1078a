"""The teacher's JupyterLab as ``python3 tasks.py lessons`` starts it: rooted at the project, so
the teacher's pages answer beside the lessons, with the news pop-up off and, for the Japanese
edition, JupyterLab's own menus in Japanese, all by settings overrides (the user's own
settings untouched)."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402

HOST = "127.0.0.1"


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def japanese_lab(tmp_path_factory):
    """JupyterLab started as ``tasks.py lessons --lang ja`` starts it, on a free local port, with
    a user settings folder of its own (empty) to show that nothing is written there."""
    home = tmp_path_factory.mktemp("lab")
    with socket.socket() as s:
        s.bind((HOST, 0))
        port = s.getsockname()[1]
    env = tasks.lab_environment("ja")
    env.update(JUPYTERLAB_SETTINGS_DIR=str(home / "user-settings"), JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"))
    command = tasks.lab_command(sys.executable, "ja", ["--no-browser", f"--port={port}", f"--ServerApp.ip={HOST}",
                                                       "--ServerApp.token=", "--ServerApp.password=", "--allow-root"])
    log = home / "lab.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://{HOST}:{port}"
    try:
        end = time.monotonic() + 90
        while not tasks.answers(url + "/api/status"):
            if process.poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"JupyterLab did not start:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.3)
        yield url, home
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.mark.parametrize("page", [str(tasks.CLASS_VIEW), str(tasks.PRINTOUTS), "notebooks/00_contents.ipynb",
                                  "notebooks/ja/00_contents.ipynb"])
def test_the_teachers_pages_answer_beside_the_lessons(japanese_lab, page):
    url, _ = japanese_lab
    assert status(f"{url}/api/contents/{page}?content=0") == 200
    assert status(f"{url}/lab/tree/{page}") == 200


def test_the_news_pop_up_is_off_and_the_menus_are_japanese(japanese_lab):
    url, home = japanese_lab
    # An override is the setting's default (what JupyterLab uses): the user's own settings stay empty.
    news = get_json(f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification")
    assert news["schema"]["properties"]["fetchNews"]["default"] == "false"  # "Never", so it never asks
    assert news["schema"]["properties"]["checkForUpdates"]["default"] is False
    language = get_json(f"{url}/lab/api/settings/@jupyterlab/translation-extension:plugin")
    assert language["schema"]["properties"]["locale"]["default"] == "ja_JP"
    assert news["settings"] == {} and language["settings"] == {}
    menus = get_json(f"{url}/lab/api/translations/ja_JP")["data"]
    assert menus["jupyterlab"][""]["language"] == "ja-JP" and menus["jupyterlab"]["Edit"] == ["編集"]
    assert not (home / "user-settings").exists() or not any((home / "user-settings").rglob("*"))


def test_english_lessons_get_the_news_off_without_the_japanese_menus():
    paths = tasks.lab_environment("en", {})["JUPYTER_CONFIG_PATH"].split(tasks.os.pathsep)
    assert paths == [str(tasks.LAB_SETTINGS)]
    assert tasks.lab_environment("ja", {"JUPYTER_CONFIG_PATH": "/etc/x"})["JUPYTER_CONFIG_PATH"].split(
        tasks.os.pathsep) == [str(tasks.LAB_SETTINGS / "ja"), str(tasks.LAB_SETTINGS), "/etc/x"]
