"""Installed read-only and run by a user with no writable home, every command still works.

A wheel of the package (built without its JIT cache, so the test need not wait for the whole
cache to compile) is installed into a fresh virtual environment, the kernels of one command
are added where a wheel ships them, the package folder is made read-only, and commands are run
as ``nobody`` (via ``subprocess``'s ``user=``; needs root, skipped elsewhere) with
``HOME=/nonexistent`` or no HOME at all. The cache shipped in the package is read; kernels
compiled on top go to the user cache folder when there is a writable home, else to a private
temporary folder (``pokerkeys-<uid>``, mode 0700), else nowhere; at most one line says so, and
never a traceback.

The environment's dependencies (numpy, numba, tqdm) are not installed again: a ``.pth`` file
points at the folders they are installed in, behind the new environment's own packages.
"""
from __future__ import annotations

import fcntl
import os
import pwd
import shutil
import stat
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
USER = "nobody"
TRACEBACK = "Traceback"
# Lines saying where compiled kernels go (the fallback note) or that they are not kept.
CACHE_NOTES = ("compiled kernels are cached in", "no writable folder for compiled kernels")

EQUITY = ["equity", "AhKh", "QsQd"]
EQUITY_OUT = ["AhKh     46.214%   46.018%    0.393%", "QsQd     53.786%   53.589%    0.393%",
              "exact: 1,712,304 showdowns counted in"]
EVAL = ["eval", "As Ks Qs Js Ts", "7c 7d 2h 2s Kd 9c 3h"]
EVAL_OUT = ["rank 7462  Straight flush   Royal flush",
            "rank 4257  Two pair         Two pair, sevens and twos"]
MONTE_CARLO = ["equity", "AhKh", "random", "--trials", "100000", "--seed", "1"]
MONTE_CARLO_OUT = ["AhKh     66.870%   66.045%    1.650%", "Monte Carlo: 100,000 trials in"]
RANGES = ["equity", "QQ+", "TT+"]
RANGES_OUT = ["QQ+      65.048%   62.927%    4.242%", "TT+      34.952%   32.831%    4.242%",
              "exact: 770,536,800 showdowns counted in"]
# The kernels shipped in the test's install: the exact board kernel (equity.exact_counts).
BOARD = ["equity", "AhKh", "QsQd", "--board", "2c7d9h"]
BOARD_OUT = ["AhKh     28.283%   28.283%    0.000%", "exact: 990 showdowns counted in"]


