"""The one place Numba options are set, and where the JIT cache is looked after.

Every kernel is compiled with Numba's cache on, ``nogil=True`` (callers may run kernels from
threads) and ``boundscheck=False``. Integer kernels need no fastmath. ``error_model='numpy'``
keeps division free of Python exception checks. ``no_cfunc_wrapper=True``: no kernel is used
as a C function pointer, and not compiling that wrapper for each one takes about 7% off the
install's compile.

The machine code is written next to the module, in the package's ``__pycache__`` (where the
wheel ships it), or to ``NUMBA_CACHE_DIR`` when that is set. A package folder that is read-only
(a system package, a container run by another user) still has its shipped cache read; kernels
compiled there go to the user cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``, then
``pokerkeys/numba``), else to a private temporary folder (``pokerkeys-<uid>``, mode 0700, refused
if someone else owns it or may write to it), else nowhere (they compile again in each run). One
line on stderr says so, once per process, when such a kernel is compiled.

The cache is Numba's, with two guards added by ``_KernelCache``:

* its key also holds a fingerprint of the kernel sources (every module of ``_kernels`` and the
  bit layout). Numba keys a kernel by its own bytecode and its own file only, so a
  helper changed in another module, or a package upgraded in place with old cache files left
  beside it, would otherwise reuse machine code built from the old sources;
* a cache file that cannot be read (truncated, corrupt, written by a crashed process) is
  deleted and the kernel rebuilt, with one warning line per process instead of an
  ``UnpicklingError`` traceback on every run.

A cache written on another CPU is never loaded: Numba's key holds the CPU name and features.

First runs compile. ``ready`` says whether a kernel can run without compiling; callers with a
quick NumPy answer use it and let ``warm_up`` build the kernel out of their way. ``compute_clock``
is a clock that stops while the calling thread compiles, so "counted in X s" stays the count's
time; ``on_compile`` is called once, when a first compile starts (by default it prints a note
on stderr).
"""
from __future__ import annotations

import atexit
import contextlib
import hashlib
import itertools
import numbers
import os
import queue
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, wait
from pathlib import Path
from typing import TYPE_CHECKING, Any, Concatenate, Literal, ParamSpec, TypeAlias, cast, overload

if sys.platform == "win32":  # not POSIX: warm-ups run without a lock
    fcntl = None
else:
    import fcntl

import numba
import numpy as np
from numba.core import event
from numba.core.caching import (
    CompileResultCacheImpl,
    FunctionCache,
    IndexDataCacheFile,
    InTreeCacheLocator,
    NullCache,
    UserProvidedCacheLocator,
    _CacheLocator,
    _SourceFileBackedLocatorMixin,
)
from numba.core.compiler_lock import global_compiler_lock
from numba.core.runtime import rtsys

from ._inline_copies import share_block_copies
from ._user_folders import writable_folder, xdg_base

if TYPE_CHECKING:
    from numba.core.dispatcher import Dispatcher

_PACKAGE = Path(__file__).resolve().parent
# The sources whose text decides what the kernels compile to.
_SOURCES = ("_jit.py", "_layout.py", "_kernels")


# ---------------------------------------------------------------------------- the cache
_fingerprint: str | None = None


def source_fingerprint() -> str:
    """sha256 of the kernel sources (computed once, on the first cache look-up)."""
    global _fingerprint
    if _fingerprint is None:
        digest = hashlib.sha256()
        for name in _SOURCES:
            path = _PACKAGE / name
            for file in sorted(path.glob("*.py")) if path.is_dir() else [path]:
                digest.update(file.name.encode())
                digest.update(file.read_bytes())
        _fingerprint = digest.hexdigest()
    return _fingerprint


_warned_corrupt = False


def _warn_corrupt(path: str, exc: BaseException) -> None:
    global _warned_corrupt
    if not _warned_corrupt:
        _warned_corrupt = True
        print(f"pokerkeys: warning: discarded an unreadable JIT cache file ({path}: "
              f"{type(exc).__name__}); the kernel is being rebuilt", file=sys.stderr)


# ---------------------------------------------------------------------------- where it lives
def _user_cache_folder() -> Path | None:
    """``$XDG_CACHE_HOME/pokerkeys/numba`` or ``~/.cache/pokerkeys/numba``, if writable.

    A home folder that does not exist is not made (``HOME=/nonexistent`` is how a service
    account says it has none, and root could make it).
    """
    base = xdg_base("XDG_CACHE_HOME", ".cache")
    if base is None:
        return None
    folder = base / "pokerkeys" / "numba"
    return folder if writable_folder(folder) else None


