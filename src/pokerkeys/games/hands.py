"""Showdowns and other games on the evaluator: winners with ties, the best hand of any size,
Texas Hold'em and Three-D poker (Omaha lives in ``pokerkeys.equity.omaha``, wild cards in
``pokerkeys.games.wild``).

Ranks are the evaluator's 1..7462, higher is better, equal ranks tie. Wild cards add five of a
kind above every straight flush, as ranks 7463 (five twos) to 7475 (five aces). With
``game='shortdeck'`` (six-plus hold'em, ``pokerkeys.core.shortdeck``) ``best_hand``,
``holdem_hand`` and ``winners`` rank on the short-deck scale, 1..1404, and refuse cards below
the six.

>>> import pokerkeys as pk
>>> pk.winners(["As Ks", "Qd Qc"], board="Ah 7c 2d 9s 4h")
[0]
>>> pk.winners(["Ks Kd", "Tc Jd"], board="Kh 7c 8d 9s Ah", game="shortdeck")  # trips win
[0]
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, product

import numpy as np

from .._kernels import one_hand as _one_hand
from ..core.best import BestHand, ShortDeckHand, best_of_rows, check_disjoint
from ..core.cards import format_cards, parse_cards
from ..core.evaluate import HandCategory, best_five, evaluate, showdown_ranks
from ..core.shortdeck import Game, Rules, check_short_deck, resolve_rules
from ..core.types import CardArray, CardsLike

__all__ = ["best_hand", "holdem_hand", "short_hand_value", "three_d_hand", "winners"]


def _parse(cards: CardsLike, what: str) -> CardArray:
    try:
        return parse_cards(cards)
    except (ValueError, TypeError) as exc:
        raise type(exc)(f"{what}: {exc}") from None


def best_hand(cards: CardsLike, *, game: Game = "holdem", rules: Rules | None = None
              ) -> BestHand:
    """The best five of 5 to 13 cards, any five of them.

    Up to 7 cards the evaluator ranks the hand at once; beyond 7 the key sums are no longer
    unique, so every five-card subset is ranked and the best kept.

    Parameters
    ----------
    cards : str, sequence of cards or array of card ids
        5 to 13 distinct cards, e.g. a hold'em hand with its board: ``'As Ks Qs Js Ts 2c 3d'``.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The ranking: Hold'em's or short deck's (six through ace only).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).

    Returns
    -------
    BestHand
        The rank (1..7462, short deck 1..1404, higher is better) and the five cards used
        (ids, highest first); in short deck a ``ShortDeckHand``, which reads its rank on the
        short-deck scale.

    Raises
    ------
    ValueError
        If a card does not parse or repeats, or there are fewer than 5 or more than 13 cards;
        in short deck, if a card is below the six; if ``game`` or ``rules`` is unknown.
    TypeError
        If ``cards`` is not a string, a sequence of cards or an integer array.

    See Also
    --------
    holdem_hand : two hole cards and a board, checked apart.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> hand = pk.best_hand("As Ks Qs Js Ts 2c 3d")
    >>> hand.rank, hand.describe()
    (7462, 'Royal flush')
    >>> print(pk.best_hand("2c 2d 2h 7s 7c 9d 9h Ah As"))
    As Ah 2h 2d 2c  (Full house, twos over aces, rank 7152)
    >>> print(pk.best_hand("9c 9d 9h Ts Jc Qd Kh", game="shortdeck"))  # trips beat a straight
    Kh Qd 9h 9d 9c  (Three of a kind, nines, rank 987)
    """
    short = resolve_rules(game, rules)
    ids = _parse(cards, "hand")
    if not 5 <= len(ids) <= 13:
        raise ValueError(f"a hand has 5 to 13 cards to choose five from, not {len(ids)} "
                         f"({format_cards(ids) or 'no cards'})")
    if short is not None:
        check_short_deck(ids, "hand")
    if len(ids) <= 7:
        if short is None:
            return BestHand(evaluate(ids), best_five(ids))
        return ShortDeckHand(evaluate(ids, game=game, rules=rules),
                             best_five(ids, game=game, rules=rules), short)
    # Beyond 7 cards the key sums are no longer unique, so rank every five-card subset.
    rows = np.array(list(combinations(ids.tolist(), 5)), dtype=np.uint8)
    return best_of_rows(rows, short)


def holdem_hand(hole: CardsLike, board: CardsLike, *, game: Game = "holdem",
                rules: Rules | None = None) -> BestHand:
    """Texas Hold'em: the best five of 2 hole cards and 3 to 5 board cards.

    Parameters
    ----------
    hole : str, sequence of cards or array of card ids
        The player's 2 hole cards.
    board : str, sequence of cards or array of card ids
        The 3 (flop), 4 (turn) or 5 (river) community cards.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        Hold'em, or short deck (six-plus hold'em: six through ace, its own ranking).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).

    Returns
    -------
    BestHand
        The rank (1..7462, short deck 1..1404, higher is better) and the five cards used
        (ids, highest first); in short deck a ``ShortDeckHand``, which reads its rank on the
        short-deck scale.

    Raises
    ------
    ValueError
        If a card does not parse, there are not 2 hole cards or 3 to 5 board cards, or a
        card is both in the hole and on the board (the message names it); in short deck, if
        a card is below the six (the message names it and where it is); if ``game`` or
        ``rules`` is unknown.
    TypeError
        If the cards are not strings, sequences of cards or integer arrays.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> print(pk.holdem_hand("7c 2d", "As Ad 7h"))
    As Ad 7h 7c 2d  (Two pair, aces and sevens, rank 4919)
    >>> print(pk.holdem_hand("Kh Th", "Ah 6h 9h 8c 7d", game="shortdeck"))
    Ah Kh Th 9h 6h  (Flush, ace high, rank 1300)
    """
    short = resolve_rules(game, rules)
    hole_ids = _parse(hole, "hole cards")
    board_ids = _parse(board, "board")
    if short is not None:
        check_short_deck(hole_ids, "hole cards")
        check_short_deck(board_ids, "board")
    if len(hole_ids) != 2:
        raise ValueError(f"a hold'em hand has 2 hole cards, not {len(hole_ids)} "
                         f"({format_cards(hole_ids) or 'none'})")
    if not 3 <= len(board_ids) <= 5:
        raise ValueError(f"a hold'em board has 3 to 5 cards, not {len(board_ids)}")
    check_disjoint([("the hole cards", hole_ids), ("the board", board_ids)])
    return best_hand(np.concatenate([hole_ids, board_ids]), game=game, rules=rules)


def _three_d_sets(community: CardsLike | Sequence[CardsLike]) -> list[CardArray]:
    """Three community sets from 15 cards (split in fives) or from three separate sets."""
    if isinstance(community, np.ndarray) and community.ndim == 2:
        community = list(community)
    if isinstance(community, (list, tuple)) and len(community) == 3:
        sets = [_parse(s, f"community set {i + 1}") for i, s in enumerate(community)]
    else:
        flat = _parse(community, "community cards")  # type: ignore[arg-type]  # one set of cards
        if len(flat) != 15:
            raise ValueError(f"Three-D poker has 15 community cards (three sets of five), "
                             f"not {len(flat)}; or pass the three sets separately")
        sets = [flat[0:5], flat[5:10], flat[10:15]]
    for i, s in enumerate(sets):
        if not 1 <= len(s) <= 5:
            raise ValueError(f"community set {i + 1} has 1 to 5 cards, not {len(s)}")
    return sets


def three_d_hand(hole: CardsLike, community: CardsLike | Sequence[CardsLike]) -> BestHand:
    """Three-D poker (Bram Cohen): the best hand of 2 hole cards plus exactly one card from
    each of three sets of five community cards.

    Every choice of one card per set is ranked with the hole cards, and the best kept.

    Parameters
    ----------
    hole : str, sequence of cards or array of card ids
        The player's 2 hole cards.
    community : str, sequence of cards, array of card ids, or a sequence of three of them
        15 cards, split in order into three sets of five, or the three sets given apart
        (each of 1 to 5 cards), or a (3, k) array.

    Returns
    -------
    BestHand
        The rank (1..7462, higher is better) and the five cards used (ids, highest first).

    Raises
    ------
    ValueError
        If a card does not parse, there are not 2 hole cards, the community is not 15 cards
        or three sets of 1 to 5, or a card is in two places (the message names it).
    TypeError
        If the cards are not strings, sequences of cards or integer arrays.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> print(pk.three_d_hand("Ah Kh", ["Qh 2c 3d 4s 5s", "Jh 6c 7c 8c 9c", "Th 2d 3s 4d 5d"]))
    Ah Kh Qh Jh Th  (Royal flush, rank 7462)
    >>> pk.three_d_hand("Ah Kh", "Qh 2c 3d 4s 5s Jh 6c 7c 8c 9c Th 2d 3s 4d 5d").rank
    7462
    """
    hole_ids = _parse(hole, "hole cards")
    if len(hole_ids) != 2:
        raise ValueError(f"a Three-D hand has 2 hole cards, not {len(hole_ids)}")
    sets = _three_d_sets(community)
    check_disjoint([("the hole cards", hole_ids)]
                   + [(f"community set {i + 1}", s) for i, s in enumerate(sets)])
    rows = np.array([(*hole_ids.tolist(), a, b, c) for a, b, c in product(*sets)],
                    dtype=np.uint8)
    return best_of_rows(rows)


# ---------------------------------------------------------------------------- winners
def short_hand_value(ids: Iterable[int | np.integer]) -> tuple[int, ...]:
    """Comparable value of a 1-4 card hand: (category, ranks by group size, then rank).

    Short hands rank only by what they hold: four of a kind > three of a kind > two pair >
    pair > high card (no straights or flushes, which need five cards); within a category the
    grouped ranks and then the kickers decide, highest first. A hand that runs out of kickers
    loses to one that has another (so 'Ah' < 'Ah 2c').

    Parameters
    ----------
    ids : sequence or array of int
        1 to 4 card ids (0..51), as ``pk.parse_cards`` gives them.

    Returns
    -------
    tuple of int
        The ``HandCategory`` number, then the distinct card ranks (0 = deuce .. 12 = ace),
        larger groups first and higher ranks first within a group size. Tuples compare as
        the hands do.

    Raises
    ------
    IndexError
        If ``ids`` is empty.

    See Also
    --------
    winners : uses it for hands of fewer than five cards.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> from pokerkeys.games.hands import short_hand_value
    >>> short_hand_value(pk.parse_cards("Kd Ks 4c"))  # a pair (2) of kings (11), a four (2)
    (2, 11, 2)
    >>> short_hand_value(pk.parse_cards("Ah")) < short_hand_value(pk.parse_cards("Ah 2c"))
    True
    """
    counts = Counter(int(c) >> 2 for c in ids)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    if shape[0] == 4:
        cat = HandCategory.FOUR_OF_A_KIND
    elif shape[0] == 3:
        cat = HandCategory.THREE_OF_A_KIND
    elif shape[:2] == [2, 2]:
        cat = HandCategory.TWO_PAIR
    elif shape[0] == 2:
        cat = HandCategory.PAIR
    else:
        cat = HandCategory.HIGH_CARD
    return (int(cat), *(r for r, _ in groups))


@_one_hand.fast_path("winners")
def winners(hands: Iterable[CardsLike], board: CardsLike | None = None, *,
            game: Game = "holdem", rules: Rules | None = None) -> list[int]:
    """Indices of every player with the best hand (more than one on a tie).

    Each hand (plus the shared ``board``, if any) is ranked as follows:

    * 5 to 7 cards: the evaluator's rank of its best five;
    * 8 to 13 cards: the best five of them;
    * 1 to 4 cards: by what they hold, without straights or flushes (see
      ``short_hand_value``): four of a kind > three of a kind > two pair > pair > high card,
      then the grouped ranks, then the kickers.

    Hands may hold wild cards ('**', '?B', '?R'; see ``pokerkeys.games.wild``) when they have
    5 to 7 cards (not in short deck). With ``game='shortdeck'`` hands of 5 or more cards
    rank on the short-deck scale (``rules`` orders three of a kind and straight); short
    hands rank as above, which no rule order changes.

    Parameters
    ----------
    hands : iterable of hands
        One entry per player: a string (``'As Ks'``, ``'8d ** 7d 6d **'``), a sequence of
        cards or an array of card ids. Players may hold different numbers of cards.
    board : str, sequence of cards or array of card ids, optional
        Community cards shared by every hand.
    game : {'holdem', 'shortdeck'}, default 'holdem'
        The ranking: Hold'em's or short deck's (six through ace only).
    rules : {'trips-beat-straight', 'straight-beats-trips'}, optional
        Short deck only: the order of three of a kind and straight (default trips first).

    Returns
    -------
    list of int
        The 0-based indices of the players whose hands rank best, in order.

    Raises
    ------
    TypeError
        If ``hands`` is a single string rather than a list of hands, or a hand is not a
        string, sequence of cards or integer array.
    ValueError
        If there is no hand, a card does not parse, a card is held twice (by two hands, or by
        a hand and the board), a hand has no cards or more than 13, a hand with wild cards
        has fewer than 5 or more than 7 cards, or hands of fewer than 5 cards meet hands of
        5 or more (they cannot be compared); in short deck, if a card is below the six (the
        message names it and its hand) or a hand holds wild cards; if ``game`` or ``rules``
        is unknown.

    Notes
    -----
    A Hold'em showdown given as a list or tuple of hands, each as text of two-character cards
    (``'As Kd'``, ``'AsKd'``) or a list or tuple of int ids, with 6 or 7 cards per hand and
    board, is ranked from summed card keys with no arrays made: the fastest call, answered in
    C by the package's small extension (about 0.1 us for two players given as text; in plain
    Python where the extension is not built). Anything else (wild cards, short deck, short
    hands, other input types, ``game`` or ``rules`` given) takes the general path.

    Examples
    --------
    >>> import pokerkeys as pk
    >>> pk.winners(["As Ks", "Qd Qc"], board="Ah 7c 2d 9s 4h")
    [0]
    >>> pk.winners(["As Ks", "Ad Kd"], board="Qh 7c 2d 9s 4h")  # a split pot
    [0, 1]
    >>> pk.winners(["Ah", "Ks Kd", "2c 2d"])  # short hands: pairs beat a high card
    [1]
    >>> pk.winners(["8d ** 7d 6d **", "As Ks Qs Js Ts"])  # jokers are wild
    [1]
    >>> board = "8h 7c 6d Kd Qs"  # A-9 makes the lowest short-deck straight
    >>> pk.winners(["Ah 9h", "Kc Ks"], board=board, game="shortdeck")  # trips beat it
    [1]
    >>> pk.winners(["Ah 9h", "Kc Ks"], board=board, game="shortdeck",
    ...            rules="straight-beats-trips")
    [0]
    >>> pk.winners(["Ah 9h", "Kc Ks"], board="8h 7c 6d Kd 2s", game="shortdeck")
    Traceback (most recent call last):
    ...
    ValueError: the board: 2s is not a short-deck card (short deck plays 6 through A)
    """
    if game == "holdem" and rules is None and (type(hands) is list or type(hands) is tuple):
        ranks = showdown_ranks(hands, board)  # plain hands and board: no parsing into arrays
        if ranks is not None:
            top = max(ranks)
            return [i for i, rank in enumerate(ranks) if rank == top]
    from .wild import best_wild, has_jokers, parse_wild

    short = resolve_rules(game, rules)
    if isinstance(hands, str):
        raise TypeError("hands is a list of hands, e.g. ['As Ks Qs Js Ts', '2c 2d 2h 2s 3c']")
    hands = list(hands)
    if not hands:
        raise ValueError("winners needs at least one hand")
    board_ids = _parse(board if board is not None else [], "board")
    if short is not None:
        check_short_deck(board_ids, "the board")
    places = [("the board", board_ids)]
    parsed: list[tuple[CardArray, list[str]]] = []
    for i, hand in enumerate(hands):
        if has_jokers(hand):
            if short is not None:
                raise ValueError(f"hand {i + 1}: short deck has no wild cards")
            naturals, jokers = parse_wild(hand, where=f"hand {i + 1}")
        else:
            naturals, jokers = _parse(hand, f"hand {i + 1}"), []
        if short is not None:
            check_short_deck(naturals, f"hand {i + 1}")
        places.append((f"hand {i + 1}", naturals))
        parsed.append((naturals, jokers))
    check_disjoint(places)
    # Comparable values: (True, (rank,)) for full hands, (False, short value) for short ones.
    values: list[tuple[bool, tuple[int, ...]]] = []
    for i, (naturals, jokers) in enumerate(parsed):
        ids = np.concatenate([naturals, board_ids]).astype(np.uint8)
        n = len(ids) + len(jokers)
        if n == 0:
            raise ValueError(f"hand {i + 1} has no cards")
        if jokers:
            if not 5 <= n <= 7:
                raise ValueError(f"hand {i + 1}: a hand with wild cards has 5 to 7 cards, "
                                 f"not {n}")
            values.append((True, (best_wild(ids, jokers).rank,)))
        elif n >= 5:
            values.append((True, (best_hand(ids, game=game, rules=rules).rank,)))
        else:
            values.append((False, short_hand_value(ids)))
    if len({full for full, _ in values}) > 1:
        sizes = sorted({len(p[0]) + len(p[1]) + len(board_ids) for p in parsed})
        raise ValueError(f"cannot compare hands of fewer than 5 cards with hands of 5 or more "
                         f"(hand sizes {sizes})")
    best = max(v for _, v in values)
    return [i for i, (_, v) in enumerate(values) if v == best]
