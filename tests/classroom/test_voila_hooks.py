"""The parts of Voilà and of jupyter_server that the classroom server (classroom/pools.py) builds
on are not their public API: pyproject.toml pins both below their next version, and this test
fails, naming the part, as soon as an installed Voilà or jupyter_server moves or renames one."""
from __future__ import annotations

import inspect
from pathlib import Path

import jupyter_server
import voila
import voila.app
import voila.voila_kernel_manager as pooled
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, MappingKernelManager
from packaging.requirements import Requirement
from packaging.version import Version

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]


def parameters(function) -> list[str]:
    return list(inspect.signature(function).parameters)


def pinned(name: str) -> Requirement:
    lessons = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]["lessons"]
    [pin] = [Requirement(r) for r in lessons if Requirement(r).name == name]
    assert any(s.operator == "<" for s in pin.specifier), f"{name} needs an upper bound: the parts we use may move"
    return pin


def test_the_installed_voila_is_the_pinned_one():
    pin = pinned("voila")
    assert pin.specifier.contains(Version(voila.__version__)), f"Voilà {voila.__version__} is not {pin.specifier}"


def test_the_installed_jupyter_server_is_the_pinned_one():
    pin = pinned("jupyter-server")
    assert pin.specifier.contains(Version(jupyter_server.__version__)), (
        f"jupyter_server {jupyter_server.__version__} is not {pin.specifier}")


def test_voila_builds_its_kernel_manager_with_the_factory_the_classroom_wraps():
    assert voila.app.voila_kernel_manager_factory is pooled.voila_kernel_manager_factory
    assert "voila_kernel_manager_factory(" in inspect.getsource(voila.app.Voila.init_settings)
    assert parameters(pooled.voila_kernel_manager_factory) == [
        "base_class", "preheat_kernel", "default_pool_size", "page_config_hook"]
    assert callable(voila.app.Voila.get_default_logging_config)


def test_the_pooled_kernel_manager_has_the_parts_the_classroom_overrides():
    made = pooled.voila_kernel_manager_factory(AsyncMappingKernelManager, True, 0)
    assert parameters(made.get_rendered_notebook)[:3] == ["self", "notebook_name", "extra_kernel_env_variables"]
    assert parameters(made._initialize)[:3] == ["self", "notebook_path", "kernel_id"]
    assert parameters(made.get_pool_size) == ["self", "notebook_name"]
    assert all(callable(getattr(made, name, None)) for name in ("start_kernel", "shutdown_all", "fill_if_needed"))
    assert "kernel_pools_config" in made.class_traits()
    # The pools are a dict of lists of tasks, each giving a dict with the lesson's "task".
    assert "self._pools[notebook_name].pop(0)" in inspect.getsource(made.get_rendered_notebook)
    assert '{"task": task' in inspect.getsource(made._initialize)
    assert '"kernel_id": kernel_id}' in inspect.getsource(made._initialize)  # the kernel the lesson ran in


def test_the_activity_watch_the_classroom_replaces_is_jupyter_servers():
    source = inspect.getsource(MappingKernelManager.start_watching_activity)
    assert "kernel._activity_stream = kernel.connect_iopub()" in source
    assert "self._kernels[kernel_id]" in source
    assert "self.track_message_type(" in source and "self.last_kernel_activity = kernel.last_activity = utcnow()" in source
    assert "last_kernel_activity" in MappingKernelManager.class_traits()
    from jupyter_server._tz import utcnow  # a private module: classroom/pools.py dates activity as the server does

    assert utcnow().tzinfo is not None
