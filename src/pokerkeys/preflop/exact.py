"""Exact preflop tables: suit-isomorphic matchups, every class against a random hand, rank
distributions over all boards and the resumable 169 x 169 heads-up matrix (see the package
docstring of ``pokerkeys.preflop``)."""
from __future__ import annotations

import contextlib
import hashlib
import math
import os
import signal
import threading
import time
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import permutations
from pathlib import Path

import numpy as np

from .. import _jit
from .._kernels.matrix import heads_up_sweep
from .._kernels.preflop import class_rank_histograms, vs_random_sweep
from ..core.cards import format_cards, parse_cards
from ..core.classes import (
    ALL_COMBOS,
    CLASS_NAMES,
    COMBO_CLASS,
    COMBO_INDEX_TABLE,
    N_CLASSES,
    N_COMBOS,
    class_combo_count,
    class_combo_indices,
    class_index,
    combo_index,
)
from ..core.evaluate import CATEGORY_STARTS, HandCategory, kernel_args

BOARDS_PER_HAND = math.comb(50, 5)       # 2,118,760 boards meet one hand
BOARDS_PER_MATCHUP = math.comb(48, 5)    # 1,712,304 boards meet two hands


# --- suit symmetry of combos ------------------------------------------------------------------

def _suit_maps() -> np.ndarray:
    """(24, 52) card id -> card id under each permutation of the four suits."""
    return np.array([[4 * (c >> 2) + perm[c & 3] for c in range(52)]
                     for perm in permutations(range(4))], dtype=np.uint8)


def _combo_images(card_maps: np.ndarray) -> np.ndarray:
    """(len(card_maps), 1326) int64: combo index of each combo's image under each map."""
    return np.stack([COMBO_INDEX_TABLE[m[ALL_COMBOS[:, 0]], m[ALL_COMBOS[:, 1]]]
                     for m in card_maps]).astype(np.int64)


@lru_cache(maxsize=1)
def _symmetry():
    """Tables for the class representatives and the suit permutations between combos.

    Returns (reps (169,), perms (24, 1326), stab (list of arrays of rows of perms fixing each
    class's representative), perms12 (12, 1326), tau12 (1326,)). perms12 holds, for each ordered
    pair of suits (a, b), the permutation a -> clubs, b -> diamonds (the other two in order):
    every combo reaches its class's representative (whose suits are clubs/diamonds) by one of
    these twelve, and tau12[k] says which. Twelve instead of 24 halves the sweep's bookkeeping.
    """
    reps = np.array([np.flatnonzero(c == COMBO_CLASS).min() for c in range(N_CLASSES)])
    perms = _combo_images(_suit_maps())
    stab = [np.flatnonzero(perms[:, reps[c]] == reps[c]) for c in range(N_CLASSES)]
    maps12 = []
    for a in range(4):
        for b in range(4):
            if a != b:
                target = [0] * 4
                target[a], target[b] = 0, 1
                rest = [s for s in range(4) if s not in (a, b)]
                target[rest[0]], target[rest[1]] = 2, 3
                maps12.append([4 * (c >> 2) + target[c & 3] for c in range(52)])
    perms12 = _combo_images(np.array(maps12, dtype=np.uint8))
    hits = perms12 == reps[COMBO_CLASS][None, :]
    if not hits.any(axis=0).all():  # pragma: no cover - a wrong table would be a bug
        raise AssertionError("some combo does not reach its class representative")
    tau12 = hits.argmax(axis=0).astype(np.int64)
    for a in (reps, perms, perms12, tau12):
        a.setflags(write=False)
    return reps, perms, stab, perms12, tau12


def _disjoint(a, b) -> np.ndarray:
    """Whether combos a and b (index arrays) share no card."""
    ca, cb = ALL_COMBOS[a], ALL_COMBOS[b]
    return ((ca[..., 0] != cb[..., 0]) & (ca[..., 0] != cb[..., 1])
            & (ca[..., 1] != cb[..., 0]) & (ca[..., 1] != cb[..., 1]))


