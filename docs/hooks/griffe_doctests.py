"""Griffe extension: doctest blocks outside a NumPy ``Examples`` section render as code.

The NumPy docstring parser turns ``>>>`` lines of an ``Examples`` section into code blocks, but
a module docstring often shows a short session in its description, before any section. Read
as Markdown, such lines are nested block quotes (``>>>``) whose brackets look like link
references (``hits["set"]["combos"]``). This extension fences each such block (the ``>>>``
and ``...`` lines and the output up to the next blank line) as ``pycon`` before the docstring
is parsed; the docstring in the code, which the doctests run, is unchanged.
"""
from __future__ import annotations

import re
from typing import Any

import griffe

_DASHES = re.compile(r"^\s*-{3,}\s*$")
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")


def fence_doctests(text: str) -> str:
    """``text`` with every doctest block outside an ``Examples`` section fenced as pycon."""
    lines = text.split("\n")
    out: list[str] = []
    section = ""
    in_fence = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        if i + 1 < len(lines) and line.strip() and _DASHES.match(lines[i + 1]):
            section = line.strip().lower()
        fence = _FENCE.match(line)
        if in_fence:
            if fence and fence.group(1).startswith(in_fence):
                in_fence = ""
        elif fence:
            in_fence = fence.group(1)
        elif line.lstrip().startswith(">>>") and section != "examples":
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent)
                             else lines[i].lstrip())
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


class FenceDoctests(griffe.Extension):
    """Fence the doctest blocks of descriptions (see the module docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and ">>>" in obj.docstring.value:
            obj.docstring.value = fence_doctests(obj.docstring.value)