def _user_tag() -> str:
    getuid = getattr(os, "getuid", None)  # POSIX only
    return str(getuid()) if getuid is not None else os.environ.get("USERNAME", "user")


def _private_temp_folder() -> Path | None:
    """``<temporary folder>/pokerkeys-<uid>``, made with mode 0700, if it is this user's own.

    Cache files hold machine code that is loaded and run, so a folder that someone else made
    first, or that others may write to, is refused. The current folder, which ``tempfile``
    falls back to when no temporary folder is writable, is refused too.
    """
    try:
        base = tempfile.gettempdir()
        here = os.getcwd()
    except OSError:  # no writable temporary folder at all (or no current folder)
        return None
    named = {os.environ.get(name) for name in ("TMPDIR", "TEMP", "TMP")}
    if os.path.abspath(base) == os.path.abspath(here) and base not in named \
            and base not in ("/tmp", "/var/tmp", "/usr/tmp"):
        return None
    folder = Path(base) / f"pokerkeys-{_user_tag()}"
    with contextlib.suppress(OSError):  # made before, or not at all: checked below
        folder.mkdir(mode=0o700)
    try:
        info = folder.lstat()
    except OSError:
        return None
    getuid = getattr(os, "getuid", None)
    if (not stat.S_ISDIR(info.st_mode) or info.st_mode & 0o077
            or (getuid is not None and info.st_uid != getuid())):
        return None
    return folder if writable_folder(folder) else None


_fallback: list[Path | None] = []  # [the folder], once chosen (a process chooses once)


def _fallback_folder() -> Path | None:
    """Where kernels are cached when the package folder is read-only: the user cache folder,
    else a private temporary folder, else None (kernels compiled are not kept)."""
    if not _fallback:
        _fallback.append(_user_cache_folder() or _private_temp_folder())
    return _fallback[0]


_noted_place = False


def _note_place(folder: Path | None) -> None:
    """One line per process, when a compiled kernel cannot go to the package folder."""
    global _noted_place
    if _noted_place:
        return
    _noted_place = True
    if folder is not None:
        print(f"pokerkeys: the package folder is read-only; compiled kernels are cached in "
              f"{folder}", file=sys.stderr)
    else:
        print("pokerkeys: no writable folder for compiled kernels (package folder, user cache, "
              "temporary folder); they are compiled again in each run", file=sys.stderr)


@contextlib.contextmanager
def _folder_lock(folder: str) -> Iterator[None]:
    """Hold an exclusive lock of a cache folder (a no-op where there is none to take).

    Numba saves a kernel by reading its module's index, adding the new signature and writing
    the index back, with the data file numbered after the entries it read: two processes
    saving kernels of one function at once (the wheel build compiles in several) would
    otherwise lose an index entry, or write two signatures' code to one data file.
    """
    fd = -1
    if fcntl is not None:
        with contextlib.suppress(OSError):
            fd = os.open(folder, os.O_RDONLY)
            fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        if fd >= 0:
            os.close(fd)  # releases the lock


class _FallbackLocator(_SourceFileBackedLocatorMixin, _CacheLocator):
    """The cache folder of a kernel whose package folder is read-only: its module's folder's
    own subfolder (named as Numba names them) of ``_fallback_folder()``."""

    def __init__(self, py_func: Callable[..., Any], py_file: str, root: Path) -> None:
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._cache_path = str(root / self.get_suitable_cache_subpath(py_file))

    def get_cache_path(self) -> str:
        return self._cache_path

    @classmethod
    def from_function(cls, py_func: Callable[..., Any], py_file: str) -> _FallbackLocator | None:
        root = _fallback_folder()
        if root is None or not os.path.exists(py_file):
            return None
        locator = cls(py_func, py_file, root)
        try:
            locator.ensure_cache_path()
        except OSError:
            return None
        return locator


class _ReadOnlyLocator(InTreeCacheLocator):
    """The package's own ``__pycache__``, read-only: the shipped cache is loaded, nothing is
    saved (no folder anywhere takes a file)."""

    @classmethod
    def from_function(cls, py_func: Callable[..., Any], py_file: str) -> _ReadOnlyLocator:
        return cls(py_func, py_file)


class _KernelCacheImpl(CompileResultCacheImpl):
    # NUMBA_CACHE_DIR when set; the package's __pycache__ when writable; then the fallbacks.
    _locator_classes: list[type[Any]] = [UserProvidedCacheLocator, InTreeCacheLocator,
                                         _FallbackLocator, _ReadOnlyLocator]


