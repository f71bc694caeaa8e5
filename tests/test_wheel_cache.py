"""The wheel ships the JIT cache of every kernel's declared signatures (``hatch_build.py``).

The build step is run for one kernel (the exact board kernel, a few seconds to compile) and its
cache files are put into a fresh copy of the package where pip would put them, with new file
times, as a wheel install leaves them. The copy then answers without compiling; with other
kernel sources, another CPU or the step skipped, it compiles on first use as before and gives
the same answer.
"""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
hatch_build = pytest.importorskip("hatch_build")  # needs hatchling (the test extra has it)
sys.path.remove(str(ROOT))

COMMAND = ["equity", "AhKh", "QsQd", "--board", "2c7d9h"]
COMPILE_NOTE = "compiling kernels on first use"
BOARD_KERNEL = "equity.exact_counts"  # what COMMAND runs


# The tests that use this fixture compile kernels in fresh processes on purpose (a warm cache
# cannot speed them up): about 25 CPU seconds together, so they carry the slow marker.
@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> dict[str, str]:
    """{cache file: its path in the wheel}, built for the exact board kernel."""
    staging = tmp_path_factory.mktemp("staging")
    return hatch_build.build_jit_cache(ROOT, staging, jobs=(BOARD_KERNEL,))


def _install(site: Path, shipped: dict[str, str]) -> Path:
    """The package as a wheel install lays it out: sources, tables, the shipped cache files,
    every file written anew (pip keeps no time stamps)."""
    shutil.copytree(ROOT / "src" / "pokerkeys", site / "pokerkeys", copy_function=shutil.copyfile,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "tables", site / "pokerkeys" / "tables",
                    copy_function=shutil.copyfile)
    for source, in_wheel in shipped.items():
        target = site / in_wheel
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(source, target)
    return site


def _run(site: Path, **env) -> subprocess.CompletedProcess:
    full_env = dict(os.environ, PYTHONPATH=str(site), POKERKEYS_WARM_UP="off", **env)
    full_env.pop("NUMBA_CACHE_DIR", None)
    run = subprocess.run([sys.executable, "-m", "pokerkeys", *COMMAND], capture_output=True,
                         text=True, env=full_env, timeout=600, cwd=site)
    assert run.returncode == 0, run.stderr
    assert "board: 2c7d9h" in run.stdout and "showdowns counted in" in run.stdout
    return run


def _table(run) -> str:
    return "\n".join(line for line in run.stdout.splitlines() if "counted in" not in line)


@pytest.mark.slow
def test_the_build_ships_index_and_data_files_beside_the_kernels(shipped):
    assert shipped
    assert all(re.fullmatch(r"pokerkeys/_kernels/__pycache__/[\w.-]+\.py\d+(\.\d+\.nbc|\.nbi)",
                            path) for path in shipped.values())
    assert any(path.endswith(".nbi") for path in shipped.values())


@pytest.mark.slow
def test_a_fresh_install_answers_from_the_shipped_cache(shipped, tmp_path):
    site = _install(tmp_path / "site", shipped)
    first = _run(site)
    assert COMPILE_NOTE not in first.stderr, first.stderr
    assert first.stderr == ""
    # The same answer as the package compiled on first use.
    bare = _run(_install(tmp_path / "bare", {}))
    assert COMPILE_NOTE in bare.stderr
    assert _table(first) == _table(bare)


@pytest.mark.slow
def test_changed_kernel_sources_do_not_load_the_shipped_cache(shipped, tmp_path):
    site = _install(tmp_path / "site", shipped)
    helper = site / "pokerkeys" / "_kernels" / "boards.py"
    helper.write_text(helper.read_text() + "\n# an upgrade changed this module\n")
    changed = _run(site)
    assert COMPILE_NOTE in changed.stderr
    assert _table(changed) == _table(_run(_install(tmp_path / "bare", {})))


@pytest.mark.slow
def test_the_shipped_cache_of_another_cpu_is_not_loaded(shipped, tmp_path):
    site = _install(tmp_path / "site", shipped)
    other = _run(site, NUMBA_CPU_NAME="generic")
    assert COMPILE_NOTE in other.stderr
    assert _table(other) == _table(_run(site))


@pytest.fixture(autouse=True)
def _jit_cache_only(monkeypatch):
    """These tests are about the JIT cache: the hook's other step, the one-hand C extension,
    is off here (tests/test_one_hand_build.py tests it)."""
    monkeypatch.setenv("POKERKEYS_NATIVE", "off")


class _Hook(hatch_build.JitCacheHook):
    def __init__(self, target_name="wheel"):  # only what initialize reads
        super().__init__(str(ROOT), {}, None, None, "", target_name)


