"""The JIT cache still works when the installed package folder is read-only.

Numba then writes the machine code to a per-user cache folder (~/.cache/numba) instead of the
package's __pycache__. The test remounts the package folder read-only in a private mount
namespace (needs root and `unshare`; skipped elsewhere), runs one batch evaluation (a kernel;
single hands are ranked in plain Python) twice, and checks that the first run saved its
kernel to the user cache and the second loaded it from there.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import pokerkeys

PACKAGE = Path(pokerkeys.__file__).resolve().parent
SCRIPT = "import pokerkeys as pk; print(pk.evaluate_batch(['As Ks Qs Js Ts'])[0])"


def _run_read_only(home: Path) -> subprocess.CompletedProcess:
    shell = (f"mount --bind '{PACKAGE}' '{PACKAGE}' && "
             f"mount -o remount,ro,bind '{PACKAGE}' && "
             f"'{sys.executable}' -c \"{SCRIPT}\"")
    env = dict(os.environ, HOME=str(home), NUMBA_DEBUG_CACHE="1")
    env.pop("NUMBA_CACHE_DIR", None)
    env.pop("XDG_CACHE_HOME", None)
    return subprocess.run(["unshare", "-m", "sh", "-c", shell], capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.fixture
def can_remount(tmp_path):
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare to remount the package read-only")
    probe = subprocess.run(["unshare", "-m", "sh", "-c",
                            f"mount --bind '{tmp_path}' '{tmp_path}' && "
                            f"mount -o remount,ro,bind '{tmp_path}'"], capture_output=True)
    if probe.returncode != 0:
        pytest.skip("mount namespaces are not available here")


def test_cache_falls_back_to_user_folder(tmp_path, can_remount):
    first = _run_read_only(tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip().endswith("7462")
    user_cache = tmp_path / ".cache" / "numba"
    assert any(user_cache.rglob("*.nbc")), first.stdout + first.stderr
    second = _run_read_only(tmp_path)
    assert second.returncode == 0, second.stderr
    assert "data loaded from" in second.stdout + second.stderr
    assert str(user_cache) in second.stdout + second.stderr