class _KernelCache(FunctionCache):
    """Numba's function cache, keyed by the kernel sources too, safe against bad files, and
    kept outside a read-only package folder.

    With the package folder read-only, the cache shipped in it is still read first; kernels
    compiled here go to ``_fallback_folder()``, or nowhere.
    """

    _impl_class = _KernelCacheImpl

    def __init__(self, py_func: Callable[..., Any]) -> None:
        super().__init__(py_func)
        locator = self._impl.locator
        # Away from a read-only package folder: kernels compiled go to the fallback folder,
        # or nowhere, and one line says so; the cache shipped in the package is read first.
        self._away = isinstance(locator, _FallbackLocator | _ReadOnlyLocator)
        self._keeps = not isinstance(locator, _ReadOnlyLocator)
        self._shipped: IndexDataCacheFile | None = None
        if isinstance(locator, _FallbackLocator):
            in_tree = InTreeCacheLocator(py_func, locator._py_file)
            self._shipped = IndexDataCacheFile(in_tree.get_cache_path(),
                                               self._impl.filename_base,
                                               locator.get_source_stamp())

    @property
    def keeps(self) -> bool:
        """True when kernels compiled now are saved for the next runs."""
        return self._keeps

    def _index_key(self, sig: Any, codegen: Any) -> tuple[Any, ...]:
        return super()._index_key(sig, codegen) + (source_fingerprint(),)

    def _damaged_file(self, sig: Any, target_context: Any) -> Path:
        """The file a failed look-up could not read: the index, or the signature's data file
        (which the index, read here again, names)."""
        cache_file = self._cache_file
        index = Path(cache_file._index_path)
        try:
            overloads = cache_file._load_index()
        except Exception:
            return index
        data_name = overloads.get(self._index_key(sig, target_context.codegen()))
        return index.parent / data_name if data_name else index

    def _discard(self, exc: BaseException, damaged: Path | None = None) -> None:
        index = Path(self._cache_file._index_path)
        _warn_corrupt(str(damaged or index), exc)
        stem = index.name[:-len(".nbi")]
        for path in [index, *index.parent.glob(f"{stem}.*.nbc")]:
            with contextlib.suppress(OSError):
                path.unlink()

    def _load_shipped(self, sig: Any, target_context: Any) -> Any:
        if self._shipped is None or not self._enabled:
            return None
        try:
            data = self._shipped.load(self._index_key(sig, target_context.codegen()))
            return None if data is None else self._impl.rebuild(target_context, data)
        except Exception:  # unreadable, and read-only: a miss (the kernel goes to our folder)
            return None

    def load_overload(self, sig: Any, target_context: Any) -> Any:
        # Numba refreshes the whole target context before a cache look-up: it imports every
        # lowering registry (NumPy, linalg, random, typed containers, ...), a fifth of a
        # second of a warm run, and only a compile uses them (the compiler refreshes the
        # context itself). Machine code from the cache needs the runtime (NRT) only.
        rtsys.initialize(target_context)
        shipped = self._load_shipped(sig, target_context)
        if shipped is not None:
            return shipped
        try:
            return self._load_overload(sig, target_context)
        except Exception as exc:  # a bad cache file is a cache miss, never a failure
            self._discard(exc, self._damaged_file(sig, target_context))
            return None

    def save_overload(self, sig: Any, data: Any) -> None:
        if self._away:
            _note_place(_fallback_folder())
        if not self._keeps:
            return
        with _folder_lock(self._cache_path):
            try:
                super().save_overload(sig, data)
            except Exception as exc:  # the index was unreadable: start it again, once
                self._discard(exc)
                with contextlib.suppress(Exception):
                    super().save_overload(sig, data)


class _FirstUseCache:
    """A kernel's ``_KernelCache``, made on its first look-up, not at import.

    Making one finds its folder and proves it writable (a temporary file each), and ``import
    pokerkeys`` defines some 70 kernels of which a command calls a few.
    """

    def __init__(self, py_func: Callable[..., Any]) -> None:
        self._py_func = py_func
        self._cache: _KernelCache | NullCache | None = None

    def __getattr__(self, name: str) -> Any:
        if self._cache is None:
            try:
                self._cache = _KernelCache(self._py_func)
            except RuntimeError:  # NUMBA_CACHE_LOCATOR_CLASSES found no place: run uncached
                self._cache = NullCache()
        return getattr(self._cache, name)


def _keeps_compiled(dispatcher: Kernel) -> bool:
    """True when what `dispatcher` compiles now is cached for the next runs."""
    cache = dispatcher._cache  # type: ignore[attr-defined]  # not in numba's annotations
    return bool(getattr(cache, "keeps", False))


