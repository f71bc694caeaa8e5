"""Kernels for the other games: wild cards, draw poker, game simulations, "what comes first".

Ranks above 7462 are five of a kind (7463 + card rank), so rank histograms here have 7476
slots. Random streams are splitmix64 seeded per chunk (see ``sampling``); results depend on
the seed and the chunking, never on the number of threads.
"""
from __future__ import annotations

import numpy as np

from .._jit import array, inline, int64, kernel, run_chunks
from .._layout import SUIT_MASK
from .borrow import borrowed
from .evaluate import HASH_5, TABLES, rank_of_key
from .sampling import bounded, shuffle_prefix

N_HIST = 7476  # ranks 0..7475: 1..7462 natural, 7463..7475 five of a kind
FIVE_BASE = 7463
NO_CARD = 255
_FACE_MASK = ~np.uint64(SUIT_MASK)


# ---------------------------------------------------------------------------- wild cards
@inline
def _pick_suit(r, allowed, taken):
    """A card of rank r allowed by the mask `allowed`, preferring one not in `taken`."""
    first = NO_CARD
    for s in range(4):
        c = 4 * r + s
        bit = np.uint64(1) << np.uint64(c)
        if allowed & bit:
            if not (taken & bit):
                return c
            if first == NO_CARD:
                first = c
    return first


