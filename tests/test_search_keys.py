"""Tests for scripts/search_keys.py: the searches reproduce the published keys, the brute-force
verifier accepts them and rejects broken ones, and the output is byte-stable and checkable."""
import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "search_keys.py"
REPO_KEYS = Path(__file__).resolve().parents[1] / "tables" / "keys.json"

PUBLISHED_SUIT = [0, 1, 29, 37]
PUBLISHED_FACE_7 = [0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181]
PUBLISHED_FACE_5 = [0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415]


@pytest.fixture(scope="module")
def sk():
    spec = importlib.util.spec_from_file_location("search_keys", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def found(sk):
    """The full search, run once for the module."""
    return sk.search_all()


@pytest.fixture(scope="module")
def written(sk, tmp_path_factory):
    """keys.json written by main(), and the bytes of a second run to the same path."""
    out = tmp_path_factory.mktemp("keys") / "keys.json"
    assert sk.main(["--quiet", "--out", out]) == 0
    first = out.read_bytes()
    assert sk.main(["--quiet", "--out", str(out)]) == 0
    return out, first, out.read_bytes()


def test_suit_keys(sk):
    keys = sk.search_suit_keys()
    assert keys == PUBLISHED_SUIT
    assert 7 * max(keys) == 259


def test_face_keys_7(found):
    assert found["face_keys_7"] == PUBLISHED_FACE_7
    assert found["max_sums"]["face_7"] == 7_825_759 < 2**23


def test_face_keys_5(found):
    assert found["face_keys_5"] == PUBLISHED_FACE_5


def test_search_functions_match_search_all(sk, found):
    assert sk.search_flush_keys(5) == found["flush_keys_5"]
    assert sk.search_flush_keys(7) == found["flush_keys_7"]


def test_flush_keys(sk, found):
    assert sk.verify_keys(found) == []
    for n in (5, 7):
        keys = found[f"flush_keys_{n}"]
        assert len(keys) == 13 and keys == sorted(set(keys))
    assert found["flush_keys_7"][0] >= 1  # a 0 key would make a 5-sum equal a 6-sum
    assert found["max_sums"]["flush_7"] == sum(found["flush_keys_7"][-7:]) < 8128


def test_verify_rejects_duplicate_sums(sk, found):
    broken = json.loads(json.dumps(found))
    broken["flush_keys_5"] = list(range(13))  # 0+1+2+3+9 == 0+1+2+4+8
    problems = sk.verify_keys(broken)
    assert any("flush_keys_5" in p and "duplicate" in p for p in problems)


# Each greedy key is the smallest extendable value, so with the later keys unchanged one less
# must collide. (Suit [0, 1, 2, 37]: 1 + 1 == 0 + 2.)
@pytest.mark.parametrize("name, index, value", [
    ("suit_keys", 2, 2), ("face_keys_7", 4, 97), ("face_keys_7", 12, 1479180),
    ("face_keys_5", 12, 79414), ("flush_keys_5", 12, 1163), ("flush_keys_7", 12, 3089)])
def test_verify_rejects_corrupted_keys(sk, found, name, index, value):
    broken = json.loads(json.dumps(found))
    broken[name][index] = value
    broken.pop("max_sums")
    assert any(p.startswith(name) and "duplicate" in p for p in sk.verify_keys(broken))


def test_verify_rejects_malformed(sk, found):
    broken = json.loads(json.dumps(found))
    broken["face_keys_5"] = broken["face_keys_5"][::-1]
    del broken["suit_keys"]
    problems = sk.verify_keys(broken)
    assert any("suit_keys: missing" in p for p in problems)
    assert any("face_keys_5" in p and "increasing" in p for p in problems)


def test_verify_rejects_wrong_max_sums_and_overflow(sk, found):
    broken = json.loads(json.dumps(found))
    broken["max_sums"]["face_7"] += 1
    assert any("max_sums" in p for p in sk.verify_keys(broken))
    big = json.loads(json.dumps(found))
    big.pop("max_sums")
    big["suit_keys"] = [0, 1, 29, 80]  # 7 * 80 = 560 spills out of the 9-bit suit field
    assert any("9 bits" in p for p in sk.verify_keys(big))


def test_main_is_byte_identical(sk, found, written):
    out, first, second = written
    assert first == second
    assert first.decode() == json.dumps(found, indent=2, sort_keys=True) + "\n"
    assert set(json.loads(first)) == {"suit_keys", "face_keys_5", "face_keys_7",
                                      "flush_keys_5", "flush_keys_7", "max_sums"}


def test_check_accepts_good_file(sk, written):
    out, _, _ = written
    assert sk.main(["--check", "--quiet", "--out", out]) == 0


@pytest.fixture
def cached_search(sk, found, monkeypatch):
    """Make main() reuse the module's search result: these tests are about --check itself."""
    monkeypatch.setattr(sk, "search_all", lambda log=None: json.loads(json.dumps(found)))


def test_check_rejects_tampered_file(sk, written, tmp_path, capsys, cached_search):
    out, first, _ = written
    data = json.loads(first)
    data["flush_keys_5"][-1] += 1
    data["max_sums"]["flush_5"] += 1
    tampered = tmp_path / "keys.json"
    tampered.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    assert sk.main(["--check", "--quiet", "--out", tampered]) != 0
    assert "flush_keys_5" in capsys.readouterr().err


def test_check_rejects_reformatted_and_missing_file(sk, written, tmp_path, cached_search):
    out, first, _ = written
    reformatted = tmp_path / "compact.json"
    reformatted.write_text(json.dumps(json.loads(first)))
    assert sk.main(["--check", "--quiet", "--out", reformatted]) != 0
    assert sk.main(["--check", "--quiet", "--out", tmp_path / "missing.json"]) != 0


@pytest.mark.skipif(not REPO_KEYS.exists(), reason="tables/keys.json not generated yet")
def test_repo_keys_file_is_current(sk):
    assert sk.main(["--check", "--quiet"]) == 0
