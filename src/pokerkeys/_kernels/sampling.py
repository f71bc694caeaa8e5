"""Random numbers inside kernels: splitmix64 streams, exact bounded integers, dealing.

Each chunk of work gets its own 64-bit stream, seeded by ``core.sampling.spawn_seeds`` from the
run's seed and the chunk's index, so a result depends on the seed and the chunking, never on
which thread ran a chunk or how many threads there were.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks
from .bits import mul_hi_lo, nth_set_bit, trailing_zeros64
from .boards import free_cards

# splitmix64's increment and mixing multipliers (``core.sampling.spawn_seeds`` uses them too)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)


@inline
def next_u64(state):
    """splitmix64: returns (new_state, 64 random bits). Passes BigCrush; one add, two mults."""
    state = state + GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * MIX1
    z = (z ^ (z >> np.uint64(27))) * MIX2
    return state, z ^ (z >> np.uint64(31))


@inline
def bounded(state, bound):
    """(new_state, uniform integer in [0, bound)) for 0 < bound < 2**32, exactly uniform.

    Lemire's multiply-shift maps 32 random bits onto [0, bound); rejecting the few low products
    below 2**32 mod bound removes the bias, so every value has the same probability.
    """
    b = np.uint64(bound)
    threshold = (np.uint64(1 << 32) - b) % b
    while True:
        state, r = next_u64(state)
        m = (r >> np.uint64(32)) * b
        if (m & np.uint64(0xFFFFFFFF)) >= threshold:
            return state, m >> np.uint64(32)


# Dealing for Monte Carlo: up to DEAL_BLOCK cards per 64-bit random number.
#
# With x uniform on [0, 2**64) and bounds n1, n2, ..., x * n1 = i1 * 2**64 + r1, r1 * n2 =
# i2 * 2**64 + r2, ...: by induction x * (n1 n2 ... nk) = D * 2**64 + rk, where D is the
# mixed-radix number of digits (i1, ..., ik). That is Lemire's multiply for the bound
# P = n1 ... nk, so rejecting x when rk < 2**64 mod P makes (i1, ..., ik) exactly uniform, each
# digit below its bound. Digit i_j picks the i_j-th card still free (a set bit of a 52-bit
# mask: PDEP and TZCNT on BMI2), so a block is an exactly uniform ordered deal without
# replacement. Eight picks from at most 52 cards keep P below 2**45 (a rejection in 2**19
# blocks). A block's eight picks are written out, each behind a branch on the block's number
# of picks, which goes the same way every trial: a block deals exactly its cards (a loop of
# run-time length, or a loop with a branch around each pick, was not unrolled by LLVM: 1.75x
# slower; one unrolled copy of the block per number of picks compiled twice as long and ran
# 1-8% slower, through a jump table). Against a deck array shuffled in place, nothing goes
# through memory from card to card or from trial to trial, which let a trial's deal overlap
# the next one's.
DEAL_BLOCK = 8
_ONE, _TWO, _THREE, _FOUR, _FIVE, _SIX, _SEVEN = (np.uint64(i) for i in range(1, DEAL_BLOCK))


@inline
def deal_plan(n_free, n_deal):
    """(bounds, reject) for ``deal_cards`` of n_deal <= n_free cards: bounds[i] = the number
    of cards left for pick i, reject[b] = 2**64 mod block b's product of bounds."""
    n_blocks = (n_deal + DEAL_BLOCK - 1) // DEAL_BLOCK
    bounds = np.zeros(n_deal, dtype=np.uint64)
    reject = np.zeros(n_blocks, dtype=np.uint64)
    for b in range(n_blocks):
        product = _ONE
        for i in range(b * DEAL_BLOCK, min(n_deal, (b + 1) * DEAL_BLOCK)):
            bounds[i] = np.uint64(n_free - i)
            product *= bounds[i]
        reject[b] = (np.uint64(0) - product) % product
    return bounds, reject


@inline
def _pick(rest, left, bound, dealt, slot):
    """One pick: the card numbered by x's next digit below `bound` among those left, to
    dealt[slot]; returns (rest, left without it)."""
    pick, rest = mul_hi_lo(rest, bound)
    card = nth_set_bit(left, pick)
    dealt[slot] = trailing_zeros64(card)
    return rest, left ^ card


@inline
def deal_cards(state, free, bounds, reject, dealt, n_deal, at0):
    """Deal n_deal cards from the 52-bit mask `free`, in order, to dealt[at0:at0 + n_deal]
    (``deal_plan``'s tables); returns the new state.

    Each block makes its picks only: eight, and the rest in the last block. Fewer cards to
    deal cost fewer picks: a deal of two cards takes two, not a block's eight (padding
    picks made dealing two cards as dear as seven).
    """
    for b in range(len(reject)):
        at = np.uint64(b * DEAL_BLOCK)
        picks = min(n_deal - at, np.uint64(DEAL_BLOCK))
        to = at0 + at
        while True:
            state, rest = next_u64(state)
            # Written out, not a loop: a loop with a branch per pick was not unrolled. The
            # branches go the same way every trial.
            left = free
            if picks > 0:
                rest, left = _pick(rest, left, bounds[at], dealt, to)
            if picks > 1:
                rest, left = _pick(rest, left, bounds[at + _ONE], dealt, to + _ONE)
            if picks > 2:
                rest, left = _pick(rest, left, bounds[at + _TWO], dealt, to + _TWO)
            if picks > 3:
                rest, left = _pick(rest, left, bounds[at + _THREE], dealt, to + _THREE)
            if picks > 4:
                rest, left = _pick(rest, left, bounds[at + _FOUR], dealt, to + _FOUR)
            if picks > 5:
                rest, left = _pick(rest, left, bounds[at + _FIVE], dealt, to + _FIVE)
            if picks > 6:
                rest, left = _pick(rest, left, bounds[at + _SIX], dealt, to + _SIX)
            if picks > 7:
                rest, left = _pick(rest, left, bounds[at + _SEVEN], dealt, to + _SEVEN)
            if rest >= reject[b]:
                break
        free = left
    return state


