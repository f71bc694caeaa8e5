"""Random numbers inside kernels: splitmix64 streams, exact bounded integers, dealing.

Each chunk of work gets its own 64-bit stream, seeded by ``core.sampling.spawn_seeds`` from the
run's seed and the chunk's index, so a result depends on the seed and the chunking, never on
which thread ran a chunk or how many threads there were.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks
from .bits import mul_hi_lo, nth_set_bit, trailing_zeros64

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
# blocks). A fixed block length lets the compiler unroll it; a last block with fewer cards to
# deal makes its extra picks with bound 1 (digit 0, x's rest unchanged) and they are ignored.
# Against a deck array shuffled in place, nothing goes through memory from card to card or
# from trial to trial, which let a trial's deal overlap the next one's.
DEAL_BLOCK = 8
_ONE = np.uint64(1)


@inline
def deal_plan(n_free, n_deal):
    """(bounds, reject) for ``deal_cards`` of n_deal <= n_free cards: bounds[i] = the number
    of cards left for pick i (1 for a block's padding), reject[b] = 2**64 mod block b's
    product of bounds."""
    n_blocks = (n_deal + DEAL_BLOCK - 1) // DEAL_BLOCK
    bounds = np.ones(n_blocks * DEAL_BLOCK, dtype=np.uint64)
    reject = np.zeros(n_blocks, dtype=np.uint64)
    for b in range(n_blocks):
        product = _ONE
        for q in range(DEAL_BLOCK):
            i = b * DEAL_BLOCK + q
            if i < n_deal:
                bounds[i] = np.uint64(n_free - i)
            product *= bounds[i]
        reject[b] = (np.uint64(0) - product) % product
    return bounds, reject


@inline
def deal_cards(state, free, bounds, reject, dealt, n_deal):
    """Deal n_deal cards from the 52-bit mask `free`, in order, to dealt[:n_deal]
    (``deal_plan``; dealt has room for the padding); returns the new state.

    A block's last pick is made only when it deals a card: a padding pick (bound 1) leaves
    x's rest unchanged, so skipping it deals the same cards, and seven cards (a hand against
    one random hand before the flop) or fifteen (against five) then cost seven picks a block,
    not eight (about 1% of a heads-up trial, measured interleaved). Only the last pick is
    skipped this way: a branch around each pick kept LLVM from unrolling the block (1.75x
    slower).
    """
    for b in range(len(reject)):
        at = np.uint64(b * DEAL_BLOCK)
        last = at + np.uint64(DEAL_BLOCK - 1)
        while True:
            state, rest = next_u64(state)
            left = free
            for q in range(DEAL_BLOCK - 1):
                pick, rest = mul_hi_lo(rest, bounds[at + np.uint64(q)])
                card = nth_set_bit(left, pick)
                left ^= card
                dealt[at + np.uint64(q)] = trailing_zeros64(card)
            if last < n_deal:
                pick, rest = mul_hi_lo(rest, bounds[last])
                card = nth_set_bit(left, pick)
                left ^= card
                dealt[last] = trailing_zeros64(card)
            if rest >= reject[b]:
                break
        free = left
    return state


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
