"""A real wheel build compiles the one-hand C extension into a platform-tagged wheel
(``hatch_build.py``), and ``POKERKEYS_NATIVE=off`` builds a pure-Python wheel that works the same.

Each build skips the JIT cache step (``POKERKEYS_JIT_CACHE=skip``, tested in
``tests/test_wheel_cache.py``) and runs in this environment (no build isolation: hatchling and
setuptools come from the test extras), a few seconds each.
"""
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytest.importorskip("hatchling")
pytest.importorskip("setuptools")

CHECK = """
import pokerkeys as pk
from pokerkeys._kernels import one_hand
print(pk.__file__)
print(one_hand.available, type(pk.evaluate).__name__)
print(pk.evaluate("As Ks Qs Js Ts"), pk.evaluate([51, 47, 43, 39, 35, 0, 1]), pk.describe(4257))
try:
    pk.evaluate([51, 51, 43, 39, 35])
except ValueError as error:
    print(error)
"""


def _wheel(tmp_path: Path, **env: str) -> Path:
    out = tmp_path / "dist"
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-build-isolation", "--no-deps",
         "-q", "-w", str(out)],
        env=dict(os.environ, POKERKEYS_JIT_CACHE="skip", **env), capture_output=True,
        text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    (wheel,) = out.glob("pokerkeys-*.whl")
    return wheel


def _installed_answers(wheel: Path, site: Path) -> list[str]:
    """What CHECK prints with the wheel unpacked first on the path."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    run = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True,
                         timeout=300, cwd=site,
                         env=dict(os.environ, PYTHONPATH=str(site), POKERKEYS_WARM_UP="off"))
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert Path(lines[0]).is_relative_to(site)  # the unpacked wheel, not the source tree
    return lines[1:]


def test_wheel_has_the_extension_and_a_platform_tag(tmp_path):
    wheel = _wheel(tmp_path)
    assert not wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        tag = archive.read(next(n for n in names if n.endswith(".dist-info/WHEEL"))).decode()
    built = [n for n in names if n.startswith("pokerkeys/_kernels/_one_hand")
             and n.endswith((".so", ".pyd"))]
    assert len(built) == 1, names
    assert "Root-Is-Purelib: false" in tag
    assert _installed_answers(wheel, tmp_path / "site") == [
        "True FastPath", "7462 7462 Two pair, sevens and twos", "duplicate card As"]


def test_native_off_builds_a_pure_python_wheel(tmp_path):
    wheel = _wheel(tmp_path, POKERKEYS_NATIVE="off")
    assert wheel.name.endswith("-py3-none-any.whl"), wheel.name
    with zipfile.ZipFile(wheel) as archive:
        assert not [n for n in archive.namelist() if n.endswith((".so", ".pyd"))]
    assert _installed_answers(wheel, tmp_path / "site") == [
        "False function", "7462 7462 Two pair, sevens and twos", "duplicate card As"]


def _hatch_build():
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    return hatch_build


def _hook(hatch_build, target_name="wheel"):
    class Hook(hatch_build.JitCacheHook):
        def __init__(self):  # only what initialize reads
            super().__init__(str(ROOT), {}, None, None, "", target_name)
    return Hook()


def test_the_hook_puts_the_extension_in_the_wheel(monkeypatch):
    hatch_build = _hatch_build()
    monkeypatch.setenv("POKERKEYS_JIT_CACHE", "skip")
    monkeypatch.delenv("POKERKEYS_NATIVE", raising=False)
    hook, build_data = _hook(hatch_build), {"force_include": {}}
    hook.initialize("standard", build_data)
    ((built, in_wheel),) = build_data["force_include"].items()
    assert Path(built).is_file() and in_wheel == f"pokerkeys/_kernels/{Path(built).name}"
    assert build_data["pure_python"] is False and build_data["infer_tag"] is True
    hook.finalize("standard", build_data, "")
    assert not Path(built).exists()  # its temporary folder is gone


def test_the_hook_builds_in_place_for_editable_installs_and_warns_on_failure(monkeypatch,
                                                                             capsys):
    hatch_build = _hatch_build()
    monkeypatch.delenv("POKERKEYS_NATIVE", raising=False)
    calls = []

    def in_place(root, build_dir, *, inplace=False):
        calls.append(inplace)
        return Path(root) / "built.so"
    monkeypatch.setattr(hatch_build, "build_native", in_place)
    build_data = {"force_include": {}}
    _hook(hatch_build).initialize("editable", build_data)
    _hook(hatch_build, "sdist").initialize("standard", build_data)
    assert calls == [True] and build_data == {"force_include": {}}

    def fail(root, build_dir, *, inplace=False):
        raise RuntimeError("no compiler")
    monkeypatch.setattr(hatch_build, "build_native", fail)
    monkeypatch.setenv("POKERKEYS_JIT_CACHE", "skip")
    hook = _hook(hatch_build)
    hook.initialize("standard", build_data)
    hook.finalize("standard", build_data, "")
    assert build_data == {"force_include": {}}
    assert "did not build, so they run in plain Python" in capsys.readouterr().err


def test_a_compile_failure_raises_for_the_hook_to_report(tmp_path):
    """build_native raises on a source that does not compile; the hook turns that into a
    warning and a pure-Python wheel."""
    hatch_build = _hatch_build()
    root = tmp_path / "root"
    source = root / hatch_build.NATIVE_SOURCE
    source.parent.mkdir(parents=True)
    source.write_text("this is not C\n")
    with pytest.raises(Exception) as raised:  # distutils' CompileError
        hatch_build.build_native(root, tmp_path / "build")
    assert type(raised.value).__name__ == "CompileError"
