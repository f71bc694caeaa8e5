"""Load the generated tables once, verifying each file against ``manifest.json``.

The tables ship inside the wheel as ``pokerkeys/tables/``; in a source checkout or an editable
install they are read from the repository's top-level ``tables/``. Every file's sha256 is checked
when the first table is loaded (all of them at once), so a truncated or edited table fails
loudly, naming the damaged file and the command that repairs it, instead of giving wrong ranks
later: in a source checkout the script that rebuilds that file (``scripts/build_tables.py``,
``scripts/build_preflop.py``), for an installed package a reinstall (an installed package has no
scripts), for a folder named by ``$POKERKEYS_TABLES`` the script writing into that folder.

Examples
--------
>>> from pokerkeys.core.tables import eval_tables, load_table
>>> load_table("hash_ranks_7").shape
(49205,)
>>> eval_tables(7).n_cards
7
"""
from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from .. import _layout
from .cards import N_CARDS
from .shortdeck import FIRST_CARD, RULES, Rules, table_prefix

__all__ = ["REBUILD_HINT", "EvalTables", "TableError", "eval_tables", "key_planes", "keys",
           "load_table", "manifest", "rank_class_tables_7", "shortdeck_tables", "tables_dir"]

#: How to get good tables back when the tables' folder is not known, the end of a
#: ``TableError`` message (a damaged file's message names the command for its folder).
REBUILD_HINT = ("reinstall pokerkeys, or from a source checkout rebuild with "
                "`python scripts/search_keys.py && python scripts/build_tables.py`")
# The source checkout this module would sit in (src/pokerkeys/core/tables.py).
_CHECKOUT = Path(__file__).resolve().parents[3]
# Files that scripts/build_preflop.py writes; scripts/build_tables.py writes the others but
# keys.json, which scripts/search_keys.py writes.
_PREFLOP_PREFIX = "preflop_"


def _script_of(name: str) -> str:
    """The script (with its options) in ``scripts/`` that builds table file ``name``."""
    if name.startswith("shortdeck_preflop_"):
        return "build_preflop.py --game shortdeck"
    if name.startswith(_PREFLOP_PREFIX):
        return "build_preflop.py"
    if name.startswith("omaha_"):
        return "build_omaha_ranking.py"
    return "build_tables.py"


def _repair_hint(name: str) -> str:
    """The command that repairs table file ``name`` where the tables are read from.

    A source checkout rebuilds it in place with its script. An installed package ships no
    scripts: it is reinstalled, or its folder rebuilt from a source checkout with the
    script's ``--out``; so is a folder of ``$POKERKEYS_TABLES``, which can also be left aside
    by unsetting the variable."""
    folder = tables_dir()
    scripts = _CHECKOUT / "scripts"
    in_checkout = not os.environ.get("POKERKEYS_TABLES") \
        and folder.resolve() == (_CHECKOUT / "tables").resolve() \
        and (scripts / "build_tables.py").is_file()
    script = _script_of(name)
    if in_checkout:
        if name == "keys.json":
            steps = (f"python {scripts / 'search_keys.py'} && "
                     f"python {scripts / 'build_tables.py'}")
        else:
            steps = f"python {scripts / script}"
        return f"rebuild it with `{steps}`"
    keys_file = folder / "keys.json"
    if name == "keys.json":
        steps = (f"python scripts/search_keys.py --out {keys_file} && "
                 f"python scripts/build_tables.py --keys {keys_file} --out {folder}")
    elif script.startswith("build_tables.py"):
        steps = f"python scripts/build_tables.py --keys {keys_file} --out {folder}"
    else:
        steps = f"python scripts/{script} --out {folder}"
    rebuild = f"rebuild it from a source checkout with `{steps}`"
    if os.environ.get("POKERKEYS_TABLES"):
        return f"{rebuild}, or unset POKERKEYS_TABLES to use the tables installed with pokerkeys"
    return (f"reinstall pokerkeys (`pip install --force-reinstall --no-deps pokerkeys`, or the "
            f"wheel or source folder it came from), or {rebuild}")