# A compiled kernel, as typed code sees it: called like its Python function, its result Any.
# (Not Dispatcher[the function's type]: callers pick among kernels of different signatures at
# run time and call the one picked, which that type would reject.)
Kernel: TypeAlias = "Dispatcher[Any]"
_Params = ParamSpec("_Params")


def _compiled(fn: Callable[..., Any], *, parallel: bool = False,
              inline: Literal["never", "always"] = "never") -> Kernel:
    """``fn`` compiled with the project's options (the module's docstring says why each).

    Caching is switched on here, not with Numba's ``cache=True``, which would make a
    FunctionCache at decoration, only to be replaced by the first-use ``_KernelCache``.
    """
    # (no_cfunc_wrapper is a target option numba's annotations do not list)
    dispatcher: Kernel = numba.njit(  # type: ignore[call-overload]
        fn, parallel=parallel, inline=inline, nogil=True, boundscheck=False,
        error_model="numpy", no_cfunc_wrapper=True)
    # (the dispatcher's cache is not in numba's annotations)
    dispatcher._cache = _FirstUseCache(dispatcher.py_func)  # type: ignore[attr-defined]
    return dispatcher


# ---------------------------------------------------------------------------- signatures
# A kernel that Python code calls declares the argument types it is called with: the public
# API converts every input to these (C-contiguous arrays of fixed dtypes, int64 and uint64
# scalars), so the declared signatures are every signature a kernel is ever compiled for. The
# wheel's build step compiles each one (``compile_declared``), which makes the shipped cache
# complete by construction, and the tests check that calling the public API compiles nothing
# else. Kernels called only from other kernels declare none: they are compiled into their
# callers. (The dispatchers stay lazy: declared signatures compiled at decoration would load
# some 30 kernels at ``import pokerkeys``.)
Signature: TypeAlias = "tuple[numba.types.Type, ...]"
int64 = numba.types.int64
uint64 = numba.types.uint64
boolean = numba.types.boolean


def array(dtype: str, ndim: int = 1, *, readonly: bool = False) -> numba.types.Array:
    """The Numba type of a C-contiguous NumPy array of ``dtype`` (a NumPy name such as
    ``"uint8"``), as kernels declare their signatures. ``readonly``: the array is a view of a
    table file (NumPy arrays that cannot be written are a different type to Numba)."""
    return numba.types.Array(numba.from_dtype(np.dtype(dtype)), ndim, "C", readonly=readonly)


_KERNELS: dict[str, Kernel] = {}  # "module.name": every @kernel, in the order defined
_SIGNATURES: dict[str, tuple[Signature, ...]] = {}


def kernel_name(dispatcher: Kernel) -> str:
    """``"evaluate.rank_batch_7"``: a kernel's module in ``pokerkeys._kernels`` and its name."""
    func = dispatcher.py_func
    return f"{func.__module__.rpartition('.')[2]}.{func.__qualname__}"


def declared_kernels() -> dict[str, tuple[Kernel, tuple[Signature, ...]]]:
    """Every kernel that declares signatures, by ``kernel_name``, with its signatures (every
    module of ``pokerkeys._kernels`` is imported first)."""
    import importlib
    import pkgutil

    from . import _kernels
    for module in pkgutil.iter_modules(_kernels.__path__):
        importlib.import_module(f"{_kernels.__name__}.{module.name}")
    return {name: (_KERNELS[name], sigs) for name, sigs in _SIGNATURES.items() if sigs}


def compile_declared(name: str) -> int:
    """Compile (or load from the cache) every declared signature of the kernel ``name``; the
    number of signatures."""
    dispatcher, signatures = declared_kernels()[name]
    for signature in signatures:
        dispatcher.compile(signature)
    return len(signatures)


@overload
def kernel(fn: Callable[..., Any], *, parallel: bool = False,
           signatures: Sequence[Signature] = ()) -> Kernel: ...
@overload
def kernel(fn: None = None, *, parallel: bool = False, signatures: Sequence[Signature] = ()
           ) -> Callable[[Callable[..., Any]], Kernel]: ...


def kernel(fn: Callable[..., Any] | None = None, *, parallel: bool = False,
           signatures: Sequence[Signature] = ()
           ) -> Kernel | Callable[[Callable[..., Any]], Kernel]:
    """``@kernel`` / ``@kernel(parallel=True, signatures=[...])``: compile with the project's
    Numba options. ``signatures``: the argument types Python code calls it with (see above)."""
    def wrap(f: Callable[..., Any]) -> Kernel:
        dispatcher = _compiled(f, parallel=parallel)
        name = kernel_name(dispatcher)
        _KERNELS[name] = dispatcher
        _SIGNATURES[name] = tuple(tuple(sig) for sig in signatures)
        return dispatcher
    return wrap(fn) if fn is not None else wrap


