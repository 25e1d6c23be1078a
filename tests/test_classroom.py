"""The classroom server's parts that can be checked without starting it: the light activity
watch decides as jupyter_server's does, and the pupils' kernel starts without a debugger.
(The server itself is driven by tests/browser and benchmarks/bench_app_load.py.)"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from classroom.pools import LightActivityWatch  # noqa: E402


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