class TableError(RuntimeError):
    """A table file is missing, corrupt or does not match this version of pokerkeys.

    Raised by the first function of a process that needs the tables (``evaluate``,
    ``equity``, ...): every file is checked against the sha256 sums of ``manifest.json`` then.
    The message names the damaged file and ends with the command that repairs it: a
    script of the source checkout, a reinstall of an installed package. A
    ``RuntimeError``: nothing the caller passed is wrong, the installation is.

    Examples
    --------
    >>> from pokerkeys.core.tables import TableError, load_table
    >>> try:
    ...     load_table("no_such_table")
    ... except TableError as error:
    ...     print(str(error).split(";")[0])
    table 'no_such_table.npy' is not listed in the manifest
    """


@lru_cache(maxsize=1)
def tables_dir() -> Path:
    """The folder the tables are read from (it holds ``manifest.json``).

    ``$POKERKEYS_TABLES`` if set, else the tables packaged with pokerkeys, else the source
    checkout's ``tables/``. Looked up once per process.

    Returns
    -------
    pathlib.Path
        The folder.

    Raises
    ------
    TableError
        If ``$POKERKEYS_TABLES`` names a folder without ``manifest.json``, or no tables are
        found.

    Examples
    --------
    >>> from pokerkeys.core.tables import tables_dir
    >>> (tables_dir() / "manifest.json").is_file()
    True
    """
    override = os.environ.get("POKERKEYS_TABLES")
    if override:
        folder = Path(override)
        if not (folder / "manifest.json").is_file():
            raise TableError(f"POKERKEYS_TABLES={override} holds no manifest.json; "
                             f"{REBUILD_HINT}")
        return folder
    candidates = []
    # (ModuleNotFoundError, TypeError: unusual loaders)
    with contextlib.suppress(ModuleNotFoundError, TypeError):  # pragma: no cover
        candidates.append(Path(str(resources.files("pokerkeys") / "tables")))
    candidates.append(Path(__file__).resolve().parents[3] / "tables")
    for folder in candidates:
        if (folder / "manifest.json").is_file():
            return folder
    raise TableError(f"no pokerkeys tables found (looked in {', '.join(map(str, candidates))}); "
                     f"{REBUILD_HINT}")


# manifest.json lists the evaluator tables (scripts/build_tables.py); the others list data
# computed with the evaluator (scripts/build_preflop.py) and are merged into one file index.
_EXTRA_MANIFESTS = ("preflop_manifest.json", "omaha_manifest.json")


def _read_manifest(path: Path) -> dict[str, Any]:
    try:
        data: dict[str, Any] = json.loads(path.read_text())
        return data
    except (OSError, ValueError) as exc:
        raise TableError(f"table manifest {path} is unreadable ({exc}); "
                         f"{_repair_hint(path.name)}") from None


@lru_cache(maxsize=1)
def manifest() -> dict[str, Any]:
    """The table index: every file's sha256 (and dtype and shape), and the key layout.

    ``manifest.json`` lists the evaluator's tables and the layout they were built for; the
    preflop data's manifest is merged into the file index.

    Returns
    -------
    dict
        ``{'files': {name: {'sha256': ..., 'dtype': ..., 'shape': [...]}, ...},
        'layout': {...}}``.

    Raises
    ------
    TableError
        If a manifest is unreadable, or the tables were built for another key layout than
        the kernels'.

    Examples
    --------
    >>> from pokerkeys.core.tables import manifest
    >>> manifest()["files"]["hash_ranks_7.npy"]["shape"]
    [49205]
    >>> manifest()["layout"]["suit_bits"]
    9
    """
    path = tables_dir() / "manifest.json"
    data = _read_manifest(path)
    try:
        files = dict(data["files"])
        layout = data["layout"]
    except (KeyError, TypeError) as exc:
        raise TableError(f"table manifest {path} is unreadable (no {exc}); "
                         f"{_repair_hint(path.name)}") from None
    _check_layout(layout, path)
    for extra in _EXTRA_MANIFESTS:
        if (tables_dir() / extra).is_file():
            files.update(_read_manifest(tables_dir() / extra).get("files", {}))
    return {"files": files, "layout": layout}


