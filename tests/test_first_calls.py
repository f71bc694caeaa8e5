"""Every first call is fast: the JIT cache the wheel ships holds every kernel the public API runs.

Kernels declare the argument types Python code calls them with (``pokerkeys._jit.kernel``) and
the wheel's build step compiles each declared signature (``hatch_build.py``). Here every public
function and command, with each kind of input it accepts (``first_calls.py``), runs in a fresh
process: every kernel call must match a declared signature, and, over the cache of a wheel
install copied as pip laid it out, no kernel may compile.
"""
import json
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from pokerkeys import _jit

HERE = Path(__file__).resolve().parent


def _wheel_install() -> tuple[Path, list[Path]] | None:
    """(site-packages, the package's files as pip installed them) of a wheel install of
    pokerkeys, or None for an editable one (no shipped cache)."""
    dist = metadata.distribution("pokerkeys")
    direct = dist.read_text("direct_url.json")
    if direct and json.loads(direct).get("dir_info", {}).get("editable"):
        return None
    files = [f for f in dist.files or [] if f.parts[0] == "pokerkeys" and f.suffix != ".pyc"]
    if not any(f.suffix == ".nbi" for f in files):
        return None  # built with POKERKEYS_JIT_CACHE=skip
    return Path(dist.locate_file("")), [Path(f) for f in files]


def _pristine_copy(site: Path, files: list[Path], where: Path) -> Path:
    """The wheel's files alone (sources, tables, the shipped cache), without what earlier
    tests may have compiled into the install since."""
    for file in files:
        target = where / file
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(site / file, target)
    return where


def _run_first_calls(tmp_path: Path, site: Path | None) -> dict[str, list[str]]:
    env = dict(os.environ, HOME=str(tmp_path / "home"))
    for name in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME", "POKERKEYS_WARM_UP"):
        env.pop(name, None)
    if site is not None:
        env["PYTHONPATH"] = str(site)
    (tmp_path / "home").mkdir()
    (tmp_path / "work").mkdir()
    run = subprocess.run([sys.executable, str(HERE / "first_calls.py"), str(tmp_path / "work")],
                         capture_output=True, text=True, env=env, timeout=1800,
                         cwd=tmp_path / "work")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])


@pytest.mark.slow
def test_every_first_call_runs_declared_kernels_and_compiles_nothing(tmp_path):
    installed = _wheel_install()
    site = None if installed is None else _pristine_copy(*installed, tmp_path / "site")
    report = _run_first_calls(tmp_path, site)
    assert report["failed"] == []
    assert report["undeclared"] == []
    if site is not None:  # over the shipped cache (an editable install compiles in its tree)
        assert report["compiled"] == []


def test_each_declared_signature_types_every_parameter_of_its_kernel():
    import inspect

    from numba.core import types
    declared = _jit.declared_kernels()
    assert len(declared) >= 25
    for name, (kernel, signatures) in declared.items():
        assert _jit.kernel_name(kernel) == name
        n_params = len(inspect.signature(kernel.py_func).parameters)
        for sig in signatures:
            assert len(sig) == n_params, name
            assert all(isinstance(t, types.Type) for t in sig), name
