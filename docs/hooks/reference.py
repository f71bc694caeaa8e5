"""MkDocs hook: the reference pages, generated from the code at build time.

- ``reference/api/``: one page per topic (evaluation, cards, equity, ...) rendering every name
  of ``pokerkeys.__all__`` with mkdocstrings (``::: path`` directives, each name resolved to the
  module that defines it, lazy names included), and one page per public module (no part of its
  path starts with ``_``) rendering its docstring and the names of its ``__all__``. Each object
  is rendered once, on its *home* page (a topic page, else the page of the module defining it,
  else the first public module exporting it); everywhere else it is a link to there.
- ``reference/cli.md``: the command line, walked from ``pokerkeys.cli.main.build_parser()``.
- ``reference/json-api.md``: the web app's JSON API, from ``pokerkeys.web.endpoints.ENDPOINTS``.

The pages are added to the build in ``on_files`` (``File.generated``), nothing is written into
``docs/``, and ``on_config`` puts the API pages into the navigation under Reference, in place of
the entry ``reference/api/index.md``.
"""
from __future__ import annotations

import argparse
import importlib
import inspect
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
PACKAGE = "pokerkeys"
API = "reference/api"


# ------------------------------------------------------------------------------------ topics

@dataclass(frozen=True)
class Topic:
    slug: str
    title: str
    intro: str
    extra: tuple[str, ...] = ()   # public paths rendered here besides names of pokerkeys.__all__


TOPICS: tuple[Topic, ...] = (
    Topic("evaluation", "Evaluation",
          "Ranks of hands, one at a time or in batches, and what a rank means. Ranks run from "
          "1 (the worst hand, 7-5-4-3-2 offsuit) to 7462 (a royal flush); see "
          "[the rank scale](../index.md#the-rank-scale)."),
    Topic("cards", "Cards and dealing",
          "Card ids (``id = 4 * rank + suit``), parsing text into ids and formatting ids as "
          "text, and dealing with an explicit random generator."),
    Topic("equity", "Equity",
          "All-in equity of 2-10 hands or ranges, exact or by Monte Carlo, for hold'em and "
          "Omaha; the result type and its fields. The definitions of equity, win, tie and tie "
          "share are in [the reference overview](../index.md#equity-win-tie-and-tie-share).",
          ("pokerkeys.equity.DEFAULT_TRIALS", "pokerkeys.equity.MAX_PLAYERS")),
    Topic("ranges", "Ranges",
          "Hand ranges in PokerStove / Equilab syntax, with weights and percentages.",
          ("pokerkeys.equity.parse_range", "pokerkeys.equity.RangeParseError")),
    Topic("analysis", "Range analysis",
          "What a range hits on a board, equity on every flop, after every turn or river card, "
          "its distribution, its equity by hand class, and what wins.",
          ("pokerkeys.analysis.RangeHits", "pokerkeys.analysis.runouts.Runouts",
           "pokerkeys.analysis.runouts.RunoutGrid",
           "pokerkeys.analysis.distribution.EquityDistribution",
           "pokerkeys.analysis.by_class.ClassEquity", "pokerkeys.analysis.by_class.WhatWins")),
    Topic("preflop", "Preflop",
          "The 169 starting-hand classes and the preflop tables (``pk.preflop``).",
          ("pokerkeys.preflop.equity_vs_opponents", "pokerkeys.preflop.heads_up_equity",
           "pokerkeys.preflop.class_ranks", "pokerkeys.preflop.heads_up_matrix",
           "pokerkeys.preflop.HeadsUpMatrix", "pokerkeys.preflop.rank_distribution",
           "pokerkeys.preflop.RankDistribution", "pokerkeys.preflop.count_matchups",
           "pokerkeys.preflop.hand_class")),
    Topic("games", "Games",
          "Showdowns and winners, the best hand of other games (Omaha, Three-D, wild cards), "
          "draw poker, and category statistics (``pk.stats``)."),
    Topic("bulk-files", "Bulk files",
          "Ranking every hand of a CSV, Parquet, ``.npy`` or UCI Poker Hand file "
          "(``pokerkeys eval-file``), within a memory bound.",
          ("pokerkeys.io.evaluate_file", "pokerkeys.io.FileSummary", "pokerkeys.io.memory_bound",
           "pokerkeys.io.explain_row")),
    Topic("dask", "Dask",
          "Scaling out on Dask (``pip install '.[dask]'``): batch evaluation of dask arrays "
          "and dataframes, and Monte Carlo equity spread over workers.",
          ("pokerkeys.io.distributed.evaluate_array", "pokerkeys.io.distributed.evaluate_dataframe",
           "pokerkeys.io.distributed.equity")),
    Topic("web", "Web app",
          "The local web app (``pip install '.[web]'``, ``pokerkeys serve``): the application "
          "factory, its limits and the server. Its JSON API is described in "
          "[the JSON API reference](../json-api.md).",
          ("pokerkeys.web.app.create_app", "pokerkeys.web.limits.Limits",
           "pokerkeys.web.server.serve")),
)