def test_editable_builds_and_the_skip_switch_compile_nothing(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("compiled")
    monkeypatch.setattr(hatch_build, "jit_cache", fail)
    build_data = {"force_include": {}}
    _Hook().initialize("editable", build_data)
    _Hook("sdist").initialize("standard", build_data)
    monkeypatch.setenv("POKERKEYS_JIT_CACHE", "skip")
    _Hook().initialize("standard", build_data)
    assert build_data == {"force_include": {}}


def test_a_failed_compile_builds_the_wheel_without_a_cache(monkeypatch, capsys):
    def crash(root, staging, store, **kwargs):
        raise subprocess.CalledProcessError(1, "warm-up",
                                            stderr=b"Traceback\nImportError: no numba")
    monkeypatch.setattr(hatch_build, "jit_cache", crash)
    monkeypatch.delenv("POKERKEYS_JIT_CACHE", raising=False)
    hook, build_data = _Hook(), {"force_include": {}}
    hook.initialize("standard", build_data)
    hook.finalize("standard", build_data, "")
    assert build_data == {"force_include": {}}
    err = capsys.readouterr().err
    assert "warning: no JIT cache in the wheel" in err and "ImportError: no numba" in err


def _board_only(monkeypatch):
    """The build's compile, for the board kernel only (a few seconds, not all of them)."""
    compile_all = hatch_build._compile
    runs = []

    def compile_board(package, env, jobs, timeout):
        runs.append(jobs)
        compile_all(package, env, (BOARD_KERNEL,), timeout)
    monkeypatch.setattr(hatch_build, "_compile", compile_board)
    return runs


def test_a_second_build_of_the_same_sources_copies_the_first_ones_cache(
        monkeypatch, tmp_path, capsys):
    store = tmp_path / "store"
    monkeypatch.setattr(hatch_build, "user_store", lambda: store)
    monkeypatch.delenv("POKERKEYS_JIT_CACHE", raising=False)
    runs = _board_only(monkeypatch)

    def build():
        hook, build_data = _Hook(), {"force_include": {}}
        hook.initialize("standard", build_data)
        files = {in_wheel: Path(source).read_bytes()
                 for source, in_wheel in build_data["force_include"].items()}
        hook.finalize("standard", build_data, "")
        return files, capsys.readouterr().err

    first, said = build()
    assert runs == [("--all", "--processes", str(hatch_build.processes()))]
    assert first and all(path.startswith("pokerkeys/_kernels/__pycache__/") for path in first)
    # The line pip shows with -v: what is compiled, for how long, how to skip it.
    assert re.search(r"pokerkeys: compiling every Numba kernel for this CPU, so that no first "
                     r"call needs to \(about \d+ s in \d+ process(es)?; "
                     r"POKERKEYS_JIT_CACHE=skip skips it\)", said), said
    assert re.search(r"pokerkeys: \d+ JIT cache files compiled in \d+ s", said), said
    [kept] = store.iterdir()

    second, said = build()
    assert len(runs) == 1  # no compile
    assert second == first
    assert f"JIT cache files copied from an earlier build of the same sources ({kept})" in said
    assert "compiling" not in said

    monkeypatch.setenv("POKERKEYS_JIT_CACHE", "rebuild")
    rebuilt, said = build()
    assert len(runs) == 2 and rebuilt.keys() == first.keys()


def test_the_key_of_a_kept_cache_follows_the_sources_and_numba_settings(tmp_path):
    def key(name, edit=None, **env):
        package, stage_env = hatch_build._stage(ROOT, tmp_path / name)
        if edit:
            (package / edit).write_text((package / edit).read_text() + "\n# changed\n")
        return hatch_build.cache_key(package, dict(stage_env, **env))

    same = key("a")
    assert re.fullmatch(r"[0-9a-f]{64}", same)
    assert key("b") == same
    assert key("c", edit="equity/holdem.py") != same
    assert key("d", NUMBA_OPT="1") != same


def test_a_store_that_cannot_be_written_is_no_failure(tmp_path, monkeypatch):
    store = tmp_path / "store"
    store.write_text("a file where the folder would be")
    _board_only(monkeypatch)
    files, reused = hatch_build.jit_cache(ROOT, tmp_path / "staging", store,
                                          announce=lambda line: None)
    assert files and reused is None
    assert store.read_text() == "a file where the folder would be"


def test_kernels_compiled_in_two_processes_all_load_from_the_cache(tmp_path):
    """``_warm_up --processes 2`` (the build's compile, here for four kernels of a second or
    two each): every one then loads from the shared cache folder, compiling nothing."""
    names = ["hits.classify", "games.wild_best", "games.what_first",
             "games.draw_category_counts"]
    package, env = hatch_build._stage(ROOT, tmp_path / "staging")
    hatch_build._compile(package, env, ("--processes", "2", *names), timeout=600)
    assert hatch_build._cache_files(package)
    probe = ("import numba.core.event as ev, sys\n"
             "from pokerkeys import _jit\n"
             "seen = []\n"
             "class L(ev.Listener):\n"
             "    def on_start(self, e): seen.append(e.data['dispatcher'].py_func.__name__)\n"
             "    def on_end(self, e): pass\n"
             "ev.register('numba:compile', L())\n"
             f"for name in {names!r}: _jit.compile_declared(name)\n"
             "print(seen)\n")
    run = subprocess.run([sys.executable, "-c", probe], cwd=package.parent, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
