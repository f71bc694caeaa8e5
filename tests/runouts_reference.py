"""A brute force for the runout, distribution and class reports: every matchup on every board.

Nothing here uses the range sweep, the per-board matchup kernels or the report code: each
matchup of the players' combos (one combo each, no card twice, weight the product of the
combos' weights) is dealt every completion of the board, each player's 7 cards ranked with
``pk.evaluate_batch`` (checked exhaustively elsewhere), and the pot shared among the best
hands. Small inputs only: a few hundred matchups on one flop or turn.
"""
from __future__ import annotations

from itertools import combinations, product

import numpy as np

import pokerkeys as pk
from pokerkeys.core.classes import ALL_COMBOS


def combos_of(spec: str, blocked: set[int]) -> list[tuple[tuple[int, int], float]]:
    """A player's (combo, weight) pairs: a hand, or a range's combos, without blocked cards."""
    try:
        ids = pk.parse_cards(spec)
        if len(ids) == 2:
            return [((int(ids[0]), int(ids[1])), 1.0)]
    except ValueError:
        pass
    if spec == "random":
        pairs = [((int(a), int(b)), 1.0) for a, b in ALL_COMBOS]
    else:
        rng = pk.Range(spec)
        pairs = [((int(a), int(b)), float(w)) for (a, b), w in zip(rng.combos, rng.weights,
                                                                   strict=True)]
    return [(c, w) for c, w in pairs if c[0] not in blocked and c[1] not in blocked]


def matchups(players: list[str], board: list[int],
             dead: list[int]) -> list[tuple[tuple[tuple[int, int], ...], float]]:
    """Every matchup (one combo per player, no card shared) with its weight."""
    known: set[int] = set(board) | set(dead)
    for spec in players:
        try:
            ids = pk.parse_cards(spec)
        except ValueError:
            continue
        if len(ids) == 2:
            known |= {int(c) for c in ids}
    lists = []
    for spec in players:
        try:
            ids = pk.parse_cards(spec)
            own = {int(c) for c in ids} if len(ids) == 2 else set()
        except ValueError:
            own = set()
        lists.append(combos_of(spec, known - own))
    out = []
    for pick in product(*lists):
        cards = [c for combo, _ in pick for c in combo]
        if len(set(cards)) == len(cards):
            out.append((tuple(combo for combo, _ in pick), float(np.prod([w for _, w in pick]))))
    return out


def showdowns(players: list[str], board: list[int], dead: list[int] = ()):
    """Yield (matchup index, matchup, weight, completion, ranks (P,)) for every showdown."""
    board, dead = list(board), list(dead)
    deck_base = [c for c in range(52) if c not in set(board) | set(dead)]
    k = 5 - len(board)
    deals = []  # (m, hands, weight, completions) per matchup
    rows = []   # every player's 7 cards on every completion of every matchup, in order
    for m, (hands, weight) in enumerate(matchups(players, board, dead)):
        used = {c for h in hands for c in h}
        deck = [c for c in deck_base if c not in used]
        completions = np.array(list(combinations(deck, k)), dtype=np.uint8).reshape(-1, k)
        full = np.concatenate([np.tile(np.array(board, np.uint8), (len(completions), 1)),
                               completions], axis=1)
        deals.append((m, hands, weight, completions))
        rows += [np.concatenate([np.tile(np.array(h, np.uint8), (len(full), 1)), full], axis=1)
                 for h in hands]
    ranks = pk.evaluate_batch(np.concatenate(rows)).astype(np.int64)  # one call: quick
    at = 0
    for m, hands, weight, completions in deals:
        n = len(completions)
        block = ranks[at:at + n * len(hands)].reshape(len(hands), n).T
        at += n * len(hands)
        for i in range(n):
            yield m, hands, weight, tuple(int(c) for c in completions[i]), block[i]


def pot_shares(ranks: np.ndarray) -> np.ndarray:
    """Each player's share of the pot: 1 / (number of best hands) for the best, else 0."""
    best = ranks == ranks.max()
    return best / best.sum()


def equity(players: list[str], board: list[int], dead: list[int] = ()) -> np.ndarray:
    """Each player's equity over every matchup and board completion."""
    total = 0.0
    shares = np.zeros(len(players))
    for _, _, weight, _, ranks in showdowns(players, board, dead):
        shares += weight * pot_shares(ranks)
        total += weight
    return shares / total


def runouts(players: list[str], board: list[int], dead: list[int] = ()
            ) -> dict[int, tuple[float, np.ndarray]]:
    """card -> (probability of the card coming next, each player's equity after it)."""
    mass: dict[int, float] = {}
    won: dict[int, np.ndarray] = {}
    for _, _, weight, completion, ranks in showdowns(players, board, dead):
        card = completion[0] if len(completion) == 1 else None
        # On a flop a completion {t, r} is the runout t-then-r and r-then-t: both cards get it.
        for c in ([card] if card is not None else list(completion)):
            mass[c] = mass.get(c, 0.0) + weight
            won[c] = won.get(c, np.zeros(len(players))) + weight * pot_shares(ranks)
    total = sum(mass.values())
    return {c: (mass[c] / total, won[c] / mass[c]) for c in mass}


def combo_equity(players: list[str], board: list[int], player: int,
                 dead: list[int] = ()) -> dict[tuple[int, int], tuple[float, float]]:
    """One player's combos: combo -> (probability, equity against the others)."""
    mass: dict[tuple[int, int], float] = {}
    won: dict[tuple[int, int], float] = {}
    for _, hands, weight, _, ranks in showdowns(players, board, dead):
        combo = tuple(sorted(hands[player], reverse=True))
        mass[combo] = mass.get(combo, 0.0) + weight
        won[combo] = won.get(combo, 0.0) + weight * pot_shares(ranks)[player]
    total = sum(mass.values())
    return {c: (mass[c] / total, won[c] / mass[c]) for c in mass}


def what_wins(players: list[str], board: list[int], dead: list[int] = (),
              by: str = "category") -> tuple[np.ndarray, np.ndarray]:
    """(won, held), each (P, K), classes best first: the nine categories (straight flush ..
    high card), or with by='made' the made-hand classes of ``pk.range_hits`` on the final
    board (read with ``RangeHits.category_of``)."""
    from pokerkeys.analysis.hits import MADE

    n_classes = 9 if by == "category" else len(MADE)
    won = np.zeros((len(players), n_classes))
    held = np.zeros((len(players), n_classes))
    total = 0.0
    # Every combo any player holds, as one range: read once per final board.
    every_combo = ",".join(sorted({pk.format_cards(list(h), sep="")
                                  for hands, _ in matchups(players, list(board), list(dead))
                                  for h in hands}))
    hits_on: dict[tuple[int, ...], object] = {}
    for _, hands, weight, completion, ranks in showdowns(players, board, dead):
        if by == "category":
            cats = 9 - pk.category(ranks).astype(np.int64)  # column 0: straight flush
        else:
            final = tuple(board) + completion
            if final not in hits_on:
                hits_on[final] = pk.range_hits(every_combo, list(final))
            cats = [MADE.index(hits_on[final].category_of(list(h))) for h in hands]
        share = pot_shares(ranks)
        for p in range(len(players)):
            held[p, cats[p]] += weight
            won[p, cats[p]] += weight * share[p]
        total += weight
    return won / total, held / total