def class_representative(name: str) -> np.ndarray:
    """The class's representative combo, (2,) uint8, high card first ('AKo' -> AcKd)."""
    return ALL_COMBOS[_symmetry()[0][class_index(name)]].copy()


def class_grid(values) -> np.ndarray:
    """(13, 13) view of 169 per-class values: row/col 0 = ace; suited above the diagonal."""
    values = np.asarray(values)
    if values.shape[:1] != (N_CLASSES,):
        raise ValueError(f"expected 169 values in CLASS_NAMES order, got shape {values.shape}")
    return values.reshape((13, 13) + values.shape[1:])


def _hand_index(hand, what: str) -> int:
    ids = parse_cards(hand)
    if ids.size != 2:
        raise ValueError(f"{what}: a hold'em hand has 2 cards, got {ids.size} in {hand!r}")
    return combo_index(int(ids[0]), int(ids[1]))


# --- suit-isomorphic matchups -----------------------------------------------------------------

MATCHUP_CONVENTIONS = ("strict", "ordered", "same-class-ordered")


@lru_cache(maxsize=1)
def _orbits():
    """Canonical forms of all heads-up matchups (see ``suit_distinct_matchups``).

    For class c (representative r) and each combo x disjoint from r of a class >= c, the
    matchup (r, x) is canonicalised by the smallest image of x under the permutations fixing r;
    within one class, also of the swapped matchup (x, r) brought to (r, tau_x(r)). The number
    of x landing on one key is the stabiliser orbit size, which gives each orbit's weight (the
    unordered combo pairs it stands for).
    """
    reps, perms, stab, perms12, tau12 = _symmetry()
    out_c, out_x, out_w = [], [], []
    ordered = same_class_ordered = 0
    for c in range(N_CLASSES):
        r = reps[c]
        xs = np.flatnonzero(_disjoint(np.full(N_COMBOS, r), np.arange(N_COMBOS)))
        canon_all = perms[stab[c]][:, xs].min(axis=0)
        ordered += len(np.unique(canon_all))
        keep = COMBO_CLASS[xs] >= c
        xs, canon = xs[keep], canon_all[keep]
        same = COMBO_CLASS[xs] == c
        same_class_ordered += len(np.unique(canon[same]))
        swapped = perms[stab[c]][:, perms12[tau12[xs], r]].min(axis=0)
        canon = np.where(same, np.minimum(canon, swapped), canon)
        keys, counts = np.unique(canon, return_counts=True)
        size = class_combo_count(CLASS_NAMES[c])
        weight = np.where(COMBO_CLASS[keys] == c, size * counts // 2, size * counts)
        out_c.append(np.full(len(keys), c))
        out_x.append(keys)
        out_w.append(weight)
    cls1 = np.concatenate(out_c)
    hand2 = np.concatenate(out_x)
    weight = np.concatenate(out_w)
    order = np.lexsort((hand2, COMBO_CLASS[hand2], cls1))
    cls1, hand2, weight = cls1[order], hand2[order], weight[order]
    same_class_strict = int((COMBO_CLASS[hand2] == cls1).sum())
    counts = {"strict": len(hand2), "ordered": ordered,
              "same-class-ordered": len(hand2) - same_class_strict + same_class_ordered}
    return reps[cls1], hand2, weight, counts


def count_matchups(convention: str = "strict") -> int:
    """Number of suit-distinct heads-up matchups: 'strict' 47,008 (unordered, up to suit
    permutations), 'ordered' 93,769, 'same-class-ordered' 47,086 (same-class pairs ordered)."""
    if convention not in MATCHUP_CONVENTIONS:
        raise ValueError(f"unknown matchup convention {convention!r}: use one of "
                         f"{', '.join(MATCHUP_CONVENTIONS)}")
    return _orbits()[3][convention]


def suit_distinct_matchups() -> np.ndarray:
    """The 47,008 suit-distinct matchups, one canonical form each, as a structured array.

    Fields: hand1, hand2 ((2,) uint8 card ids, high card first), class1, class2 (indices into
    CLASS_NAMES, class1 <= class2), weight (the number of unordered pairs of disjoint combos
    the matchup stands for; they add up to 1326 * 1225 / 2 = 812,175). hand1 is always the
    representative of class1 (``class_representative``). Sorted by class1, class2, hand2.
    """
    hand1, hand2, weight, _ = _orbits()
    out = np.zeros(len(hand1), dtype=_MATCHUP_DTYPE[:5])
    out["hand1"] = ALL_COMBOS[hand1]
    out["hand2"] = ALL_COMBOS[hand2]
    out["class1"] = COMBO_CLASS[hand1]
    out["class2"] = COMBO_CLASS[hand2]
    out["weight"] = weight
    return out


def canonical_matchup(hand1, hand2) -> tuple[str, str]:
    """The canonical form (as in ``suit_distinct_matchups``) of a matchup, as two strings:
    ('AhKh', 'QsQd') -> ('AcKc', 'QdQc')."""
    a, b = _hand_index(hand1, "hand 1"), _hand_index(hand2, "hand 2")
    if not _disjoint(np.array(a), np.array(b)):
        raise ValueError(f"the two hands share a card: {hand1!r} and {hand2!r}")
    p, q = _canonical_pair(a, b)
    return format_cards(ALL_COMBOS[p], ""), format_cards(ALL_COMBOS[q], "")


def _canonical_pair(a: int, b: int) -> tuple[int, int]:
    reps, perms, stab, perms12, tau12 = _symmetry()
    if COMBO_CLASS[a] > COMBO_CLASS[b]:
        a, b = b, a
    c = int(COMBO_CLASS[a])
    x = perms[stab[c], perms12[tau12[a], b]].min()
    if COMBO_CLASS[b] == c:
        x = min(x, perms[stab[c], perms12[tau12[b], a]].min())
    return int(reps[c]), int(x)


# --- exact equity against one random hand -----------------------------------------------------

@lru_cache(maxsize=1)
def canonical_boards() -> tuple[np.ndarray, np.ndarray]:
    """(boards (134459, 5) uint8, multiplicity): one board per suit-permutation orbit.

    A board's code packs its sorted card ids 6 bits each; the canonical board is the image with
    the smallest code, and the multiplicity is the orbit's size (the multiplicities sum to
    C(52, 5) = 2,598,960). Boards come in increasing code order.
    """
    from ..core.symmetry import canonical_boards as orbit_representatives

    maps = _suit_maps()
    # One board per orbit from the compiled enumerator (its own choice of representative),
    # then each orbit's smallest code among its 24 images.
    boards, multiplicity = orbit_representatives(np.arange(52, dtype=np.uint8), 5, maps)
    shifts = 6 * np.arange(5, dtype=np.int64)
    best = None
    for card_map in maps:
        code = (np.sort(card_map[boards], axis=1).astype(np.int64) << shifts).sum(axis=1)
        best = code if best is None else np.minimum(best, code)
    order = np.argsort(best)
    canon = ((best[order, None] >> shifts) & 63).astype(np.uint8)
    return canon, multiplicity[order].astype(np.int64)


def _pair_class_table() -> np.ndarray:
    table = np.zeros((52, 52), dtype=np.int64)
    table[ALL_COMBOS[:, 0], ALL_COMBOS[:, 1]] = COMBO_CLASS
    table[ALL_COMBOS[:, 1], ALL_COMBOS[:, 0]] = COMBO_CLASS
    return table


def exact_equity_vs_random(*, threads: int | None = None) -> np.ndarray:
    """(169,) exact all-in equity of each class (CLASS_NAMES order) against one random hand.

    Every board is visited once (up to suit symmetry); its 1,081 combos are ranked, sorted and
    swept in rank order, so each combo's wins, ties and losses against all the others come
    from running counts (see ``_kernels.preflop.vs_random_sweep``). About a second.
    """
    boards, multiplicity = canonical_boards()
    with _jit.threads(threads):
        score2, showdowns = vs_random_sweep(boards, multiplicity, _pair_class_table(),
                                            N_CLASSES, *kernel_args(7))
    return score2 / (2.0 * showdowns)


# --- rank distributions -----------------------------------------------------------------------

@lru_cache(maxsize=1)
def _histograms() -> np.ndarray:
    boards, multiplicity = canonical_boards()
    hist = class_rank_histograms(boards, multiplicity, _pair_class_table(), N_CLASSES,
                                 *kernel_args(7))
    sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
    out = hist // sizes[:, None]  # the kernel counts every combo of a class: |c| times one's
    if not (out * sizes[:, None] == hist).all() or not (out.sum(axis=1) == BOARDS_PER_HAND).all():
        raise AssertionError("rank histograms are inconsistent")  # pragma: no cover
    out.setflags(write=False)
    return out


def rank_histograms() -> np.ndarray:
    """(169, 7463) int64: row c counts, for one hand of class c, the boards (of 2,118,760)
    on which its best 7-card hand has rank r (column 0 is unused). Exact, about a second."""
    return _histograms()


def average_rank_distribution() -> np.ndarray:
    """(7463,) float64: probability of each rank as the best hand of 7 random cards (the
    average over all hands; 4,824 ranks occur)."""
    sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
    total = (sizes[:, None] * _histograms()).sum(axis=0)
    return total / (N_COMBOS * BOARDS_PER_HAND)


def _by_category(per_rank: np.ndarray) -> np.ndarray:
    return np.add.reduceat(per_rank[1:], CATEGORY_STARTS[:-1] - 1)


@dataclass(frozen=True)
class RankDistribution:
    """The exact distribution of one class's best 7-card rank over all boards.

    ``counts[r]`` boards of ``boards`` (2,118,760) give rank r (1..7462, column 0 unused);
    ``average`` is the probability of each rank over all hands; categories follow
    ``HandCategory`` (high card .. straight flush).
    """

    name: str
    counts: np.ndarray
    average: np.ndarray
    boards: int = BOARDS_PER_HAND

    @property
    def probability(self) -> np.ndarray:
        return self.counts / self.boards

    @property
    def by_category(self) -> np.ndarray:
        """(9,) int64 board counts per category, high card first."""
        return _by_category(self.counts)

    @property
    def average_by_category(self) -> np.ndarray:
        """(9,) float64 probability of each category over all hands."""
        return _by_category(self.average)

    @property
    def mean_rank(self) -> float:
        return float((np.arange(len(self.counts)) * self.counts).sum() / self.boards)

    @property
    def average_mean_rank(self) -> float:
        return float((np.arange(len(self.average)) * self.average).sum())

    def to_dict(self) -> dict:
        cats = [c.label for c in HandCategory]
        return {
            "class": self.name, "boards": self.boards, "mean_rank": self.mean_rank,
            "average_mean_rank": self.average_mean_rank,
            "categories": {label: {"boards": int(n), "probability": n / self.boards,
                                   "average_probability": float(a)}
                           for label, n, a in zip(cats, self.by_category.tolist(),
                                                  self.average_by_category, strict=False)},
            "ranks": {str(r): int(n) for r, n in enumerate(self.counts.tolist()) if n},
        }

    def __str__(self) -> str:
        lines = [f"{self.name}: best 7-card hand over all {self.boards:,} boards",
                 f"{'category':<16}{'boards':>12}{'share':>10}{'all hands':>11}"]
        for cat, n, a in zip(HandCategory, self.by_category.tolist(), self.average_by_category, strict=False):
            lines.append(f"{cat.label:<16}{n:>12,}{100 * n / self.boards:>9.3f}%{100 * a:>10.3f}%")
        lines.append(f"mean rank {self.mean_rank:.1f} (all hands {self.average_mean_rank:.1f})")
        return "\n".join(lines)


def rank_distribution(name: str) -> RankDistribution:
    """Exact histogram of the best 7-card rank of class ``name`` over all C(50, 5) boards.

    One combo stands for the class: a suit permutation maps it to any other combo of the class
    and the boards onto the boards. Computed for all 169 classes at once, once per process.
    """
    k = class_index(name)
    return RankDistribution(CLASS_NAMES[k], _histograms()[k].copy(), average_rank_distribution())


# --- the exact heads-up matrix ----------------------------------------------------------------

_MATCHUP_DTYPE = [("hand1", "u1", (2,)), ("hand2", "u1", (2,)), ("class1", "u1"),
                  ("class2", "u1"), ("weight", "i8"), ("wins", "i8"), ("ties", "i8"),
                  ("losses", "i8")]
_STATE_VERSION = "heads-up-sweep-1"


@dataclass(frozen=True)
class HeadsUpMatrix:
    """Exact heads-up outcomes of every matchup, stored for the 169 representatives.

    ``wins[c, x]``, ``ties[c, x]``, ``losses[c, x]``: boards on which the representative of
    class c (``class_representative``) beats, ties, loses to combo x (``ALL_COMBOS`` row);
    zero where x shares a card with it. Any matchup maps onto one of these rows by a suit
    permutation (``counts``). ``boards``: boards per matchup, 1,712,304 (None when the run
    was restricted to a subset of boards, for testing: then it varies by matchup).
    """

    wins: np.ndarray
    ties: np.ndarray
    losses: np.ndarray
    boards: int | None
    elapsed: float = 0.0

    def counts(self, hand1, hand2) -> tuple[int, int, int]:
        """(wins, ties, losses) of hand1 against hand2 over all boards."""
        a, b = _hand_index(hand1, "hand 1"), _hand_index(hand2, "hand 2")
        if not _disjoint(np.array(a), np.array(b)):
            raise ValueError(f"the two hands share a card: {hand1!r} and {hand2!r}")
        _, _, _, perms12, tau12 = _symmetry()
        c, x = COMBO_CLASS[a], perms12[tau12[a], b]
        return int(self.wins[c, x]), int(self.ties[c, x]), int(self.losses[c, x])

    @cached_property
    def class_counts(self) -> np.ndarray:
        """(169, 169, 3) int64: wins, ties, losses of class a against class b, summed over
        every pair of disjoint combos (the right weights: each combo pair is equally likely)."""
        reps = _symmetry()[0]
        ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :])
        sizes = np.array([class_combo_count(n) for n in CLASS_NAMES])
        out = np.zeros((N_CLASSES, N_CLASSES, 3), dtype=np.int64)
        for k, table in enumerate((self.wins, self.ties, self.losses)):
            for c2 in range(N_CLASSES):
                cols = class_combo_indices(CLASS_NAMES[c2])
                out[:, c2, k] = (table[:, cols] * ok[:, cols]).sum(axis=1)
            out[:, :, k] *= sizes[:, None]
        return out

    @cached_property
    def equity(self) -> np.ndarray:
        """(169, 169) float64: equity of class a (row) against class b (column)."""
        w, t, l = np.moveaxis(self.class_counts, 2, 0)
        with np.errstate(invalid="ignore"):  # NaN only for a reduced run with no common board
            return (w + 0.5 * t) / (w + t + l)

    def vs_random(self) -> np.ndarray:
        """(169,) equity of each class against one random hand, from the same counts."""
        w, t, l = self.class_counts.sum(axis=1).T
        return (2 * w + t) / (2.0 * (w + t + l))

    def matchups(self) -> np.ndarray:
        """The 47,008 suit-distinct matchups (``suit_distinct_matchups``) with their counts
        in fields wins, ties, losses."""
        base = suit_distinct_matchups()
        out = np.zeros(len(base), dtype=_MATCHUP_DTYPE)
        for f in base.dtype.names:
            out[f] = base[f]
        hand1, hand2, _, _ = _orbits()
        c = COMBO_CLASS[hand1]
        out["wins"] = self.wins[c, hand2]
        out["ties"] = self.ties[c, hand2]
        out["losses"] = self.losses[c, hand2]
        return out

    def save(self, path) -> tuple[Path, Path]:
        """Write the equity matrix to ``path`` (.npy, (169, 169) float64) and the matchups to
        ``<path without .npy>.matchups.npy`` (structured, see ``matchups``); each is written
        under a temporary name and renamed, so a file on disk is always complete."""
        path = Path(path)
        other = matchups_path(path)
        _atomic_save(path, self.equity)
        _atomic_save(other, self.matchups())
        return path, other


