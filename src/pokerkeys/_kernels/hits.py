"""What each combo of a range makes on a board: one made-hand category and a set of draws.

Works on rank counts and rank bit masks (bit r = rank r, 0 = deuce .. 12 = ace), independent of
the evaluator's tables: a straight is five consecutive bits of the mask shifted up one with the
ace copied below the lowest rank of the deck (below the deuce: the wheel A-2-3-4-5; in short
deck below the six: A-6-7-8-9). Category numbers are ``analysis.hits.MADE``'s order, draw bits
``analysis.hits.DRAWS``'s; a short-deck combo takes the first category of the game's order it
makes (flush before full house; three of a kind before or after a straight by the rules).
"""
from __future__ import annotations

import numpy as np

from .._jit import array, boolean, inline, kernel

STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, SET, TRIPS, TWO_PAIR, OVERPAIR, TOP_PAIR, \
    UNDERPAIR, MIDDLE_PAIR, WEAK_PAIR, ACE_HIGH, NOTHING = range(15)
FLUSH_DRAW, NUT_FLUSH_DRAW, OPEN_ENDED, GUTSHOT, OVERCARDS, BACKDOOR_FLUSH = range(6)


@inline
def _has_straight(mask, lowest):
    # bit `lowest` of ext (the rank below the deck's lowest, shifted up one): the ace playing
    # low, below the deuce (lowest 0) or below the six in short deck (lowest 4)
    ext = (mask << 1) | (((mask >> 12) & 1) << lowest)
    return (ext & (ext >> 1) & (ext >> 2) & (ext >> 3) & (ext >> 4)) != 0


@kernel(signatures=[(array("uint8", 2), array("uint8"), array("int64"), array("int64"))])
def classify(combos, board, made, draws):
    """made[i] = category of combo i on the board (3-5 cards), draws[i] = its draw bits."""
    _classify(combos, board, made, draws, 0, False, False)


@kernel(signatures=[(array("uint8", 2), array("uint8"), array("int64"), array("int64"),
                     boolean)])
def classify_short(combos, board, made, draws, trips_first):
    """``classify`` in short deck: A-6-7-8-9 is a straight, a flush beats a full house, and
    with ``trips_first`` a set or trips beats a straight (no straight draws then)."""
    _classify(combos, board, made, draws, 4, True, trips_first)


@inline
def _classify(combos, board, made, draws, lowest, short, trips_first):
    """The classification, for a deck whose lowest rank is ``lowest``; ``short``: short deck's
    order of flush and full house."""
    n_board = len(board)
    board_count = np.zeros(13, dtype=np.int64)
    board_suit = np.zeros(4, dtype=np.int64)
    board_suit_mask = np.zeros(4, dtype=np.int64)
    board_mask = 0
    for c in board:
        board_count[c >> 2] += 1
        board_suit[c & 3] += 1
        board_suit_mask[c & 3] |= 1 << (c >> 2)
        board_mask |= 1 << (c >> 2)
    top = 12
    while not (board_mask >> top) & 1:
        top -= 1
    second = top - 1  # the second-highest distinct board rank, -1 if none
    while second >= 0 and not (board_mask >> second) & 1:
        second -= 1
    count = np.empty(13, dtype=np.int64)
    suit_count = np.empty(4, dtype=np.int64)
    suit_mask = np.empty(4, dtype=np.int64)
    for i in range(combos.shape[0]):
        a = np.int64(combos[i, 0])
        b = np.int64(combos[i, 1])
        ra, rb = a >> 2, b >> 2
        count[:] = board_count
        suit_count[:] = board_suit
        suit_mask[:] = board_suit_mask
        for c in (a, b):
            count[c >> 2] += 1
            suit_count[c & 3] += 1
            suit_mask[c & 3] |= 1 << (c >> 2)
        mask = board_mask | (1 << ra) | (1 << rb)
        most = 0
        pairs = 0
        for r in range(13):
            most = max(most, count[r])
            pairs += count[r] >= 2
        flush_suit = -1
        for s in range(4):
            if suit_count[s] >= 5:
                flush_suit = s
        # Hands of a straight or better count as such even when the board alone makes them.
        # A set or trips with a hole card (ra == rb on a board pair would be quads, above).
        hole_trips = board_count[ra] >= 2 or board_count[rb] >= 2 or (
            ra == rb and board_count[ra] >= 1)
        if flush_suit >= 0 and _has_straight(suit_mask[flush_suit], lowest):
            cat = STRAIGHT_FLUSH
        elif most == 4:
            cat = QUADS
        elif short and flush_suit >= 0:
            cat = FLUSH
        elif most == 3 and pairs >= 2:
            cat = FULL_HOUSE
        elif flush_suit >= 0:
            cat = FLUSH
        elif trips_first and hole_trips:
            cat = SET if ra == rb else TRIPS
        elif _has_straight(mask, lowest):
            cat = STRAIGHT
        # Below a straight only pairs and trips that use a hole card count.
        elif ra == rb:
            if board_count[ra] >= 1:
                cat = SET
            elif ra > top:
                cat = OVERPAIR
            else:
                cat = UNDERPAIR
        elif board_count[ra] >= 2 or board_count[rb] >= 2:
            cat = TRIPS
        elif board_count[ra] >= 1 and board_count[rb] >= 1:
            cat = TWO_PAIR
        elif board_count[ra] >= 1 or board_count[rb] >= 1:
            paired = ra if board_count[ra] >= 1 else rb
            if paired == top:
                cat = TOP_PAIR
            elif paired == second:
                cat = MIDDLE_PAIR
            else:
                cat = WEAK_PAIR
        elif ra == 12 or rb == 12:
            cat = ACE_HIGH
        else:
            cat = NOTHING
        made[i] = cat
        bits = 0
        if n_board < 5:
            if cat > FLUSH:
                for s in range(4):
                    hole_in_suit = ((a & 3) == s) + ((b & 3) == s)
                    if hole_in_suit == 0:
                        continue
                    if suit_count[s] == 4:
                        bits |= 1 << FLUSH_DRAW
                        nut = 12  # the best card of the suit not on the board
                        while (board_suit_mask[s] >> nut) & 1:
                            nut -= 1
                        if ((a & 3) == s and ra == nut) or ((b & 3) == s and rb == nut):
                            bits |= 1 << NUT_FLUSH_DRAW
                    elif suit_count[s] == 3 and n_board == 3:
                        bits |= 1 << BACKDOOR_FLUSH
                if bits & (1 << FLUSH_DRAW):
                    bits &= ~(1 << BACKDOOR_FLUSH)
            # (a set or trips above a straight gains nothing from one: no straight draw)
            if cat > STRAIGHT and not (trips_first and SET <= cat <= TRIPS):
                outs = 0  # ranks that complete a straight the board alone would not make
                for r in range(lowest, 13):
                    if _has_straight(mask | (1 << r), lowest) and \
                            not _has_straight(board_mask | (1 << r), lowest):
                        outs += 1
                if outs >= 2:
                    bits |= 1 << OPEN_ENDED
                elif outs == 1:
                    bits |= 1 << GUTSHOT
            if cat >= ACE_HIGH and ra > top and rb > top:
                bits |= 1 << OVERCARDS
        draws[i] = bits
