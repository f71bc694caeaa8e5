"""The web app's pages and assets in ``static/``, read once as package data
(``importlib.resources``).

Only the files found there are served, looked up by name in a dict: a request path is never
joined to a file-system path, so ``..``, encoded slashes and absolute paths cannot escape.
"""
from __future__ import annotations

from importlib.resources import files
from importlib.resources.abc import Traversable

__all__ = ["CONTENT_TYPES", "load_static"]

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
                 ".png": "image/png", ".ico": "image/x-icon"}
"""The content type of each servable file extension; files of other extensions are not served."""


def load_static() -> dict[str, tuple[bytes, str]]:
    """Every servable file under ``static/``, read into memory.

    Returns
    -------
    dict
        ``{path relative to static/: (content, content type)}``, e.g. ``"calc.js"`` or
        ``"index.html"``.

    Examples
    --------
    >>> from pokerkeys.web.static_files import load_static
    >>> static = load_static()
    >>> static["index.html"][1]
    'text/html; charset=utf-8'
    >>> "../app.py" in static
    False
    """
    found: dict[str, tuple[bytes, str]] = {}

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in folder.iterdir():
            name = prefix + entry.name
            if entry.is_dir():
                walk(entry, name + "/")
                continue
            suffix = "." + entry.name.rsplit(".", 1)[-1] if "." in entry.name else ""
            if suffix in CONTENT_TYPES:
                found[name] = (entry.read_bytes(), CONTENT_TYPES[suffix])

    walk(files("pokerkeys.web") / "static", "")
    return found
