"""MkDocs hook: a ``python`` block written as a session (``>>>`` lines) is shown as one.

The pages fence their examples as ``python`` (tests/test_examples.py runs them as doctests).
Highlighted as Python source, a session's prompts and printed output come out as odd
operators and stray tokens; the ``pycon`` lexer knows prompts and greys the output. Only the
built page changes, the Markdown files stay as they are.
"""
from __future__ import annotations

import re
from typing import Any

_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,})python(?P<rest>[ \t][^\n]*)?$")


def as_sessions(markdown: str) -> str:
    """``markdown`` with the fence of every python block holding ``>>>`` lines set to pycon."""
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        m = _OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        end = i + 1
        while end < len(lines) and lines[end].strip() != m.group("fence"):
            end += 1
        if any(line.lstrip().startswith(">>>") for line in lines[i + 1:end]):
            lines[i] = f"{m.group('indent')}{m.group('fence')}pycon{m.group('rest') or ''}"
        i = end + 1
    return "\n".join(lines)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    return as_sessions(markdown)
