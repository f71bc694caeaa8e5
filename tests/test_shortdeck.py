"""Short deck (six-plus hold'em): ranks against an independent brute force, category counts of
every 5- and 7-card hand, both rule orders, bad input, the games and the command line."""
import json
import subprocess
import sys
from collections import Counter
from itertools import combinations

import numpy as np
import pytest
import shortdeck_reference as ref

import pokerkeys as pk
from pokerkeys.core import shortdeck
from pokerkeys.core.counts import category_counts, distinct_ranks, rank_histogram

RULES = ("trips-beat-straight", "straight-beats-trips")
C = pk.HandCategory
NAME_OF = {"high card": C.HIGH_CARD, "pair": C.PAIR, "two pair": C.TWO_PAIR,
           "three of a kind": C.THREE_OF_A_KIND, "straight": C.STRAIGHT, "flush": C.FLUSH,
           "full house": C.FULL_HOUSE, "four of a kind": C.FOUR_OF_A_KIND,
           "straight flush": C.STRAIGHT_FLUSH}

# All 376,992 five-card hands of the 36-card deck (the same under both rule orders).
FIVE_CARD_COUNTS = {C.STRAIGHT_FLUSH: 24, C.FOUR_OF_A_KIND: 288, C.FLUSH: 480,
                    C.FULL_HOUSE: 1_728, C.STRAIGHT: 6_120, C.THREE_OF_A_KIND: 16_128,
                    C.TWO_PAIR: 36_288, C.PAIR: 193_536, C.HIGH_CARD: 122_400}
# All 8,347,680 seven-card hands: a hand holding both three of a kind and a straight (and
# nothing better) counts as the higher of the two, so the rule order moves 30,360 hands.
SEVEN_CARD_COUNTS = {
    "trips-beat-straight": {
        C.STRAIGHT_FLUSH: 10_560, C.FOUR_OF_A_KIND: 44_640, C.FLUSH: 175_560,
        C.FULL_HOUSE: 633_024, C.STRAIGHT: 1_139_580, C.THREE_OF_A_KIND: 637_560,
        C.TWO_PAIR: 3_157_056, C.PAIR: 2_316_600, C.HIGH_CARD: 233_100},
    "straight-beats-trips": {
        C.STRAIGHT_FLUSH: 10_560, C.FOUR_OF_A_KIND: 44_640, C.FLUSH: 175_560,
        C.FULL_HOUSE: 633_024, C.STRAIGHT: 1_169_940, C.THREE_OF_A_KIND: 607_200,
        C.TWO_PAIR: 3_157_056, C.PAIR: 2_316_600, C.HIGH_CARD: 233_100},
}
DISTINCT_7 = {"trips-beat-straight": 762, "straight-beats-trips": 752}


def _all_five_card_hands():
    return np.array(list(combinations(range(16, 52), 5)), dtype=np.uint8)


@pytest.fixture(scope="module")
def five_card_reference():
    """The reference's (category name, tie-break values) of all 376,992 five-card hands."""
    hands = _all_five_card_hands()
    return hands, [ref.five_card(h) for h in hands.tolist()]


def _value_to_rank(values, ranks):
    """{value: rank}, checking each value has one rank and ranks rise with the values."""
    mapping = {}
    for v, r in zip(values, ranks.tolist(), strict=True):
        assert mapping.setdefault(v, r) == r, (v, r, mapping[v])
    ordered = [mapping[v] for v in sorted(mapping)]
    assert ordered == sorted(ordered) and len(set(ordered)) == len(ordered)
    return mapping