# Names of pokerkeys.__all__ whose topic is not the one their defining module suggests.
TOPIC_OF_NAME = {"BestHand": "games", "omaha_hand": "games", "deal": "cards",
                 "TableError": "evaluation", "stats": "games", "preflop": "preflop"}
# Defining module prefix -> topic, the first match wins (for names not in TOPIC_OF_NAME).
TOPIC_OF_MODULE = (
    ("pokerkeys.core.cards", "cards"), ("pokerkeys.games.deal", "cards"),
    ("pokerkeys.core", "evaluation"), ("pokerkeys.equity.ranges", "ranges"),
    ("pokerkeys.equity", "equity"), ("pokerkeys.analysis", "analysis"),
    ("pokerkeys.preflop", "preflop"), ("pokerkeys.games", "games"),
    ("pokerkeys.io.distributed", "dask"), ("pokerkeys.io", "bulk-files"),
    ("pokerkeys.web", "web"), ("pokerkeys", "evaluation"),
)


# ------------------------------------------------------------------------------- the package

def is_public(module: str) -> bool:
    return not any(part.startswith("_") for part in module.split("."))


def all_modules() -> list[str]:
    """Every module of the package (private ones too), packages before their modules."""
    names = []
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join(parts))
    return sorted(set(names), key=lambda n: n.split("."))


def public_modules() -> list[str]:
    return [m for m in all_modules() if is_public(m)]