def inline(fn: Callable[..., Any]) -> Kernel:
    """A small helper inlined at the Numba IR level, so hot loops carry no call overhead."""
    return _compiled(fn, inline="always")


def intrinsic(definition: Callable[Concatenate[Any, _Params], object]
              ) -> Callable[_Params, Any]:
    """Numba's ``@intrinsic``, typed as the kernels call it.

    Numba passes the typing context, the definition's first parameter, itself; kernels call an
    intrinsic with the parameters after it, and get a value. (Numba's own annotations type the
    call with every parameter of the definition, returning ``Never``.)
    """
    from numba.core.extending import intrinsic as numba_intrinsic

    return cast(Callable[_Params, Any], numba_intrinsic(definition))


prange = numba.prange


# ---------------------------------------------------------------------------- first runs
# (id of a dispatcher, the kinds of its arguments) found ready: a kernel once ready stays so.
_ready_kinds: set[tuple[int, tuple[object, ...]]] = set()
_INT64_MIN, _INT64_END = -(1 << 63), 1 << 63


def _kind(value: object) -> object:
    """What Numba's type of an argument depends on, read far quicker than Numba types it
    (about 10 us an array, which an exact equity call paid 17 times): an array's dtype,
    dimensions, layout flags, writeability and alignment; a Python int's range (int64 or
    uint64); another scalar's type. None for anything else (then nothing is remembered)."""
    kind = type(value)
    if kind is np.ndarray:
        array = cast(np.ndarray, value)
        flags = array.flags
        return (array.dtype, array.ndim, flags.c_contiguous, flags.f_contiguous,
                flags.writeable, flags.aligned)
    if kind is int:
        return kind, _INT64_MIN <= cast(int, value) < _INT64_END
    if kind is float or kind is bool or issubclass(kind, np.generic):
        return kind
    if kind is tuple:
        kinds = tuple(_kind(item) for item in cast(tuple, value))
        return None if None in kinds else (kind, kinds)
    return None


def ready(dispatcher: Kernel, *args: object) -> bool:
    """True when `dispatcher` runs on these arguments without compiling: it is compiled in this
    process, or its machine code is in the cache (it is loaded now, as a call would)."""
    kinds = tuple(_kind(a) for a in args)
    known = None if None in kinds else (id(dispatcher), kinds)
    if known in _ready_kinds:
        return True
    sig = tuple(dispatcher.typeof_pyval(a) for a in args)
    if sig not in dispatcher.overloads:
        # What Dispatcher.compile does before it compiles: look in the cache.
        with global_compiler_lock:
            cache = dispatcher._cache  # type: ignore[attr-defined]  # not in numba's annotations
            cres = cache.load_overload(sig, dispatcher.targetctx)
            if cres is None:
                return False
            dispatcher.targetctx.insert_user_function(cres.entry_point, cres.fndesc,
                                                      [cres.library])
            dispatcher.add_overload(cres)
    if known is not None:
        _ready_kinds.add(known)
    return True


# "thread": build in a daemon thread of this process (a library call: the next call of the
# session gets the kernel); "process": in a detached child that outlives this one (the CLI,
# which exits as soon as it has answered); "off": callers compile in line (the warm-up itself).
warm_up_mode = os.environ.get("POKERKEYS_WARM_UP", "thread")
_warming: set[str] = set()
_building: dict[int, threading.Thread] = {}  # id(dispatcher) -> the thread compiling it


def answer_while_compiling(dispatcher: Kernel, *args: object) -> bool:
    """True when a caller with a quick NumPy answer should give it and ``warm_up`` the kernel:
    the kernel would compile first, and warm-ups are on."""
    if warm_up_mode == "off":
        return False
    builder = _building.get(id(dispatcher))
    if builder is not None and builder.is_alive():
        # Being compiled by a thread of ours, which holds Numba's compiler lock: looking in
        # the cache would wait for it.
        return tuple(dispatcher.typeof_pyval(a) for a in args) not in dispatcher.overloads
    return not ready(dispatcher, *args)