@pytest.mark.parametrize("rules", RULES)
def test_every_five_card_hand_agrees_with_the_reference(rules, five_card_reference):
    """Ranks order all 376,992 hands exactly as the brute force does: 1,404 classes, 1..1404,
    and the category counts."""
    hands, named = five_card_reference
    values = [(ref.ORDER[rules].index(name), *ties) for name, ties in named]
    ranks = pk.evaluate_batch(hands, game="shortdeck", rules=rules)
    mapping = _value_to_rank(values, ranks)
    assert sorted(mapping.values()) == list(range(1, shortdeck.N_CLASSES + 1))
    reference_counts = Counter(NAME_OF[name] for name, _ in named)
    assert reference_counts == FIVE_CARD_COUNTS
    assert category_counts(5, game="shortdeck", rules=rules) == FIVE_CARD_COUNTS
    categories = pk.category(ranks, game="shortdeck", rules=rules)
    assert np.unique(categories).tolist() == list(range(1, 10))
    expected = np.array([NAME_OF[name] for name, _ in named])
    assert np.array_equal(categories, expected)
    # rank_histogram: the same ranks, counted by the enumeration kernel.
    assert np.array_equal(rank_histogram(5, game="shortdeck", rules=rules)[1:],
                          np.bincount(ranks, minlength=shortdeck.N_CLASSES + 1)[1:])


@pytest.mark.parametrize("rules", RULES)
def test_six_and_seven_card_hands_agree_with_the_reference(rules, five_card_reference):
    """On a fixed sample, the rank of 6 and 7 cards is the rank of the reference's best five
    (single-hand and batch evaluation, and best_hand)."""
    hands, named = five_card_reference
    values = [(ref.ORDER[rules].index(name), *ties) for name, ties in named]
    rank_of_value = dict(zip(values, pk.evaluate_batch(hands, game="shortdeck",
                                                       rules=rules).tolist(), strict=True))
    rng = np.random.default_rng(36)
    for n in (6, 7):
        sample = rng.permuted(np.tile(np.arange(16, 52), (1500, 1)), axis=1)[:, :n]
        # Hands built to hold trips and a straight together, and flushes with a straight.
        extra = [pk.parse_cards(h) for h in ("9c 9d 9h Ts Jc Qd Kh", "Ac 6d 7h 8s 9c 9d 9h",
                                             "6h 7h 8h 9h Th Ah Ac", "Ah 6h 7h 8h 9h Kc Kd",
                                             "Ks Kd Kh Ah Ad Qs Js")]
        sample = np.vstack([sample] + [e[:n][None, :] for e in extra]).astype(np.uint8)
        batch = pk.evaluate_batch(sample, game="shortdeck", rules=rules)
        for row, rank in zip(sample.tolist(), batch.tolist(), strict=True):
            assert rank == rank_of_value[ref.value(row, rules)], row
            assert pk.evaluate(row, game="shortdeck", rules=rules) == rank
        for row in sample[:50].tolist():
            best = pk.best_hand(row, game="shortdeck", rules=rules)
            assert best.rank == rank_of_value[ref.value(row, rules)]
            assert ref.value(best.cards.tolist(), rules) == ref.value(row, rules)


