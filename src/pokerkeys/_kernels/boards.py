"""Board completions up to suit symmetry.

When a suit permutation maps the whole problem (board, dead cards, every player's weighted
range) onto itself, it maps each board completion to one with the same outcome, so only one
board per orbit needs evaluating, counted orbit-size times.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel


@inline
def _sort_image(cards, k, card_map, image):
    """image[:k] = the images of cards[:k] under card_map, sorted (insertion sort, k <= 5)."""
    for i in range(k):
        image[i] = card_map[cards[i]]
    for i in range(1, k):
        v = image[i]
        j = i - 1
        while j >= 0 and image[j] > v:
            image[j + 1] = image[j]
            j -= 1
        image[j + 1] = v


@inline
def _compare_image(cards, k, card_map, image):
    """-1, 0 or 1 as the sorted image of cards[:k] is below, equal to or above cards[:k]."""
    _sort_image(cards, k, card_map, image)
    for i in range(k):
        if image[i] != cards[i]:
            return -1 if image[i] < cards[i] else 1
    return 0


@kernel(signatures=[
    (array("uint8", readonly=True), int64, array("uint8", 2, readonly=True), array("uint8", 2),
     array("int64")),
])
def canonical_completions(deck, k, card_maps, boards, multiplicity):
    """Write one k-card completion per orbit (the smallest) and its orbit size; return count.

    deck: the cards a completion may use, ascending; card_maps (G, 52): the symmetry group.
    A completion is the smallest of its orbit when no group element maps it lower; its orbit
    has |G| / |stabiliser| members.
    """
    n = len(deck)
    n_maps = card_maps.shape[0]
    idx = np.zeros(5, dtype=np.int64)
    cards = np.zeros(5, dtype=np.uint8)
    image = np.zeros(5, dtype=np.uint8)
    count = 0
    for i in range(k):
        idx[i] = i
    while True:
        for i in range(k):
            cards[i] = deck[idx[i]]
        canonical = True
        for g in range(n_maps):
            if _compare_image(cards, k, card_maps[g], image) < 0:
                canonical = False
                break
        if canonical:
            fixed = 0
            for g in range(n_maps):
                if _compare_image(cards, k, card_maps[g], image) == 0:
                    fixed += 1
            for i in range(k):
                boards[count, i] = cards[i]
            multiplicity[count] = n_maps // fixed
            count += 1
        # next combination of k indices out of n
        i = k - 1
        while i >= 0 and idx[i] == n - k + i:
            i -= 1
        if i < 0:
            return count
        idx[i] += 1
        for j in range(i + 1, k):
            idx[j] = idx[j - 1] + 1


@inline
def free_cards(out, used):
    """out[:n] = the card ids not in the 52-bit mask `used`, ascending; returns n."""
    n = 0
    for c in range(52):
        if not (used >> np.uint64(c)) & np.uint64(1):
            out[n] = c
            n += 1
    return n


@inline
def board_sums(boards, b, rem, card_keys, flush_keys):
    """(key sum, flush sums) of board b; rem[:47] = the cards not on it, ascending."""
    used = np.uint64(0)
    key = np.uint64(0)
    fsum = np.uint64(0)
    for j in range(5):
        c = boards[b, j]
        used |= np.uint64(1) << np.uint64(c)
        key += card_keys[c]
        fsum += flush_keys[c]
    free_cards(rem, used)
    return key, fsum
