"""One hand at a time in C: the fast paths of ``evaluate``, ``category``, ``describe``,
``showdown_ranks`` and ``winners``, with their Python functions as the fallback.

Bots and simulations call the evaluator once per hand, where a Python function's own call and
its dict reads cost more than the ranking itself. The small C extension ``_one_hand`` (built by
``hatch_build.py`` with the wheel, or in place by an editable install) answers the common calls
in C: no keyword arguments (but a showdown's ``board``), card ids as exact ints in a list or
tuple, or a string of two-character ASCII cards (run together or separated by single spaces),
or for one hand a one-dimensional integer NumPy array, or a rank as an exact int. Anything
else, and anything the C code is not sure of (an unknown or repeated card, a bool, a float, a
NumPy number, tables not handed over yet), calls the Python function with the same arguments:
it stays the checking path that names every problem, and the reference the tests compare the
C paths with.

``fast_path(kind)`` decorates the Python function: with the extension it returns a C object
that calls like the function and looks like it to tools (``__wrapped__``, ``__doc__``,
``__name__``, ``__qualname__``, ``__module__``, ``inspect.signature``, ``help``, pickling by
reference); without it (no compiler at build time, ``POKERKEYS_NATIVE=off``, another Python
implementation), the function itself. ``set_tables`` hands one hand size's Hold'em tables to C
(the same arrays the plain-Python path and the batch kernels read; C keeps references to them),
``set_shared`` the HandCategory members by rank, describe's dict of words and the card names.
Until a hand size's tables are set, its C path falls back, and the Python function loads them.
The GIL guards the extension's shared state.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

try:
    from . import _one_hand  # type: ignore[attr-defined]  # the C extension, when built
except ImportError:  # not built: the plain-Python paths do everything
    _one_hand = None

__all__ = ["available", "fast_path", "set_shared", "set_tables"]

#: Whether the C extension is built and imported.
available: bool = _one_hand is not None

F = TypeVar("F", bound=Callable[..., Any])
Kind = Literal["evaluate", "category", "describe", "showdown_ranks", "winners"]


def fast_path(kind: Kind) -> Callable[[F], F]:
    """A decorator: the function with its C fast path ``kind``, or the function unchanged.

    Parameters
    ----------
    kind : {'evaluate', 'category', 'describe', 'showdown_ranks', 'winners'}
        Which function the C code answers for: its arguments and result must be those of
        the function of that name in ``pokerkeys.core.evaluate`` (``winners``:
        ``pokerkeys.games.hands``).

    Returns
    -------
    callable
        A decorator. With the extension it turns a function into a C object that answers the
        common calls and passes every other call to the function; the object carries the
        function's name, docstring and signature (``functools.update_wrapper``).

    Examples
    --------
    >>> from pokerkeys._kernels.one_hand import fast_path
    >>> @fast_path("category")
    ... def category(rank):
    ...     '''The category of a rank.'''
    ...     return "from Python"
    >>> category.__doc__, category(0)  # rank 0: not the fast path's input
    ('The category of a rank.', 'from Python')
    """
    def decorate(function: F) -> F:
        if _one_hand is None:
            return function
        wrapper = _one_hand.FastPath(kind, function)
        functools.update_wrapper(wrapper, function)
        return wrapper  # the C object calls like F (the extension is untyped: Any)

    return decorate


def set_tables(n: int, card_keys: npt.NDArray[np.uint32], flush_keys: npt.NDArray[np.uint64],
               flush_suit: npt.NDArray[np.int8], hash_base: npt.NDArray[np.uint16],
               hash_ranks: npt.NDArray[np.uint16], flush_ranks: npt.NDArray[np.uint16],
               hash_constants: tuple[int, int, int]) -> None:
    """Hand the n-card Hold'em tables to the C fast paths (no-op without the extension).

    Parameters
    ----------
    n : int
        Hand size, 5, 6 or 7.
    card_keys, flush_keys, flush_suit, hash_base, hash_ranks, flush_ranks : numpy.ndarray
        ``EvalTables.as_tuple()`` of the hand size, C-contiguous (C keeps references and reads
        them in place; every read is checked against the table's length).
    hash_constants : tuple of int
        (multiplier, mask, row shift) of the non-flush hash, ``_kernels.evaluate.hash_constants``.

    Examples
    --------
    >>> from pokerkeys._kernels.evaluate import hash_constants
    >>> from pokerkeys._kernels.one_hand import set_tables
    >>> from pokerkeys.core.tables import eval_tables
    >>> set_tables(7, *eval_tables(7).as_tuple(), hash_constants(7))
    """
    if _one_hand is not None:
        _one_hand.set_tables(n, card_keys, flush_keys, flush_suit, hash_base, hash_ranks,
                             flush_ranks, *hash_constants)


def set_shared(categories: Sequence[object], words: dict[int, str],
               card_names: Mapping[str, int], ndarray: type) -> None:
    """Hand the C fast paths what every hand size shares (no-op without the extension).

    Parameters
    ----------
    categories : tuple
        The ``HandCategory`` member of each rank 0..7462 (entry 0 is never read).
    words : dict
        Rank -> its words, the dict ``describe`` fills as ranks are asked for; C reads it and
        falls back on a miss.
    card_names : mapping
        Two-character card name -> card id; C reads the ASCII names.
    ndarray : type
        ``numpy.ndarray``: objects of exactly this type (one-dimensional, integer, C-contiguous)
        are read as one hand's card ids through the buffer protocol.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys._kernels.one_hand import set_shared
    >>> from pokerkeys.core import cards, evaluate
    >>> set_shared(evaluate._CATEGORY_OF_RANK, evaluate._WORDS, cards._TWO_CHAR_CARDS,
    ...            np.ndarray)
    """
    if _one_hand is not None:
        _one_hand.set_shared(tuple(categories), words, dict(card_names), ndarray)
