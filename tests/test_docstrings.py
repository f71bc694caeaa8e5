"""Every public name is documented in NumPy style, and every docstring example runs.

"Public" is what the reference documents: the names in ``pokerkeys.__all__`` and, for every
module whose dotted path has no part starting with an underscore, the names in its ``__all__``
(which every such module defines). Functions and classes need a summary line, a ``Parameters``
section when they take any, a ``Returns`` (or ``Yields``) section when they return something,
and an ``Examples`` section whose ``>>>`` lines run here, output compared (doctest).
"""
from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re
from typing import Never, NoReturn

import numpy as np
import pytest

import pokerkeys

# Optional extras a module needs; the test extra installs them all.
NEEDS = {"pokerkeys.web": "starlette", "pokerkeys.preflop.plots": "matplotlib",
         "pokerkeys.io.distributed": "dask"}


def public_modules() -> list[str]:
    names = ["pokerkeys"]
    for info in pkgutil.walk_packages(pokerkeys.__path__, "pokerkeys."):
        if not any(part.startswith("_") for part in info.name.split(".")):
            names.append(info.name)
    return sorted(names)


MODULES = public_modules()


def _import(name: str):
    for prefix, extra in NEEDS.items():
        if name == prefix or name.startswith(prefix + "."):
            pytest.importorskip(extra)
    return importlib.import_module(name)


def _section(doc: str, title: str) -> bool:
    return re.search(rf"^\s*{title}\n\s*-{{3,}}\s*$", doc, re.M) is not None


def _takes_parameters(obj) -> bool:
    try:
        params = inspect.signature(obj).parameters
    except (TypeError, ValueError):
        return False
    return any(p not in ("self", "cls") for p in params)


def _returns_something(func) -> bool:
    try:
        annotation = inspect.signature(func).return_annotation
    except (TypeError, ValueError):
        return True
    return annotation not in (None, "None", "NoReturn", "Never", NoReturn, Never,
                              inspect.Signature.empty)


def problems_of(qualname: str, obj) -> list[str]:
    """What the docstring of a public function or class lacks."""
    obj = inspect.unwrap(obj)  # a function answered in C (``fast_path``) wraps the Python one
    if not (inspect.isclass(obj) or inspect.isfunction(obj)):
        return []  # constants and type aliases are documented by their module's docstring
    doc = inspect.getdoc(obj) or ""
    missing = []
    if not doc.strip():
        return [f"{qualname}: no docstring"]
    if inspect.isclass(obj):
        init = obj.__dict__.get("__init__")
        needs_params = (init is not None and _takes_parameters(init)) or \
            "__dataclass_fields__" in obj.__dict__
        if needs_params and not (_section(doc, "Parameters") or _section(doc, "Attributes")):
            missing.append("Parameters or Attributes")
    else:
        if _takes_parameters(obj) and not _section(doc, "Parameters"):
            missing.append("Parameters")
        if _returns_something(obj) and not (_section(doc, "Returns")
                                            or _section(doc, "Yields")):
            missing.append("Returns")
    if not _section(doc, "Examples") or ">>>" not in doc:
        missing.append("Examples with >>>")
    return [f"{qualname}: no {m} section" for m in missing]


def _public_names(module) -> list[str]:
    return list(getattr(module, "__all__", []))


@pytest.mark.parametrize("name", MODULES)
def test_module_has_docstring_and_all(name):
    module = _import(name)
    assert (module.__doc__ or "").strip(), f"{name} has no module docstring"
    assert hasattr(module, "__all__"), f"{name} defines no __all__ (its public names)"
    for public in module.__all__:
        assert hasattr(module, public), f"{name}.__all__ names {public!r}, which it lacks"


@pytest.mark.parametrize("name", MODULES)
def test_public_names_have_numpy_style_docstrings(name):
    module = _import(name)
    problems: list[str] = []
    for public in _public_names(module):
        obj = getattr(module, public)
        if inspect.ismodule(obj):
            continue
        # A name re-exported from another public module is checked where it is defined.
        home = getattr(obj, "__module__", name)
        if name != "pokerkeys" and home != name and home in MODULES:
            continue
        problems += problems_of(f"{name}.{public}", obj)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") or not inspect.isfunction(member):
                    continue
                if obj.__module__.startswith("enum") or attr in ("count", "index"):
                    continue
                problems += problems_of(f"{name}.{public}.{attr}", member)
    assert problems == []


def _examples(name: str) -> list[doctest.DocTest]:
    module = _import(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    globs = {"pk": pokerkeys, "np": np}
    return [t for t in finder.find(module, name, globs=globs) if t.examples]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    """Every ``>>>`` example in the module, its functions and classes gives what it shows."""
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures = []
    with np.printoptions(legacy=False):
        for test in _examples(name):
            result = runner.run(test, out=failures.append)
            assert result.failed == 0 or failures, test.name
    assert failures == [], "\n".join(failures)
