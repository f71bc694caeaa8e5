"""Griffe extension: code in a docstring's description renders as code.

Two things a docstring may show outside a NumPy ``Examples`` section, which the Markdown
renderer would otherwise read as prose:

- A doctest block: the NumPy parser turns ``>>>`` lines of an ``Examples`` section into code,
  but a module docstring often shows a short session in its description. Read as Markdown,
  such lines are nested block quotes (``>>>``) whose brackets look like link references
  (``hits["set"]["combos"]``). Each such block (the ``>>>`` and ``...`` lines and the output
  up to the next blank line) is fenced as ``pycon``.
- An indented block (reStructuredText's literal block, Markdown's indented code), e.g. a
  command's usage lines under a module's summary. When every line after the summary is
  indented, ``inspect.cleandoc`` (which griffe applies) removes that indentation as if it were
  the code's own, and the block becomes a paragraph whose ``[--option]`` brackets look like
  links. Such a docstring is re-read from the source, removing only the indentation of the
  code around it.

Only what is rendered changes: the docstring in the code, which the doctests run, is unchanged.
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


def with_source_indentation(source: str, margin: int) -> str:
    """A docstring's text from its source (quotes included), less only ``margin`` columns of
    indentation on the lines after the first (cleandoc removes the smallest indentation)."""
    body = re.sub(r'^[rRuUbB]*("""|\'\'\')', "", source.strip())
    body = re.sub(r'("""|\'\'\')$', "", body)
    first, *rest = body.split("\n")
    lines = [first.strip()] + [line[margin:] if not line[:margin].strip() else line.lstrip()
                               for line in rest]
    return "\n".join(line.rstrip() for line in lines).strip("\n")


def _margin(obj: griffe.Object) -> int:
    """Indentation of the code the docstring sits in (its opening line's)."""
    if obj.docstring is None or obj.docstring.lineno is None:
        return 0
    try:
        line = obj.lines_collection[obj.filepath][obj.docstring.lineno - 1]
    except (KeyError, IndexError, TypeError):
        return 0
    return len(line) - len(line.lstrip())


class FenceDoctests(griffe.Extension):
    """Render the code of descriptions as code (see the module docstring)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        doc = obj.docstring
        if doc is None:
            return
        try:
            source = doc.source
        except (ValueError, OSError, TypeError):  # no source (a compiled or inspected object)
            source = ""
        if source:
            text = with_source_indentation(source, _margin(obj))
            if text != doc.value and text.split() == doc.value.split():
                doc.value = text
        if ">>>" in doc.value:
            doc.value = fence_doctests(doc.value)
