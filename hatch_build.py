"""Wheel build step: compile the kernels the README's commands use, and ship Numba's cache.

``pip install .`` builds a wheel on the machine it installs on, so the machine code compiled
here is valid there: a first ``pokerkeys equity ...`` after the install loads it instead of
compiling for seconds. The package is copied to a staging folder, ``python -m
pokerkeys._warm_up --all`` runs the README's commands there (compiling in line, the cache going
to the staging copy's ``__pycache__`` folders), and the ``.nbi``/``.nbc`` files are added to the
wheel beside the sources they were compiled from.

Numba's cache index keys each kernel on the numba version, the CPU name and features, the
Python version, the sha256 of its source file (not its time stamp, which pip does not keep)
and its bytecode; pokerkeys adds a fingerprint of every kernel source (``_jit._KernelCache``).
Installed on another CPU, with another numba or over other sources, the shipped files simply
do not match and kernels compile on first use, as without them.

Editable installs build nothing (the kernels compile on first use into the source tree).
``POKERKEYS_JIT_CACHE=skip`` turns the step off; if it fails (no numba in the build
environment, a crash), the wheel is built without a cache and a warning says so.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CACHE_SUFFIXES = (".nbi", ".nbc")


def build_jit_cache(root: Path, staging: Path, jobs: tuple[str, ...] = ("--all",),
                    timeout: float = 1800) -> dict[str, str]:
    """Compile the package at ``root`` in a copy under ``staging``; returns {cache file: path
    in the wheel}. Raises CalledProcessError/TimeoutExpired if the compile run fails."""
    package = staging / "pokerkeys"
    shutil.copytree(root / "src" / "pokerkeys", package,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(root / "tables", package / "tables")
    env = dict(os.environ, POKERKEYS_WARM_UP="off",
               PYTHONPATH=os.pathsep.join(filter(None, [str(staging),
                                                        os.environ.get("PYTHONPATH")])))
    for name in ("NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT", "POKERKEYS_TABLES"):
        env.pop(name, None)
    work = staging / "work"  # input and output files of the commands
    work.mkdir()
    subprocess.run([sys.executable, "-m", "pokerkeys._warm_up", *jobs], cwd=work, env=env,
                   check=True, timeout=timeout, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE)
    return {str(path): f"pokerkeys/{path.relative_to(package).as_posix()}"
            for path in sorted(package.rglob("__pycache__/*"))
            if path.suffix in CACHE_SUFFIXES}


class JitCacheHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version, build_data):
        self._staging = None
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("POKERKEYS_JIT_CACHE", "").lower() == "skip":
            return
        self._staging = Path(tempfile.mkdtemp(prefix="pokerkeys-jit-"))
        started = time.monotonic()
        print("pokerkeys: compiling the kernels for the JIT cache the wheel ships "
              "(about a minute; POKERKEYS_JIT_CACHE=skip skips it)", file=sys.stderr)
        try:
            files = build_jit_cache(Path(self.root), self._staging)
        except (OSError, subprocess.SubprocessError) as exc:
            detail = getattr(exc, "stderr", None) or b""
            last = detail.decode(errors="replace").strip().splitlines()[-1:] or [str(exc)]
            print(f"pokerkeys: warning: no JIT cache in the wheel (kernels will compile on "
                  f"first use): {last[0]}", file=sys.stderr)
            return
        build_data["force_include"].update(files)
        print(f"pokerkeys: {len(files)} JIT cache files in "
              f"{time.monotonic() - started:.0f} s", file=sys.stderr)

    def finalize(self, version, build_data, artifact_path):
        if getattr(self, "_staging", None) is not None:
            shutil.rmtree(self._staging, ignore_errors=True)