def _check_layout(layout: dict[str, Any], path: Path) -> None:
    """The kernels hard-code the bit layout; tables built with another one would mis-rank."""
    expected = {
        "suit_bits": _layout.SUIT_BITS,
        "flush_field_bits": _layout.FLUSH_FIELD_BITS,
        "hash_mult": {str(n): v for n, v in _layout.HASH_MULT.items()},
        "hash_bits": {str(n): v for n, v in _layout.HASH_BITS.items()},
        "hash_shift": {str(n): v for n, v in _layout.HASH_SHIFT.items()},
    }
    if layout != expected:
        raise TableError(f"tables in {path.parent} were built for another key layout "
                         f"({layout} != {expected}); {_repair_hint(path.name)}")


@lru_cache(maxsize=1)
def _all_verified() -> dict[str, bytes]:
    """Every file of the manifest, read and checked at the first load of any table (about a
    megabyte, a few milliseconds), so a damaged file is named at once, not at its first use
    deep inside some later command."""
    return {name: _read_checked(name, entry) for name, entry in manifest()["files"].items()}


def _read_verified(name: str) -> bytes:
    data = _all_verified().get(name)
    if data is None:
        raise TableError(f"table {name!r} is not listed in the manifest; "
                         f"{_repair_hint('manifest.json')}")
    return data


def _read_checked(name: str, entry: dict[str, Any]) -> bytes:
    path = tables_dir() / name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TableError(f"table file {path} is missing or unreadable ({exc.strerror}); "
                         f"{_repair_hint(name)}") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry["sha256"]:
        raise TableError(f"table file {path} is corrupt (sha256 {digest[:12]}... does not match "
                         f"the manifest's {entry['sha256'][:12]}...); {_repair_hint(name)}")
    return data


@cache
def load_table(name: str) -> npt.NDArray[Any]:
    """The verified array stored as ``<name>.npy``.

    The first call of a process reads and checks every file of the manifest (about a
    megabyte, a few milliseconds); each array is loaded once and shared.

    Parameters
    ----------
    name : str
        The file's name without ``.npy``: ``'hash_ranks_7'``, ``'preflop_equity_vs_random'``.

    Returns
    -------
    numpy.ndarray
        The array, read-only.

    Raises
    ------
    TableError
        If the file is not in the manifest, is missing, its sha256 does not match, or its
        dtype or shape is not the manifest's.

    Examples
    --------
    >>> from pokerkeys.core.tables import load_table
    >>> ranks = load_table("hash_ranks_7")
    >>> ranks.dtype, ranks.shape, ranks.flags.writeable
    (dtype('uint16'), (49205,), False)
    """
    data = _read_verified(f"{name}.npy")
    entry = manifest()["files"][f"{name}.npy"]
    array = np.load(io.BytesIO(data), allow_pickle=False)
    if "dtype" in entry and (str(array.dtype) != entry["dtype"]
                             or list(array.shape) != entry["shape"]):
        raise TableError(f"table {name}.npy has dtype {array.dtype} shape {array.shape}, the "
                         f"manifest says {entry['dtype']} {entry['shape']}; "
                         f"{_repair_hint(f'{name}.npy')}")
    array.setflags(write=False)
    return array


@lru_cache(maxsize=1)
def keys() -> dict[str, Any]:
    """The card keys (``keys.json``) the tables were built from.

    Returns
    -------
    dict
        The face keys and flush keys of each key set (``'face_keys_5'``, ``'face_keys_7'``,
        ``'flush_keys_5'``, ``'flush_keys_7'``) and the largest key sums (``'max_sums'``).

    Raises
    ------
    TableError
        If ``keys.json`` is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.tables import keys
    >>> len(keys()["face_keys_7"])
    13
    """
    data: dict[str, Any] = json.loads(_read_verified("keys.json"))
    return data


