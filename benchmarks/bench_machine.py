"""What a benchmark ran on: the CPU, the date, the package versions and the pokerkeys source.

Shared by the pytest-benchmark suite (``conftest.py`` adds it to the JSON file's
``machine_info["pokerkeys"]``) and by the C++ comparison (``cpp/compare.py``), so that
``scripts/performance_report.py`` reads one layout from both.
"""
from __future__ import annotations

import datetime
import os
import platform
import subprocess
from pathlib import Path
from typing import Any

# CPU features the kernels' speed depends on: AVX2 for the SIMD key sums of batch evaluation,
# BMI2 for the PDEP card picks of Monte Carlo, AVX-512 (F, VBMI) for wider vectors.
FLAGS_OF_INTEREST = ("avx2", "bmi2", "avx512f", "avx512vbmi")


def utc_now() -> str:
    """The current time in UTC, ISO 8601 to the second (``2026-11-25T13:40:00Z``)."""
    now = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    return now.isoformat().replace("+00:00", "Z")


def cpu() -> dict[str, Any]:
    """The CPU's model name, logical CPU count, the flags of interest and LLVM's name for it."""
    model, flags = "", set[str]()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                key, _, value = line.partition(":")
                key = key.strip()
                if key == "model name" and not model:
                    model = value.strip()
                elif key == "flags" and not flags:
                    flags = set(value.split())
    except OSError:
        pass
    try:
        import llvmlite.binding as llvm

        llvm_name = str(llvm.get_host_cpu_name())
    except Exception:  # llvmlite missing or too old: the name is a courtesy
        llvm_name = ""
    return {
        "model": model or platform.processor() or platform.machine(),
        "logical_cpus": os.cpu_count(),
        "flags": {name: name in flags for name in FLAGS_OF_INTEREST} if flags else {},
        "llvm_name": llvm_name,
    }


def _git(folder: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(folder), *args], capture_output=True, text=True,
                              timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def git_source(folder: Path) -> dict[str, Any]:
    """The commit of the git work tree holding ``folder`` and whether ``folder`` differs from
    it (uncommitted changes to tracked files); ``{}`` outside a work tree."""
    commit = _git(folder, "rev-parse", "HEAD")
    if commit is None:
        return {}
    status = _git(folder, "status", "--porcelain", "--untracked-files=no", "--", ".")
    return {"commit": commit, "modified": bool(status)}


def versions() -> dict[str, Any]:
    """pokerkeys (version, folder, commit if it is a checkout) and the versions of what its
    speed depends on: Python, NumPy, Numba, llvmlite, Numba's thread count."""
    import llvmlite
    import numba
    import numpy

    import pokerkeys

    package = Path(pokerkeys.__file__).resolve().parent
    out: dict[str, Any] = {
        "pokerkeys": pokerkeys.__version__,
        "pokerkeys_path": str(package),
    }
    source = git_source(package)
    if source:
        out["pokerkeys_commit"] = source["commit"]
        out["pokerkeys_modified"] = source["modified"]
    out.update({
        "python": platform.python_version(),
        "numpy": numpy.__version__,
        "numba": numba.__version__,
        "llvmlite": llvmlite.__version__,
        "numba_num_threads": numba.config.NUMBA_NUM_THREADS,
    })
    return out


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages, as /proc/loadavg gives them ("" if unknown)."""
    try:
        with open("/proc/loadavg") as f:
            return " ".join(f.read().split()[:3])
    except OSError:
        return ""
