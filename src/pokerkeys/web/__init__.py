"""The local web app: ``pokerkeys serve`` (needs the extra: ``pip install 'pokerkeys[web]'``).

``app.create_app(limits)`` builds the ASGI app (Starlette): the pages of ``static/`` (the odds
calculator, the preflop explorer, head-to-head; plain ES modules and CSS, read as package data),
and the JSON API of ``routes``. ``schemas`` validates requests once at the edge, ``jobs`` owns
the worker threads, work limits, streaming and cancellation, ``compute`` calls the engine.
Nothing here is imported by the rest of the package.
"""

REQUIRED_MODULES = ("starlette", "uvicorn")
INSTALL_HINT = "pip install 'pokerkeys[web]'"


def missing_modules() -> list[str]:
    """The web extra's modules that are not installed (without importing them)."""
    import importlib.util
    return [m for m in REQUIRED_MODULES if importlib.util.find_spec(m) is None]