class EvalTables:
    """The arrays one hand size's kernels need, loaded and verified.

    Get them with ``eval_tables(n)``, which makes one per hand size.

    Parameters
    ----------
    n_cards : int
        Hand size: 5, 6 or 7 (6-card hands use the 7-card keys).
    rank_prefix : str, default ''
        Name prefix of the rank tables (``hash_ranks``, ``flush_ranks``): '' for Hold'em,
        ``'shortdeck_trips_'`` or ``'shortdeck_straight_'`` for short deck. The keys, the
        flush-suit table and the hash bases are Hold'em's in every game.
    first_card : int, default 0
        The lowest card id of the game's deck (16, the six of clubs, in short deck). The
        batch tables give a hand holding a lower card rank 0 (``_batch_tables``).

    Attributes
    ----------
    n_cards : int
        The hand size.
    card_keys, flush_keys : numpy.ndarray
        Each card's packed key (face key and suit key) and its flush keys (16 bits per suit).
    flush_suit : numpy.ndarray
        Suit sum -> the suit holding five or more cards, or -1.
    hash_base, hash_ranks : numpy.ndarray
        The compact non-flush lookup: row bases and the ranks (``_layout`` says how).
    flush_ranks : numpy.ndarray
        Flush key sum -> rank.
    batch_keys, batch_ranks : numpy.ndarray
        The same tables rearranged for the batch kernels: a 64-bit key per raw byte, then the
        flush keys; and the row bases, hash ranks and flush ranks in one uint16 array.
    batch_flush_at : int
        Where the flush ranks start in ``batch_ranks``.
    key_planes : numpy.ndarray
        The batch keys split into bytes for the SIMD key sums (``key_planes``).

    Raises
    ------
    TableError
        If a table file is missing or damaged, or does not fit the batch kernels' layout.

    Examples
    --------
    >>> from pokerkeys.core.tables import eval_tables
    >>> tables = eval_tables(7)
    >>> tables.hash_ranks.shape, tables.batch_flush_at
    ((49205,), 57397)
    """

    __slots__ = ("n_cards", "first_card", "card_keys", "flush_keys", "flush_suit", "hash_base",
                 "hash_ranks", "flush_ranks", "batch_keys", "batch_ranks", "batch_flush_at",
                 "key_planes")

    def __init__(self, n_cards: int, rank_prefix: str = "", first_card: int = 0) -> None:
        key_set = 5 if n_cards == 5 else 7  # 6-card hands use the 7-card keys
        self.n_cards = n_cards
        self.first_card = first_card
        self.card_keys = load_table(f"card_keys_{key_set}")
        self.flush_keys = load_table(f"flush_keys_{key_set}")
        self.flush_suit = load_table(f"flush_suit_{n_cards}")
        self.hash_base = load_table(f"hash_base_{n_cards}")
        self.hash_ranks = load_table(f"{rank_prefix}hash_ranks_{n_cards}")
        self.flush_ranks = load_table(f"{rank_prefix}flush_ranks_{key_set}")
        self.batch_keys, self.batch_ranks, self.batch_flush_at = _batch_tables(self)
        self.key_planes = key_planes(self.batch_keys, n_cards)

    def as_tuple(self) -> tuple[npt.NDArray[Any], ...]:
        """The tables of the single-hand kernels, in the order they take them.

        Returns
        -------
        tuple of numpy.ndarray
            card keys, flush keys, flush suit, hash base, hash ranks, flush ranks.

        Examples
        --------
        >>> from pokerkeys.core.tables import eval_tables
        >>> len(eval_tables(5).as_tuple())
        6
        """
        return (self.card_keys, self.flush_keys, self.flush_suit, self.hash_base,
                self.hash_ranks, self.flush_ranks)

    def batch_tuple(self) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint16], int]:
        """The batch keys and ranks (see ``_batch_tables``): the Monte Carlo kernels' tables.

        Returns
        -------
        tuple
            ``(batch_keys, batch_ranks, batch_flush_at)``.

        Examples
        --------
        >>> from pokerkeys.core.tables import eval_tables
        >>> keys, ranks, flush_at = eval_tables(7).batch_tuple()
        >>> keys.dtype, ranks.dtype, flush_at
        (dtype('uint64'), dtype('uint16'), 57397)
        """
        return (self.batch_keys, self.batch_ranks, self.batch_flush_at)

    def rank_batch_tuple(self) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint16], int,
                                        npt.NDArray[np.uint8]]:
        """The tables of the batch kernels ``rank_batch_N``: ``batch_tuple()`` and the key
        planes.

        Returns
        -------
        tuple
            ``(batch_keys, batch_ranks, batch_flush_at, key_planes)``.

        Examples
        --------
        >>> from pokerkeys.core.tables import eval_tables
        >>> eval_tables(7).rank_batch_tuple()[3].shape
        (80,)
        """
        return (self.batch_keys, self.batch_ranks, self.batch_flush_at, self.key_planes)

    @property
    def resident_bytes(self) -> int:
        """Bytes of table memory the evaluation of one hand can touch."""
        return sum(a.nbytes for a in self.as_tuple())


