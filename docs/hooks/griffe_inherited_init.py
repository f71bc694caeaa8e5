"""Griffe extension: a class whose constructor is inherited from outside the package.

``class CommandParser(argparse.ArgumentParser)`` has no ``__init__`` of its own, and griffe,
which reads the source of this package only, cannot see ``ArgumentParser``'s: it renders the
class as ``CommandParser()`` and warns that the docstring's parameters ``*args, **kwargs``
("as for argparse.ArgumentParser") are not in the signature. For such a class, one whose
docstring documents ``*args`` and whose bases all lie outside the package, this extension adds
the constructor it really has, ``__init__(self, *args, **kwargs)``, so the page shows
``CommandParser(*args, **kwargs)`` and the docstring's check stays strict everywhere else.
"""
from __future__ import annotations

from typing import Any

import griffe

_PACKAGE = "pokerkeys"


def _classes(obj: griffe.Object) -> Any:
    for member in obj.members.values():
        if member.is_alias:
            continue
        if member.is_class:
            yield member
        if member.is_module or member.is_class:
            yield from _classes(member)


def _inherits_outside(cls: griffe.Class) -> bool:
    if not cls.bases or "__init__" in cls.members:
        return False
    return not any(str(getattr(b, "canonical_path", b)).startswith(_PACKAGE)
                   for b in cls.bases) and not cls.resolved_bases


class InheritedInit(griffe.Extension):
    """Give the classes described above their inherited ``(*args, **kwargs)`` constructor."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        for cls in _classes(pkg):
            doc = cls.docstring.value if cls.docstring else ""
            if "*args" in doc and _inherits_outside(cls):
                init = griffe.Function(
                    "__init__", lineno=cls.lineno, endlineno=cls.lineno,
                    parameters=griffe.Parameters(
                        griffe.Parameter("self", kind=griffe.ParameterKind.positional_or_keyword),
                        griffe.Parameter("args", annotation="Any",
                                         kind=griffe.ParameterKind.var_positional),
                        griffe.Parameter("kwargs", annotation="Any",
                                         kind=griffe.ParameterKind.var_keyword)))
                init.labels.add("inherited-from-outside")
                cls.set_member("__init__", init)