def matchups_path(path: Path) -> Path:
    stem = path.name[:-4] if path.name.endswith(".npy") else path.name
    return path.with_name(stem + ".matchups.npy")


def _atomic_save(path: Path, array) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        np.save(f, array, allow_pickle=False)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _state_path(path: Path) -> Path:
    return path.with_name(path.name + ".partial.npz")


def _signature(boards, multiplicity, starts, with_ties) -> str:
    h = hashlib.sha256(_STATE_VERSION.encode())
    for a in (boards, multiplicity, starts):
        h.update(np.ascontiguousarray(a).tobytes())
    h.update(bytes([with_ties]))
    return h.hexdigest()


def _load_state(path: Path, signature: str, n_chunks: int):
    try:
        with np.load(path, allow_pickle=False) as z:
            if str(z["signature"]) != signature:
                return None
            done, wins, ties = z["done"].copy(), z["wins"].copy(), z["ties"].copy()
    except (OSError, ValueError, KeyError):
        return None  # unreadable: start over (it is only ever replaced whole)
    if done.shape != (n_chunks,) or wins.shape != (N_CLASSES, N_COMBOS):
        return None
    return done, wins, ties


def _save_state(path: Path, signature, done, wins, ties) -> None:
    tmp = path.with_name(path.name + f".tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        np.savez(f, signature=np.array(signature), done=done, wins=wins, ties=ties)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def heads_up_matrix(out=None, *, threads: int | None = None, progress=None,
                    resume: bool = True, chunks: int = 64,
                    max_boards: int | None = None) -> HeadsUpMatrix:
    """Exact win/tie/loss counts of every heads-up preflop matchup over all boards.

    Board-major (see ``_kernels.matrix``): each of the 134,459 suit-canonical boards has its
    1,081 combos ranked once and swept in rank order; about 4 s on two cores (7 s on one).
    The boards are processed in ``chunks`` groups; ``progress(done, total)`` (boards) is called
    after each. Ctrl-C is held until the running chunk is finished and saved, then raised as
    KeyboardInterrupt.

    out: a path: the result is written there (``HeadsUpMatrix.save``), and after every chunk
    the running totals go to ``<out>.partial.npz`` (written whole, then renamed), so a run
    interrupted in any way (even killed) and started again with the same arguments resumes
    where it stopped (unless ``resume=False``); the partial file is removed at the end.
    max_boards: use only the first N canonical boards (with their whole suit orbits): a smaller
    problem for tests; the counts are then over those boards only and ties are counted
    directly instead of as the remainder.
    """
    if isinstance(chunks, bool) or not isinstance(chunks, int) or chunks < 1:
        raise ValueError(f"chunks must be a positive integer, not {chunks!r}")
    boards, multiplicity = canonical_boards()
    if max_boards is not None:
        if isinstance(max_boards, bool) or not isinstance(max_boards, int) or max_boards < 1:
            raise ValueError(f"max_boards must be a positive integer, not {max_boards!r}")
        boards, multiplicity = boards[:max_boards], multiplicity[:max_boards]
    with_ties = max_boards is not None and max_boards < len(canonical_boards()[0])
    # The kernel flushes its byte counters whenever the weight changes: sort by orbit size.
    order = np.argsort(multiplicity, kind="stable")
    boards = np.ascontiguousarray(boards[order])
    multiplicity = np.ascontiguousarray(multiplicity[order])
    n = len(boards)
    starts = np.unique(np.linspace(0, n, min(chunks, n) + 1).astype(np.int64))
    n_chunks = len(starts) - 1
    signature = _signature(boards, multiplicity, starts, with_ties)
    state = None
    if out is not None:
        out = Path(out)
        state = _state_path(out)
        loaded = _load_state(state, signature, n_chunks) if resume and state.is_file() else None
    else:
        loaded = None
    if loaded is None:
        done = np.zeros(n_chunks, dtype=bool)
        wins = np.zeros((N_CLASSES, N_COMBOS), dtype=np.int64)
        ties = np.zeros((N_CLASSES, N_COMBOS), dtype=np.int64)
    else:
        done, wins, ties = loaded
    start_time = time.perf_counter()
    sizes = np.diff(starts)
    with _jit.threads(threads) as n_threads, _deferred_interrupts() as interrupted:
        if progress is not None:
            progress(int(sizes[done].sum()), n)
        for i in range(n_chunks):
            if done[i]:
                continue
            lo, hi = starts[i], starts[i + 1]
            w, t = _sweep(boards[lo:hi], multiplicity[lo:hi], with_ties, n_threads)
            wins += w
            ties += t
            done[i] = True
            if state is not None:
                _save_state(state, signature, done, wins, ties)
            if progress is not None:
                progress(int(sizes[done].sum()), n)
            if interrupted:
                raise KeyboardInterrupt(f"{int(sizes[done].sum())} of {n} boards done"
                                        + (f", saved in {state}" if state else ""))
    result = _finish(wins, ties, with_ties, time.perf_counter() - start_time)
    if out is not None:
        result.save(out)
        state.unlink(missing_ok=True)
    return result