def _batch_tables(t: EvalTables) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint16], int]:
    """The batch kernels' two arrays, derived from the hand size's tables.

    ``keys`` (uint64, 512): the packed batch key of every raw byte (``_layout.BATCH_*``; bytes
    >= 52 count as bad ids), then from ``BATCH_FLUSH_KEYS_AT`` the flush keys (0 for bad bytes).
    ``ranks`` (uint16): the hash's row bases, already offset past themselves, then the hash
    ranks, then from ``flush_at`` the flush ranks. Two arrays instead of seven: Numba passes
    every array as a structure, and with seven the loop reloaded their pointers on every hand.

    A deck without the low cards (``first_card`` > 0, short deck) needs no check of its own in
    the kernels: its rank tables hold 0 for every rank multiset and flush set with a card below
    ``first_card``, so such a hand ranks 0 ("bad") unless it has a flush whose suit holds none
    of its low cards. For that case a low card's flush key is replaced by ``p`` in every suit's
    field, p = the length of the flush ranks: any flush sum then lands at or past p, where the
    flush ranks are padded with zeros. With at most 7 cards a field stays below
    max flush sum + 7p < 8p < 2**16 (p = 6,245 for 7 cards), so no field carries into the next.
    Key planes need no change: they hold no flush keys.
    """
    n = t.n_cards
    hash_bits = _layout.HASH_BITS[n]
    face = t.card_keys.astype(np.uint64) >> np.uint64(_layout.SUIT_BITS)
    scrambled = (face * np.uint64(_layout.HASH_MULT[n])) & np.uint64((1 << hash_bits) - 1)
    suit = np.arange(N_CARDS, dtype=np.uint64) & np.uint64(3)
    keys = np.zeros(2 * _layout.BATCH_FLUSH_KEYS_AT, dtype=np.uint64)
    keys[:N_CARDS] = ((scrambled << np.uint64(64 - hash_bits))
                      | (np.uint64(1) << (np.uint64(_layout.BATCH_SUIT_FIELD_BITS) * suit)))
    keys[N_CARDS:_layout.BATCH_FLUSH_KEYS_AT] = np.uint64(1 << _layout.BATCH_BAD_AT)
    keys[_layout.BATCH_FLUSH_KEYS_AT:_layout.BATCH_FLUSH_KEYS_AT + N_CARDS] = t.flush_keys
    flush_ranks = t.flush_ranks
    if t.first_card:
        poison = len(t.flush_ranks)
        if (n + 1) * poison >= 1 << _layout.FLUSH_FIELD_BITS:  # pragma: no cover
            raise TableError(f"the {n}-card flush fields cannot hold the low cards' keys")
        fields = sum(poison << (_layout.FLUSH_FIELD_BITS * s) for s in range(4))
        at = _layout.BATCH_FLUSH_KEYS_AT
        keys[at:at + t.first_card] = np.uint64(fields)
        flush_ranks = np.concatenate([flush_ranks, np.zeros(n * poison, dtype=np.uint16)])
    bases = t.hash_base.astype(np.int64) + len(t.hash_base)
    flush_at = len(t.hash_base) + len(t.hash_ranks)
    if bases.max() > np.iinfo(np.uint16).max or flush_at + len(flush_ranks) > 1 << 32:
        raise TableError(f"the {n}-card hash does not fit the batch kernels' uint16 layout")
    ranks = np.concatenate([bases, t.hash_ranks, flush_ranks]).astype(np.uint16)
    return keys, ranks, flush_at


