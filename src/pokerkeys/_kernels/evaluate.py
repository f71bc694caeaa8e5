"""Evaluation kernels: key sum -> rank, for single hands and batches.

The arguments after the cards are one hand size's tables, in the order of
``pokerkeys.tables.EvalTables.as_tuple()`` (``batch_tuple()`` for the batch kernels).
"""
from __future__ import annotations

import numpy as np

from .._jit import inline, kernel, prange
from .._layout import FLUSH_FIELD_BITS, HASH_BITS, HASH_MULT, HASH_SHIFT, SUIT_BITS, SUIT_MASK

_FIELD_MASK = (1 << FLUSH_FIELD_BITS) - 1


def _hash_constants(n):
    return (HASH_MULT[n], (1 << HASH_BITS[n]) - 1, HASH_SHIFT[n])


# (multiplier, mask, row shift) of each hand size's non-flush hash. Kernels read them from these
# globals, which Numba freezes into the machine code as constants: the multiply by 4097 becomes
# a shift and an add, and no register holds them.
HASH_5 = _hash_constants(5)
HASH_6 = _hash_constants(6)
HASH_7 = _hash_constants(7)


@inline
def rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                shift):
    """Rank of a hand from its packed key sum and its per-suit flush sums.

    The low 9 bits of the key sum say how many cards each suit has (the suit keys make every
    suit distribution's sum unique), so one table read tells whether a suit holds 5+ cards.
    Without a flush only the face sum matters: scramble it and read the displacement hash.
    With a flush the rank is that suit's flush sum's entry: a flush hand cannot also hold
    quads or a full house, so its other cards never matter.
    """
    suit = flush_suit[key & SUIT_MASK]
    if suit < 0:
        return face_sum_rank(key >> SUIT_BITS, hash_base, hash_ranks, mult, hmask, shift)
    return suit_flush_rank(flush_sums, suit, flush_ranks)


@inline
def face_sum_rank(face, hash_base, hash_ranks, mult, hmask, shift):
    """Non-flush rank of a face sum: scrambled by the multiplier, then the displacement hash."""
    h = (face * mult) & hmask
    return hash_ranks[hash_base[h >> shift] + (h & ((1 << shift) - 1))]


@inline
def suit_flush_rank(flush_sums, suit, flush_ranks):
    """Flush rank of the cards of `suit`, from its field of the per-suit flush sums."""
    return flush_ranks[(flush_sums >> (FLUSH_FIELD_BITS * suit)) & _FIELD_MASK]


@inline
def join_leaders(best, mask, rank, player):
    """(best, mask) once `player` shows `rank`: a higher rank leads alone, an equal one joins
    the leaders (mask: bit p set for each player p holding the best rank so far)."""
    if rank > best:
        return rank, np.int64(1) << player
    if rank == best:
        return best, mask | (np.int64(1) << player)
    return best, mask


# The batch kernels take 256-entry tables indexed by the raw uint8 card id: `wide_keys[c]` is
# the packed key for c < 52 and 2**40 for any other byte, so a bad id shows up as a key sum of
# 2**32 or more; `card_bits[c]` is 1 << c (0 for bad ids). Seven distinct cards have disjoint
# bits, so the sum of their bits equals their OR; a repeated card makes the sum carry and the two
# differ. Validation costs two adds and an OR per card and no branch, which is why it can stay
# on by default. Each hand size has its own kernel with the card reads written out, because a
# loop over a run-time row length costs a quarter of the speed.

