"""What wins: per player and per class of final hand, the pot won and the showdowns held.

Each complete board is evaluated once per combo (as ``board_matchups`` does); every matchup
that fits the board is then settled, and each player's class on that board (the category of
its rank, or its ``hits.classify`` made-hand class) gets the matchup's weight as a showdown
held, and its share of the pot when it is among the winners.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, boolean, int64, kernel
from .board_matchups import matchup_keys
from .evaluate import HASH_7, TABLES, join_leaders, rank_of_key
from .hits import classify

#: Classes a player's final hand can fall in, at most (``hits.classify`` has 15).
N_CLASSES = 16


@kernel(signatures=[
    (int64, int64, array("float64", 4), array("uint8", 2), array("int64", 2), array("float64"),
     array("uint8", 2, readonly=True), array("float64"), array("int64"), boolean,
     array("int64"), *TABLES),
])
def class_wins_chunks(first, end, out, combos, matchups, matchup_weights, boards, board_weights,
                      chunk_starts, by_made, class_of_rank, card_keys, flush_keys, flush_suit,
                      hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 (``_jit.run_chunks``) of the boards (B, 5), chunk c being boards
    [chunk_starts[c], chunk_starts[c + 1]): out[c, p, 0, k] += the pot share player p wins
    holding class k, out[c, p, 1, k] += the showdowns p holds class k in, each matchup (rows
    of combos (R, 2), one per player: matchups (M, P)) weighted by matchup_weights[m] times
    board_weights[b]. A class is class_of_rank[rank], or with by_made the made-hand class of
    ``hits.classify``. out (C, P, 2, N_CLASSES) starts at zero."""
    n_rows = combos.shape[0]
    n_matchups, n_players = matchups.shape
    hole_key, hole_flush, row_bits, matchup_bits = matchup_keys(combos, matchups, card_keys,
                                                                flush_keys)
    mult, hmask, shift = HASH_7  # compile-time constants
    ranks = np.zeros(n_rows, dtype=np.int64)
    classes = np.zeros(n_rows, dtype=np.int64)
    draws = np.zeros(n_rows, dtype=np.int64)
    board = np.empty(5, dtype=np.uint8)
    for c in range(first, end):
        for b in range(chunk_starts[c], chunk_starts[c + 1]):
            key = np.uint64(0)
            fsum = np.uint64(0)
            bits = np.uint64(0)
            for j in range(5):
                card = boards[b, j]
                board[j] = card
                key += card_keys[card]
                fsum += flush_keys[card]
                bits |= np.uint64(1) << np.uint64(card)
            for r in range(n_rows):
                if not row_bits[r] & bits:
                    ranks[r] = rank_of_key(key + hole_key[r], fsum + hole_flush[r], flush_suit,
                                           hash_base, hash_ranks, flush_ranks, mult, hmask,
                                           shift)
            if by_made:
                classify(combos, board, classes, draws)
            else:
                for r in range(n_rows):
                    classes[r] = class_of_rank[ranks[r]]
            for m in range(n_matchups):
                if matchup_bits[m] & bits:
                    continue
                best = 0
                mask = 0
                for p in range(n_players):
                    best, mask = join_leaders(best, mask, ranks[matchups[m, p]], p)
                winners = 0
                for p in range(n_players):
                    winners += (mask >> p) & 1
                w = matchup_weights[m] * board_weights[b]
                share = w / winners
                for p in range(n_players):
                    k = classes[matchups[m, p]]
                    out[c, p, 1, k] += w
                    if (mask >> p) & 1:
                        out[c, p, 0, k] += share