def warm_up(dispatcher: Kernel, *args: object) -> None:
    """Compile `dispatcher` for these arguments out of the caller's way.

    Thread mode compiles it here, in a daemon thread. Process mode starts
    ``python -m pokerkeys._warm_up KERNEL`` (its declared signatures, these arguments' among
    them), detached, as this process exits, so it fills the cache for the next run. Each
    kernel's warm-up starts once per process.
    """
    job = kernel_name(dispatcher)
    if job in _warming or warm_up_mode == "off":
        return
    if warm_up_mode == "process" and not _keeps_compiled(dispatcher):
        return  # a child's compile would not be kept for the next run: nothing to start
    _warming.add(job)
    _announce("kernels are being compiled in the background for the next runs")
    if warm_up_mode == "process":
        # At exit, once the answer is out: on a small machine the compile would otherwise
        # take cores from the count it is there to spare.
        atexit.register(_start_warm_up_process, job)
        return
    sig = tuple(dispatcher.typeof_pyval(a) for a in args)
    builder = threading.Thread(target=dispatcher.compile, args=(sig,), daemon=True,
                               name=f"pokerkeys-warm-up-{job}")
    _building[id(dispatcher)] = builder
    builder.start()


def _start_warm_up_process(job: str) -> None:
    """Start the warm-up child holding the job's lock, unless another process holds it.

    The lock is taken here and handed down (a flock belongs to the open file, which the child
    inherits), so it is held from before this process ends until the child has built the
    kernel: a second first run started meanwhile starts no second compile, and anyone can
    wait for the kernel by taking the lock (the start-up benchmark does).
    """
    env = dict(os.environ, POKERKEYS_WARM_UP="off")
    with contextlib.suppress(OSError), open(warm_up_lock_path(job), "a") as lock:
        if fcntl is not None:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:  # another process is building the same kernel
                return
        subprocess.Popen([sys.executable, "-m", "pokerkeys._warm_up", job],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True, env=env,
                         pass_fds=(lock.fileno(),))


def warm_up_lock_path(job: str) -> Path:
    """One lock file per kernel (`job`: its ``kernel_name``), package and cache folder: two
    first runs build a kernel once."""
    where = f"{_PACKAGE}|{os.environ.get('NUMBA_CACHE_DIR', '')}|{job}"
    tag = hashlib.sha256(where.encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"pokerkeys-warm-up-{os.getuid()}-{tag}.lock"


# ---------------------------------------------------------------------------- compile time
_compile_seconds: dict[int, float] = {}
_compile_depth: dict[int, int] = {}
_compile_started: dict[int, float] = {}


def note_on_stderr(note: str) -> None:
    """Print ``pokerkeys: note`` on stderr (the default ``on_compile``)."""
    print(f"pokerkeys: {note}", file=sys.stderr, flush=True)


# Called with a note, once per process, when kernels first compile: before a compile that
# cannot be avoided (no cache here for this CPU, numba or source), one line on stderr says so.
on_compile: Callable[[str], object] | None = note_on_stderr
_announced = False


def _announce(note: str) -> None:
    global _announced
    if not _announced and on_compile is not None:
        _announced = True
        on_compile(note)


class _CompileListener(event.Listener):
    """Adds up, per thread, the wall time of outermost compiles; before the first, makes
    Numba's inliner copy blocks together (``_inline_copies``)."""

    def on_start(self, ev: event.Event) -> None:
        tid = threading.get_ident()
        depth = _compile_depth.get(tid, 0)
        _compile_depth[tid] = depth + 1
        if depth == 0:
            _compile_started[tid] = time.perf_counter()
            # Numba's inliner sped up (see _inline_copies) when a kernel first compiles, not
            # at import: its module costs an import of 35 ms that cached kernels never need.
            share_block_copies()
            if tid == threading.main_thread().ident:
                _announce("compiling kernels on first use (once; the times shown exclude it)")

    def on_end(self, ev: event.Event) -> None:
        tid = threading.get_ident()
        depth = _compile_depth.get(tid, 1) - 1
        _compile_depth[tid] = depth
        if depth == 0:
            spent = time.perf_counter() - _compile_started.pop(tid)
            _compile_seconds[tid] = _compile_seconds.get(tid, 0.0) + spent


event.register("numba:compile", _CompileListener())


def compute_clock() -> float:
    """``time.perf_counter()`` less the time this thread has spent compiling kernels."""
    return time.perf_counter() - _compile_seconds.get(threading.get_ident(), 0.0)


# ---------------------------------------------------------------------------- threads
def max_threads() -> int:
    """The threads Numba's parallel kernels may use at most (its NUMBA_NUM_THREADS)."""
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]  # set at import


def check_threads(n: object) -> int | None:
    """``n`` as a Python int (None stays None), or ValueError. Any integer type is accepted,
    NumPy's included (a thread count read from an array), but not bool."""
    if n is None:
        return None
    if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 1:
        raise ValueError(f"threads must be a positive integer, not {n!r}")
    return int(n)