@dataclass
class Install:
    venv: Path
    package: Path
    uid: int
    gid: int
    scratch: Path  # world-readable, for temporary and home folders the user may write to

    def folder(self, name: str, owner: int | None = None, mode: int = 0o755) -> Path:
        """A new folder under the scratch space, owned by `owner` (default: the user)."""
        path = self.scratch / name
        path.mkdir()
        os.chown(path, self.uid if owner is None else owner, self.gid if owner is None else 0)
        path.chmod(mode)
        return path

    def run(self, argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
        full_env = {"PATH": "/usr/bin:/bin", **env}
        return subprocess.run([str(self.venv / "bin" / "pokerkeys"), *argv], env=full_env,
                              user=self.uid, group=self.gid, extra_groups=[], cwd="/",
                              capture_output=True, text=True, timeout=600)


def _runs_as_user(python: str, uid: int, gid: int) -> bool:
    try:
        probe = subprocess.run([python, "-c", "import sys; print(sys.version_info[:2])"],
                               user=uid, group=gid, extra_groups=[], cwd="/",
                               capture_output=True, text=True, timeout=60)
    except OSError:
        return False
    return probe.returncode == 0 and probe.stdout.strip() == str(tuple(sys.version_info[:2]))


def _interpreter(uid: int, gid: int) -> str | None:
    """A Python of this version that the user can run (this one may sit in root's home)."""
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = [getattr(sys, "_base_executable", sys.executable), sys.executable,
                  *(str(Path(d) / version) for d in ("/usr/local/bin", "/usr/bin"))]
    for python in candidates:
        if Path(python).exists() and _runs_as_user(python, uid, gid):
            return python
    return None


def _wait_for_warm_ups(tmpdir: Path) -> None:
    """Block until no detached warm-up child (started by a first run) holds its lock."""
    for lock_path in tmpdir.glob("pokerkeys-warm-up-*.lock"):
        with open(lock_path, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="module")
def install() -> Iterator[Install]:
    if os.geteuid() != 0:
        pytest.skip("needs root, to run commands as another user")
    hatch_build = _hatch_build()
    try:
        entry = pwd.getpwnam(USER)
    except KeyError:
        pytest.skip(f"no user {USER!r} to run commands as")
    python = _interpreter(entry.pw_uid, entry.pw_gid)
    if python is None:
        pytest.skip(f"no Python {sys.version_info[0]}.{sys.version_info[1]} that {USER} "
                    f"can run")
    scratch = Path(tempfile.mkdtemp(prefix="pokerkeys-read-only-"))
    scratch.chmod(0o755)  # pytest's own tmp_path is root's alone
    try:
        yield _install(scratch, python, entry.pw_uid, entry.pw_gid, hatch_build)
    finally:
        for path in scratch.rglob("*"):  # give write access back, to remove it
            if path.is_dir() and not path.is_symlink():
                path.chmod(path.stat().st_mode | stat.S_IWUSR)
        shutil.rmtree(scratch, ignore_errors=True)


def _hatch_build() -> ModuleType:
    """``hatch_build.py``, imported from the repository's root."""
    sys.path.insert(0, str(ROOT))
    try:
        return pytest.importorskip("hatch_build")  # needs hatchling (the test extra has it)
    finally:
        sys.path.remove(str(ROOT))


def _install(scratch: Path, python: str, uid: int, gid: int,
             hatch_build: ModuleType) -> Install:
    wheels = scratch / "wheels"
    env = dict(os.environ, POKERKEYS_JIT_CACHE="skip")
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "-w", str(wheels),
                    "--no-deps", "--no-build-isolation", "-q"], check=True, env=env,
                   capture_output=True, timeout=600)
    venv = scratch / "venv"
    subprocess.run([python, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    subprocess.run([sys.executable, "-m", "pip", "--python", str(venv / "bin" / "python"),
                    "install", "--no-deps", "--no-index", "-q", *map(str, wheels.glob("*.whl"))],
                   check=True, capture_output=True, timeout=600)
    site = Path(subprocess.run([str(venv / "bin" / "python"), "-c",
                                "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    import numba
    import numpy
    import tqdm
    dependencies = {str(Path(m.__file__).resolve().parents[1]) for m in (numpy, numba, tqdm)}
    (site / "dependencies.pth").write_text("".join(f"{d}\n" for d in sorted(dependencies)))
    package = site / "pokerkeys"
    # The cache a wheel ships, for one kernel: the exact board count.
    staging = scratch / "staging"
    staging.mkdir()
    shipped = hatch_build.build_jit_cache(ROOT, staging, jobs=("equity.exact_counts",))
    for source, in_wheel in shipped.items():
        shutil.copyfile(source, site / in_wheel)
    shutil.rmtree(staging)
    for path in [package, *package.rglob("*")]:
        path.chmod(path.stat().st_mode & ~0o222)
    probe = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import numba, pokerkeys; print(pokerkeys.__file__)"],
                           user=uid, group=gid, extra_groups=[], cwd="/",
                           capture_output=True, text=True, timeout=120)
    if probe.returncode != 0:
        pytest.skip(f"{USER} cannot import the installed package: {probe.stderr[-300:]}")
    assert probe.stdout.strip() == str(package / "__init__.py")
    return Install(venv, package, uid, gid, scratch)


def _check(run: subprocess.CompletedProcess, expected: list[str]) -> list[str]:
    """The run answered, with no traceback and at most one line about the cache; its
    stderr lines."""
    assert run.returncode == 0, run.stderr
    assert TRACEBACK not in run.stderr + run.stdout
    for line in expected:
        assert line in run.stdout, run.stdout
    lines = run.stderr.splitlines()
    assert sum(any(note in line for note in CACHE_NOTES) for line in lines) <= 1, run.stderr
    return lines


def _kernels_in(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.nbc"))


@pytest.fixture(scope="module")
def shared_tmp(install) -> Path:
    """A temporary folder (mode 1777, as /tmp) shared by the runs with no writable home."""
    return install.folder("tmp", owner=0, mode=0o1777)


def test_the_package_folder_is_read_only_to_the_user(install):
    probe = subprocess.run(["test", "-w", str(install.package / "_kernels" / "__pycache__")],
                           user=install.uid, group=install.gid, extra_groups=[])
    assert probe.returncode != 0


def test_commands_work_with_no_writable_home(install, shared_tmp):
    env = {"HOME": "/nonexistent", "TMPDIR": str(shared_tmp)}
    fallback = shared_tmp / f"pokerkeys-{install.uid}"
    # The shipped kernel loads from the read-only package folder: no compile, no note.
    assert _check(install.run(BOARD, env), BOARD_OUT) == []
    # A hand against a hand is answered at once, its kernel compiled by a detached child
    # into the fallback folder; the next run loads it from there.
    _check(install.run(EQUITY, env), EQUITY_OUT)
    assert _check(install.run(EVAL, env), EVAL_OUT) == []
    _wait_for_warm_ups(shared_tmp)
    info = fallback.stat()
    assert stat.S_IMODE(info.st_mode) == 0o700 and info.st_uid == install.uid
    assert _kernels_in(fallback)
    assert _check(install.run(EQUITY, env), EQUITY_OUT) == []
    # Ranges use the kernel that child compiled.
    assert _check(install.run(RANGES, env), RANGES_OUT) == []
    # Monte Carlo compiles in line, and one line says where the kernels go; the next run
    # loads them.
    sampled = _check(install.run(MONTE_CARLO, env), MONTE_CARLO_OUT)
    assert ("pokerkeys: the package folder is read-only; compiled kernels are cached in "
            f"{fallback}") in sampled
    assert _check(install.run(MONTE_CARLO, env), MONTE_CARLO_OUT) == []


def test_commands_work_with_no_home_at_all(install, shared_tmp):
    env = {"TMPDIR": str(shared_tmp)}  # no HOME: the user's is /nonexistent
    for argv, expected in [(BOARD, BOARD_OUT), (EQUITY, EQUITY_OUT), (EVAL, EVAL_OUT),
                           (RANGES, RANGES_OUT)]:
        _check(install.run(argv, env), expected)
    _wait_for_warm_ups(shared_tmp)
    assert _kernels_in(shared_tmp / f"pokerkeys-{install.uid}")


def test_a_writable_home_gets_the_kernels_in_its_cache_folder(install):
    home = install.folder("home")
    tmpdir = install.folder("tmp-home", owner=0, mode=0o1777)
    env = {"HOME": str(home), "TMPDIR": str(tmpdir)}
    _check(install.run(EQUITY, env), EQUITY_OUT)
    _wait_for_warm_ups(tmpdir)
    assert _kernels_in(home / ".cache" / "pokerkeys" / "numba")
    assert not (tmpdir / f"pokerkeys-{install.uid}").exists()
    assert _check(install.run(EQUITY, env), EQUITY_OUT) == []


def test_with_no_writable_folder_at_all_commands_run_uncached(install):
    tmpdir = install.folder("tmp-taken", owner=0, mode=0o1777)
    # Someone else made the user's temporary cache folder first: it is refused (what is
    # loaded from a cache folder is run).
    taken = tmpdir / f"pokerkeys-{install.uid}"
    taken.mkdir(mode=0o755)
    env = {"HOME": "/nonexistent", "TMPDIR": str(tmpdir)}
    assert _check(install.run(BOARD, env), BOARD_OUT) == []  # the shipped kernel still loads
    # No background compile either (it could not be kept): the quick answer, and quiet.
    assert _check(install.run(EQUITY, env), EQUITY_OUT) == []
    assert _check(install.run(EVAL, env), EVAL_OUT) == []
    ranges = _check(install.run(RANGES, env), RANGES_OUT)
    assert ("pokerkeys: no writable folder for compiled kernels (package folder, user cache, "
            "temporary folder); they are compiled again in each run") in ranges
    assert list(taken.iterdir()) == []
