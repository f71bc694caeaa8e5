"""The user's configuration and cache folders, as the XDG base-directory rules place them."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def xdg_base(variable: str, under_home: str) -> Path | None:
    """``$variable`` when it is an absolute path, else ``~/under_home``; None when there is no
    home folder.

    A home folder that does not exist counts as none: ``HOME=/nonexistent`` is how a service
    account says it has none, and a folder made there (root could) would belong to nobody.
    """
    value = os.environ.get(variable, "")
    if os.path.isabs(value):
        return Path(value)
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no HOME and no password entry (an arbitrary uid)
        return None
    if not home.is_absolute() or not home.is_dir():
        return None
    return home / under_home


def writable_folder(folder: Path) -> bool:
    """True when ``folder`` exists or could be made (it is made), and takes a new file: tried,
    not asked of ``os.access``, which says yes to root on a read-only file system."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True
