"""Wheel build step: compile every kernel for the argument types it declares, and ship Numba's
cache.

``pip install .`` builds a wheel on the machine it installs on, so the machine code compiled
here is valid there: the first call of any public function or command after the install loads
it instead of compiling for seconds. Each kernel that Python code calls declares the signatures
it is called with (``pokerkeys._jit.kernel``), so the cache is complete by construction. The
package is copied to a staging folder, ``python -m pokerkeys._warm_up --all`` compiles every
declared signature there in one process per core (at most 4; the cache going to the staging
copy's ``__pycache__`` folders), and the ``.nbi``/``.nbc`` files are added to the wheel beside
the sources they were compiled from.

Numba's cache index keys each kernel on the numba version, the CPU name and features, the
Python version, the sha256 of its source file (not its time stamp, which pip does not keep)
and its bytecode; pokerkeys adds a fingerprint of every kernel source (``_jit._KernelCache``).
Installed on another CPU, with another numba or over other sources, the shipped files simply
do not match and kernels compile on first use, as without them.

A build keeps a copy of what it compiled in the user cache folder (``$XDG_CACHE_HOME`` or
``~/.cache``, then ``pokerkeys/wheel-jit/<key>``; the last few are kept), the key covering
everything that decides the machine code (``python -m pokerkeys._warm_up --cache-key``: the
package's sources, the versions of Python, numba, llvmlite and numpy, the CPU, the ``NUMBA_``
settings). A later build under the same key copies it instead of compiling: ``pip install
'.[test]'`` after ``pip install .`` compiles nothing again.

Editable installs build no JIT cache (the kernels compile on first use into the source tree).
``POKERKEYS_JIT_CACHE=skip`` turns the step off, ``POKERKEYS_JIT_CACHE=rebuild`` compiles even
when a copy exists; if the step fails (no numba in the build environment, a crash), the wheel
is built without a cache and a warning says so.

The hook also compiles the small C extension of one-hand calls
(``src/pokerkeys/_kernels/_one_hand.c``, setuptools' ``build_ext``, optimised, no CPU-specific
flags: the wheel may be copied between machines of one architecture) and puts it in the wheel,
which is then platform-specific (its tag names the Python and the platform). An editable
install builds it in place, into ``src/pokerkeys/_kernels/``. ``POKERKEYS_NATIVE=off`` skips
it; a compile failure prints a warning and the wheel is built without it (the plain-Python
paths do the same work, slower).
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

CACHE_SUFFIXES = (".nbi", ".nbc")
# Copies of earlier builds' caches kept in the user cache folder (a few MB each).
KEEP_BUILDS = 4
# The declared kernels' compile in CPU seconds on one core (AMD EPYC; see _warm_up.py's
# COMPILE_SECONDS), the longest kernel's, and what a process adds (its start, the Numba
# internals each compiles again): the estimate the build announces.
COMPILE_CPU_SECONDS = 57
LONGEST_KERNEL_SECONDS = 4
PROCESS_SECONDS = 2

# The one-hand C extension: its source and module name.
NATIVE_SOURCE = Path("src/pokerkeys/_kernels/_one_hand.c")
NATIVE_MODULE = "pokerkeys._kernels._one_hand"


def native_enabled() -> bool:
    """False when POKERKEYS_NATIVE=off (or 0, no, false) asks for a pure-Python build."""
    return os.environ.get("POKERKEYS_NATIVE", "").strip().lower() not in ("off", "0", "no",
                                                                            "false")


def build_native(root: Path, build_dir: Path, *, inplace: bool = False) -> Path:
    """Compile the one-hand C extension of the package at ``root``; returns the built file.

    In ``build_dir`` (its temporary files and the module); with ``inplace``, the module is then
    moved beside its source as a new file (a process that loaded the old one keeps it). Raises
    an Exception (setuptools' compile and link errors, a missing setuptools) if it cannot be
    built."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    class _BuildExt(build_ext):  # type: ignore[misc]  # setuptools is untyped here
        def build_extensions(self) -> None:
            optimise = ["/O2"] if self.compiler.compiler_type == "msvc" else ["-O3"]
            for ext in self.extensions:
                ext.extra_compile_args = optimise
            super().build_extensions()

    extension = Extension(NATIVE_MODULE, [str(root / NATIVE_SOURCE)])
    command = _BuildExt(Distribution({"name": "pokerkeys-one-hand", "ext_modules": [extension],
                                      "script_name": "hatch_build.py"}))
    command.build_temp = str(build_dir / "temp")
    command.build_lib = str(build_dir / "lib")
    command.ensure_finalized()
    command.run()
    built = Path(command.get_ext_fullpath(NATIVE_MODULE))
    if not inplace:
        return built
    target = root / NATIVE_SOURCE.parent / built.name
    staged = target.with_name(f".{built.name}.{os.getpid()}")
    shutil.copy2(built, staged)
    os.replace(staged, target)
    return target


def _stage(root: Path, staging: Path) -> tuple[Path, dict[str, str]]:
    """Copy the package (with its tables) under ``staging``; the copy, and the environment
    that runs it."""
    package = staging / "pokerkeys"
    shutil.copytree(root / "src" / "pokerkeys", package,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(root / "tables", package / "tables")
    env = dict(os.environ, POKERKEYS_WARM_UP="off",
               PYTHONPATH=os.pathsep.join(filter(None, [str(staging),
                                                        os.environ.get("PYTHONPATH")])))
    for name in ("NUMBA_CACHE_DIR", "NUMBA_DISABLE_JIT", "POKERKEYS_TABLES"):
        env.pop(name, None)
    return package, env


def _cache_files(package: Path) -> dict[str, str]:
    """{cache file under the staged package: its path in the wheel}."""
    return {str(path): f"pokerkeys/{path.relative_to(package).as_posix()}"
            for path in sorted(package.rglob("__pycache__/*"))
            if path.suffix in CACHE_SUFFIXES}


def _compile(package: Path, env: dict[str, str], jobs: tuple[str, ...], timeout: float) -> None:
    work = package.parent / "work"  # input and output files of the commands
    work.mkdir(exist_ok=True)
    subprocess.run([sys.executable, "-m", "pokerkeys._warm_up", *jobs], cwd=work, env=env,
                   check=True, timeout=timeout, stdout=subprocess.DEVNULL,
                   stderr=subprocess.PIPE)


def build_jit_cache(root: Path, staging: Path, jobs: tuple[str, ...] = ("--all",),
                    timeout: float = 1800) -> dict[str, str]:
    """Compile the package at ``root`` in a copy under ``staging``; returns {cache file: path
    in the wheel}. Raises CalledProcessError/TimeoutExpired if the compile run fails."""
    package, env = _stage(root, staging)
    _compile(package, env, jobs, timeout)
    return _cache_files(package)


def user_store() -> Path:
    """Where builds keep copies of the caches they compiled."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "pokerkeys" / "wheel-jit"


def cache_key(package: Path, env: dict[str, str]) -> str:
    """The key of the cache the staged package would build (see the module docstring)."""
    run = subprocess.run([sys.executable, "-m", "pokerkeys._warm_up", "--cache-key"],
                         cwd=package.parent, env=env, check=True, timeout=600,
                         capture_output=True, text=True)
    return run.stdout.strip()


def _keep(package: Path, store: Path, key: str) -> None:
    """Copy the staged package's cache files to ``store/key`` (whole or not at all), and drop
    all but the newest KEEP_BUILDS copies. A store that cannot be written is left alone."""
    partial = store / f".{key}.{os.getpid()}"
    try:
        for source, in_wheel in _cache_files(package).items():
            target = partial / in_wheel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        partial.rename(store / key)
    except OSError:
        shutil.rmtree(partial, ignore_errors=True)
        return
    builds = sorted((p for p in store.iterdir() if not p.name.startswith(".")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[KEEP_BUILDS:]:
        shutil.rmtree(old, ignore_errors=True)


def _reuse(package: Path, kept: Path) -> bool:
    """Copy a kept build's cache files into the staged package; False if there is none."""
    files = [p for p in kept.rglob("*") if p.suffix in CACHE_SUFFIXES]
    if not files:
        return False
    for path in files:
        target = package.parent / path.relative_to(kept)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    os.utime(kept)  # newest first when pruning
    return True


def processes() -> int:
    """Compile processes: one per core this build may use, at most 4 (the longest command's
    compile bounds the time beyond that)."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(4, cores or 1))


def estimate_seconds(n: int) -> int:
    """Roughly how long the compile takes in ``n`` processes, to 5 s."""
    seconds = max(COMPILE_CPU_SECONDS / n, LONGEST_KERNEL_SECONDS) + PROCESS_SECONDS
    return int(5 * round(seconds / 5))


def jit_cache(root: Path, staging: Path, store: Path | None, *, rebuild: bool = False,
              announce: Callable[[str], object] = print, timeout: float = 1800
              ) -> tuple[dict[str, str], Path | None]:
    """The kernels' cache for the package at ``root``, staged under ``staging``:
    copied from ``store`` when a build kept there has the same key, else compiled (and a copy
    kept there). Returns ({cache file: path in the wheel}, the folder it was copied from, or
    None). ``announce`` gets the line to show before a compile starts. Raises
    CalledProcessError/TimeoutExpired if the compile run fails."""
    package, env = _stage(root, staging)
    key = cache_key(package, env) if store is not None else None
    if store is not None and key and not rebuild and _reuse(package, store / key):
        return _cache_files(package), store / key
    n = processes()
    announce(f"pokerkeys: compiling every Numba kernel for this CPU, so that no first call "
             f"needs to (about {estimate_seconds(n)} s in {n} "
             f"process{'es' if n > 1 else ''}; POKERKEYS_JIT_CACHE=skip skips it)")
    _compile(package, env, ("--all", "--processes", str(n)), timeout)
    if store is not None and key:
        _keep(package, store, key)
    return _cache_files(package), None


class JitCacheHook(BuildHookInterface):
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        self._staging: Path | None = None
        self._native_dir: Path | None = None
        if self.target_name != "wheel":
            return
        self._build_native(version, build_data)
        if version == "editable":
            return
        setting = os.environ.get("POKERKEYS_JIT_CACHE", "").lower()
        if setting == "skip":
            return
        self._staging = Path(tempfile.mkdtemp(prefix="pokerkeys-jit-"))
        started = time.monotonic()
        try:
            store: Path | None = user_store()
        except RuntimeError:  # no home folder
            store = None
        try:
            files, reused = jit_cache(Path(self.root), self._staging, store,
                                      rebuild=setting == "rebuild",
                                      announce=self.app.display_waiting)
        except (OSError, subprocess.SubprocessError) as exc:
            detail = getattr(exc, "stderr", None) or b""
            if isinstance(detail, str):
                detail = detail.encode()
            last = detail.decode(errors="replace").strip().splitlines()[-1:] or [str(exc)]
            self.app.display_warning(f"pokerkeys: warning: no JIT cache in the wheel (kernels "
                                     f"will compile on first use): {last[0]}")
            return
        build_data["force_include"].update(files)
        if reused is not None:
            self.app.display_info(f"pokerkeys: {len(files)} JIT cache files copied from an "
                                  f"earlier build of the same sources ({reused})")
        else:
            self.app.display_info(f"pokerkeys: {len(files)} JIT cache files compiled in "
                                  f"{time.monotonic() - started:.0f} s")

    def _build_native(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile the one-hand C extension into the wheel (in place for an editable install),
        or warn and leave the wheel pure Python."""
        if not native_enabled():
            self.app.display_info("pokerkeys: POKERKEYS_NATIVE=off: no C extension, one-hand "
                                  "calls run in plain Python")
            return
        self._native_dir = Path(tempfile.mkdtemp(prefix="pokerkeys-native-"))
        editable = version == "editable"
        try:
            built = build_native(Path(self.root), self._native_dir, inplace=editable)
        except Exception as exc:  # any compile failure: a pure-Python wheel
            self.app.display_warning(f"pokerkeys: warning: the C extension for one-hand calls "
                                     f"did not build, so they run in plain Python (slower): "
                                     f"{type(exc).__name__}: {exc}")
            return
        if editable:  # built beside its source, which the editable install imports
            self.app.display_info(f"pokerkeys: C extension for one-hand calls built in place: "
                                  f"{built}")
            return
        build_data["force_include"][str(built)] = f"pokerkeys/_kernels/{built.name}"
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # the wheel names its Python and platform
        self.app.display_info(f"pokerkeys: C extension for one-hand calls built: {built.name}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        if getattr(self, "_staging", None) is not None:
            shutil.rmtree(self._staging, ignore_errors=True)
        if getattr(self, "_native_dir", None) is not None:
            shutil.rmtree(self._native_dir, ignore_errors=True)
