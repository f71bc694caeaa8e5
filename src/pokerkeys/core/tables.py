"""Load the generated tables once, verifying each file against ``manifest.json``.

The tables ship inside the wheel as ``pokerkeys/tables/``; in a source checkout or an editable
install they are read from the repository's top-level ``tables/``. Every file's sha256 is checked
when the first table is loaded (all of them at once), so a truncated or edited table fails
loudly, naming the file and how to rebuild it, instead of giving wrong ranks later.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from .. import _layout

REBUILD_HINT = ("reinstall pokerkeys, or from a source checkout rebuild with "
                "`python scripts/search_keys.py && python scripts/build_tables.py`")


class TableError(RuntimeError):
    """A table file is missing, corrupt or does not match this version of pokerkeys."""


@lru_cache(maxsize=1)
def tables_dir() -> Path:
    """The folder holding manifest.json: $POKERKEYS_TABLES if set, else the packaged tables,
    else the source checkout's tables/."""
    override = os.environ.get("POKERKEYS_TABLES")
    if override:
        folder = Path(override)
        if not (folder / "manifest.json").is_file():
            raise TableError(f"POKERKEYS_TABLES={override} holds no manifest.json; "
                             f"{REBUILD_HINT}")
        return folder
    candidates = []
    try:
        candidates.append(Path(str(resources.files("pokerkeys") / "tables")))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - unusual loaders
        pass
    candidates.append(Path(__file__).resolve().parents[3] / "tables")
    for folder in candidates:
        if (folder / "manifest.json").is_file():
            return folder
    raise TableError(f"no pokerkeys tables found (looked in {', '.join(map(str, candidates))}); "
                     f"{REBUILD_HINT}")


# manifest.json lists the evaluator tables (scripts/build_tables.py); the others list data
# computed with the evaluator (scripts/build_preflop.py) and are merged into one file index.
_EXTRA_MANIFESTS = ("preflop_manifest.json",)


def _read_manifest(path: Path) -> dict:
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        raise TableError(f"table manifest {path} is unreadable ({exc}); {REBUILD_HINT}") from None


@lru_cache(maxsize=1)
def manifest() -> dict:
    path = tables_dir() / "manifest.json"
    data = _read_manifest(path)
    try:
        files = dict(data["files"])
        layout = data["layout"]
    except (KeyError, TypeError) as exc:
        raise TableError(f"table manifest {path} is unreadable (no {exc}); {REBUILD_HINT}") \
            from None
    _check_layout(layout, path)
    for extra in _EXTRA_MANIFESTS:
        if (tables_dir() / extra).is_file():
            files.update(_read_manifest(tables_dir() / extra).get("files", {}))
    return {"files": files, "layout": layout}


def _check_layout(layout: dict, path: Path) -> None:
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
                         f"({layout} != {expected}); {REBUILD_HINT}")


@lru_cache(maxsize=1)
def _all_verified() -> dict[str, bytes]:
    """Every file of the manifest, read and checked at the first load of any table (about a
    megabyte, a few milliseconds), so a damaged file is named at once, not at its first use
    deep inside some later command."""
    return {name: _read_checked(name, entry) for name, entry in manifest()["files"].items()}


def _read_verified(name: str) -> bytes:
    data = _all_verified().get(name)
    if data is None:
        raise TableError(f"table {name!r} is not listed in the manifest; {REBUILD_HINT}")
    return data


def _read_checked(name: str, entry: dict) -> bytes:
    path = tables_dir() / name
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TableError(f"table file {path} is missing or unreadable ({exc.strerror}); "
                         f"{REBUILD_HINT}") from None
    digest = hashlib.sha256(data).hexdigest()
    if digest != entry["sha256"]:
        hint = REBUILD_HINT if not name.startswith("preflop_") else (
            "reinstall pokerkeys, or from a source checkout rebuild with "
            "`python scripts/build_preflop.py`")
        raise TableError(f"table file {path} is corrupt (sha256 {digest[:12]}... does not match "
                         f"the manifest's {entry['sha256'][:12]}...); {hint}")
    return data


@lru_cache(maxsize=None)
def load_table(name: str) -> np.ndarray:
    """The verified array stored as ``<name>.npy`` (read-only)."""
    data = _read_verified(f"{name}.npy")
    entry = manifest()["files"][f"{name}.npy"]
    array = np.load(io.BytesIO(data), allow_pickle=False)
    if "dtype" in entry and (str(array.dtype) != entry["dtype"]
                             or list(array.shape) != entry["shape"]):
        raise TableError(f"table {name}.npy has dtype {array.dtype} shape {array.shape}, the "
                         f"manifest says {entry['dtype']} {entry['shape']}; {REBUILD_HINT}")
    array.setflags(write=False)
    return array