# The thread count set by the innermost ``threads`` block of each thread (run_chunks reads it).
_thread_count = threading.local()


def current_threads() -> int:
    """The threads kernels run on here: the innermost ``threads`` block's count, else all."""
    n: int | None = getattr(_thread_count, "n", None)
    return n if n is not None else max_threads()


@contextlib.contextmanager
def threads(n: int | None) -> Iterator[int]:
    """Run kernels inside the block on ``n`` threads (None: as outside the block, by default
    all available): ``run_chunks`` and Numba's parallel kernels alike."""
    checked = check_threads(n)
    if checked is None:
        yield current_threads()
        return
    n = min(checked, max_threads())
    previous = getattr(_thread_count, "n", None)
    _thread_count.n = n
    previous_numba = numba.get_num_threads()
    numba.set_num_threads(n)
    try:
        yield n
    finally:
        numba.set_num_threads(previous_numba)
        _thread_count.n = previous


# Chunked kernels run on a pool of Python threads rather than as Numba parallel (prange)
# kernels: a prange loop is outlined and compiled a second time as a gufunc, which made the
# install's build step compile for half as long again. A serial kernel over a range of chunks
# releases the GIL (nogil), so threads calling it run as truly in parallel as Numba's own.
_pool: _ChunkPool | None = None
_pool_lock = threading.Lock()
#: Guided blocks (``run_chunks``): each block takes 1/(GUIDED_SHARE * threads) of the chunks
#: left, and none fewer than 1/(SMALLEST_SHARE * threads) of the call's chunks.
GUIDED_SHARE = 2
SMALLEST_SHARE = 16
#: Under ``interrupt_between_blocks``, no block takes more than 1/INTERRUPTIBLE_BLOCKS of a
#: call's chunks (a round of the web app's Monte Carlo, 0.1-0.4 s, then checks every 10-25 ms).
INTERRUPTIBLE_BLOCKS = 16

# A per-thread check that run_chunks calls between blocks (``interrupt_between_blocks``).
_interrupt = threading.local()


@contextlib.contextmanager
def interrupt_between_blocks(check: Callable[[], object]) -> Iterator[None]:
    """Let ``check()`` stop the chunked kernels this thread runs between two blocks.

    A kernel call holds its thread until it returns, and a Monte Carlo round is a few tenths
    of a second (more on a busy machine): a job cancelled between rounds would wait that
    long. Inside this block, ``run_chunks`` called on this thread cuts its chunks into
    blocks of at most 1/``INTERRUPTIBLE_BLOCKS`` of them, even on one thread, and calls
    ``check()`` before each block it takes; an exception from ``check`` stops the call as an
    error in a block does (the blocks under way finish) and propagates. Results do not
    change: each chunk's results depend on the chunk alone.

    Parameters
    ----------
    check : callable
        Called with no arguments between blocks; raises to stop the call.

    Yields
    ------
    None
        The block in which calls are interruptible; the previous check is restored after.

    Examples
    --------
    >>> import numpy as np
    >>> from pokerkeys import _jit
    >>> def kernel(first, end, out):
    ...     out[first:end] = 1
    >>> out = np.zeros(64, dtype=np.int64)
    >>> def stop_after_a_quarter():
    ...     if out.sum() >= 16:
    ...         raise KeyboardInterrupt("stopped")
    >>> with _jit.interrupt_between_blocks(stop_after_a_quarter):
    ...     try:
    ...         _jit.run_chunks(kernel, 64, 1, out)
    ...     except KeyboardInterrupt:
    ...         pass
    >>> int(out.sum())
    16
    """
    previous = getattr(_interrupt, "check", None)
    _interrupt.check = check
    try:
        yield
    finally:
        _interrupt.check = previous


class _ChunkPool:
    """Daemon threads running submitted calls. Daemons, unlike ``ThreadPoolExecutor``'s
    workers, never hold up the end of a process: ``run_chunks`` returns only when its blocks
    are done, so at exit they are idle, and a command that joins its threads before exiting
    (``pokerkeys.cli.main.run``) has none of these to wait for."""

    def __init__(self, n_threads: int) -> None:
        self._calls: queue.SimpleQueue[tuple[Callable[[], None], Future[None]]] = (
            queue.SimpleQueue())
        for i in range(n_threads):
            threading.Thread(target=self._serve, name=f"pokerkeys-chunks-{i}",
                             daemon=True).start()

    def _serve(self) -> None:
        while True:
            call, future = self._calls.get()
            if not future.set_running_or_notify_cancel():
                continue
            # The call is let go of before its caller is told it is done: an idle thread
            # would otherwise keep its arguments alive (the output of the last
            # evaluate_batch, which is used again only once nothing references it).
            try:
                call()
            except BaseException as exc:
                del call
                future.set_exception(exc)
            else:
                del call
                future.set_result(None)

    def submit(self, call: Callable[[], None]) -> Future[None]:
        future: Future[None] = Future()
        self._calls.put((call, future))
        return future


