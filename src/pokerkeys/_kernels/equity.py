"""Equity kernels: enumeration of boards card by card (preflop: ``rank_classes``) and Monte
Carlo trials.

Both count showdown outcomes as a histogram over *winner masks*: bit p set when player p has the
best hand. One histogram per chunk of work gives every statistic afterwards (outright wins,
ties, each player's share of split pots, how often each subset of players split, and the
variance of a player's share for the standard error) with no shared counters between threads.

Table arguments follow ``EvalTables.as_tuple()`` for 7-card hands, except the Monte Carlo
kernels without ranges, which take ``EvalTables.batch_tuple()`` (the batch keys).
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, uint64
from .._layout import BATCH_FLUSH_BITS, BATCH_FLUSH_KEYS_AT, BATCH_SUIT_BIAS
from .bits import popcount64, trailing_zeros64
from .boards import free_cards
from .borrow import borrowed
from .evaluate import (
    HASH_7,
    TABLES,
    batch_flush_index,
    hash_col_7,
    hash_row_7,
    join_leaders,
    rank_of_key,
)
from .sampling import deal_plan, deal_stratified, first_stratum, next_u64, strata

_FLUSH_BITS = np.uint64(BATCH_FLUSH_BITS)
_DECK = np.uint64((1 << 52) - 1)
_ONE = np.uint64(1)
_LOW16 = np.uint64(0xFFFF)
_PACKED_RUN = (1 << 16) - 1


@inline
def key_sums(cards, card_keys, flush_keys):
    """(packed key sum, flush sums) of some cards, e.g. the known board."""
    key = np.uint64(0)
    flush = np.uint64(0)
    for c in cards:
        key += card_keys[c]
        flush += flush_keys[c]
    return key, flush


@inline
def _showdown_mask(n_players, board_key, board_flush, hole_keys, hole_flush, card_keys,
                   flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                   shift):
    """Winner mask of one showdown: every player's 7-card rank, the best ones' bits set."""
    best = 0
    mask = 0
    for p in range(n_players):
        r = rank_of_key(board_key + hole_keys[p], board_flush + hole_flush[p], flush_suit,
                        hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
        best, mask = join_leaders(best, mask, np.int64(r), p)
    return mask


@inline
def monte_carlo_mask(n_players, board_key, board_flush, hole_keys, hole_flush, ranks,
                      flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask, shift):
    """``_showdown_mask`` in two passes (ranks into `ranks`, then best and mask without a
    branch on who leads): with random hands the leader changes unpredictably, and for many
    players the mispredicted branches cost more than the second pass."""
    best = np.int64(0)
    for p in range(n_players):
        r = np.int64(rank_of_key(board_key + hole_keys[p], board_flush + hole_flush[p],
                                 flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                                 shift))
        ranks[p] = r
        best = max(best, r)
    mask = np.int64(0)
    for p in range(n_players):
        mask |= np.int64(ranks[p] == best) << p
    return mask


@inline
def _count_odometer(counts, rem, n_rem, first, n_missing, board_key, board_flush, n_players,
                    hole_keys, hole_flush, idx, key_at, flush_at, card_keys, flush_keys,
                    flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask, shift):
    """Boards missing 1-5 cards whose first missing card is rem[first].

    The missing cards are combinations in increasing index order, walked as an odometer over
    `idx` with the key sums kept per depth, so each board costs one key addition per level
    changed plus the showdown.
    """
    idx[0] = first
    key_at[0] = board_key + card_keys[rem[first]]
    flush_at[0] = board_flush + flush_keys[rem[first]]
    level = 1
    if n_missing > 1:
        idx[1] = first
    while True:
        if level == n_missing:
            mask = _showdown_mask(n_players, key_at[level - 1], flush_at[level - 1], hole_keys,
                                  hole_flush, card_keys, flush_keys, flush_suit, hash_base,
                                  hash_ranks, flush_ranks, mult, hmask, shift)
            counts[mask] += 1
            level -= 1
            if level == 0:
                return
            continue
        idx[level] += 1  # advance this level, leaving room for the levels below it
        if idx[level] > n_rem - (n_missing - level):
            level -= 1
            if level == 0:
                return
            continue
        c = rem[idx[level]]
        key_at[level] = key_at[level - 1] + card_keys[c]
        flush_at[level] = flush_at[level - 1] + flush_keys[c]
        level += 1
        if level < n_missing:
            idx[level] = idx[level - 1]


@kernel(signatures=[
    (int64, int64, array("float64", 2), array("uint8", 3), array("float64"), array("uint8"),
     uint64, int64, array("int64", 2), array("int64"), *TABLES),
])
def exact_counts(first, end, out, hands, weights, board, excluded, n_missing, items,
                 group_starts, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                 flush_ranks):
    """Weighted winner-mask histogram over every board completion of every matchup, for the
    groups first..end-1 (``_jit.run_chunks``).

    hands (M, P, 2): the matchups; weights (M,): their weights; board: the known board cards;
    excluded: 52-bit mask of board and dead cards; n_missing: board cards still to come.
    items (W, 2): work items (matchup, index of the first missing card in the remaining deck,
    or -1 for all of them), in groups of equal work [group_starts[g], group_starts[g+1]);
    adds group g's counts to out[g] ((G, 2**P) float64, zeros to start).
    Each item counts its boards in integers and adds them times the matchup's weight once.
    """
    board_key, board_flush = key_sums(board, card_keys, flush_keys)
    n_players = hands.shape[1]
    # scratch, reused by every group
    rem = np.empty(52, dtype=np.uint8)
    hole_keys = np.empty(n_players, dtype=np.uint64)
    hole_flush = np.empty(n_players, dtype=np.uint64)
    counts = np.empty(1 << n_players, dtype=np.int64)
    idx = np.empty(6, dtype=np.int64)
    key_at = np.empty(6, dtype=np.uint64)
    flush_at = np.empty(6, dtype=np.uint64)
    for g in range(first, end):
        _exact_group(out, g, hands, weights, board_key, board_flush, excluded, n_missing, items,
                     group_starts, rem, hole_keys, hole_flush, counts, idx, key_at, flush_at,
                     card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks)


@kernel
def _exact_group(out, g, hands, weights, board_key, board_flush, excluded, n_missing, items,
                 group_starts, rem, hole_keys, hole_flush, counts, idx, key_at, flush_at,
                 card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Group g of ``exact_counts``, on borrowed views of its arrays (``borrow``): with the
    arrays themselves, counting their references cost four fifths of the time."""
    out, hands, weights, items = borrowed(out), borrowed(hands), borrowed(weights), borrowed(items)
    group_starts, rem = borrowed(group_starts), borrowed(rem)
    hole_keys, hole_flush = borrowed(hole_keys), borrowed(hole_flush)
    counts, idx, key_at, flush_at = borrowed(counts), borrowed(idx), borrowed(key_at), borrowed(
        flush_at)
    card_keys, flush_keys = borrowed(card_keys), borrowed(flush_keys)
    flush_suit, hash_base = borrowed(flush_suit), borrowed(hash_base)
    hash_ranks, flush_ranks = borrowed(hash_ranks), borrowed(flush_ranks)
    n_players = hands.shape[1]
    n_masks = 1 << n_players
    mult, hmask, shift = HASH_7  # compile-time constants
    for it in range(group_starts[g], group_starts[g + 1]):
        m = items[it, 0]
        used = excluded
        for p in range(n_players):
            a = hands[m, p, 0]
            b = hands[m, p, 1]
            used |= (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
            hole_keys[p] = np.uint64(card_keys[a]) + card_keys[b]
            hole_flush[p] = flush_keys[a] + flush_keys[b]
        n_rem = free_cards(rem, used)
        for mask in range(n_masks):
            counts[mask] = 0
        if n_missing == 0:
            counts[_showdown_mask(n_players, board_key, board_flush, hole_keys, hole_flush,
                                  card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                                  flush_ranks, mult, hmask, shift)] += 1
        else:
            # first == -1: the item is the whole matchup (used when matchups are many).
            lo = items[it, 1]
            hi = lo + 1
            if lo < 0:
                lo = 0
                hi = n_rem - n_missing + 1
            for first_card in range(lo, hi):
                _count_odometer(counts, rem, n_rem, first_card, n_missing, board_key,
                                board_flush, n_players, hole_keys, hole_flush, idx, key_at,
                                flush_at, card_keys, flush_keys, flush_suit, hash_base,
                                hash_ranks, flush_ranks, mult, hmask, shift)
        w = weights[m]
        for mask in range(n_masks):
            out[g, mask] += w * counts[mask]


@inline
def _next_u32(state, spare, n_spare):
    """(state, spare, n_spare, r): 32 random bits; each splitmix64 output serves two calls
    (`spare` keeps the second half)."""
    if n_spare == 0:
        state, spare = next_u64(state)
        n_spare = 2
    r = spare & np.uint64(0xFFFFFFFF)
    return state, spare >> np.uint64(32), n_spare - 1, r


@inline
def sample_range(state, spare, n_spare, keep, alias, start, stop, reject_below):
    """(state, spare, n_spare, row): a row of [start, stop) drawn with probability proportional
    to its combo's weight, by Walker's alias method: a uniform row (Lemire's multiply, exact
    with the rejection threshold 2**32 mod n), kept when 63 random bits fall below keep[row],
    else replaced by alias[row]. Constant time: a binary search over the running weights
    mispredicts about one branch in two per step, which cost more than all the rest.
    """
    n = np.uint64(stop - start)
    while True:
        state, spare, n_spare, x = _next_u32(state, spare, n_spare)
        m = x * n
        if (m & np.uint64(0xFFFFFFFF)) >= reject_below:
            break
    row = start + np.int64(m >> np.uint64(32))
    state, coin = next_u64(state)
    if (coin >> np.uint64(1)) >= keep[row]:
        row = alias[row]
    return state, spare, n_spare, row


@inline
def draw_card(state, spare, n_spare, used):
    """(state, spare, n_spare, card): a uniform card id not in the 52-bit mask `used`.

    Lemire's multiply maps 32 random bits onto 0..51, rejecting the 48 of 2**32 low products
    that would bias it (2**32 mod 52 = 48), and a card already in `used` is drawn again.
    Drawing from the whole deck and rejecting used cards is uniform over the unused ones and
    needs no deck array (ranges change the used cards every trial).
    """
    while True:
        state, spare, n_spare, r = _next_u32(state, spare, n_spare)
        m = r * np.uint64(52)
        if (m & np.uint64(0xFFFFFFFF)) < np.uint64(48):
            continue
        c = m >> np.uint64(32)
        if not (used >> c) & np.uint64(1):
            return state, spare, n_spare, c


@inline
def _known_cards(known, excluded, keys):
    """What players without ranges hold before the deal, in batch keys (``_layout.BATCH_*``):
    the used-card mask, each player's known key and flush sums and unknown card count, and the
    number of hole cards dealt (players' unknown cards are dealt in seat order, then the
    board)."""
    n_players = known.shape[0]
    used = excluded
    known_keys = np.zeros(n_players, dtype=np.uint64)
    known_flush = np.zeros(n_players, dtype=np.uint64)
    n_unknown = np.zeros(n_players, dtype=np.int64)
    n_hole_dealt = 0
    for p in range(n_players):
        for j in range(2):
            c = known[p, j]
            if c < 52:
                used |= np.uint64(1) << np.uint64(c)
                known_keys[p] += keys[c]
                known_flush[p] += keys[BATCH_FLUSH_KEYS_AT + c]
            else:
                n_unknown[p] += 1
                n_hole_dealt += 1
    return used, known_keys, known_flush, n_unknown, n_hole_dealt


@inline
def _board_batch_sums(board, keys):
    """(batch key sum plus the suit counters' bias, flush sums) of the known board."""
    key = np.uint64(BATCH_SUIT_BIAS)
    flush = np.uint64(0)
    for c in board:
        key += keys[c]
        flush += keys[BATCH_FLUSH_KEYS_AT + c]
    return key, flush


# The dealt cards are summed by loops of fixed length (2 hole cards, 5 board cards) whose extra
# cards are masked out (``_upto``): with a run-time length, LLVM vectorised the five-card sum
# into a gather block that spilled the whole trial's registers. So `dealt` has room for
# n_hole_dealt + 5 cards, the unused ones 0.


# Stratified dealing (``sampling.deal_stratified``): the cards that run through their
# combinations are the first player's unknown hole cards, which are dealt first, or, when
# every hand is known, up to two cards of the board (three made a table of 17,296 flops to
# build and shuffle every call: 0.15 ms, more than a short run gained). What it gave, and
# what it did not, is in ``benchmarks/test_bench_equity.py``.
@inline
def _stratum_size(n_unknown, n_hole_dealt, n_missing):
    """How many of a trial's first cards dealt run through their combinations
    (``sampling.strata``): the first player's unknown hole cards (1 or 2; they are dealt
    first), else up to two board cards."""
    if n_hole_dealt > 0:
        for p in range(len(n_unknown)):
            if n_unknown[p] > 0:
                return np.int64(n_unknown[p])
    return np.int64(min(n_missing, 2))


@inline
def _upto(i, count):
    """All ones while i < count, else 0."""
    return np.uint64(0) - np.uint64(i < count)


@inline
def _dealt_slots(n_deal, n_hole_dealt):
    """Zeroed room for a trial's n_deal dealt cards, and for the reads that ``_upto`` masks
    (up to n_hole_dealt + 5) and a stratum's two stores: every slot holds a card id or 0,
    a valid index, whatever a trial leaves there."""
    return np.zeros(max(n_deal, n_hole_dealt + 5), dtype=np.uint64)


@inline
def _deal_from(used, n_unknown, n_hole_dealt, n_missing):
    """What every trial's deal of the unknown hole cards and the board needs
    (``sampling.deal_stratified``): (free, size, masks, cards, bounds, reject, dealt).

    free is the 52-bit mask of the cards not in `used`; the first `size` cards dealt
    (``_stratum_size``) run through the combinations masks/cards (``sampling.strata``), and
    ``deal_plan``'s bounds/reject deal the rest at random; dealt is the trial's room for them
    (``_dealt_slots``).
    """
    free = ~used & _DECK
    n_deal = n_hole_dealt + n_missing
    size = _stratum_size(n_unknown, n_hole_dealt, n_missing)
    masks, cards = strata(free, size)
    bounds, reject = deal_plan(np.int64(popcount64(free)) - size, n_deal - size)
    return free, size, masks, cards, bounds, reject, _dealt_slots(n_deal, n_hole_dealt)


@inline
def _dealt_board_key(board_key, dealt, n_hole_dealt, n_missing, keys):
    """board_key plus the keys of the dealt board cards (dealt after the hole cards)."""
    key = board_key
    at = np.uint64(n_hole_dealt)
    for i in range(5):
        key += keys[dealt[at + np.uint64(i)]] & _upto(i, n_missing)
    return key


@inline
def _dealt_rank(known_key, known_flush, n_unknown, first, dealt, board_key, board_flush,
                n_missing, n_hole_dealt, keys, ranks, flush_at):
    """7-card rank of a player after the deal: the player's unknown cards are dealt[first:
    first + n_unknown], the board's dealt[n_hole_dealt:n_hole_dealt + n_missing].

    Batch keys: board_key already holds the whole board and the suit counters' bias, so the
    sum's flush bits say whether the hand has a flush and, if not, its top bits are the hash.
    Flush sums are only needed for a flush (a few percent of hands), so they are summed here,
    not for every card dealt.
    """
    key = board_key + known_key
    for j in range(2):
        key += keys[dealt[np.uint64(first + j)]] & _upto(j, n_unknown)
    if (key & _FLUSH_BITS) == 0:
        return np.int64(ranks[ranks[hash_row_7(key)] + hash_col_7(key)])
    f = board_flush + known_flush
    for j in range(n_unknown):
        f += keys[BATCH_FLUSH_KEYS_AT + dealt[first + j]]
    for i in range(n_missing):
        f += keys[BATCH_FLUSH_KEYS_AT + dealt[n_hole_dealt + i]]
    return np.int64(ranks[batch_flush_index(key, f, flush_at)])


@inline
def _lead(best, mask, rank, player):
    """``evaluate.join_leaders`` without a branch on who leads (random hands change the
    leader unpredictably): a higher rank starts a new mask, an equal one joins."""
    bit = np.int64(1) << player
    mask = bit if rank > best else (mask | bit if rank == best else mask)
    return max(best, rank), mask


@inline
def _hole_slots(known, dealt):
    """(slots, dealt with room for the known hole cards after the deal's): player p's hole
    cards are dealt[slots[2p]] and dealt[slots[2p + 1]], a dealt card's slot its place in the
    deal, a known card's a slot of its own after them that holds it for good. One lookup for
    every hole card, known or dealt, spares the trial loop each player's known sums, count
    of unknown cards and the branches on it: 8% more six-player trials a second (AhKh vs 5
    random), 4% more with four."""
    n_players = known.shape[0]
    room = len(dealt)
    held = np.zeros(room + 2 * n_players, dtype=np.uint64)
    slots = np.empty(2 * n_players, dtype=np.uint64)
    n_dealt = 0  # unknown cards are dealt in seat order (``_known_cards``)
    for p in range(n_players):
        for j in range(2):
            c = known[p, j]
            if c < 52:
                at = room + 2 * p + j
                held[at] = c
            else:
                at = n_dealt
                n_dealt += 1
            slots[2 * p + j] = at
    return slots, held


@inline
def _slot_rank(s0, s1, dealt, board_key, board_flush, n_missing, n_hole_dealt, keys, ranks,
               flush_at):
    """7-card rank of the hole cards dealt[s0], dealt[s1] (``_hole_slots``) with the board
    (as ``_dealt_rank``: board_key holds the whole board and the suit counters' bias)."""
    key = board_key + keys[dealt[s0]] + keys[dealt[s1]]
    if (key & _FLUSH_BITS) == 0:
        return np.int64(ranks[ranks[hash_row_7(key)] + hash_col_7(key)])
    f = board_flush + keys[BATCH_FLUSH_KEYS_AT + dealt[s0]] \
        + keys[BATCH_FLUSH_KEYS_AT + dealt[s1]]
    for i in range(n_missing):
        f += keys[BATCH_FLUSH_KEYS_AT + dealt[n_hole_dealt + i]]
    return np.int64(ranks[batch_flush_index(key, f, flush_at)])


@inline
def _plain_trials(all_known, run, state, at, hist, known_keys, known_flush, slots, n_hole_dealt,
                  n_missing, board_key, board_flush, free, bounds, reject, masks, cards, size,
                  dealt, keys, ranks, flush_at):
    """`run` trials of ``_plain_chunk`` (fewer than 2**16): (state, at, wins0, wins1, wins2),
    the lone winners counted 16 bits per player (players 4q..4q+3 in wins[q]), split pots
    added to hist. (A histogram in memory indexed by the outcome made each trial's increment
    wait on the previous one's store.)

    all_known is a constant where this is inlined, so each caller gets a trial loop of its
    own: one that adds each player's known sums when no hole card is dealt, one that looks
    every hole card up by its slot (``_hole_slots``) otherwise. Known hands' trials gain
    18% over the general loop (AhKh vs QsQd vs JcTc). One loop with a branch per trial
    between the two ran both slower (register spills), and a compiled function for each
    instead of an inlined one lost the gains (its arrays are reloaded through pointers)."""
    n_players = len(slots) // 2
    n_rest = np.uint64(n_hole_dealt + n_missing - size)
    wins0 = wins1 = wins2 = np.uint64(0)
    for _t in range(run):
        state, at = deal_stratified(state, at, masks, cards, free, bounds, reject, dealt,
                                     n_rest, size)
        k = _dealt_board_key(board_key, dealt, n_hole_dealt, n_missing, keys)
        best = np.int64(0)
        mask = np.int64(0)
        for p in range(n_players):
            if all_known:
                r = _dealt_rank(known_keys[p], known_flush[p], 0, 0, dealt, k, board_flush,
                                n_missing, n_hole_dealt, keys, ranks, flush_at)
            else:
                r = _slot_rank(slots[2 * p], slots[2 * p + 1], dealt, k, board_flush,
                               n_missing, n_hole_dealt, keys, ranks, flush_at)
            best, mask = _lead(best, mask, r, p)
        if mask & (mask - 1) == 0:
            p = trailing_zeros64(np.uint64(mask))
            one = _ONE << ((p & np.uint64(3)) * np.uint64(16))
            group = p >> np.uint64(2)
            wins0 += one * np.uint64(group == 0)
            wins1 += one * np.uint64(group == 1)
            wins2 += one * np.uint64(group == 2)
        else:
            hist[mask] += 1
    return state, at, wins0, wins1, wins2


@kernel
def _plain_chunk(state, n_trials, hist, known_keys, known_flush, slots, n_hole_dealt,
                 n_missing, board_key, board_flush, free, bounds, reject, masks, cards, size,
                 dealt, keys, ranks, flush_at):
    """One chunk of ``monte_carlo_plain``: adds its winner-mask counts to hist.

    A function of its own, called once per chunk: inlined into the chunk loop's body (when it
    was a parallel loop) the trial loop kept its tables and per-player arrays on the stack and
    reloaded them every player.
    """
    # The caller's arrays, borrowed: no reference counts in the trial loop (counted, the
    # strata's arrays cost a count up and down every trial).
    bounds, reject, dealt = borrowed(bounds), borrowed(reject), borrowed(dealt)
    masks, cards = borrowed(masks), borrowed(cards)
    keys, ranks, slots = borrowed(keys), borrowed(ranks), borrowed(slots)
    known_keys, known_flush = borrowed(known_keys), borrowed(known_flush)
    state, at = first_stratum(state, len(masks))
    done = 0
    while done < n_trials:
        run = min(n_trials - done, _PACKED_RUN)
        if n_hole_dealt == 0:
            state, at, wins0, wins1, wins2 = _plain_trials(
                True, run, state, at, hist, known_keys, known_flush, slots, n_hole_dealt,
                n_missing, board_key, board_flush, free, bounds, reject, masks, cards, size,
                dealt, keys, ranks, flush_at)
        else:
            state, at, wins0, wins1, wins2 = _plain_trials(
                False, run, state, at, hist, known_keys, known_flush, slots, n_hole_dealt,
                n_missing, board_key, board_flush, free, bounds, reject, masks, cards, size,
                dealt, keys, ranks, flush_at)
        for p in range(len(known_keys)):
            packed = wins0 if p < 4 else (wins1 if p < 8 else wins2)
            hist[1 << p] += np.int64((packed >> np.uint64(16 * (p & 3))) & _LOW16)
        done += run


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("uint8", 2), array("int64"), array("uint8", 2),
     array("uint64"), array("int64"), array("int64"), array("uint8"), int64, uint64,
     array("uint64"), array("int64"), int64, array("uint64"), array("uint16"), int64),
])
def monte_carlo_plain(first, end, out, known, range_of, range_combos, range_keep, range_alias,
                      range_starts, board, n_missing, excluded, seeds, chunk_trials,
                      max_rejections, keys, ranks, flush_at):
    """``monte_carlo_counts`` for players without ranges (same arguments up to the tables,
    which are ``EvalTables.batch_tuple()`` here; ranges unused).

    Every trial deals from the same free cards (a 52-bit mask): the players' unknown cards in
    seat order, then the board. The first of them (``_stratum_size``) run through their
    combinations, the rest are dealt eight per random number (``sampling.deal_stratified``).
    Known hands' sums are taken once; with cards to deal, every hole card is read through
    its slot (``_hole_slots``). Batch keys spare each player's rank a flush-table read and a
    multiply (13% fewer ns per trial for six players, same deal, same counts).
    """
    board_key, board_flush = _board_batch_sums(board, keys)
    used, known_keys, known_flush, n_unknown, n_hole_dealt = _known_cards(
        known, excluded, keys)
    free, size, masks, cards, bounds, reject, dealt = _deal_from(used, n_unknown,
                                                                 n_hole_dealt, n_missing)
    slots, dealt = _hole_slots(known, dealt)
    for chunk in range(first, end):
        _plain_chunk(seeds[chunk], chunk_trials[chunk], out[chunk], known_keys, known_flush,
                     slots, n_hole_dealt, n_missing, board_key, board_flush,
                     free, bounds, reject, masks, cards, size, dealt, keys, ranks, flush_at)


