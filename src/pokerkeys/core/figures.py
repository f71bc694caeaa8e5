"""Matplotlib figures for the plots, made the same way everywhere and quietly.

A plot is a bare ``Figure`` with the Agg canvas: no pyplot, no GUI backend, no global state,
so it works in a script, a notebook, a server thread or a machine with no screen. Matplotlib
is an optional dependency (the ``plot`` extra): without it, making a figure raises an
``ImportError`` that names the extra. Matplotlib keeps a font cache in its configuration
folder (``$MPLCONFIGDIR``, else ``$XDG_CONFIG_HOME/matplotlib`` or ``~/.config/matplotlib``);
where that cannot be written (a service account with no home, a read-only home) it prints two
lines of warning and uses a temporary folder. Here a temporary folder is chosen before it is
imported, silently, and removed at exit, as matplotlib would.
"""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from typing import TYPE_CHECKING, Any

from .._user_folders import writable_folder, xdg_base

if TYPE_CHECKING:
    from matplotlib.figure import Figure

__all__ = ["new_figure"]


def _config_folder_is_writable() -> bool:
    """True when matplotlib's configuration folder takes a file (it is made if need be, as
    matplotlib would), never in a home folder that does not exist (``HOME=/nonexistent``)."""
    base = xdg_base("XDG_CONFIG_HOME", ".config")
    return base is not None and writable_folder(base / "matplotlib")


def _quiet_config() -> None:
    """Point ``MPLCONFIGDIR`` at a temporary folder when matplotlib's own cannot be written."""
    if "MPLCONFIGDIR" in os.environ or _config_folder_is_writable():
        return
    folder = tempfile.mkdtemp(prefix="pokerkeys-matplotlib-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    os.environ["MPLCONFIGDIR"] = folder


def new_figure(**kwargs: Any) -> Figure:
    """A new matplotlib ``Figure`` on the Agg canvas.

    Parameters
    ----------
    **kwargs
        Passed to ``matplotlib.figure.Figure`` (``figsize``, ``dpi``, ...).

    Returns
    -------
    matplotlib.figure.Figure
        An empty figure that can be saved with ``savefig``.

    Raises
    ------
    ImportError
        If matplotlib is not installed (``pip install 'pokerkeys[plot]'``).

    Examples
    --------
    >>> from pokerkeys.core.figures import new_figure
    >>> fig = new_figure(figsize=(4, 3), dpi=50)
    >>> fig.get_size_inches().tolist()
    [4.0, 3.0]
    """
    _quiet_config()
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError("plots need matplotlib: pip install 'pokerkeys[plot]'") from None
    fig = Figure(**kwargs)
    FigureCanvasAgg(fig)
    return fig
