"""The committed tables: byte-identical rebuilds, verification on load, clear errors."""
import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys import _layout
from pokerkeys.core import tables

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = ROOT / "scripts"


def test_build_tables_check_matches_committed_files():
    """A fresh in-memory build equals every committed .npy and the manifest, byte for byte."""
    result = subprocess.run([sys.executable, str(SCRIPTS / "build_tables.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_build_is_byte_identical(tmp_path):
    for out in ("a", "b"):
        subprocess.run([sys.executable, str(SCRIPTS / "build_tables.py"), "--quiet",
                        "--out", str(tmp_path / out)], check=True)
    names = sorted(p.name for p in (tmp_path / "a").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "b").iterdir())
    for name in names:
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
        assert (tmp_path / "a" / name).read_bytes() == (ROOT / "tables" / name).read_bytes()


def test_build_refuses_bad_keys(tmp_path):
    keys = json.loads((ROOT / "tables" / "keys.json").read_text())
    keys["face_keys_7"][5] = keys["face_keys_7"][4] + 1  # sums now collide
    bad = tmp_path / "keys.json"
    bad.write_text(json.dumps(keys))
    result = subprocess.run([sys.executable, str(SCRIPTS / "build_tables.py"), "--keys",
                             str(bad), "--out", str(tmp_path / "out")],
                            capture_output=True, text=True)
    assert result.returncode == 1
    assert "nothing written" in result.stderr
    assert not (tmp_path / "out").exists()


def test_manifest_lists_every_table_with_its_hash():
    files = {}
    manifests = ("manifest.json", "preflop_manifest.json", "omaha_manifest.json")
    for manifest_name in manifests:
        files.update(json.loads((ROOT / "tables" / manifest_name).read_text())["files"])
    on_disk = {p.name for p in (ROOT / "tables").iterdir()}
    assert set(files) == on_disk - set(manifests)
    for name, entry in files.items():
        if name.endswith(".npy"):
            array = np.load(ROOT / "tables" / name)
            assert str(array.dtype) == entry["dtype"] and list(array.shape) == entry["shape"]


def test_table_sizes_and_layout():
    t = tables.eval_tables(7)
    assert len(t.hash_ranks) == 49_205  # the displacement hash has no holes
    assert t.hash_ranks.min() >= 1
    assert len(tables.load_table("nonflush_7")) == 49_205
    assert tables.manifest()["layout"]["hash_shift"] == {
        str(n): v for n, v in _layout.HASH_SHIFT.items()}


def _copy_tables(tmp_path):
    folder = tmp_path / "tables"
    shutil.copytree(tables.tables_dir(), folder)
    return folder


def _load_with(folder, name, monkeypatch):
    """Load a table through a fresh loader pointed at `folder`."""
    monkeypatch.setattr(tables, "tables_dir", lambda: folder)
    for fn in (tables.manifest, tables.load_table, tables._all_verified):
        fn.cache_clear()
    try:
        return tables.load_table(name)
    finally:
        monkeypatch.undo()
        for fn in (tables.manifest, tables.load_table, tables._all_verified):
            fn.cache_clear()


def test_corrupt_table_is_reported_with_rebuild_hint(tmp_path, monkeypatch):
    folder = _copy_tables(tmp_path)
    path = folder / "hash_ranks_7.npy"
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(pk.TableError, match=r"corrupt.*sha256.*build_tables"):
        _load_with(folder, "hash_ranks_7", monkeypatch)


def test_missing_table_is_reported(tmp_path, monkeypatch):
    folder = _copy_tables(tmp_path)
    (folder / "flush_ranks_7.npy").unlink()
    with pytest.raises(pk.TableError, match=r"missing.*rebuild"):
        _load_with(folder, "flush_ranks_7", monkeypatch)


def test_unreadable_manifest_is_reported(tmp_path, monkeypatch):
    folder = _copy_tables(tmp_path)
    (folder / "manifest.json").write_text("{not json")
    with pytest.raises(pk.TableError, match="manifest"):
        _load_with(folder, "card_keys_7", monkeypatch)


def test_layout_mismatch_is_reported(tmp_path, monkeypatch):
    folder = _copy_tables(tmp_path)
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["layout"]["hash_shift"]["7"] = 11
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(pk.TableError, match="layout"):
        _load_with(folder, "card_keys_7", monkeypatch)


def test_loaded_tables_are_read_only():
    with pytest.raises(ValueError):
        tables.load_table("hash_ranks_7")[0] = 1


def test_search_script_reproduces_committed_keys():
    result = subprocess.run([sys.executable, str(SCRIPTS / "search_keys.py"), "--check",
                             "--quiet"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_preflop_table_rebuilds_byte_identically():
    """The shipped equity-vs-random table equals a fresh exact computation (~30 s)."""
    result = subprocess.run([sys.executable, str(SCRIPTS / "build_preflop.py"), "--check",
                             "--quiet"], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_preflop_equity_vs_random_published_values():
    from pokerkeys.core.classes import CLASS_NAMES, equity_vs_random
    equity = dict(zip(CLASS_NAMES, equity_vs_random(), strict=False))
    for name, published in {"AA": 0.852037, "KK": 0.823957, "AKs": 0.670446, "AKo": 0.653201,
                            "72o": 0.345836}.items():
        assert abs(equity[name] - published) < 5e-7, name


def test_cli_reports_a_corrupt_table_in_one_line(tmp_path):
    folder = _copy_tables(tmp_path)
    path = folder / "hash_ranks_5.npy"
    data = bytearray(path.read_bytes())
    data[-2] ^= 0x55
    path.write_bytes(bytes(data))
    env = dict(__import__("os").environ, POKERKEYS_TABLES=str(folder))
    out = subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Ts"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("pokerkeys eval: error:")
    assert "corrupt" in lines[0] and "build_tables" in lines[0]
    assert "Traceback" not in out.stderr


def test_tables_folder_override_must_hold_a_manifest(tmp_path):
    env = dict(__import__("os").environ, POKERKEYS_TABLES=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "pokerkeys", "eval", "As Ks Qs Js Ts"],
                         capture_output=True, text=True, env=env)
    assert out.returncode == 2 and "POKERKEYS_TABLES" in out.stderr