class Package:
    """What the generator needs to know about the package, from imports and from griffe."""

    def __init__(self) -> None:
        import griffe

        if str(SRC) not in sys.path:
            sys.path.insert(0, str(SRC))
        self.griffe = griffe.load(PACKAGE, search_paths=[str(SRC)], resolve_aliases=True,
                                  resolve_external=False)
        self.modules = all_modules()
        self.public = [m for m in self.modules if is_public(m)]
        self._imported: dict[str, ModuleType | None] = {}

    # -- modules
    def module(self, name: str) -> ModuleType | None:
        """The imported module, or None when it needs an extra that is not installed."""
        if name not in self._imported:
            try:
                self._imported[name] = importlib.import_module(name)
            except ImportError:
                self._imported[name] = None
        return self._imported[name]

    def griffe_object(self, path: str) -> Any | None:
        try:
            return self.griffe[path.removeprefix(PACKAGE).lstrip(".")] if path != PACKAGE \
                else self.griffe
        except (KeyError, ValueError, AttributeError):
            return None

    def exports(self, module: str) -> list[str]:
        """The module's ``__all__``; without one, the public names it defines itself."""
        mod = self.module(module)
        names = getattr(mod, "__all__", None) if mod is not None else None
        if names is not None:
            return list(names)
        obj = self.griffe_object(module)
        if obj is None:
            return []
        if mod is None and obj.exports is not None:
            return [e for e in obj.exports if isinstance(e, str)]
        return [name for name, member in obj.members.items()
                if not name.startswith("_") and not member.is_alias and not member.is_module]

    def defining_module(self, path: str) -> str:
        """The longest prefix of a dotted path that is a module of the package."""
        parts = path.split(".")
        for i in range(len(parts), 0, -1):
            if ".".join(parts[:i]) in self.modules:
                return ".".join(parts[:i])
        return PACKAGE

    # -- names
    def target(self, module: str, name: str) -> str:
        """Where ``module.name`` is defined: ``defining.module.qualname``, or a module's name."""
        mod = self.module(module)
        if mod is not None:
            try:
                obj = getattr(mod, name)
            except AttributeError:
                obj = None
            if inspect.ismodule(obj):
                return obj.__name__
            owner = getattr(obj, "__module__", None)
            qualname = getattr(obj, "__qualname__", None) if not _is_instance(obj) else None
            if (isinstance(owner, str) and owner.split(".")[0] == PACKAGE
                    and isinstance(qualname, str) and "<" not in qualname):
                return f"{owner}.{qualname}"
        g = self.griffe_object(f"{module}.{name}")
        if g is not None and getattr(g, "is_alias", False):
            try:
                return str(g.final_target.path)
            except Exception:  # an alias griffe cannot resolve: keep the exporting path
                return f"{module}.{name}"
        return f"{module}.{name}"

    def kind_order(self, target: str) -> int:
        g = self.griffe_object(target)
        kind = getattr(getattr(g, "kind", None), "value", "")
        return {"function": 0, "class": 1, "module": 3}.get(kind, 2)

    def summary(self, path: str) -> str:
        """First sentence-paragraph of an object's docstring, as one line of Markdown."""
        g = self.griffe_object(path)
        text = ""
        if g is not None:
            try:
                text = g.docstring.value if g.docstring else ""
            except Exception:  # an alias to something outside the package
                text = ""
        if not text:
            module, _, name = path.rpartition(".")
            mod = self.module(module) if module else None
            obj = getattr(mod, name, None) if mod is not None else self.module(path)
            # an instance (a constant) would give its class's docstring
            text = "" if obj is None or _is_instance(obj) else inspect.getdoc(obj) or ""
        first = text.strip().split("\n\n")[0]
        if not first:
            return self.value(path)
        return rst_to_md(" ".join(first.split()))

    def value(self, path: str) -> str:
        """``= value`` of a constant without a docstring, when short."""
        module, _, name = path.rpartition(".")
        mod = self.module(module) if module else None
        if mod is None or not hasattr(mod, name):
            return ""
        obj = getattr(mod, name)
        if isinstance(obj, (int, float, str, tuple, frozenset)):
            text = repr(obj)
        else:  # a type alias or another expression: as the source writes it
            g = self.griffe_object(path)
            text = str(getattr(g, "value", None) or "") if g is not None else ""
        if not text or len(text) > 60:
            return ""
        return f"`= {text}`".replace("|", "\\|")


def _is_instance(obj: object) -> bool:
    return not (inspect.isclass(obj) or inspect.isroutine(obj) or inspect.ismodule(obj)
                or hasattr(obj, "py_func"))  # a Numba dispatcher stands for its function


def rst_to_md(text: str) -> str:
    """The reStructuredText bits docstrings use, in Markdown: ``code`` -> `code`."""
    text = re.sub(r"``(.+?)``", r"`\1`", text)
    text = re.sub(r":(?:func|class|meth|mod|attr|data|obj):`~?([^`]+)`", r"`\1`", text)
    return text.replace("|", "\\|")


# ------------------------------------------------------------------------------- the plan

@dataclass
class Home:
    page: str           # src_uri of the page rendering it
    ident: str          # the anchor / autorefs identifier
    directive: str      # the path given to ::: (ident, or the exporting path of a private one)


