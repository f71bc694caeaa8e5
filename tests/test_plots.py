"""pokerkeys.preflop.plots: every figure is drawn and written as a valid PNG (needs matplotlib)."""
from __future__ import annotations

import os

import numpy as np
import pytest

matplotlib = pytest.importorskip("matplotlib")
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.image import imread  # noqa: E402

from pokerkeys.preflop import plots  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def assert_png(path, min_size=300):
    assert path.is_file()
    assert path.read_bytes()[:8] == PNG_SIGNATURE
    image = imread(path)
    assert image.ndim == 3 and min(image.shape[:2]) >= min_size
    assert image.std() > 0  # not a blank canvas


def test_equity_grid(tmp_path):
    fig = plots.equity_grid(1, path=tmp_path / "eq1.png")
    assert isinstance(fig, Figure)
    assert_png(tmp_path / "eq1.png")
    plots.equity_grid(9, path=tmp_path / "eq9.png")
    assert_png(tmp_path / "eq9.png")


def test_rank_grid(tmp_path):
    plots.rank_grid(6, path=tmp_path / "rank.png")
    assert_png(tmp_path / "rank.png")


def test_rank_distribution(tmp_path):
    plots.rank_distribution("A5s", path=tmp_path / "dist.png")
    assert_png(tmp_path / "dist.png")


def test_heads_up_matrix(tmp_path):
    plots.heads_up_matrix(path=tmp_path / "matrix.png")
    assert_png(tmp_path / "matrix.png")


def test_custom_grid_and_other_formats(tmp_path):
    plots.class_grid(np.linspace(0, 1, 169), title="test", path=tmp_path / "grid.svg")
    assert (tmp_path / "grid.svg").read_text().lstrip().startswith("<?xml")


def test_bad_arguments():
    with pytest.raises(ValueError, match="169 values"):
        plots.class_grid(np.zeros(168))
    with pytest.raises(ValueError, match="from 1 to 9"):
        plots.equity_grid(10)
    with pytest.raises(ValueError, match="169 x 169"):
        plots.heads_up_matrix(np.zeros((3, 3)))
    with pytest.raises(ValueError, match="unknown hand class"):
        plots.rank_distribution("AKx")


def test_a_plot_with_no_home_folder_prints_nothing_and_makes_no_home(tmp_path):
    """With HOME=/nonexistent (a service account's way of having none), matplotlib would print
    two lines about its configuration folder (or, run as root, make the home folder): the plot
    goes through quietly with a temporary one."""
    import subprocess
    import sys
    home = tmp_path / "nonexistent"
    env = {k: v for k, v in os.environ.items()
           if k not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")}
    env["HOME"] = str(home)
    run = subprocess.run([sys.executable, "-m", "pokerkeys", "first", "--trials", "1000",
                          "--seed", "1", "--plot", str(tmp_path / "first.png")],
                         capture_output=True, text=True, env=env, timeout=600)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    assert (tmp_path / "first.png").stat().st_size > 0
    assert not home.exists()
