"""Start-up: a whole `pokerkeys` process with a warm JIT cache (target <= 1.0 s)."""
import shutil
import subprocess
import sys

import pytest

from bench_util import run

COMMANDS = {
    "eval": ["eval", "As Ks Qs Js Ts"],
    "equity": ["equity", "AhKh", "QsQd"],
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_cli_process_warm_cache(benchmark, name):
    exe = shutil.which("pokerkeys")
    command = [exe] if exe else [sys.executable, "-m", "pokerkeys"]
    argv = command + COMMANDS[name]
    benchmark.group = "whole CLI process, warm JIT cache"
    run(benchmark, lambda: subprocess.run(argv, check=True, capture_output=True), rounds=5,
        unit="runs")