@lru_cache(maxsize=1)
def keys() -> dict:
    """The card keys (``keys.json``) the tables were built from."""
    return json.loads(_read_verified("keys.json"))


class EvalTables:
    """The arrays one hand size's kernel needs, in the order the kernels take them."""

    __slots__ = ("n_cards", "card_keys", "flush_keys", "flush_suit", "hash_base", "hash_ranks",
                 "flush_ranks", "wide_keys", "card_bits")

    def __init__(self, n_cards: int):
        key_set = 5 if n_cards == 5 else 7  # 6-card hands use the 7-card keys
        self.n_cards = n_cards
        self.card_keys = load_table(f"card_keys_{key_set}")
        self.flush_keys = load_table(f"flush_keys_{key_set}")
        self.flush_suit = load_table(f"flush_suit_{n_cards}")
        self.hash_base = load_table(f"hash_base_{n_cards}")
        self.hash_ranks = load_table(f"hash_ranks_{n_cards}")
        self.flush_ranks = load_table(f"flush_ranks_{key_set}")
        # Batch kernels index by the raw byte, so 256 entries: ids >= 52 get a key of 2**40 (a
        # sum >= 2**32 flags the row) and no bit (see _kernels.evaluate).
        self.wide_keys = np.full(256, 1 << 40, dtype=np.uint64)
        self.wide_keys[:52] = self.card_keys
        self.card_bits = np.zeros(256, dtype=np.uint64)
        self.card_bits[:52] = np.uint64(1) << np.arange(52, dtype=np.uint64)

    def as_tuple(self) -> tuple:
        return (self.card_keys, self.flush_keys, self.flush_suit, self.hash_base,
                self.hash_ranks, self.flush_ranks)

    def batch_tuple(self) -> tuple:
        """The tables of the validating batch kernels."""
        return (self.wide_keys, self.card_bits, self.flush_keys, self.flush_suit,
                self.hash_base, self.hash_ranks, self.flush_ranks)

    @property
    def resident_bytes(self) -> int:
        """Bytes of table memory the evaluation of one hand can touch."""
        return sum(a.nbytes for a in self.as_tuple())


@lru_cache(maxsize=None)
def eval_tables(n_cards: int) -> EvalTables:
    if n_cards not in _layout.HAND_SIZES:
        raise ValueError(f"hands have 5, 6 or 7 cards, not {n_cards}")
    return EvalTables(n_cards)


@lru_cache(maxsize=1)
def sequential_tables_7() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(flush_possible, face_keys, dense_ranks) for kernels that walk hands in order.

    flush_possible[s]: some suit holds 4 of the 6 cards whose suit keys sum to s (a 7th card
    could then make a flush), read off the 7-card flush-suit table; face_keys: per card, the
    face key alone; dense_ranks: face sum -> rank for non-flush 7-card hands.
    """
    t = eval_tables(7)
    suit_keys = np.array(keys()["suit_keys"], dtype=np.int64)
    sums6 = np.arange(512 - int(suit_keys.max()))
    reach = t.flush_suit[sums6[:, None] + suit_keys[None, :]] >= 0
    flush_possible = np.zeros(512, dtype=np.bool_)
    flush_possible[sums6] = reach.any(axis=1)
    face_keys = (t.card_keys >> _layout.SUIT_BITS).astype(np.int64)
    sparse = load_table("nonflush_7")
    dense = np.zeros(int(sparse[-1, 0]) + 1, dtype=np.uint16)
    dense[sparse[:, 0]] = sparse[:, 1]
    return flush_possible, face_keys, dense


@lru_cache(maxsize=1)
def rank_class_tables_7() -> tuple[np.ndarray, ...]:
    """Tables of ``_kernels.rank_classes.preflop_counts``, then the 7-card hash and flush tables.

    rank_face[r] / rank_flush[r]: the face key and the flush key of rank r (a card's flush key
    sits in its suit's field, so clubs' field 0 holds it); subset_face[m] / subset_flush[m]:
    their sums over the ranks in the 13-bit mask m; subsets: the 8,192 masks ordered by their
    number of ranks, those with j ranks at subsets[subsets_by_size[j]:subsets_by_size[j + 1]].
    """
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
            subsets_by_size, t.hash_base, t.hash_ranks, t.flush_ranks)