def _chunk_pool() -> _ChunkPool:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = _ChunkPool(max(1, max_threads() - 1))
        return _pool


def _forget_pool() -> None:
    """In a forked child the pool's threads do not exist: start a new pool when needed."""
    global _pool
    _pool = None


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _compile_here(kernel: Callable[..., object], args: tuple[object, ...]) -> None:
    """Load or compile ``kernel`` for these arguments in this thread, before the pool calls it:
    a compile in a pool thread would neither be announced (``on_compile`` speaks for the main
    thread) nor be left out of this thread's ``compute_clock``."""
    overloads = getattr(kernel, "overloads", None)
    if overloads is None:  # not a dispatcher (a test's wrapper around one)
        return
    dispatcher = cast("Dispatcher", kernel)
    signature = tuple(dispatcher.typeof_pyval(a) for a in (0, 0, *args))
    if signature not in overloads:
        dispatcher.compile(signature)


def _block_bounds(n_chunks: int, n_threads: int, largest: int | None = None) -> list[int]:
    """Where the blocks of ``run_chunks`` start and end: guided, large first and small last
    (none over `largest` chunks, when given).

    Threads take the next block as they finish one, so a thread slowed by a busy machine
    holds the others up by at most the last, small block; large blocks first keep the calls
    into the kernel few (about a dozen). Measured against four equal blocks per thread
    (interleaved in one process, 2 threads, AMD EPYC, quiet host): batch evaluation of 10M
    hands the same median and half the spread of its samples (8% against 16%, 35% against
    68%), Monte Carlo within 3% either way.

    Examples
    --------
    >>> _block_bounds(64, 2)
    [0, 16, 28, 37, 43, 48, 52, 55, 57, 59, 61, 63, 64]
    >>> _block_bounds(64, 1, largest=4)[:6]
    [0, 4, 8, 12, 16, 20]
    """
    least = max(1, -(-n_chunks // (SMALLEST_SHARE * n_threads)))
    most = n_chunks if largest is None else max(1, largest)
    bounds = [0]
    while bounds[-1] < n_chunks:
        left = n_chunks - bounds[-1]
        size = min(most, max(least, left // (GUIDED_SHARE * n_threads)))
        bounds.append(min(n_chunks, bounds[-1] + size))
    return bounds


def run_chunks(kernel: Callable[..., object], n_chunks: int, n_threads: int | None,
               *args: object) -> None:
    """Call ``kernel(first, end, *args)`` over blocks that cover chunks ``[0, n_chunks)``.

    The blocks run on ``n_threads`` threads (None: ``current_threads()``), this one among
    them; the kernel writes each chunk's results to that chunk's own place, so the answer does
    not depend on the number of threads or the order the blocks run in. An exception in any
    block (or Ctrl-C here) stops the others taking new blocks and is raised here once the
    blocks under way have finished. Inside ``interrupt_between_blocks``, this thread checks
    before each block it takes.
    """
    n_chunks = int(n_chunks)
    if n_chunks <= 0:
        return
    n = min(check_threads(n_threads) or current_threads(), max_threads(), n_chunks)
    check: Callable[[], object] | None = getattr(_interrupt, "check", None)
    if n <= 1 and check is None:
        kernel(0, n_chunks, *args)
        return
    _compile_here(kernel, args)
    largest = None if check is None else -(-n_chunks // INTERRUPTIBLE_BLOCKS)
    bounds = _block_bounds(n_chunks, n, largest)
    n_blocks = len(bounds) - 1
    next_block = itertools.count()  # next() on a count is atomic under the GIL
    stop = threading.Event()

    def work(check: Callable[[], object] | None = None) -> None:
        while not stop.is_set():
            try:
                if check is not None:
                    check()
                b = next(next_block)
                if b >= n_blocks:
                    return
                kernel(bounds[b], bounds[b + 1], *args)
            except BaseException:
                stop.set()
                raise

    pool = _chunk_pool()
    helpers = [pool.submit(work) for _ in range(n - 1)]
    try:
        work(check)
        wait(helpers)
    except BaseException:  # a kernel's error, or Ctrl-C while waiting: no new blocks
        stop.set()
        wait(helpers)  # the blocks under way finish (they hold no Python locks)
        raise
    for future in helpers:
        future.result()
