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


def test_a_compile_failure_raises_for_the_hook_to_report(tmp_path):
    """build_native raises on a source that does not compile; the hook turns that into a
    warning and a pure-Python wheel."""
    sys.path.insert(0, str(ROOT))
    try:
        import hatch_build
    finally:
        sys.path.remove(str(ROOT))
    root = tmp_path / "root"
    source = root / hatch_build.NATIVE_SOURCE
    source.parent.mkdir(parents=True)
    source.write_text("this is not C\n")
    with pytest.raises(Exception) as raised:  # distutils' CompileError
        hatch_build.build_native(root, tmp_path / "build")
    assert type(raised.value).__name__ == "CompileError"