def _numpy_seven_card_counts():
    """Category counts of all 8,347,680 seven-card hands by NumPy counting, independent of the
    evaluator: rank and suit counts, straight windows on the rank mask, both rule orders."""
    n, k = 36, 7
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for _ in range(1, k):  # every increasing 7-tuple of 0..35, one column at a time
        last = rows[:, -1].astype(np.int64)
        more = n - 1 - last
        starts = np.repeat(np.cumsum(more) - more, more)
        new = np.arange(more.sum()) - starts + np.repeat(last + 1, more)
        rows = np.hstack([np.repeat(rows, more, axis=0), new.astype(np.uint8)[:, None]])
    windows = [0b11111 << s for s in range(5)] + [(1 << 8) | 0b1111]  # A-6-7-8-9 too
    out = {rules: Counter() for rules in RULES}
    for chunk in np.array_split(rows, 8):
        rank = (chunk // 4).astype(np.int64)  # 0 = six .. 8 = ace
        suit = (chunk % 4).astype(np.int64)
        # Counts as 4-bit fields of one integer: rank r at bits 4r, suit s at bits 36 + 4s.
        fields = ((1 << (4 * rank)) + (1 << (36 + 4 * suit))).sum(axis=1)
        count = np.stack([(fields >> (4 * r)) & 15 for r in range(9)], axis=1)
        suits = np.stack([(fields >> (36 + 4 * s)) & 15 for s in range(4)], axis=1)
        bits = 1 << rank
        flush_suit = np.argmax(suits, axis=1)
        flush = suits.max(axis=1) >= 5
        flush_mask = np.bitwise_or.reduce(np.where(suit == flush_suit[:, None], bits, 0),
                                          axis=1)
        mask = np.bitwise_or.reduce(bits, axis=1)

        def has_straight(m):
            return np.any([(m & w) == w for w in windows], axis=0)

        trips_count = (count >= 3).sum(axis=1)
        pairs_count = (count == 2).sum(axis=1)
        has = {C.STRAIGHT_FLUSH: flush & has_straight(flush_mask),
               C.FOUR_OF_A_KIND: count.max(axis=1) == 4, C.FLUSH: flush,
               C.FULL_HOUSE: (trips_count >= 2) | ((trips_count == 1) & (pairs_count >= 1)),
               C.THREE_OF_A_KIND: trips_count >= 1, C.STRAIGHT: has_straight(mask),
               C.TWO_PAIR: pairs_count >= 2, C.PAIR: pairs_count == 1,
               C.HIGH_CARD: np.ones(len(chunk), dtype=bool)}
        for rules in RULES:
            middle = [C.THREE_OF_A_KIND, C.STRAIGHT]
            if rules == "straight-beats-trips":
                middle.reverse()
            left = np.ones(len(chunk), dtype=bool)
            for cat in [C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND, C.FLUSH, C.FULL_HOUSE, *middle,
                        C.TWO_PAIR, C.PAIR, C.HIGH_CARD]:  # best first: a hand counts once
                out[rules][cat] += int(np.count_nonzero(left & has[cat]))
                left &= ~has[cat]
    return {rules: dict(counts) for rules, counts in out.items()}


def test_seven_card_counts_by_numpy_counting():
    """The pinned 7-card counts, from NumPy counting that uses no table and no kernel."""
    assert _numpy_seven_card_counts() == SEVEN_CARD_COUNTS


@pytest.mark.parametrize("rules", RULES)
def test_seven_card_counts_by_the_enumeration_kernel(rules):
    """Every 7-card hand evaluated by the enumeration kernel with the short-deck tables."""
    counts = category_counts(7, game="shortdeck", rules=rules)
    assert counts == SEVEN_CARD_COUNTS[rules]
    assert sum(counts.values()) == 8_347_680
    assert distinct_ranks(7, game="shortdeck", rules=rules) == DISTINCT_7[rules]
    assert distinct_ranks(5, game="shortdeck", rules=rules) == 1404


def test_rank_scale_and_category_boundaries():
    starts = shortdeck.category_starts()
    assert list(starts.values()) == [1, 121, 625, 877, 883, 1135, 1207, 1327, 1399]
    assert list(starts) == ["High card", "Pair", "Two pair", "Straight", "Three of a kind",
                            "Full house", "Flush", "Four of a kind", "Straight flush"]
    other = shortdeck.category_starts("straight-beats-trips")
    assert other["Three of a kind"] == 877 and other["Straight"] == 1129
    ev = lambda h, **kw: pk.evaluate(h, game="shortdeck", **kw)
    assert ev("As Ks Qs Js Ts") == 1404
    assert ev("Jc 9d 8h 7s 6c") == 1
    assert ev("Ah 6h 7h 8h 9h") == 1399  # the lowest straight flush
    assert ev("Ah 6c 7d 8s 9h") == 877  # the lowest straight
    assert ev("6c 7d 8h 9s Tc") == 878
    assert ev("Ah Kh Qh Jh 9h") > ev("Ac Ad Ah Kc Kd")  # a flush beats a full house
    assert ev("6c 6d 6h Ac Kd") > ev("Tc Jd Qh Ks Ac")  # trips beat a straight ...
    sbt = "straight-beats-trips"
    assert ev("6c 6d 6h Ac Kd", rules=sbt) < ev("Tc Jd Qh Ks Ac", rules=sbt)  # ... or not
    assert ev("6c 6d 6h 6s 7c") > ev("As Ks Qs Js 9s")  # quads beat a flush
    for rules in RULES:
        for rank in (1, 877, 1207, 1404):
            assert pk.category(rank, game="shortdeck", rules=rules) == C(
                int(shortdeck.category_of_rank(rules)[rank]))


def test_describe_category_and_best_five():
    d = lambda h, **kw: pk.describe(h, game="shortdeck", **kw)
    assert d("Ah 6c 7d 8s 9h") == "Straight, nine high"
    assert d("Ah 6h 7h 8h 9h") == "Straight flush, nine high"
    assert d("As Ks Qs Js Ts") == d(1404) == "Royal flush"
    assert d("Ah Kh Qh Jh 9h Ac Ad") == "Flush, ace high"
    assert d("9c 9d 9h Ts Jc Qd Kh") == "Three of a kind, nines"
    assert d("9c 9d 9h Ts Jc Qd Kh", rules="straight-beats-trips") == "Straight, king high"
    assert d(1) == "High card, jack"
    assert pk.category(pk.evaluate("Ah Kh Qh Jh 9h", game="shortdeck"),
                       game="shortdeck") == C.FLUSH
    assert pk.category([1, 1404], game="shortdeck").tolist() == [1, 9]
    with pytest.raises(ValueError, match=r"rank 1405 is outside 1\.\.1404"):
        pk.category(1405, game="shortdeck")
    with pytest.raises(ValueError, match=r"outside 1\.\.1404"):
        pk.describe(7462, game="shortdeck")
    five = pk.best_five("Ah 6c 7d 8s 9h Kc Kd", game="shortdeck")
    assert pk.format_cards(five) == "Ah 9h 8s 7d 6c"
    assert pk.format_cards(pk.best_five("Ah 6c 7d 8s 9h Kc Kd")) == "Ah Kd Kc 9h 8s"


@pytest.mark.parametrize("n", [5, 6, 7])
@pytest.mark.parametrize("rules", RULES)
def test_batch_equals_single_hand_evaluation(n, rules):
    rng = np.random.default_rng(n)
    hands = rng.permuted(np.tile(np.arange(16, 52), (3000, 1)), axis=1)[:, :n]
    batch = pk.evaluate_batch(hands.astype(np.int64), game="shortdeck", rules=rules)
    single = [pk.evaluate(h, game="shortdeck", rules=rules) for h in hands[:300].tolist()]
    assert batch[:300].tolist() == single
    assert np.array_equal(batch, pk.evaluate_batch(hands.astype(np.uint8), game="shortdeck",
                                                   rules=rules, threads=1))


@pytest.mark.parametrize("n", [5, 6, 7])
def test_a_card_below_six_ranks_zero_in_a_batch(n):
    """Every row holding a two to five ranks 0 with invalid='zero', in groups and alone,
    also a flush whose suit holds none of the low cards (the flush keys' poison)."""
    rng = np.random.default_rng(100 + n)
    hands = rng.permuted(np.tile(np.arange(52), (4000, 1)), axis=1)[:, :n].astype(np.uint8)
    # Five hearts six and up, the other cards low and of other suits.
    hearts = [4 * r + 2 for r in range(4, 13)]
    flushes = np.array([sorted(rng.choice(hearts, 5, replace=False).tolist())
                        + rng.choice([c for c in range(16) if c % 4 != 2], n - 5,
                                     replace=False).tolist() for _ in range(203)],
                       dtype=np.uint8)
    if n > 5:
        hands = np.vstack([hands, flushes])
    ranks = pk.evaluate_batch(hands, game="shortdeck", invalid="zero")
    low = (hands < 16).any(axis=1)
    assert np.array_equal(ranks == 0, low)
    clean = [pk.evaluate(h, game="shortdeck") for h in hands[~low][:200].tolist()]
    assert ranks[~low][:200].tolist() == clean
    for i in range(1, 4):  # one row alone (checked row by row), then groups
        assert (pk.evaluate_batch(hands[low][:i], game="shortdeck", invalid="zero") == 0).all()


def test_bad_input_names_the_card_and_the_game():
    message = r"5c is not a short-deck card \(short deck plays 6 through A\)"
    with pytest.raises(ValueError, match=message):
        pk.evaluate("Ah 5c 7d 8s 9h", game="shortdeck")
    with pytest.raises(ValueError, match="row 2: " + message):
        pk.evaluate_batch(["As Ks Qs Js Ts", "Ah 6c 7d 8s 9h", "Ah 5c 7d 8s 9h"],
                          game="shortdeck")
    hands = np.tile(pk.parse_cards("6h 7h 8h 9h Jh Ac 2d"), (9, 1))
    hands[:, 6] = pk.parse_cards("Kd")[0]
    hands[6, 6] = pk.parse_cards("2d")[0]
    with pytest.raises(ValueError, match=r"row 6: 2d is not a short-deck card"):
        pk.evaluate_batch(hands, game="shortdeck")
    with pytest.raises(ValueError, match="row 1: duplicate card As"):
        pk.evaluate_batch(["Ks Qs Js Ts 9s", "As As 2c 3c 4c"], game="shortdeck")
    with pytest.raises(ValueError, match=r"the board: 4h is not a short-deck card"):
        pk.winners(["As Ks", "Qd Qc"], board="Ah 7c 4h 9s 6h", game="shortdeck")
    with pytest.raises(ValueError, match=r"hand 2: 3c is not a short-deck card"):
        pk.winners(["As Ks", "3c Qc"], board="Ah 7c 8h 9s 6h", game="shortdeck")
    with pytest.raises(ValueError, match=r"hole cards: 2s is not a short-deck card"):
        pk.holdem_hand("2s Ks", "Ah 7c 8h", game="shortdeck")
    with pytest.raises(ValueError, match=r"hand: 2s is not a short-deck card"):
        pk.best_hand("2s Ks Ah 7c 8h 9c Tc Jc", game="shortdeck")
    with pytest.raises(ValueError, match="short deck has no wild cards"):
        pk.winners(["As ** Qs Js Ts", "Kd Kc Kh Ks Ad"], game="shortdeck")
    for call in (lambda: pk.describe("Ah 5c 7d 8s 9h", game="shortdeck"),
                 lambda: pk.best_five("Ah 5c 7d 8s 9h", game="shortdeck")):
        with pytest.raises(ValueError, match=message):
            call()


def test_game_and_rules_are_checked():
    with pytest.raises(ValueError, match="game must be one of 'holdem', 'shortdeck'"):
        pk.evaluate("As Ks Qs Js Ts", game="omaha")
    with pytest.raises(ValueError, match="rules must be one of"):
        pk.evaluate("As Ks Qs Js Ts", game="shortdeck", rules="flush-beats-quads")
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        pk.evaluate_batch(["As Ks Qs Js Ts"], rules="straight-beats-trips")
    with pytest.raises(ValueError, match="rules apply to game='shortdeck' only"):
        pk.winners(["As Ks", "Qd Qc"], rules="trips-beat-straight")


def test_winners_and_best_hand():
    board = "8h 7c 6d Kd Qs"
    assert pk.winners(["Ah 9h", "Kc Ks"], board=board) == [1]
    assert pk.winners(["Ah 9h", "Kc Ks"], board=board, game="shortdeck") == [1]
    assert pk.winners(["Ah 9h", "Kc Ks"], board=board, game="shortdeck",
                      rules="straight-beats-trips") == [0]
    # A flush beats a full house in short deck only.
    assert pk.winners(["Ah Th", "Kc Ks"], board="Kh 9h 7h 6s 6c") == [1]
    assert pk.winners(["Ah Th", "Kc Ks"], board="Kh 9h 7h 6s 6c", game="shortdeck") == [0]
    assert pk.winners(["Ah", "Kc Ks"], game="shortdeck") == [1]  # short hands as in Hold'em
    eight = pk.best_hand("Ah 6h 7h 8h 9h Kc Kd Ks", game="shortdeck")  # 8 cards: every five
    assert eight.describe() == "Straight flush, nine high" and eight.rank == 1399
    assert isinstance(eight, pk.BestHand) and eight.rules == "trips-beat-straight"
    assert eight.category == C.STRAIGHT_FLUSH and eight.label == "Straight flush"
    seven = pk.best_hand("9c 9d 9h Ts Jc Qd Kh", game="shortdeck",
                         rules="straight-beats-trips")
    assert str(seven) == "Kh Qd Jc Ts 9h  (Straight, king high, rank 1133)"
    holdem = pk.best_hand("9c 9d 9h Ts Jc Qd Kh")
    assert holdem != pk.best_hand("9c 9d 9h Ts Jc Qd Kh", game="shortdeck")
    assert pk.holdem_hand("Ah 9h", board, game="shortdeck").describe() == "Straight, nine high"


def test_tables_share_the_holdem_layout():
    from pokerkeys.core.tables import eval_tables, manifest, shortdeck_tables
    for n in (5, 6, 7):
        for rules in RULES:
            t, h = shortdeck_tables(n, rules), eval_tables(n)
            assert t.hash_base is h.hash_base and t.card_keys is h.card_keys
            assert t.hash_ranks.shape == h.hash_ranks.shape
            assert t.hash_ranks.max() <= 1398 and t.flush_ranks.max() == 1404
    names = set(manifest()["files"])
    for prefix in ("shortdeck_trips_", "shortdeck_straight_"):
        assert {f"{prefix}hash_ranks_{n}.npy" for n in (5, 6, 7)} <= names
        assert {f"{prefix}flush_ranks_{n}.npy" for n in (5, 7)} <= names


def test_command_line_eval():
    run = lambda *args: subprocess.run(
        [sys.executable, "-m", "pokerkeys", "eval", *args], capture_output=True, text=True)
    out = run("--game", "shortdeck", "--json", "Ah 6c 7d 8s 9h", "9c 9d 9h Ts Jc Qd Kh")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    assert [r["rank"] for r in rows] == [877, 987]
    assert rows[0]["description"] == "Straight, nine high"
    assert rows[1]["category"] == "Three of a kind"
    out = run("--game", "shortdeck", "--rules", "straight-beats-trips", "9c 9d 9h Ts Jc Qd Kh")
    assert out.returncode == 0 and "Straight, king high" in out.stdout
    assert "best five: Kh Qd Jc Ts 9h" in out.stdout
    out = run("--game", "shortdeck", "Ah 5c 7d 8s 9h")
    assert out.returncode == 2
    assert out.stderr.strip() == ("pokerkeys eval: error: 5c is not a short-deck card (short "
                                  "deck plays 6 through A)")
    out = run("--rules", "straight-beats-trips", "Ah Kc 7d 8s 9h")
    assert out.returncode == 2 and "--rules" in out.stderr and "shortdeck" in out.stderr


def test_game_stats_short_deck():
    five = pk.stats.game_stats("shortdeck5")
    assert five.exact and five.total == 376_992
    assert {C(c): int(five.counts[c]) for c in range(1, 10)} == FIVE_CARD_COUNTS
    for rules in RULES:
        seven = pk.stats.game_stats("six-plus", rules=rules)
        assert seven.game == "shortdeck" and seven.total == 8_347_680 and rules in seven.what
        assert {C(c): int(seven.counts[c]) for c in range(1, 10)} == SEVEN_CARD_COUNTS[rules]
    with pytest.raises(ValueError, match="rules apply to the short-deck games only"):
        pk.stats.game_stats("texas", rules="straight-beats-trips")
    with pytest.raises(ValueError, match="only computed exactly"):
        pk.stats.game_stats("shortdeck", trials=1000)