# Stratified dealing. A trial's first `size` cards (0 to 2) are not drawn: a chunk runs through
# every combination of them in turn (``strata``), starting at a random one, and deals the rest
# at random from the cards left. Each trial's combination is uniform (the start is) and the
# rest is uniform given it, so every trial is distributed as a fully random deal and the
# counts are unbiased. Over a chunk each combination comes up equally often (to one), which
# takes the between-combination part out of the variance: stratified sampling never has more
# variance than independent deals, so a standard error computed as for independent trials is,
# if anything, on the high side. A combination is a set, so the cards must play as one: a
# player's hole cards, or cards of the board. The deal is most of a trial and shorter now.
_STRATA_ORDER_SEED = np.uint64(0x5EED5EED5EED5EED)


@inline
def next_subset(n, k, idx):
    """Advance idx[:k] to the next k-subset of range(n) in lexicographic order (unchanged
    after the last)."""
    j = k - 1
    while j >= 0 and idx[j] == n - k + j:
        j -= 1
    if j < 0:
        return
    idx[j] += 1
    for i in range(j + 1, k):
        idx[i] = idx[i - 1] + 1


@kernel
def strata(free, size):
    """(masks, cards): every combination of `size` (0 to 2) cards of the 52-bit mask `free`,
    as a mask and as card ids (cards[i, :size]; the other column 0, a valid index for the
    padded reads), in an order shuffled by a fixed stream.

    Shuffled, because a chunk's trials end part-way through a run of the strata, and that
    part must be a random sample of them: in lexicographic order it was a block of
    combinations sharing their first card, whose outcomes go together (7c2d vs 8s9s on
    stratified flops: the standard error as for independent trials came out 1.25x too small).
    A fixed stream keeps the order the same in every thread and run. A kernel of its own,
    not inlined: called once a call, it is compiled once for both Monte Carlo kernels.
    """
    ids = np.zeros(52, dtype=np.int64)
    n_free = free_cards(ids, ~free)
    n = 1
    for k in range(size):
        n = n * (n_free - k) // (k + 1)
    masks = np.zeros(n, dtype=np.uint64)
    cards = np.zeros((n, 2), dtype=np.uint64)
    at = np.arange(size)  # the combination's positions in ids, increasing
    for i in range(n):
        mask = np.uint64(0)
        for k in range(size):
            c = ids[at[k]]
            cards[i, k] = np.uint64(c)
            mask |= _ONE << np.uint64(c)
        masks[i] = mask
        next_subset(n_free, size, at)
    state = _STRATA_ORDER_SEED
    for i in range(n - 1, 0, -1):  # Fisher-Yates, rows of both arrays alike
        state, r = bounded(state, i + 1)
        other = np.int64(r)
        masks[i], masks[other] = masks[other], masks[i]
        for col in range(2):
            cards[i, col], cards[other, col] = cards[other, col], cards[i, col]
    return masks, cards


@inline
def first_stratum(state, n_strata):
    """(new state, a uniform random index below n_strata): where a chunk's run through the
    strata starts."""
    state, at = bounded(state, n_strata)
    return state, np.int64(at)


@inline
def deal_stratified(state, at, masks, cards, free, bounds, reject, dealt, n_rest, size):
    """One trial's deal: stratum `at`'s cards to dealt[:size], n_rest random ones of the
    others after them; returns (new state, the next stratum's index)."""
    dealt[0] = cards[at, 0]
    dealt[1] = cards[at, 1]
    left = free & ~masks[at]
    at += np.int64(1)
    at = np.int64(0) if at == len(masks) else at
    state = deal_cards(state, left, bounds, reject, dealt, n_rest, np.uint64(size))
    return state, at


@inline
def shuffle_prefix(state, deck, k):
    """Partial Fisher-Yates over a 52-card deck: deck[:k] becomes k uniformly random distinct
    cards (every k-permutation equally likely, whatever order the deck was in); returns the
    new state."""
    for j in range(k):
        state, r = bounded(state, 52 - j)
        pick = j + np.int64(r)
        c = deck[pick]
        deck[pick] = deck[j]
        deck[j] = c
    return state


def random_hands(out, seeds, rows_per_chunk):
    """Fill out (N, k) with uniformly random hands of k distinct cards, chunk by chunk, on the
    threads of the caller's ``_jit.threads`` block (``random_hands_chunks``).

    Each row is a partial Fisher-Yates shuffle of a fresh deck: k swaps give k distinct cards,
    every k-permutation equally likely.
    """
    run_chunks(random_hands_chunks, len(seeds), None, out, seeds, rows_per_chunk)


@kernel(signatures=[(int64, int64, array("uint8", 2), array("uint64"), int64)])
def random_hands_chunks(first, end, out, seeds, rows_per_chunk):
    """Chunks first..end-1 of ``random_hands`` (``_jit.run_chunks``)."""
    n, k = out.shape
    for chunk in range(first, end):
        state = seeds[chunk]
        deck = np.arange(52).astype(np.uint8)
        start = chunk * rows_per_chunk
        for i in range(start, min(start + rows_per_chunk, n)):
            state = shuffle_prefix(state, deck, k)
            for j in range(k):
                out[i, j] = deck[j]