@kernel(parallel=True)
def rank_batch_7(cards, out, wide_keys, card_bits, flush_keys, flush_suit, hash_base,
                 hash_ranks, flush_ranks):
    """out[i] = rank of row i of an (N, 7) uint8 array, or 0 if the row is invalid."""
    mult, hmask, shift = HASH_7  # compile-time constants
    for i in prange(cards.shape[0]):
        a = cards[i, 0]
        b = cards[i, 1]
        c = cards[i, 2]
        d = cards[i, 3]
        e = cards[i, 4]
        f = cards[i, 5]
        g = cards[i, 6]
        key = (wide_keys[a] + wide_keys[b] + wide_keys[c] + wide_keys[d] + wide_keys[e]
               + wide_keys[f] + wide_keys[g])
        bit_sum = (card_bits[a] + card_bits[b] + card_bits[c] + card_bits[d] + card_bits[e]
                   + card_bits[f] + card_bits[g])
        bit_or = (card_bits[a] | card_bits[b] | card_bits[c] | card_bits[d] | card_bits[e]
                  | card_bits[f] | card_bits[g])
        if (key >> np.uint64(32)) != 0 or bit_sum != bit_or:
            out[i] = 0
            continue
        flush_sums = np.uint64(0)
        if flush_suit[key & SUIT_MASK] >= 0:  # rare: only then are the flush keys needed
            flush_sums = (flush_keys[a] + flush_keys[b] + flush_keys[c] + flush_keys[d]
                          + flush_keys[e] + flush_keys[f] + flush_keys[g])
        out[i] = rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks,
                             mult, hmask, shift)


@kernel(parallel=True)
def rank_batch_6(cards, out, wide_keys, card_bits, flush_keys, flush_suit, hash_base,
                 hash_ranks, flush_ranks):
    """out[i] = rank of row i of an (N, 6) uint8 array, or 0 if the row is invalid."""
    mult, hmask, shift = HASH_6  # compile-time constants
    for i in prange(cards.shape[0]):
        a = cards[i, 0]
        b = cards[i, 1]
        c = cards[i, 2]
        d = cards[i, 3]
        e = cards[i, 4]
        f = cards[i, 5]
        key = (wide_keys[a] + wide_keys[b] + wide_keys[c] + wide_keys[d] + wide_keys[e]
               + wide_keys[f])
        bit_sum = (card_bits[a] + card_bits[b] + card_bits[c] + card_bits[d] + card_bits[e]
                   + card_bits[f])
        bit_or = (card_bits[a] | card_bits[b] | card_bits[c] | card_bits[d] | card_bits[e]
                  | card_bits[f])
        if (key >> np.uint64(32)) != 0 or bit_sum != bit_or:
            out[i] = 0
            continue
        flush_sums = np.uint64(0)
        if flush_suit[key & SUIT_MASK] >= 0:
            flush_sums = (flush_keys[a] + flush_keys[b] + flush_keys[c] + flush_keys[d]
                          + flush_keys[e] + flush_keys[f])
        out[i] = rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks,
                             mult, hmask, shift)


@kernel(parallel=True)
def rank_batch_5(cards, out, wide_keys, card_bits, flush_keys, flush_suit, hash_base,
                 hash_ranks, flush_ranks):
    """out[i] = rank of row i of an (N, 5) uint8 array, or 0 if the row is invalid."""
    mult, hmask, shift = HASH_5  # compile-time constants
    for i in prange(cards.shape[0]):
        a = cards[i, 0]
        b = cards[i, 1]
        c = cards[i, 2]
        d = cards[i, 3]
        e = cards[i, 4]
        key = wide_keys[a] + wide_keys[b] + wide_keys[c] + wide_keys[d] + wide_keys[e]
        bit_sum = card_bits[a] + card_bits[b] + card_bits[c] + card_bits[d] + card_bits[e]
        bit_or = card_bits[a] | card_bits[b] | card_bits[c] | card_bits[d] | card_bits[e]
        if (key >> np.uint64(32)) != 0 or bit_sum != bit_or:
            out[i] = 0
            continue
        flush_sums = np.uint64(0)
        if flush_suit[key & SUIT_MASK] >= 0:
            flush_sums = (flush_keys[a] + flush_keys[b] + flush_keys[c] + flush_keys[d]
                          + flush_keys[e])
        out[i] = rank_of_key(key, flush_sums, flush_suit, hash_base, hash_ranks, flush_ranks,
                             mult, hmask, shift)