# Compiled on its own, not inlined: it runs once per hand, so a call costs nothing next to its
# search, while inlining its three loops into every caller made the kernels slow to compile.
@kernel(signatures=[
    (array("uint8"), int64, array("uint64"), int64, array("uint8"), array("uint32", readonly=True),
     array("uint64", readonly=True), array("int8", readonly=True), array("uint16", readonly=True),
     array("uint16", readonly=True), array("uint16", readonly=True), int64, int64, int64),
])
def wild_best(nat, n_nat, allowed, n_jok, sub, card_keys, flush_keys, flush_suit, hash_base,
              hash_ranks, flush_ranks, mult, hmask, shift):
    """Best rank of n_nat natural cards plus n_jok jokers (n_nat + n_jok = 5, 6 or 7).

    allowed[j]: 52-bit mask of the cards joker j may stand for (jokers with equal masks must be
    adjacent); sub[j] receives the card joker j stands for (NO_CARD if unused). A joker may
    repeat a card already held, which is how five of a kind arises, but a flush needs five
    different cards. Three candidates are tried, best first:
    1. five of a kind: naturals of one rank plus jokers reaching five (nothing beats it);
    2. jokers as distinct cards not held: every combination, each hand ranked by key sum;
    3. jokers as bare ranks: the hand's ranks alone, ranked as a non-flush hand. Any rank
       multiset with four or fewer of each rank is reachable by repeating held cards, and
       without a flush its rank depends on the ranks only. This matters when colours run out
       ('Ac As Ah ?B' makes four aces with a second As).
    """
    held = np.uint64(0)
    key = np.uint64(0)
    flush = np.uint64(0)
    face = np.uint64(0)
    counts = np.zeros(13, dtype=np.int64)
    for i in range(n_nat):
        c = nat[i]
        held |= np.uint64(1) << np.uint64(c)
        key += card_keys[c]
        flush += flush_keys[c]
        face += np.uint64(card_keys[c]) & _FACE_MASK
        counts[c >> 2] += 1
    for j in range(n_jok):
        sub[j] = NO_CARD
    if n_jok == 0:
        return rank_of_key(key, flush, flush_suit, hash_base, hash_ranks, flush_ranks, mult,
                           hmask, shift)
    for r in range(12, -1, -1):
        if counts[r] + n_jok >= 5:
            taken = held
            for j in range(5 - counts[r]):
                c = _pick_suit(r, allowed[j], taken)
                sub[j] = c
                taken |= np.uint64(1) << np.uint64(c)
            return FIVE_BASE + r

    best = 0
    idx = np.empty(n_jok, dtype=np.int64)
    key_at = np.empty(n_jok, dtype=np.uint64)
    flush_at = np.empty(n_jok, dtype=np.uint64)
    used_at = np.empty(n_jok, dtype=np.uint64)
    key_at[0] = key
    flush_at[0] = flush
    used_at[0] = held
    idx[0] = -1
    lvl = 0
    while lvl >= 0:  # odometer over the jokers' cards, levels = jokers
        c = idx[lvl] + 1
        while c < 52:
            bit = np.uint64(1) << np.uint64(c)
            if (allowed[lvl] & bit) and not (used_at[lvl] & bit):
                break
            c += 1
        if c >= 52:
            lvl -= 1
            continue
        idx[lvl] = c
        bit = np.uint64(1) << np.uint64(c)
        k = key_at[lvl] + card_keys[c]
        f = flush_at[lvl] + flush_keys[c]
        if lvl == n_jok - 1:
            r = rank_of_key(k, f, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                            shift)
            if r > best:
                best = r
                for j in range(n_jok):
                    sub[j] = idx[j]
        else:
            key_at[lvl + 1] = k
            flush_at[lvl + 1] = f
            used_at[lvl + 1] = used_at[lvl] | bit
            lvl += 1
            # Jokers of the same kind are interchangeable: take their cards in increasing order.
            idx[lvl] = idx[lvl - 1] if allowed[lvl] == allowed[lvl - 1] else -1

    # Bare ranks: suits 0,1,2,3,0,1,2 for the n cards never put five in one suit, so their
    # suit-key sum sends the lookup down the non-flush path, which reads the face sum only.
    n_total = n_nat + n_jok
    suit_part = np.uint64(0)
    for i in range(n_total):
        suit_part += np.uint64(card_keys[i & 3]) & np.uint64(SUIT_MASK)
    ranks = np.empty(n_jok, dtype=np.int64)
    face_at = np.empty(n_jok, dtype=np.uint64)
    face_at[0] = face + suit_part
    ranks[0] = -1
    lvl = 0
    while lvl >= 0:  # non-decreasing joker ranks: bare ranks have no colour to tell apart
        r = ranks[lvl] + 1
        if r > 12:
            lvl -= 1
            continue
        ranks[lvl] = r
        k = face_at[lvl] + (np.uint64(card_keys[4 * r]) & _FACE_MASK)
        if lvl == n_jok - 1:
            v = rank_of_key(k, np.uint64(0), flush_suit, hash_base, hash_ranks, flush_ranks,
                            mult, hmask, shift)
            if v > best:
                best = v
                taken = held
                for j in range(n_jok):
                    c = _pick_suit(ranks[j], allowed[j], taken)
                    sub[j] = c
                    taken |= np.uint64(1) << np.uint64(c)
        else:
            face_at[lvl + 1] = k
            lvl += 1
            ranks[lvl] = ranks[lvl - 1] - 1
    return best


# Serial: it takes well under a second, and a parallel kernel costs seconds more to compile.
@kernel(signatures=[(int64, array("uint64"), *TABLES)])
def joker_histogram(n_nat, allowed, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                    flush_ranks):
    """counts[r]: how many sets of n_nat (3 or 4) natural cards make rank r with the jokers
    `allowed` (5 cards in all), over every such set; work split by the lowest card."""
    mult, hmask, shift = HASH_5
    n_jok = allowed.shape[0]
    out = np.zeros((52, N_HIST), dtype=np.int64)
    for c0 in range(52):
        nat = np.empty(4, dtype=np.uint8)
        sub = np.empty(n_jok, dtype=np.uint8)
        nat[0] = c0
        for c1 in range(c0 + 1, 52):
            nat[1] = c1
            for c2 in range(c1 + 1, 52):
                nat[2] = c2
                # With 3 naturals the fourth loop runs once with c3 unused.
                for c3 in range(c2 + 1 if n_nat == 4 else 51, 52):
                    nat[3] = c3
                    out[c0, wild_best(nat, n_nat, allowed, n_jok, sub, card_keys,
                                      flush_keys, flush_suit, hash_base, hash_ranks,
                                      flush_ranks, mult, hmask, shift)] += 1
    return out.sum(axis=0)


