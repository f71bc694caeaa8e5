"""The `pokerkeys eval` command, run as a subprocess."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

import pokerkeys as pk

ROYAL = "As Ks Qs Js Ts"
TWO_PAIR_7 = "7c 7d 2h 2s Kd 9c 3h"


def run(*args: str, entry=None) -> subprocess.CompletedProcess:
    cmd = (entry or [sys.executable, "-m", "pokerkeys"]) + list(args)
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


def test_eval_text():
    res = run("eval", ROYAL, TWO_PAIR_7)
    assert res.returncode == 0, res.stderr
    lines = [ln for ln in res.stdout.splitlines() if ln.strip()]
    royal = [ln for ln in lines if "7462" in ln]
    assert royal and "Royal flush" in royal[0]
    r2 = pk.evaluate(TWO_PAIR_7)
    other = [ln for ln in lines if str(r2) in ln]
    assert other and "Two pair, sevens and twos" in other[0]
    assert "Traceback" not in res.stderr


def _category_matches(value, cat: pk.HandCategory) -> bool:
    if isinstance(value, int):
        return value == int(cat)
    return str(value).replace("_", " ").lower() == cat.name.replace("_", " ").lower()


def _as_ids(best) -> set[int]:
    if isinstance(best, str):
        return set(pk.parse_cards(best).tolist())
    return set(pk.parse_cards(list(best)).tolist())


def test_eval_json():
    res = run("eval", "--json", ROYAL, TWO_PAIR_7)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert isinstance(data, list) and len(data) == 2
    for obj in data:
        assert {"hand", "rank", "category", "description", "best_five"} <= set(obj)
    royal, two = data
    assert royal["rank"] == 7462
    assert royal["description"] == "Royal flush"
    assert _category_matches(royal["category"], pk.HandCategory.STRAIGHT_FLUSH)
    assert _as_ids(royal["best_five"]) == set(pk.parse_cards(ROYAL).tolist())
    assert two["rank"] == pk.evaluate(TWO_PAIR_7)
    assert two["description"] == "Two pair, sevens and twos"
    assert _category_matches(two["category"], pk.HandCategory.TWO_PAIR)
    assert _as_ids(two["best_five"]) == set(pk.parse_cards("7c 7d 2h 2s Kd").tolist())
    assert set(pk.parse_cards(two["hand"]).tolist()) == set(pk.parse_cards(TWO_PAIR_7).tolist())


@pytest.mark.parametrize("hand", ["As Ks Qs Js Tx", "As As Qs Js Ts", "As Ks Qs Js",
                                  "As Ks Qs Js Ts 9s 8s 7s", "1s 2s 3s 4s 5s"])
def test_eval_bad_input(hand):
    res = run("eval", hand)
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("pokerkeys eval: error:")


def test_eval_bad_input_json():
    res = run("eval", "--json", "As Ks Qs Js Tx")
    assert res.returncode == 2
    assert "Traceback" not in res.stderr
    assert res.stderr.strip().startswith("pokerkeys eval: error:")


def test_console_script():
    exe = shutil.which("pokerkeys")
    if exe is None:
        pytest.skip("the pokerkeys console script is not installed (pip install -e .)")
    res = run("eval", ROYAL, entry=[exe])
    assert res.returncode == 0, res.stderr
    assert "7462" in res.stdout and "Royal flush" in res.stdout