@kernel
def _heads_up_chunk(state, n_trials, key_a, flush_a, n_a, key_b, flush_b, n_b, n_hole_dealt,
                    n_missing, board_key, board_flush, free, bounds, reject, masks, cards,
                    size, dealt, keys, ranks, flush_at):
    """One chunk of ``monte_carlo_heads_up``: (player a's wins, ties). A function of its own
    for the same reason as ``_plain_chunk``."""
    # The caller's arrays, borrowed: no reference counts in the trial loop (counted, the
    # strata's arrays cost a count up and down every trial).
    bounds, reject, dealt = borrowed(bounds), borrowed(reject), borrowed(dealt)
    masks, cards = borrowed(masks), borrowed(cards)
    keys, ranks = borrowed(keys), borrowed(ranks)
    n_rest = np.uint64(n_hole_dealt + n_missing - size)
    state, at = first_stratum(state, len(masks))
    a_wins = np.int64(0)
    ties = np.int64(0)
    for _t in range(n_trials):
        state, at = deal_stratified(state, at, masks, cards, free, bounds, reject, dealt,
                                     n_rest, size)
        k = _dealt_board_key(board_key, dealt, n_hole_dealt, n_missing, keys)
        r_a = _dealt_rank(key_a, flush_a, n_a, 0, dealt, k, board_flush, n_missing,
                          n_hole_dealt, keys, ranks, flush_at)
        r_b = _dealt_rank(key_b, flush_b, n_b, n_a, dealt, k, board_flush, n_missing,
                          n_hole_dealt, keys, ranks, flush_at)
        # Counted in registers: a histogram in memory indexed by the outcome cost a third
        # of the trial (the next trial's increment waits on this one's store).
        a_wins += np.int64(r_a > r_b)
        ties += np.int64(r_a == r_b)
    return a_wins, ties


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("uint8", 2), array("int64"), array("uint8", 2),
     array("uint64"), array("int64"), array("int64"), array("uint8"), int64, uint64,
     array("uint64"), array("int64"), int64, array("uint64"), array("uint16"), int64),
])
def monte_carlo_heads_up(first, end, out, known, range_of, range_combos, range_keep,
                         range_alias, range_starts, board, n_missing, excluded, seeds,
                         chunk_trials, max_rejections, keys, ranks, flush_at):
    """``monte_carlo_plain`` for exactly two players: the same deal from the same random
    stream, so the same counts, but both players' values stay in registers instead of
    per-player arrays and loops (about 12% faster in an interleaved A/B)."""
    board_key, board_flush = _board_batch_sums(board, keys)
    used, known_keys, known_flush, n_unknown, n_hole_dealt = _known_cards(
        known, excluded, keys)
    key_a, flush_a, n_a = known_keys[0], known_flush[0], n_unknown[0]
    key_b, flush_b, n_b = known_keys[1], known_flush[1], n_unknown[1]
    free, size, masks, cards, bounds, reject, dealt = _deal_from(used, n_unknown,
                                                                 n_hole_dealt, n_missing)
    for chunk in range(first, end):
        a_wins, ties = _heads_up_chunk(seeds[chunk], chunk_trials[chunk], key_a, flush_a, n_a,
                                       key_b, flush_b, n_b, n_hole_dealt, n_missing, board_key,
                                       board_flush, free, bounds, reject, masks, cards, size,
                                       dealt, keys, ranks, flush_at)
        out[chunk, 1] = a_wins
        out[chunk, 2] = chunk_trials[chunk] - a_wins - ties
        out[chunk, 3] = ties