# ---------------------------------------------------------------------------- draw poker
@kernel  # compiled once, called per hand (see wild_best)
def draw_choice(hand, score, outcomes, card_keys, flush_keys, flush_suit, hash_base,
                 hash_ranks, flush_ranks):
    """(rank now, action) for a 5-card hand sorted by card id: action -1 stands pat, d discards
    hand[d] and draws one of the 47 unseen cards.

    An action's value is the sum of score[rank] over its outcomes (score = twice the win
    probability against a random 5-card hand, in integers, so comparisons are exact);
    standing pat counts 47 times its own score. The first best action wins ties: standing
    pat, then the lowest card. outcomes[d, i] receives the rank after drawing the i-th unseen
    card in place of hand[d].
    """
    mult, hmask, shift = HASH_5  # compile-time constants
    key = np.uint64(0)
    flush = np.uint64(0)
    held = np.uint64(0)
    for i in range(5):
        key += card_keys[hand[i]]
        flush += flush_keys[hand[i]]
        held |= np.uint64(1) << np.uint64(hand[i])
    now = rank_of_key(key, flush, flush_suit, hash_base, hash_ranks, flush_ranks, mult, hmask,
                      shift)
    best = 47 * score[now]
    action = -1
    for d in range(5):
        kd = key - card_keys[hand[d]]
        fd = flush - flush_keys[hand[d]]
        total = 0
        n = 0
        for c in range(52):
            if (held >> np.uint64(c)) & np.uint64(1):
                continue
            r = rank_of_key(kd + card_keys[c], fd + flush_keys[c], flush_suit, hash_base,
                            hash_ranks, flush_ranks, mult, hmask, shift)
            outcomes[d, n] = r
            n += 1
            total += score[r]
        if total > best:
            best = total
            action = d
    return now, action


@inline
def _index4(a, b, c, d, binom):
    """Index of the 4-card set a < b < c < d among all C(52, 4) (combinatorial numbering)."""
    return binom[a, 1] + binom[b, 2] + binom[c, 3] + binom[d, 4]