def key_planes(batch_keys: npt.NDArray[np.uint64], n_cards: int) -> npt.NDArray[np.uint8]:
    """The batch keys of the 52 cards split into bytes, for ``_kernels.group_keys``.

    Planes 0-2: byte p of the hashed face key (a batch key's top HASH_BITS bits) of rank r, at
    entry r; planes 3-4: byte p of suit s's counter bits (the key's low 16 bits), at entry s.
    Other entries are 0: the kernel looks up padding bytes at rank 15. A batch key must be
    exactly its face part and its suit part (no other bit), else the planes could not
    rebuild it.

    Parameters
    ----------
    batch_keys : numpy.ndarray
        A hand size's batch keys (``EvalTables.batch_keys``, uint64).
    n_cards : int
        The hand size, 5, 6 or 7.

    Returns
    -------
    numpy.ndarray
        uint8, 5 planes of 16 entries, one after another (80 bytes).

    Raises
    ------
    TableError
        If the keys do not split into face and suit bytes.

    Examples
    --------
    >>> from pokerkeys.core.tables import eval_tables, key_planes
    >>> planes = key_planes(eval_tables(7).batch_keys, 7).reshape(5, 16)
    >>> planes[3, :4].tolist()  # suit s's counter bit, 1 << 4 * s, byte 0
    [1, 16, 0, 0]
    """
    faces, suits = _layout.KEY_FACE_PLANES, _layout.KEY_SUIT_PLANES
    top = np.uint64(64 - _layout.HASH_BITS[n_cards])
    cards = batch_keys[:N_CARDS].reshape(13, 4)  # [rank, suit], ids 4 * rank + suit
    face = cards >> top
    suit = cards & np.uint64((1 << (4 * _layout.BATCH_SUIT_FIELD_BITS)) - 1)  # 4 counters
    if ((face != face[:, :1]).any() or (suit != suit[:1, :]).any()
            or ((face << top) | suit != cards).any()):
        raise TableError(f"the {n_cards}-card batch keys do not split into face and suit bytes")
    planes = np.zeros((faces + suits, _layout.KEY_PLANE_ENTRIES), dtype=np.uint8)
    for p in range(faces):
        planes[p, :13] = (face[:, 0] >> np.uint64(8 * p)) & np.uint64(0xFF)
    for p in range(suits):
        planes[faces + p, :4] = (suit[0] >> np.uint64(8 * p)) & np.uint64(0xFF)
    if (face[:, 0] >> np.uint64(8 * faces)).any():
        raise TableError(f"the {n_cards}-card face keys do not fit {faces} bytes")
    return planes.reshape(-1)


@cache
def eval_tables(n_cards: int) -> EvalTables:
    """The tables of one hand size, loaded and verified once per process.

    Parameters
    ----------
    n_cards : int
        Hand size: 5, 6 or 7.

    Returns
    -------
    EvalTables
        The same object on every call with the same size.

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5, 6 or 7.
    TableError
        If a table file is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.tables import eval_tables
    >>> eval_tables(6) is eval_tables(6)
    True
    >>> eval_tables(4)
    Traceback (most recent call last):
    ...
    ValueError: hands have 5, 6 or 7 cards, not 4
    """
    if n_cards not in _layout.HAND_SIZES:
        raise ValueError(f"hands have 5, 6 or 7 cards, not {n_cards}")
    return EvalTables(n_cards)


