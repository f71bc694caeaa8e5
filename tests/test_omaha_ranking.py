"""The shipped Omaha hand ranking (tables/omaha_ranking_4_*.npy) that 'N%' ranges read: the
files match their manifest, hold each of the 16,432 suit-isomorphic classes once, and a few
classes' equities recomputed by scripts/build_omaha_ranking.py agree bit for bit (the build
is reproducible: fixed seeds, results independent of the thread count)."""
from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_files_match_the_manifest() -> None:
    manifest = json.loads((ROOT / "tables" / "omaha_manifest.json").read_text())
    assert set(manifest["files"]) == {"omaha_ranking_4_classes.npy",
                                      "omaha_ranking_4_equity.npy"}
    for name, entry in manifest["files"].items():
        data = (ROOT / "tables" / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], name
    assert manifest["method"]["trials_per_class"] == 32_768
    assert manifest["method"]["max_stderr"] <= 0.5 / 32_768 ** 0.5  # the stated bound


def test_build_check_recomputes_classes_bit_for_bit(capsys) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_omaha_ranking
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    assert build_omaha_ranking.main(["--check", "--check-classes", "3", "--threads", "1"]) == 0
    assert capsys.readouterr().out.startswith("ok: 3 classes recomputed bit for bit")
