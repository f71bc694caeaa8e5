"""The local web app: ``pokerkeys serve`` (needs the extra: ``pip install 'pokerkeys[web]'``).

``app.create_app(limits)`` builds the ASGI app (Starlette): the pages of ``static/`` (the odds
calculator, the preflop explorer, head-to-head; plain ES modules and CSS, read as package data
by ``static_files``), and the JSON API that ``endpoints`` describes. ``schemas`` validates
requests once at the edge, ``jobs`` owns the worker threads, work limits (``limits``),
streaming and cancellation, ``compute`` calls the engine, ``server`` runs the app under
uvicorn. Nothing here is imported by the rest of the package, and this module itself imports
neither starlette nor uvicorn, so that ``pokerkeys serve`` can say what is missing.
"""
from __future__ import annotations

__all__ = ["INSTALL_HINT", "REQUIRED_MODULES", "missing_modules"]

REQUIRED_MODULES = ("starlette", "uvicorn")
"""The modules the web app needs: the ``web`` extra installs them."""
INSTALL_HINT = "pip install 'pokerkeys[web]'"
"""The command that installs them."""


def missing_modules() -> list[str]:
    """The web extra's modules that are not installed, found without importing them.

    Returns
    -------
    list of str
        The names of ``REQUIRED_MODULES`` that cannot be found; empty when the app can run.

    Examples
    --------
    >>> from pokerkeys.web import missing_modules
    >>> missing_modules()
    []
    """
    import importlib.util
    return [m for m in REQUIRED_MODULES if importlib.util.find_spec(m) is None]
