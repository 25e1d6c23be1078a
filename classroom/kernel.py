"""The kernel of a pupil's page: IPython's kernel without its debugger and its history file.

The app's kernel spec (``classroom/jupyter/kernels/python3``, found first because ``tasks.py
app`` puts ``classroom/jupyter`` on JUPYTER_PATH) starts this instead of ipykernel_launcher.
A pupil's page can send no debug request (the app lets only widget messages through), yet
ipykernel imports debugpy at start-up when it is installed: about 100 modules, 0.1 s of CPU
and 8 MB a kernel. The command history goes to one SQLite file shared by every kernel, which
30 kernels starting together would queue on; the app runs no typed commands to remember.
JupyterLab and the tests keep the ordinary kernel.
"""
from __future__ import annotations

import sys

PUPIL_KERNEL_OPTIONS = ["--HistoryManager.enabled=False"]


def main() -> None:
    sys.modules["debugpy"] = None  # "import debugpy" now fails, so ipykernel starts without a debugger
    from ipykernel import kernelapp

    kernelapp.launch_new_instance(argv=sys.argv[1:] + PUPIL_KERNEL_OPTIONS)


if __name__ == "__main__":
    main()
