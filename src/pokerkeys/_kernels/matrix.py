"""The exact heads-up preflop matrix, board-major: every combo evaluated once per board.

Why it works. Let N(h1, h2) be the number of boards on which combo h1 beats combo h2. N is
invariant under suit permutations, so it is known once N(rep_c, x) is known for one
representative combo rep_c of each class c and every combo x. For each combo h pick a suit
permutation tau_h with tau_h(h) = rep_class(h); then summing over every board B and every h of
class c,

    A[c, x] = sum_B sum_{h in c} [h beats tau_h^-1(x) on B] = |c| N(rep_c, x).

A per-board term of A is not invariant under a permutation of the board (tau_h is one fixed
choice among |Stab(rep_c)|), but its average over the stabiliser of rep_c is; so A can be
summed over the 134,459 suit-canonical boards times their orbit sizes and symmetrised once at
the end: N(rep_c, x) = sum_{s in Stab(rep_c)} A[c, s(x)] / 24, because |c| |Stab(rep_c)| = 24.

Per board: the 1,081 combos of the 47 remaining cards are ranked and sorted. A sweep in rank
order keeps, for each suit permutation t serving as a tau, a 0/1 vector seen[t, :] with
seen[t, t(h2)] = 1 for every combo h2 already passed (strictly lower rank). Reaching combo h
adds the row seen[tau_h, :] to A[class(h), :]: one contiguous 1,326-long vector add per combo,
which the compiler vectorises. Combos x sharing a card with rep_c collect meaningless counts and
are ignored afterwards. Losses need no pass: they are the other side's wins; ties are what is
left of the boards (or, optionally, counted pair by pair inside each group of equal ranks).

The counters are bytes (uint8): one board adds at most 12 (an offsuit class has 12 combos) to
a cell, so 21 boards fit before the counts are flushed, times the boards' orbit size, into int32
totals (at most 12 x 2,598,960 per cell). Boards arrive sorted by orbit size, so one flush has
one weight. Bytes instead of wider integers make the vector adds, the whole cost, 2-3x faster.
Twelve permutations suffice as tau (``pokerkeys.preflop.exact._symmetry``), which halves the
seen updates.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, boolean, inline, int64, kernel, run_chunks
from .boards import board_sums
from .borrow import borrowed
from .evaluate import HASH_7, TABLES, rank_of_key

N_COMBOS = 1326
N_CLASSES = 169
_BOARDS_PER_FLUSH = 21  # 21 boards x 12 combos of a class <= 255


@inline
def counting_pass(src, dst, counts, shift):
    """Stable counting sort of src into dst by the 7 bits of each key above ``shift``."""
    n = src.shape[0]
    counts[:] = 0
    for k in range(n):
        counts[(src[k] >> shift) & 127] += 1
    total = 0
    for d in range(128):
        c = counts[d]
        counts[d] = total
        total += c
    for k in range(n):
        d = (src[k] >> shift) & 127
        dst[counts[d]] = src[k]
        counts[d] += 1


def heads_up_sweep(boards, multiplicity, combo_perm, tau_of, combo_class, n_parts, with_ties,
                   card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks,
                   first_card=0):
    """(wins, ties) int64 (169, 1326), summed over the boards times their multiplicities.

    wins[c, x] = sum over boards b, combos h of class c on b, of multiplicity[b] times
    [h outranks tau_h^-1(x)]; ties the same with equal ranks (all zero unless with_ties).
    boards (B, 5) uint8, canonical under suit permutations, sorted by multiplicity;
    combo_perm (P, 1326) int64: index of each combo's image under each of P permutations; tau_of
    (1326,) the permutation taking a combo to its class representative; combo_class (1326,)
    class index. n_parts: independent accumulators (>= threads), run on the threads of the
    caller's ``_jit.threads`` block (``heads_up_parts``). first_card: the deck is the cards
    first_card..51 (0: Hold'em's 52; 16: short deck's 36, six through ace, ranked by the
    short-deck tables passed); combos with a lower card collect nothing.
    """
    wins = np.zeros((n_parts, N_CLASSES, N_COMBOS), dtype=np.int32)
    ties = np.zeros((n_parts, N_CLASSES, N_COMBOS), dtype=np.int32)
    run_chunks(heads_up_parts, n_parts, None, wins, ties, boards, multiplicity, combo_perm,
               tau_of, combo_class, with_ties, card_keys, flush_keys, flush_suit, hash_base,
               hash_ranks, flush_ranks, first_card)
    return wins.astype(np.int64).sum(axis=0), ties.astype(np.int64).sum(axis=0)


@kernel(signatures=[
    (int64, int64, array("int32", 3), array("int32", 3), array("uint8", 2), array("int64"),
     array("int64", 2, readonly=True), array("int64", readonly=True), array("int64"), boolean,
     *TABLES, int64),
])
def heads_up_parts(first, end, wins, ties, boards, multiplicity, combo_perm, tau_of,
                   combo_class, with_ties, card_keys, flush_keys, flush_suit, hash_base,
                   hash_ranks, flush_ranks, first_card):
    """Parts first..end-1 of ``heads_up_sweep`` (``_jit.run_chunks``): part p takes boards p,
    p + P, p + 2P, ... (P parts) into wins[p] and ties[p]."""
    n_perms = combo_perm.shape[0]
    # Scratch for every part: the byte counters end each part flushed to zero.
    _heads_up_block(first, end, wins, ties, boards, multiplicity, combo_perm, tau_of,
                    combo_class, with_ties, np.zeros((N_CLASSES, N_COMBOS), dtype=np.uint8),
                    np.zeros((N_CLASSES, N_COMBOS), dtype=np.uint8),
                    np.zeros((n_perms, N_COMBOS), dtype=np.uint8), np.empty(47, dtype=np.uint8),
                    np.empty(1081, dtype=np.int32), np.empty(1081, dtype=np.int32),
                    np.empty(128, dtype=np.int32), card_keys, flush_keys, flush_suit,
                    hash_base, hash_ranks, flush_ranks, first_card)


@kernel
def _heads_up_block(first, end, wins, ties, boards, multiplicity, combo_perm, tau_of,
                    combo_class, with_ties, win8, tie8, seen, rem, keys, spare, counts,
                    card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks,
                    first_card):
    """``heads_up_parts`` with its scratch arrays, on borrowed views of every array
    (``borrow``: reference counts in the board loop made it 13-17% slower)."""
    wins, ties, boards = borrowed(wins), borrowed(ties), borrowed(boards)
    multiplicity, combo_perm = borrowed(multiplicity), borrowed(combo_perm)
    tau_of, combo_class = borrowed(tau_of), borrowed(combo_class)
    win8, tie8, seen, rem = borrowed(win8), borrowed(tie8), borrowed(seen), borrowed(rem)
    keys, spare, counts = borrowed(keys), borrowed(spare), borrowed(counts)
    card_keys, flush_keys = borrowed(card_keys), borrowed(flush_keys)
    flush_suit, hash_base = borrowed(flush_suit), borrowed(hash_base)
    hash_ranks, flush_ranks = borrowed(hash_ranks), borrowed(flush_ranks)
    n_boards = boards.shape[0]
    n_parts = wins.shape[0]
    n_perms = combo_perm.shape[0]
    mult, hmask, shift = HASH_7  # compile-time constants
    # rem[:47] holds the 52-card deck's cards off the board, ascending: the cards below
    # first_card come first, so the deck's own are rem[first_card:47].
    n_rem = 47 - first_card
    n_pairs = n_rem * (n_rem - 1) // 2
    for part in range(first, end):
        pending = 0
        pending_weight = 0
        for b in range(part, n_boards + n_parts, n_parts):
            # Flush the byte counters after ten boards, before a board of another weight and
            # at the end (the loop runs one step past the last board for that).
            last = b >= n_boards
            if pending > 0 and (last or pending == _BOARDS_PER_FLUSH
                                or multiplicity[b] != pending_weight):
                w32 = np.int32(pending_weight)
                for c in range(N_CLASSES):
                    for x in range(N_COMBOS):
                        wins[part, c, x] += w32 * win8[c, x]
                        win8[c, x] = 0
                if with_ties:
                    for c in range(N_CLASSES):
                        for x in range(N_COMBOS):
                            ties[part, c, x] += w32 * tie8[c, x]
                            tie8[c, x] = 0
                pending = 0
            if last:
                break
            pending += 1
            pending_weight = multiplicity[b]
            key, fsum = board_sums(boards, b, rem, card_keys, flush_keys)
            # Rank every combo; sort key = rank << 11 | combo index (combo index < 2048).
            k = 0
            for i in range(first_card, 47):
                ci = rem[i]
                ki = key + card_keys[ci]
                fi = fsum + flush_keys[ci]
                for j in range(i + 1, 47):
                    cj = np.int32(rem[j])
                    r = rank_of_key(ki + card_keys[cj], fi + flush_keys[cj], flush_suit,
                                    hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
                    # rem is ascending, so cj is the higher card: closed-form combo index.
                    keys[k] = (np.int32(r) << 11) | (cj * (cj - 1) // 2 + np.int32(ci))
                    k += 1
            # Sort by rank (13 bits): two stable counting passes, low 7 then high 6 bits. The
            # order inside a rank does not matter; several times faster than a comparison sort.
            counting_pass(keys[:n_pairs], spare[:n_pairs], counts, 11)
            counting_pass(spare[:n_pairs], keys[:n_pairs], counts, 18)
            seen[:, :] = 0
            start = 0
            while start < n_pairs:
                group_rank = keys[start] >> 11
                stop = start + 1
                while stop < n_pairs and (keys[stop] >> 11) == group_rank:
                    stop += 1
                if start > 0:  # nothing is below the lowest group
                    for g in range(start, stop):
                        h = keys[g] & 2047
                        row = combo_class[h]
                        src = tau_of[h]
                        for x in range(N_COMBOS):
                            win8[row, x] += seen[src, x]
                if with_ties:  # pairs inside the group, both orders
                    for g in range(start, stop):
                        h = keys[g] & 2047
                        row = combo_class[h]
                        t = tau_of[h]
                        for g2 in range(start, stop):
                            if g2 != g:
                                tie8[row, combo_perm[t, keys[g2] & 2047]] += 1
                for g in range(start, stop):
                    h = keys[g] & 2047
                    for t in range(n_perms):
                        seen[t, combo_perm[t, h]] = 1
                start = stop
