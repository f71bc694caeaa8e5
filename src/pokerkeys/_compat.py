"""Module paths from before the package had subpackages, still importable.

Until 0.1 every module sat at the package top (``pokerkeys.cards``, ``pokerkeys.ranges``,
``pokerkeys.game_stats``, ...). Code that imports those paths keeps working: a finder at the end
of ``sys.meta_path`` answers for each old name with the module that now holds its code, the
same module object (so a monkeypatch or an ``isinstance`` through either path sees one thing).
New code should import the new paths; the README's "Layout" section lists them.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys

# old name under ``pokerkeys`` -> where its code lives now
MOVED = {
    "cards": "core.cards", "tables": "core.tables", "evaluate": "core.evaluate",
    "classes": "core.classes", "bench": "core.bench", "_ranking": "core._ranking",
    "_sampling": "core.sampling", "_symmetry": "core.symmetry",
    "ranges": "equity.ranges", "omaha": "equity.omaha",
    "plots": "preflop.plots",
    "wild": "games.wild", "draw": "games.draw", "deal": "games.deal",
    "showdown": "games.showdown", "stats": "games.stats", "game_stats": "games.game_stats",
    "distributed": "io.distributed",
    "cli_bulk": "cli.bulk", "cli_games": "cli.games", "cli_preflop": "cli.preflop",
    "_cli_args": "cli.common",
}


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module at its new path, leaving that module as it was."""

    def __init__(self, target: str):
        self.target = target
        self.real_spec = None

    def create_module(self, spec):
        module = importlib.import_module(self.target)
        self.real_spec = module.__spec__
        return module

    def exec_module(self, module):
        # The import system stamps the alias's spec on the module before calling this; put
        # the real one back so reloading and introspection see the module's true home.
        module.__spec__ = self.real_spec


class _MovedModules(importlib.abc.MetaPathFinder):
    def __init__(self, package: str):
        self.package = package

    def find_spec(self, fullname, path=None, target=None):
        parent, _, name = fullname.rpartition(".")
        if parent != self.package or name not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname,
                                               _Alias(f"{self.package}.{MOVED[name]}"))


def install(package: str) -> None:
    """Answer for the old module paths of ``package`` (once per process).

    Old paths whose module is already loaded are registered at once. That matters for
    ``pk.evaluate``, ``pk.deal`` and ``pk.showdown``: functions named like their old modules.
    Were those paths loaded through the finder later, the import system would bind the module
    over the function on the package; found in ``sys.modules`` they are not bound again.
    """
    for old, new in MOVED.items():
        module = sys.modules.get(f"{package}.{new}")
        if module is not None:
            sys.modules.setdefault(f"{package}.{old}", module)
    if not any(isinstance(f, _MovedModules) for f in sys.meta_path):
        sys.meta_path.append(_MovedModules(package))