@dataclass
class Plan:
    """Which object is rendered where, and the pages' Markdown."""

    pkg: Package
    homes: dict[str, Home] = field(default_factory=dict)          # target -> home
    # topic slug -> [(label, target)] of the objects it shows, and [module] of the modules
    topic_items: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    topic_modules: dict[str, list[str]] = field(default_factory=dict)

    @staticmethod
    def module_page(module: str) -> str:
        return f"{API}/modules/{module}.md"

    @staticmethod
    def topic_page(slug: str) -> str:
        return f"{API}/{slug}.md"

    def build(self) -> Plan:
        pkg = self.pkg
        slugs = {t.slug for t in TOPICS}
        for t in TOPICS:
            self.topic_items[t.slug] = []
            self.topic_modules[t.slug] = []
        root = pkg.module(PACKAGE)
        assert root is not None
        for name in root.__all__:
            target = pkg.target(PACKAGE, name)
            slug = TOPIC_OF_NAME.get(name) or next(
                s for prefix, s in TOPIC_OF_MODULE
                if target == prefix or target.startswith(prefix + "."))
            assert slug in slugs, (name, slug)
            if target in pkg.modules:
                self.topic_modules[slug].append(target)
            else:
                self.topic_items[slug].append((f"pk.{name}", target))
        for t in TOPICS:
            for path in t.extra:
                module, _, name = path.rpartition(".")
                self.topic_items[t.slug].append((path, pkg.target(module, name)))
            # functions first (what a reader calls), then classes, then constants
            self.topic_items[t.slug].sort(key=lambda item: pkg.kind_order(item[1]))
        for t in TOPICS:
            for label, target in self.topic_items[t.slug]:
                if target in self.homes:
                    continue
                if is_public(pkg.defining_module(target)):
                    self.homes[target] = Home(self.topic_page(t.slug), target, target)
                else:
                    public = label if not label.startswith("pk.") else \
                        f"{PACKAGE}.{label[3:]}"
                    self.homes[target] = Home(self.topic_page(t.slug), public, public)
        # names of public modules: on the defining module's page if it exports them, else on
        # the page of the first public module that does
        exported: dict[str, list[tuple[str, str]]] = {}
        for module in pkg.public:
            for name in pkg.exports(module):
                exported.setdefault(pkg.target(module, name), []).append((module, name))
        for target, where in exported.items():
            if target in self.homes or target in pkg.modules:
                continue
            defining = pkg.defining_module(target)
            leaf = target[len(defining) + 1:]
            if is_public(defining) and (defining, leaf) in where:
                self.homes[target] = Home(self.module_page(defining), target, target)
            else:
                module, name = where[0]
                path = f"{module}.{name}"
                self.homes[target] = Home(self.module_page(module), path, path)
        return self

    # -- Markdown
    def link(self, label: str, target: str) -> str:
        if target in self.pkg.modules and is_public(target):
            return f"[`{label}`][{target}]"
        home = self.homes.get(target)
        return f"[`{label}`][{home.ident}]" if home else f"`{label}`"

    def names_table(self, module: str, names: list[str], here: str) -> str:
        rows = ["| name | what it is |", "|---|---|"]
        for name in names:
            target = self.pkg.target(module, name)
            home = self.homes.get(target)
            summary = self.pkg.summary(home.directive if home else target) if (
                home or target in self.pkg.modules) else ""
            if target in self.pkg.modules:
                summary = self.pkg.summary(target)
            link = self.link(name, target)
            if home and home.page != here:
                summary += f" *({self.page_title(home.page)})*"
            rows.append(f"| {link} | {summary} |")
        return "\n".join(rows)

    def page_title(self, page: str) -> str:
        for t in TOPICS:
            if page == self.topic_page(t.slug):
                return t.title
        return page.removeprefix(f"{API}/modules/").removesuffix(".md")

    def topic_markdown(self, topic: Topic) -> str:
        page = self.topic_page(topic.slug)
        out = [f"# {topic.title}", "", rst_to_md(topic.intro).replace("\\|", "|"), ""]
        items = self.topic_items[topic.slug]
        if any(label.startswith("pk.") for label, _ in items):
            out += ["Names shown as `pk.name` are attributes of the package "
                    "(`import pokerkeys as pk`); below each is the module that defines it.", ""]
        out += ["| name | what it is |", "|---|---|"]
        for label, target in items:
            home = self.homes[target]
            module = self.pkg.defining_module(home.ident)
            out.append(f"| {self.link(label, target)}<br><small>[`{module}`][{module}]</small> | "
                       f"{self.pkg.summary(home.directive)} |")
        for module in self.topic_modules[topic.slug]:
            alias = self.alias(module)
            out.append(f"| [`{alias}`](#{_anchor(alias)})<br><small>[`{module}`][{module}]"
                       f"</small> | {self.pkg.summary(module)} |")
        out.append("")
        for _label, target in items:
            home = self.homes[target]
            if home.page == page:
                out += self.render(home)
        for module in self.topic_modules[topic.slug]:
            alias = self.alias(module)
            out += [f"## `{alias}` {{#{_anchor(alias)}}}", "",
                    f"`{alias}` is the module [`{module}`][{module}]. "
                    f"{self.pkg.summary(module)}", ""]
            names = self.pkg.exports(module)
            if names:
                out += [self.names_table(module, names, page), ""]
        return "\n".join(out)

    def alias(self, module: str) -> str:
        """``pk.name`` of a module the package exports by a short name, else its own name."""
        return next((f"pk.{n}" for n in self.pkg.exports(PACKAGE)
                     if self.pkg.target(PACKAGE, n) == module), module)

    def module_markdown(self, module: str) -> str:
        page = self.module_page(module)
        names = self.pkg.exports(module)
        out = directive(module, root=True)
        if names:
            out += ["## Contents", "", self.names_table(module, names, page), ""]
        for name in names:
            target = self.pkg.target(module, name)
            home = self.homes.get(target)
            if home is not None and home.page == page:
                out += self.render(home)
        return "\n".join(out)

    def render(self, home: Home) -> list[str]:
        """The mkdocstrings block of an object; a plain section with its value when griffe
        cannot see it (a name bound by tuple unpacking, ``A, B = 1, 2``)."""
        if self.pkg.griffe_object(home.directive) is not None:
            return directive(home.directive)
        module, _, name = home.directive.rpartition(".")
        mod = self.pkg.module(module)
        value = repr(getattr(mod, name)) if mod is not None and hasattr(mod, name) else "..."
        return [f"## `{name}` {{#{home.ident}}}", "", "```python", f"{name} = {value}",
                "```", "", self.pkg.summary(home.directive), ""]

    def index_markdown(self) -> str:
        out = ["# API reference", "",
               "Every public name, generated from the docstrings: its signature with types, "
               "parameters, what it returns and raises, and examples (which the test suite "
               "runs). `import pokerkeys as pk` gives the names of the first table; the "
               "modules below hold the rest.", "",
               "## By topic", "", "| topic | what it covers |", "|---|---|"]
        for t in TOPICS:
            first = rst_to_md(t.intro).split(". ")[0].rstrip(".")
            first = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", first)
            out.append(f"| [{t.title}]({t.slug}.md) | {first}. |")
        out += ["", "## Modules", "", "| module | what it is for |", "|---|---|"]
        for module in self.pkg.public:
            out.append(f"| [`{module}`](modules/{module}.md) | {self.pkg.summary(module)} |")
        return "\n".join(out) + "\n"

    def pages(self) -> dict[str, str]:
        pages = {f"{API}/index.md": self.index_markdown()}
        for t in TOPICS:
            pages[self.topic_page(t.slug)] = self.topic_markdown(t)
        for module in self.pkg.public:
            pages[self.module_page(module)] = self.module_markdown(module)
        return pages

    def nav(self) -> list[Any]:
        """The API section of the navigation."""
        modules: list[Any] = []
        groups: dict[str, list[Any]] = {}
        for module in self.pkg.public:
            parts = module.split(".")
            entry = {module: self.module_page(module)}
            if len(parts) == 1:
                modules.append(entry)
            else:
                key = parts[1]
                if key not in groups:
                    groups[key] = []
                    modules.append({f"{PACKAGE}.{key}": groups[key]})
                groups[key].append(entry)
        # a subpackage without modules is a page, not a section
        modules = [next(iter(e.values()))[0] if isinstance(next(iter(e.values())), list)
                   and len(next(iter(e.values()))) == 1 else e for e in modules]
        return [f"{API}/index.md", *({t.title: self.topic_page(t.slug)} for t in TOPICS),
                {"Modules": modules}]