@inline
def range_setup(known, range_starts, excluded, board, card_keys, flush_keys):
    """What every chunk of ``monte_carlo_counts`` starts from: (the 52-bit mask of board, dead
    and known hole cards, each range's rejection threshold 2**32 mod its combo count for
    ``sample_range``, the known board's key sum, its flush sums)."""
    n_players = known.shape[0]
    base_used = excluded
    for p in range(n_players):
        for j in range(2):
            if known[p, j] < 52:
                base_used |= np.uint64(1) << np.uint64(known[p, j])
    n_ranges = len(range_starts) - 1
    reject_below = np.zeros(max(n_ranges, 1), dtype=np.uint64)
    for q in range(n_ranges):
        n = np.uint64(range_starts[q + 1] - range_starts[q])
        reject_below[q] = (np.uint64(1 << 32) - n) % n
    board_key, board_flush = key_sums(board, card_keys, flush_keys)
    return base_used, reject_below, board_key, board_flush


@inline
def range_chunk(state, n_trials, hist, tally, known, range_of, range_combos, range_keep,
                range_alias, range_starts, reject_below, base_used, board_key, board_flush,
                n_missing, max_rejections, card_keys, flush_keys, flush_suit, hash_base,
                hash_ranks, flush_ranks):
    """One chunk of ``monte_carlo_counts``: n_trials trials on the random stream seeded by
    `state`, their winner masks counted in hist (2**P + 1; -1 in the last slot when the
    ranges gave up).

    tally: None, or (R, 5) float64 with a row per row of range_combos: each trial then adds
    (1, won alone, tied, pot share, pot share squared) to the row of every range player's
    drawn combo (``_kernels.per_combo``). With None, Numba prunes every ``tally`` branch at
    compile time, so the plain count pays nothing for it (same ns per trial as when this
    loop was written out in ``monte_carlo_counts`` alone). Inlined into the chunk loop's
    body: as a called function of its own the same loop took 60% longer per trial (measured
    when that loop was a parallel one).
    """
    mult, hmask, shift = HASH_7
    n_players = known.shape[0]
    spare = np.uint64(0)
    n_spare = 0
    hole = np.empty((n_players, 2), dtype=np.int64)
    drawn = np.empty(n_players, dtype=np.int64)
    hole_keys = np.empty(n_players, dtype=np.uint64)
    hole_flush = np.empty(n_players, dtype=np.uint64)
    ranks = np.empty(n_players, dtype=np.int64)
    for _t in range(n_trials):
        rejections = 0
        while True:
            used = base_used
            ok = True
            for p in range(n_players):
                if range_of[p] >= 0:
                    q = range_of[p]
                    state, spare, n_spare, row = sample_range(
                        state, spare, n_spare, range_keep, range_alias, range_starts[q],
                        range_starts[q + 1], reject_below[q])
                    bits = ((np.uint64(1) << np.uint64(range_combos[row, 0]))
                            | (np.uint64(1) << np.uint64(range_combos[row, 1])))
                    ok &= (used & bits) == 0
                    used |= bits
                    if tally is not None:
                        drawn[p] = row
                    hole[p, 0] = range_combos[row, 0]
                    hole[p, 1] = range_combos[row, 1]
            if ok:
                break
            rejections += 1
            if rejections >= max_rejections:
                break
        if not ok:
            hist[1 << n_players] = -1
            break
        for p in range(n_players):
            if range_of[p] < 0:
                for j in range(2):
                    c = np.uint64(known[p, j])
                    if c >= 52:
                        state, spare, n_spare, c = draw_card(state, spare, n_spare, used)
                        used |= np.uint64(1) << c
                    hole[p, j] = c
            hole_keys[p] = np.uint64(card_keys[hole[p, 0]]) + card_keys[hole[p, 1]]
            hole_flush[p] = flush_keys[hole[p, 0]] + flush_keys[hole[p, 1]]
        k = board_key
        f = board_flush
        for _i in range(n_missing):
            state, spare, n_spare, c = draw_card(state, spare, n_spare, used)
            used |= np.uint64(1) << c
            k += card_keys[c]
            f += flush_keys[c]
        mask = monte_carlo_mask(n_players, k, f, hole_keys, hole_flush, ranks, flush_suit,
                                hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
        hist[mask] += 1
        if tally is not None:
            size = 0
            for p in range(n_players):
                size += (mask >> p) & 1
            for p in range(n_players):
                if range_of[p] < 0:
                    continue
                row = drawn[p]
                tally[row, 0] += 1.0
                if (mask >> p) & 1:
                    s = 1.0 / size
                    if size == 1:
                        tally[row, 1] += 1.0
                    else:
                        tally[row, 2] += 1.0
                    tally[row, 3] += s
                    tally[row, 4] += s * s


@kernel(signatures=[
    (int64, int64, array("int64", 2), array("uint8", 2), array("int64"), array("uint8", 2),
     array("uint64"), array("int64"), array("int64"), array("uint8"), int64, uint64,
     array("uint64"), array("int64"), int64, *TABLES),
])
def monte_carlo_counts(first, end, out, known, range_of, range_combos, range_keep, range_alias,
                       range_starts, board, n_missing, excluded, seeds, chunk_trials,
                       max_rejections, card_keys, flush_keys, flush_suit, hash_base,
                       hash_ranks, flush_ranks):
    """Winner-mask counts of random showdowns, one row per chunk, for chunks first..end-1
    (``_jit.run_chunks``); out (C, 2**P + 1) int64, zeros to start.

    Chunk c runs chunk_trials[c] trials on the random stream seeded by seeds[c].
    known (P, 2): each player's known hole cards, 255 where unknown; range_of (P,): the index of
    the player's range in range_starts, or -1. Range players draw a combo by weight; if any two
    drawn combos collide, the whole draw is redone, which samples exactly the weight product
    restricted to compatible combos (ranges are already stripped of combos that collide with
    known, board or dead cards). Then the unknown hole cards and the missing board cards are
    drawn from the rest of the deck. A chunk that rejects `max_rejections` draws in a row stops
    and reports -1 in its last column, so impossible range combinations can never hang.
    """
    base_used, reject_below, board_key, board_flush = range_setup(
        known, range_starts, excluded, board, card_keys, flush_keys)
    for chunk in range(first, end):
        range_chunk(seeds[chunk], chunk_trials[chunk], out[chunk], None, known, range_of,
                    range_combos, range_keep, range_alias, range_starts, reject_below,
                    base_used, board_key, board_flush, n_missing, max_rejections, card_keys,
                    flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks)
