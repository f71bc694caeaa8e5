"""``pokerkeys serve`` without the web extra: one line saying what to install, exit 2."""
from __future__ import annotations

import importlib.util

from pokerkeys.cli import main


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch, capsys):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("starlette", "uvicorn")
                        else real(name, *a))
    assert main(["serve", "--port", "1"]) == 2
    err = capsys.readouterr().err
    assert err == ("pokerkeys serve: error: the web app needs starlette and uvicorn: "
                   "pip install 'pokerkeys[web]'\n")


def test_serve_refuses_a_bad_port(capsys):
    import pytest
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", "70000"])
    assert exc.value.code == 2 and "65535" in capsys.readouterr().err