@kernel(signatures=[
    (array("int64"), array("int64"), array("int64", 2), *TABLES),
])  # serial: 0.2 s of work (see joker_histogram)
def draw_category_counts(score, category_of, binom, card_keys, flush_keys, flush_suit,
                         hash_base, hash_ranks, flush_ranks):
    """counts[c] over every 5-card deal x 47 draws: the category after the best one-card draw
    (decided as in draw_choice; a hand that stands pat counts 47 times).

    Every discard leaves one of only C(52, 4) = 270,725 four-card sets, so pass 1 ranks each
    set with each of its 48 possible fifth cards once, keeping the score sum and the category
    counts. For a hand H, discarding x draws from the 47 cards outside H: the set H - x with
    every fifth card but x, i.e. the set's sums minus H itself. Pass 2 then decides all
    2,598,960 hands with five subtractions each: 16 million lookups instead of 611 million.
    """
    mult, hmask, shift = HASH_5  # compile-time constants
    n_sets = binom[52, 4]
    set_score = np.zeros(n_sets, dtype=np.int64)
    set_counts = np.zeros((n_sets, 11), dtype=np.int64)
    for d in range(3, 52):
        for c in range(2, d):
            for b in range(1, c):
                for a in range(b):
                    i = _index4(a, b, c, d, binom)
                    key = np.uint64(card_keys[a]) + card_keys[b] + card_keys[c] + card_keys[d]
                    flush = flush_keys[a] + flush_keys[b] + flush_keys[c] + flush_keys[d]
                    total = 0
                    for e in range(52):
                        # Four plain compares in the hot loop, not a tuple to search.
                        if e == a or e == b or e == c or e == d:  # noqa: SIM109
                            continue
                        r = rank_of_key(key + card_keys[e], flush + flush_keys[e], flush_suit,
                                        hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
                        total += score[r]
                        set_counts[i, category_of[r]] += 1
                    set_score[i] = total
    out = np.zeros(11, dtype=np.int64)
    hand = np.empty(5, dtype=np.int64)
    for e in range(4, 52):
        hand[4] = e
        for d in range(3, e):
            hand[3] = d
            for c in range(2, d):
                hand[2] = c
                for b in range(1, c):
                    hand[1] = b
                    for a in range(b):
                        hand[0] = a
                        key = np.uint64(0)
                        flush = np.uint64(0)
                        for j in range(5):
                            key += card_keys[hand[j]]
                            flush += flush_keys[hand[j]]
                        r = rank_of_key(key, flush, flush_suit, hash_base, hash_ranks,
                                        flush_ranks, mult, hmask, shift)
                        now = score[r]
                        best = 47 * now
                        chosen = -1
                        for x in range(5):  # discard hand[x]: the lowest card first on ties
                            i = 0
                            k = 1
                            for j in range(5):
                                if j != x:
                                    i += binom[hand[j], k]
                                    k += 1
                            value = set_score[i] - now
                            if value > best:
                                best = value
                                chosen = i
                        if chosen < 0:
                            out[category_of[r]] += 47
                        else:
                            for cat in range(11):
                                out[cat] += set_counts[chosen, cat]
                            out[category_of[r]] -= 1
    return out


# ---------------------------------------------------------------------------- simulations
GAME_DEAL = 0
GAME_OMAHA = 1
GAME_THREE_D = 2
GAME_DRAW = 3


# The per-game hands below: deal_rank is small enough to call; the Omaha and Three-D searches
# are inlined (60-125 lookups per deal run 3-5x faster inlined, for seconds more compiling).
@kernel
def deal_rank(deck, card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Rank of the 5 cards deck[:5]."""
    mult, hmask, shift = HASH_5  # compile-time constants
    key = np.uint64(0)
    flush = np.uint64(0)
    for i in range(5):
        key += card_keys[deck[i]]
        flush += flush_keys[deck[i]]
    return rank_of_key(key, flush, flush_suit, hash_base, hash_ranks, flush_ranks, mult,
                       hmask, shift)


@inline
def omaha_rank(deck, n_hole, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
               flush_ranks):
    """Best Omaha hand of hole cards deck[:n_hole] and board deck[n_hole:n_hole + 5]."""
    mult, hmask, shift = HASH_5  # compile-time constants
    tri_keys = np.empty(10, dtype=np.uint64)
    tri_flush = np.empty(10, dtype=np.uint64)
    t = 0
    for a in range(5):
        for b in range(a + 1, 5):
            for c in range(b + 1, 5):
                x = deck[n_hole + a]
                y = deck[n_hole + b]
                z = deck[n_hole + c]
                tri_keys[t] = np.uint64(card_keys[x]) + card_keys[y] + card_keys[z]
                tri_flush[t] = flush_keys[x] + flush_keys[y] + flush_keys[z]
                t += 1
    best = 0
    for a in range(n_hole):
        for b in range(a + 1, n_hole):
            pk = np.uint64(card_keys[deck[a]]) + card_keys[deck[b]]
            pf = flush_keys[deck[a]] + flush_keys[deck[b]]
            for t in range(10):
                r = rank_of_key(pk + tri_keys[t], pf + tri_flush[t], flush_suit, hash_base,
                                hash_ranks, flush_ranks, mult, hmask, shift)
                if r > best:
                    best = r
    return best


@inline
def three_d_rank(deck, card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Best Three-D hand: hole cards deck[:2], one card from each of deck[2:7], deck[7:12],
    deck[12:17]."""
    mult, hmask, shift = HASH_5  # compile-time constants
    hk = np.uint64(card_keys[deck[0]]) + card_keys[deck[1]]
    hf = flush_keys[deck[0]] + flush_keys[deck[1]]
    best = 0
    for a in range(2, 7):
        ka = hk + card_keys[deck[a]]
        fa = hf + flush_keys[deck[a]]
        for b in range(7, 12):
            kb = ka + card_keys[deck[b]]
            fb = fa + flush_keys[deck[b]]
            for c in range(12, 17):
                r = rank_of_key(kb + card_keys[deck[c]], fb + flush_keys[deck[c]], flush_suit,
                                hash_base, hash_ranks, flush_ranks, mult, hmask, shift)
                if r > best:
                    best = r
    return best


def simulate_ranks(game, n_hole, seeds, chunk_trials, score, card_keys, flush_keys,
                   flush_suit, hash_base, hash_ranks, flush_ranks):
    """Rank histogram (one row per chunk) of random deals of a game, best hand each, the
    chunks run on the threads of the caller's ``_jit.threads`` block (``simulate_chunks``):

    GAME_DEAL: 5 cards; GAME_OMAHA: n_hole hole cards + 5 board, exactly 2 + 3;
    GAME_THREE_D: 2 hole cards + one card from each of three sets of 5;
    GAME_DRAW: 5 cards, the best one-card draw by `score` (see draw_choice), then a random
    card from the 47 unseen. Chunk c runs chunk_trials[c] deals on the stream seeds[c].
    """
    out = np.zeros((seeds.shape[0], N_HIST), dtype=np.int64)
    run_chunks(simulate_chunks, seeds.shape[0], None, out, game, n_hole, seeds, chunk_trials,
               score, card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks)
    return out


@kernel(signatures=[
    (int64, int64, array("int64", 2), int64, int64, array("uint64"), array("int64"),
     array("int64"), *TABLES),
])
def simulate_chunks(first, end, out, game, n_hole, seeds, chunk_trials, score, card_keys,
                    flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """Chunks first..end-1 of ``simulate_ranks`` (``_jit.run_chunks``) into out."""
    n_cards = 5
    if game == GAME_OMAHA:
        n_cards = n_hole + 5
    elif game == GAME_THREE_D:
        n_cards = 17
    deck = np.empty(52, dtype=np.uint8)
    hand = np.empty(5, dtype=np.uint8)
    outcomes = np.empty((5, 47), dtype=np.int64)
    for g in range(first, end):
        for c in range(52):
            deck[c] = c
        _simulate_chunk(out[g], seeds[g], chunk_trials[g], game, n_hole, n_cards, score, deck,
                        hand, outcomes, card_keys, flush_keys, flush_suit, hash_base,
                        hash_ranks, flush_ranks)


@kernel
def _simulate_chunk(hist, state, n_trials, game, n_hole, n_cards, score, deck, hand, outcomes,
                    card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks):
    """One chunk of ``simulate_ranks`` into hist, on borrowed views of its arrays
    (``borrow``: counting their references in every trial tripled its time)."""
    hist, score, deck, hand = borrowed(hist), borrowed(score), borrowed(deck), borrowed(hand)
    outcomes, card_keys, flush_keys = borrowed(outcomes), borrowed(card_keys), borrowed(
        flush_keys)
    flush_suit, hash_base = borrowed(flush_suit), borrowed(hash_base)
    hash_ranks, flush_ranks = borrowed(hash_ranks), borrowed(flush_ranks)
    for _ in range(n_trials):
        state = shuffle_prefix(state, deck, n_cards)
        if game == GAME_OMAHA:
            r = omaha_rank(deck, n_hole, card_keys, flush_keys, flush_suit, hash_base,
                           hash_ranks, flush_ranks)
        elif game == GAME_THREE_D:
            r = three_d_rank(deck, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                             flush_ranks)
        elif game == GAME_DRAW:
            for i in range(5):  # sorted by id, so ties go to the lowest card as in draw.py
                c = deck[i]
                j = i
                while j > 0 and hand[j - 1] > c:
                    hand[j] = hand[j - 1]
                    j -= 1
                hand[j] = c
            now, action = draw_choice(hand, score, outcomes, card_keys, flush_keys, flush_suit,
                                      hash_base, hash_ranks, flush_ranks)
            r = now
            if action >= 0:
                state, i = bounded(state, 47)
                r = outcomes[action, i]
        else:
            r = deal_rank(deck, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                          flush_ranks)
        hist[r] += 1


# ---------------------------------------------------------------------------- what comes first
@inline
def _has_straight(mask):
    """Five consecutive ranks in a 13-bit rank mask (bit 0 = deuce), the ace also low."""
    m = (mask << 1) | ((mask >> 12) & 1)  # bit 0 = ace as one, bit 13 = ace high
    return (m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)) != 0


@kernel(signatures=[
    (array("uint64"), array("int64")),
])  # serial: 100,000 decks take a fraction of a second (see joker_histogram)
def what_first(seeds, chunk_trials):
    """Turn cards of a shuffled deck face up one at a time; for each category 2..9 (pair ..
    straight flush) record how many cards it took until some five face-up cards made it.

    Returns (counts (chunks, 10, 53), races (chunks, 3)): counts[g, cat, n] = trials of chunk
    g in which category cat first appeared with the n-th card; races = trials where a straight
    came first, a flush came first, or both came with the same card.
    """
    n_chunks = seeds.shape[0]
    counts = np.zeros((n_chunks, 10, 53), dtype=np.int64)
    races = np.zeros((n_chunks, 3), dtype=np.int64)
    for g in range(n_chunks):
        state = seeds[g]
        deck = np.arange(52).astype(np.uint8)
        rank_count = np.zeros(13, dtype=np.int64)
        suit_count = np.zeros(4, dtype=np.int64)
        suit_ranks = np.zeros(4, dtype=np.int64)
        first = np.zeros(10, dtype=np.int64)
        for _ in range(chunk_trials[g]):
            rank_count[:] = 0
            suit_count[:] = 0
            suit_ranks[:] = 0
            first[:] = 0
            ranks = 0
            pairs = 0   # ranks seen at least twice
            trips = 0   # ranks seen at least three times
            quads = 0
            for j in range(52):
                state, x = bounded(state, 52 - j)
                pick = j + np.int64(x)
                c = deck[pick]
                deck[pick] = deck[j]
                deck[j] = c
                r = c >> 2
                s = c & 3
                n = j + 1
                rank_count[r] += 1
                k = rank_count[r]
                if k == 2:
                    pairs += 1
                elif k == 3:
                    trips += 1
                elif k == 4:
                    quads += 1
                suit_count[s] += 1
                ranks |= 1 << r
                suit_ranks[s] |= 1 << r
                if first[2] == 0 and pairs >= 1:
                    first[2] = n
                if first[3] == 0 and pairs >= 2:
                    first[3] = n
                if first[4] == 0 and trips >= 1:
                    first[4] = n
                if first[5] == 0 and _has_straight(ranks):
                    first[5] = n
                if first[6] == 0 and suit_count[s] >= 5:
                    first[6] = n
                if first[7] == 0 and trips >= 1 and pairs >= 2:
                    first[7] = n
                if first[8] == 0 and quads >= 1:
                    first[8] = n
                if first[9] == 0 and _has_straight(suit_ranks[s]):
                    first[9] = n
                found = 0
                for cat in range(2, 10):
                    if first[cat] > 0:
                        found += 1
                if found == 8:
                    break
            for cat in range(2, 10):
                counts[g, cat, first[cat]] += 1
            if first[5] < first[6]:
                races[g, 0] += 1
            elif first[6] < first[5]:
                races[g, 1] += 1
            else:
                races[g, 2] += 1
    return counts, races