@cache
def shortdeck_tables(n_cards: int, rules: Rules = "trips-beat-straight") -> EvalTables:
    """The short-deck tables of one hand size and rule order, loaded and verified once.

    The same keys, flush-suit table and hash bases as Hold'em's (``eval_tables``), with the
    short-deck rank tables of the rule order: the same kernels rank both games. Ranks run
    1..1404 (``pokerkeys.core.shortdeck``); a hand with a card below the six ranks 0 in the
    batch kernels.

    Parameters
    ----------
    n_cards : int
        Hand size: 5, 6 or 7.
    rules : {'trips-beat-straight', 'straight-beats-trips'}, default 'trips-beat-straight'
        The order of three of a kind and straight.

    Returns
    -------
    EvalTables
        The same object on every call with the same arguments.

    Raises
    ------
    ValueError
        If ``n_cards`` is not 5, 6 or 7, or ``rules`` is unknown.
    TableError
        If a table file is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.tables import eval_tables, shortdeck_tables
    >>> tables = shortdeck_tables(7)
    >>> tables.hash_base is eval_tables(7).hash_base, int(tables.hash_ranks.max())
    (True, 1398)
    """
    if n_cards not in _layout.HAND_SIZES:
        raise ValueError(f"hands have 5, 6 or 7 cards, not {n_cards}")
    if rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(map(repr, RULES))}, not {rules!r}")
    return EvalTables(n_cards, table_prefix(rules), FIRST_CARD)


@lru_cache(maxsize=3)
def rank_class_tables_7(rules: Rules | None = None) -> tuple[npt.NDArray[Any], ...]:
    """Tables of ``_kernels.rank_classes.preflop_counts``, then the 7-card hash and flush tables.

    Parameters
    ----------
    rules : {'trips-beat-straight', 'straight-beats-trips'} or None, default None
        None: Hold'em's ranks; a rule order: short deck's (``shortdeck_tables``). The keys,
        so the first six tables, are the same in every game: short deck's boards have no
        card below the six, which the kernel sees as dead cards.

    Returns
    -------
    tuple of numpy.ndarray
        ``(rank_face, rank_flush, subset_face, subset_flush, subsets, subsets_by_size,
        hash_base, hash_ranks, flush_ranks)``. rank_face[r] / rank_flush[r]: the face key and
        the flush key of rank r (a card's flush key sits in its suit's field, so clubs' field
        0 holds it); subset_face[m] / subset_flush[m]: their sums over the ranks in the 13-bit
        mask m; subsets: the 8,192 masks ordered by their number of ranks, those with j ranks
        at subsets[subsets_by_size[j]:subsets_by_size[j + 1]].

    Raises
    ------
    ValueError
        If ``rules`` is not None or a rule order.
    TableError
        If a table file is missing or damaged.

    Examples
    --------
    >>> from pokerkeys.core.tables import rank_class_tables_7
    >>> tables = rank_class_tables_7()
    >>> len(tables), tables[4].shape
    (9, (8192,))
    >>> int(rank_class_tables_7("trips-beat-straight")[7].max())
    1398
    """
    t = eval_tables(7) if rules is None else shortdeck_tables(7, rules)
    return (*_rank_class_keys(), t.hash_base, t.hash_ranks, t.flush_ranks)


@lru_cache(maxsize=1)
def _rank_class_keys() -> tuple[npt.NDArray[np.int64], ...]:
    """The six key tables of ``rank_class_tables_7``, the same in every game."""
    t = eval_tables(7)
    clubs = np.arange(13) * 4
    rank_face = (t.card_keys[clubs] >> np.uint64(_layout.SUIT_BITS)).astype(np.int64)
    rank_flush = (t.flush_keys[clubs] & np.uint64((1 << _layout.FLUSH_FIELD_BITS) - 1)
                  ).astype(np.int64)
    masks = np.arange(1 << 13)
    in_mask = (masks[:, None] >> np.arange(13)) & 1
    size = in_mask.sum(axis=1)
    subsets = np.argsort(size, kind="stable").astype(np.int64)
    subsets_by_size = np.searchsorted(size[subsets], np.arange(15)).astype(np.int64)
    return (rank_face, rank_flush, in_mask @ rank_face, in_mask @ rank_flush, subsets,
            subsets_by_size)