def directive(path: str, root: bool = False) -> list[str]:
    """A mkdocstrings block for one object, or (root) for a module page's title and docstring."""
    if root:
        options = ["show_root_heading: true", "show_root_full_path: true", "heading_level: 1",
                   "members: false"]
    else:
        options = ["show_root_heading: true", "heading_level: 2"]
    return [f"::: {path}", "    options:", *(f"      {o}" for o in options), ""]


# ----------------------------------------------------------------------- the command line

def _flags(action: argparse.Action) -> str:
    if action.option_strings:
        return ", ".join(f"`{s}`" for s in action.option_strings)
    return f"`{action.metavar or action.dest}`"


def _value(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    if action.nargs == 0:
        return ""
    if action.choices is not None and not isinstance(action, argparse._SubParsersAction):
        return " \\| ".join(f"`{c}`" for c in action.choices)
    default = action.dest.upper() if action.option_strings else action.dest
    text = formatter._format_args(action, default)
    return f"`{text}`"


def _default(action: argparse.Action) -> str:
    if action.nargs == 0 or action.default in (None, argparse.SUPPRESS) or action.required:
        return ""
    return f"`{action.default}`"


def _help(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    if not action.help or action.help == argparse.SUPPRESS:
        return ""
    text = formatter._expand_help(action)
    return " ".join(text.split()).replace("|", "\\|")


def _usage(parser: argparse.ArgumentParser) -> str:
    formatter = argparse.HelpFormatter(prog=parser.prog, width=72)  # the code block's width
    formatter.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return formatter.format_help().strip()


def subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of each subcommand, depth first."""
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            for name, sub in action.choices.items():
                out.append((sub.prog, helps.get(name) or "", sub))
                out += subcommands(sub)
    return out


def _text(text: str | None) -> str:
    """A description or epilog: argparse text, kept as paragraphs."""
    if not text:
        return ""
    paragraphs = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text.strip())]
    return "\n\n".join(p.replace("<", "&lt;") for p in paragraphs)


def _anchor(prog: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", prog.lower()).strip("-")


def parser_section(prog: str, summary: str, parser: argparse.ArgumentParser,
                   level: int) -> list[str]:
    formatter = parser._get_formatter()
    out = [f"{'#' * level} `{prog}` {{#{_anchor(prog)}}}", ""]
    if summary:
        out += [summary[0].upper() + summary[1:] + ("" if summary.endswith(".") else "."), ""]
    out += ["```text", _usage(parser), "```", ""]
    if parser.description:
        out += [_text(parser.description), ""]
    rows = []
    subs = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help for a in action._choices_actions}
            subs = [(name, helps.get(name) or "") for name in action.choices]
            continue
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
            continue  # every command has -h/--help; the introduction says so
        rows.append(f"| {_flags(action)} | {_value(action, formatter)} | {_default(action)} | "
                    f"{_help(action, formatter)} |")
    if rows:
        out += ["| argument | value | default | meaning |", "|---|---|---|---|", *rows, ""]
    if subs:
        out += ["| subcommand | what it does |", "|---|---|"]
        out += [f"| [`{name}`](#{_anchor(parser.prog + ' ' + name)}) | "
                f"{h.replace('|', chr(92) + '|')} |" for name, h in subs]
        out.append("")
    if parser.epilog:
        out += [_text(parser.epilog), ""]
    return out


def cli_markdown(parser: argparse.ArgumentParser | None = None) -> str:
    if parser is None:
        from pokerkeys.cli.main import build_parser

        parser = build_parser()
    out = ["# Command line", "",
           "Every subcommand of `pokerkeys`, with its arguments, as the parser itself defines "
           "them (this page is generated from `pokerkeys.cli.main.build_parser()`; "
           "`pokerkeys COMMAND --help` prints the same, and every command takes `-h`/`--help`). "
           "Bad input is reported on standard error as `pokerkeys COMMAND: error: ...` with "
           "exit code 2, followed for a usage error by a line `see 'pokerkeys COMMAND --help'`. "
           "The guide "
           "[the command line in shell pipelines](../guides/command-line.md) shows them at "
           "work.", ""]
    out += parser_section(parser.prog, "", parser, 2)
    for prog, summary, sub in subcommands(parser):
        out += parser_section(prog, summary, sub, 2 + min(prog.count(" "), 2))
    return "\n".join(out)


# --------------------------------------------------------------------------- the JSON API

def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _fields(fields: Any, request: bool) -> list[str]:
    if request:
        rows = ["| field | type | required | default | meaning |", "|---|---|---|---|---|"]
        rows += [f"| `{f.name}` | {_cell(f.type)} | {'yes' if f.required else 'no'} | "
                 f"{'`' + _cell(f.default) + '`' if f.default is not None else ''} | "
                 f"{_cell(f.description)} |" for f in fields]
    else:
        rows = ["| field | type | meaning |", "|---|---|---|"]
        rows += [f"| `{f.name}` | {_cell(f.type)} | {_cell(f.description)} |" for f in fields]
    return [*rows, ""]


def endpoint_anchor(endpoint: Any) -> str:
    return _anchor(f"{endpoint.method} {endpoint.path}")


def json_api_markdown(endpoints: Any = None, conventions: str | None = None) -> str:
    if endpoints is None:
        from pokerkeys.web import endpoints as module

        endpoints = module.ENDPOINTS
        conventions = _conventions(module.__doc__ or "")
    out = ["# JSON API", "",
           "The web app (`pokerkeys serve`, which needs `pip install '.[web]'`) answers these "
           "routes on `http://127.0.0.1:8000` by default. This page is generated from "
           "`pokerkeys.web.endpoints.ENDPOINTS`, which a test checks against the app's routes. "
           "The guide [the web app](../guides/web-app.md) shows the API at work.", ""]
    if conventions:
        out += [conventions, ""]
    out += ["| method | path | what it does |", "|---|---|---|"]
    out += [f"| {e.method} | [`{e.path}`](#{endpoint_anchor(e)}) | {_cell(e.summary)} |"
            for e in endpoints]
    out.append("")
    for e in endpoints:
        out += [f"## `{e.method} {e.path}` {{#{endpoint_anchor(e)}}}", "", _cell(e.summary), ""]
        if e.description:
            out += [rst_to_md(e.description).replace("\\|", "|"), ""]
        if e.content_type != "application/json":
            out += [f"Answers with `{e.content_type}`.", ""]
        if e.query:
            out += ["**Query parameters**", "", *_fields(e.query, True)]
        if e.body:
            out += ["**Request body** (a JSON object)", "", *_fields(e.body, True)]
        if e.response:
            what = ("**Stream events**" if e.content_type == "text/event-stream"
                    else "**Response** (a JSON object)")
            out += [what, "", *_fields(e.response, False)]
        if e.errors:
            out += ["**Errors** (answered with `{\"error\": \"<message>\"}`)", "",
                    "| status | when |", "|---|---|"]
            out += [f"| {x.status} | {_cell(x.when)} |" for x in e.errors]
            out.append("")
        if e.example_request:
            out += ["**Example**", "", "```bash", e.example_request.strip(), "```", ""]
        if e.example_response:
            lang = "json" if _is_json(e.example_response) else "text"
            out += [f"```{lang}", e.example_response.strip(), "```", ""]
    return "\n".join(out)


def _is_json(text: str) -> bool:
    try:
        json.loads(text)
    except ValueError:
        return False
    return True


def _conventions(doc: str) -> str:
    """The module docstring's paragraph on what every endpoint shares, if it has one."""
    for paragraph in re.split(r"\n\s*\n", doc):
        if paragraph.strip().lower().startswith("conventions"):
            return rst_to_md(" ".join(paragraph.split())).replace("\\|", "|")
    return ""


# ------------------------------------------------------------------------------ the hooks

_PLAN: Plan | None = None


def _plan() -> Plan:
    global _PLAN
    if _PLAN is None:
        _PLAN = Plan(Package()).build()
    return _PLAN


def _replace_api(nav: list[Any], api: list[Any]) -> bool:
    for i, entry in enumerate(nav):
        if entry == f"{API}/index.md" or (isinstance(entry, dict)
                                          and list(entry.values()) == [f"{API}/index.md"]):
            nav[i] = {"API": api}
            return True
        if isinstance(entry, dict):
            for value in entry.values():
                if isinstance(value, list) and _replace_api(value, api):
                    return True
    return False


def on_config(config: Any) -> Any:
    global _PLAN
    _PLAN = None  # mkdocs serve rebuilds: read the code again
    if config.nav is not None and not _replace_api(config.nav, _plan().nav()):
        raise ValueError(f"mkdocs.yml's nav has no entry {API}/index.md for the API pages")
    return config


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    pages = dict(_plan().pages())
    pages["reference/cli.md"] = cli_markdown()
    pages["reference/json-api.md"] = json_api_markdown()
    for src_uri, content in pages.items():
        if files.get_file_from_path(src_uri) is not None:
            files.remove(files.get_file_from_path(src_uri))
        files.append(File.generated(config, src_uri, content=content))
    return files
