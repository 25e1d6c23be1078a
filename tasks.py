"""Everyday commands for the MiniBridge lessons, with nothing but Python 3.10+ installed.

    python3 tasks.py lessons   open the lessons in JupyterLab
    python3 tasks.py test      run the tests and every notebook

Each command makes the virtual environment .venv if it is missing and installs the
project into it; it installs again only when pyproject.toml has changed.
"""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / "minibridge-installed.json"
CONTENTS = Path("notebooks") / "00_contents.ipynb"
# The "test" extra includes the "lessons" extra, so a test install serves both.
COVERS = {"lessons": {"lessons"}, "test": {"lessons", "test"}}
NO_TESTS_COLLECTED = 5  # pytest's exit code


def venv_python() -> Path:
    """The Python inside .venv (bin/ on Linux and macOS, Scripts/ on Windows)."""
    for path in (VENV / "bin" / "python", VENV / "Scripts" / "python.exe"):
        if path.exists():
            return path
    return VENV / "bin" / "python"


def pyproject_hash() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def installed() -> set[str]:
    """The extras installed for the current pyproject.toml (empty if it changed since)."""
    try:
        stamp = json.loads(STAMP.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    if stamp.get("pyproject") != pyproject_hash():
        return set()
    return set(stamp.get("covers", []))


def prepare(extra: str) -> Path:
    """Make .venv if missing and install the project with ``extra``; returns its Python."""
    if not venv_python().exists():
        print(f"Making the virtual environment {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    python = venv_python()
    if COVERS[extra] <= installed():
        return python
    print(f'Installing the project with pip install -e ".[{extra}]" (only when pyproject.toml changes) ...',
          flush=True)
    subprocess.run([str(python), "-m", "pip", "install", "-e", f".[{extra}]"], cwd=ROOT, check=True)
    STAMP.write_text(json.dumps({"pyproject": pyproject_hash(), "covers": sorted(COVERS[extra])}),
                     encoding="utf-8")
    return python


def lessons(args: list[str]) -> int:
    """Open JupyterLab on the contents page of the lessons."""
    python = prepare("lessons")
    target = [str(CONTENTS)] if (ROOT / CONTENTS).exists() else []  # else the project folder
    if getattr(os, "geteuid", lambda: 1)() == 0:
        args = ["--allow-root", *args]  # containers and CI machines often run as root
    return subprocess.call([str(python), "-m", "jupyter", "lab", *target, *args], cwd=ROOT)


def test(args: list[str]) -> int:
    """Run the unit tests and every notebook (nbval-lax); returns pytest's exit code."""
    python = prepare("test")
    # Git keeps no empty folders: name only the places that exist in this checkout.
    paths = [p for p in ("tests", "notebooks") if (ROOT / p).is_dir()]
    command = [str(python), "-m", "pytest", *paths, "--nbval-lax", "-p", "no:cacheprovider", *args]
    print(" ".join(command), flush=True)
    code = subprocess.call(command, cwd=ROOT)
    if code == NO_TESTS_COLLECTED:
        print("pytest collected no tests: there are no tests or notebooks to run, "
              "or the options given deselected them all.", file=sys.stderr)
    return code


COMMANDS = {"lessons": lessons, "test": test}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip())
        return 2
    os.chdir(ROOT)
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