@contextlib.contextmanager
def _deferred_interrupts():
    """Hold Ctrl-C until the running chunk is saved (yields a list, non-empty once it came).

    A SIGINT landing inside a compiled kernel surfaces as an unrelated SystemError; deferring it
    to the end of the chunk (a fraction of a second) stops cleanly with the work kept.
    """
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


def _sweep(boards, multiplicity, with_ties: bool, n_threads: int):
    """Raw (wins, ties) of the sweep over boards sorted by multiplicity."""
    _, _, _, perms12, tau12 = _symmetry()
    return heads_up_sweep(boards, multiplicity, perms12, tau12, COMBO_CLASS.astype(np.int64),
                          max(1, n_threads), with_ties, *kernel_args(7))


def _counts_over(boards, multiplicity, *, threads: int | None = None) -> HeadsUpMatrix:
    """Exact counts over the given canonical boards with their whole orbits (for tests)."""
    order = np.argsort(multiplicity, kind="stable")
    with _jit.threads(threads) as n_threads:
        w, t = _sweep(np.ascontiguousarray(boards[order]),
                      np.ascontiguousarray(multiplicity[order]), True, n_threads)
    return _finish(w, t, True, 0.0)


def _symmetrise(table: np.ndarray) -> np.ndarray:
    """N(rep_c, x) = sum over the stabiliser of rep_c of table[c, s(x)] / 24 (exact)."""
    reps, perms, stab, _, _ = _symmetry()
    total = np.stack([table[c, perms[stab[c]]].sum(axis=0) for c in range(N_CLASSES)])
    ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :])
    total = np.where(ok, total, 0)
    if (total % 24).any():
        raise AssertionError("heads-up counts are not divisible by 24: the sweep is broken")
    return total // 24


def _finish(raw_wins, raw_ties, with_ties, elapsed) -> HeadsUpMatrix:
    reps, _, _, perms12, tau12 = _symmetry()
    wins = _symmetrise(raw_wins)
    ok = _disjoint(reps[:, None], np.arange(N_COMBOS)[None, :])
    # Losses of rep_c against x are x's wins against rep_c, found in x's class row.
    x = np.arange(N_COMBOS)
    losses = wins[COMBO_CLASS[x][None, :], perms12[tau12[x][None, :], reps[:, None]]]
    losses = np.where(ok, losses, 0)
    if with_ties:
        ties = _symmetrise(raw_ties)
        boards = None
    else:
        ties = np.where(ok, BOARDS_PER_MATCHUP - wins - losses, 0)
        boards = BOARDS_PER_MATCHUP
        if (ties < 0).any():
            raise AssertionError("negative tie counts: the sweep is broken")  # pragma: no cover
    for a in (wins, ties, losses):
        a.setflags(write=False)
    return HeadsUpMatrix(wins, ties, losses, boards, elapsed)
