"""The pages and assets in ``static/``, read once as package data (``importlib.resources``).

Only the files found there are served, looked up by name in a dict: a request path is never
joined to a file-system path, so ``..``, encoded slashes and absolute paths cannot escape.
"""
from __future__ import annotations

from importlib.resources import files

CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml",
                 ".png": "image/png", ".ico": "image/x-icon"}


def load_static() -> dict[str, tuple[bytes, str]]:
    """{relative path: (content, content type)} of every servable file under static/."""
    found: dict[str, tuple[bytes, str]] = {}

    def walk(folder, prefix: str) -> None:
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
