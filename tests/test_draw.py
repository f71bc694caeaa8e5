"""Draw poker: the best discard by expected win probability, as the notebook defines it."""
from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

import pokerkeys as pk
from pokerkeys._kernels import games as _kg
from pokerkeys.core.evaluate import kernel_args
from pokerkeys.games.draw import best_discard, win_probability, win_scores


def test_best_discard_examples():
    assert pk.format_cards(best_discard("2d 7d 4d 9d As").discard) == "2d"
    assert pk.format_cards(best_discard("2d 3d 4d Kc As").discard) == "Kc"


def test_notebook_safe_play():
    # With the deal's win probabilities the notebook throws the low card (the Qc only after it
    # re-estimates them from the draw game).
    assert pk.format_cards(best_discard("4s Qc 6d 7s 8c").discard) == "4s"


@pytest.mark.parametrize("hand, percent", [
    ("As Ks Qs Ts Js", 100.0), ("Kc Qc Jc Tc 9c", 99.99988), ("As Ac Ad Ah 2s", 99.99846),
    ("Th Tc Td 5h 5c", 99.93013), ("As 2s 3s 4s 6s", 99.83039), ("As 2d 3c 4h 5s", 99.36215),
    ("9h 9s 9d Ah Kh", 98.42876), ("3s 3c 2s 2d Ah", 93.10601), ("4s 4c As Ks Qs", 59.86933),
    ("Ah 3s 4s 5s 6s", 50.11774), ("7h 6s 5d 3s 2d", 23.13126),
])
def test_win_probability_matches_the_notebook_table(hand, percent):
    assert round(100 * win_probability(hand), 5) == percent


def test_exact_win_probability():
    # Exact: the share of all 5-card hands beaten, ties counting half.
    royal = win_probability("As Ks Qs Js Ts", method="exact")
    assert royal == pytest.approx(1 - 4 / (2 * 2_598_960))  # only the 4 royals tie it
    worst = pk.evaluate("7h 5d 4c 3s 2d")
    assert win_probability(worst, method="exact") == 1020 / (2 * 2_598_960)  # 1020 such hands
    assert best_discard("2d 3d 4d Kc As", method="exact").discard == ("2d",)


def test_options_are_enumerated_and_sorted():
    decision = best_discard("2d 3d 4d Kc As")
    assert len(decision.options) == 6  # stand pat + five single discards
    probs = [o.win_probability for o in decision.options]
    assert probs == sorted(probs, reverse=True)
    assert all(o.draws == (1 if not o.discard else 47) for o in decision.options)
    # The value of one option, recomputed by hand.
    score, denominator = win_scores()
    keep = pk.parse_cards("2d 3d 4d As")
    unseen = [c for c in range(52) if c not in pk.parse_cards("2d 3d 4d Kc As")]
    ranks = [pk.evaluate(np.append(keep, c)) for c in unseen]
    kc = next(o for o in decision.options if o.discard == ("Kc",))
    assert kc.win_probability == pytest.approx(score[ranks].mean() / denominator, rel=1e-12)
    assert "discard Kc" in str(decision)


def test_more_discards():
    # Holding a low pair, the best draw keeps the pair and throws three cards.
    decision = best_discard("2c 2d 5h 9s Kd", max_discards=3)
    assert sorted(pk.format_cards(decision.discard).split()) == ["5h", "9s", "Kd"]
    assert best_discard("As Ks Qs Js Ts", max_discards=5).discard == ()
    assert best_discard("2c 2d 5h 9s Kd", max_discards=0).discard == ()
    assert len(best_discard("2c 2d 5h 9s Kd", max_discards=2).options) == 1 + 5 + 10


def test_kernel_decisions_match_the_api(make_hands):
    # The exhaustive draw statistics use a kernel; it must decide exactly like best_discard.
    score, _ = win_scores("interpolated")
    outcomes = np.empty((5, 47), dtype=np.int64)
    for ids in make_hands(150, 5):
        hand = np.sort(ids)
        now, action = _kg.draw_choice(hand, score, outcomes, *kernel_args(5))
        expected = best_discard(hand).discard
        assert (() if action < 0 else (int(hand[action]),)) == expected
        assert now == pk.evaluate(hand)


def test_errors():
    with pytest.raises(ValueError, match="5 cards, not 4"):
        best_discard("2d 3d 4d Kc")
    with pytest.raises(ValueError, match="duplicate card 2d"):
        best_discard("2d 3d 4d Kc 2d")
    with pytest.raises(ValueError, match="max_discards is 0 to 5"):
        best_discard("2d 3d 4d Kc As", max_discards=6)
    with pytest.raises(ValueError, match="method is one of"):
        best_discard("2d 3d 4d Kc As", method="guess")


def test_discard_count_combinatorics():
    decision = best_discard("2c 2d 5h 9s Kd", max_discards=2)
    assert {o.draws for o in decision.options} == {1, 47, len(list(combinations(range(47), 2)))}


def test_cards_come_back_in_the_form_given():
    """Text in, text out; ids in, ids out."""
    assert best_discard("2d 3d 4d Kc As").discard == ("Kc",)
    assert best_discard(["2d", "3d", "4d", "Kc", "As"]).hand == ("2d", "3d", "4d", "Kc", "As")
    ids = pk.parse_cards("2d 3d 4d Kc As")
    assert best_discard(ids).discard == (int(pk.parse_cards("Kc")[0]),)
