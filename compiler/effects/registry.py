"""The symbol registry: every symbol defined once, as data, indexed for longest-match resolution."""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, Span, make, suggestion_help
from ..loader import load_file
from ..models import Symbol
from ..paths import bundled_dir
from . import types as T


def symbols_dir() -> Path:
    """content/symbols of the checkout, or of the installed package data."""
    return bundled_dir("content") / "symbols"


SYMBOLS_DIR = symbols_dir()

POSITION_OF_CLAUSE = {"require": "requirement", "cost": "cost", "suffer": "negative", "reward": "reward",
                      "on": "trigger"}

_PHRASE = re.compile(r"^[a-z&][a-z0-9&!']*(?: [a-z&][a-z0-9&!']*)*$")
# words the grammar reads as operators inside a call; a phrase containing one could never be written
RESERVED = frozenset({"or", "then", "may", "not"})


def game_id(game: str) -> str:
    return game if game.startswith("game:") else f"game:{game}"


@dataclass(frozen=True, slots=True)
class ParamDef:
    name: str
    type: str
    optional: bool = False
    default: Any = None
    unit: tuple[str, str] | None = None  # singular, plural
    before: bool = False

    def to_dict(self) -> dict:
        out: dict[str, Any] = {"name": self.name, "type": self.type}
        if self.optional:
            out["optional"] = True
        if self.default is not None:
            out["default"] = self.default
        if self.unit:
            out["unit"] = "/".join(self.unit)
        if self.before:
            out["before"] = True
        return out


@dataclass(frozen=True, slots=True)
class SymbolDef:
    id: str
    name: str
    aliases: tuple[str, ...]
    plural: str | None
    category: str
    positions: tuple[str, ...]
    params: tuple[ParamDef, ...]
    games: tuple[str, ...]
    explanation: str
    example: str
    source: tuple[dict, ...]
    completeness: str
    summary: str | None = None
    file: str = ""
    # worked out once here, not on every call the lowering makes
    prefix_param: ParamDef | None = field(default=None, init=False, repr=False, compare=False)
    after_params: tuple[ParamDef, ...] = field(default=(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "prefix_param", next((p for p in self.params if p.before), None))
        object.__setattr__(self, "after_params", tuple(p for p in self.params if not p.before))

    def phrases(self) -> list[str]:
        out = [self.name, *self.aliases]
        if self.plural:
            out.append(self.plural)
        return out

    def to_dict(self) -> dict:
        out = {
            "id": self.id,
            "name": self.name,
            "aliases": list(self.aliases),
            "category": self.category,
            "positions": list(self.positions),
            "params": [p.to_dict() for p in self.params],
            "games": list(self.games),
            "explanation": self.explanation,
            "example": self.example,
            "source": [dict(s) for s in self.source],
            "completeness": self.completeness,
        }
        if self.plural:
            out["plural"] = self.plural
        if self.summary:
            out["summary"] = self.summary
        return out


def _suggest(words: tuple[str, ...], names: list[str]) -> str | None:
    # a name is only suggested within 3 edits or when it starts with the phrase, so a
    # phrase more than 3 characters longer than every name cannot match: skip it unmeasured
    longest = max((len(n) for n in names), default=0) + 3
    prefixes = []
    size = -1
    for w in words:
        size += len(w) + 1
        if size > longest:
            break
        prefixes.append(" ".join(words[:len(prefixes) + 1]))
    for phrase in reversed(prefixes):
        help_ = suggestion_help(phrase, names)
        if help_:
            return help_
    return None


@dataclass(slots=True, weakref_slot=True)
class Registry:
    """Symbols by id, and the phrase tables the parser's longest match uses."""

    symbols: dict[str, SymbolDef] = field(default_factory=dict)
    phrases: dict[tuple[str, ...], str] = field(default_factory=dict)
    category_phrases: dict[str, dict[tuple[str, ...], str]] = field(default_factory=dict)
    enum_tables: dict[str, dict[tuple[str, ...], str]] = field(default_factory=dict)
    enum_maxlen: dict[str, int] = field(default_factory=dict)
    max_phrase: int = 1
    memo: dict = field(default_factory=dict)
    near_memo: dict = field(default_factory=dict)
    names_memo: list = field(default_factory=list)  # [the sorted names, how many phrases they were made from]

    def lookup(self, name: str) -> SymbolDef | None:
        """A symbol by id (`symbol:venerate-place`), name, alias or plural."""
        if name in self.symbols:
            return self.symbols[name]
        sid = self.phrases.get(tuple(name.lower().split()))
        return self.symbols.get(sid) if sid else None

    def names(self) -> list[str]:
        if not self.names_memo or self.names_memo[1] != len(self.phrases):
            self.names_memo[:] = [sorted({" ".join(k) for k in self.phrases}), len(self.phrases)]
        return list(self.names_memo[0])

    def suggest(self, words: tuple[str, ...]) -> str | None:
        """`did you mean ...?` for an unknown phrase: the nearest names to its longest close prefix."""
        hit = self.near_memo.get(words)
        if hit is None:
            hit = self.near_memo[words] = (_suggest(words, self.names()),)
        return hit[0]

    def to_bundle(self) -> list[dict]:
        """The bundle's `symbols` section: one plain dict per symbol, sorted by id."""
        return [self.symbols[k].to_dict() for k in sorted(self.symbols)]

    def __hash__(self) -> int:  # registries are used as memo keys by identity
        return id(self)


def _unit(u: str | None) -> tuple[str, str] | None:
    if not u:
        return None
    parts = [p.strip() for p in u.split("/")]
    return (parts[0], parts[1] if len(parts) > 1 else parts[0])


def _source_dicts(src) -> tuple[dict, ...]:
    items = src if isinstance(src, list) else [src]
    out = []
    for s in items:
        d = s.model_dump(exclude_none=True) if hasattr(s, "model_dump") else dict(s)
        out.append(d)
    return tuple(out)


_BUILT: list = []  # weak references to the registries built in this process, newest last


def registries():
    """The registries built in this process that are still alive, newest first."""
    out = []
    for ref in reversed(_BUILT):
        r = ref()
        if r is not None:
            out.append(r)
    return out


class _Spans:
    """Spans of symbol records, read from their file only when a diagnostic needs one."""

    def __init__(self):
        self.files: dict[str, Any] = {}

    def __call__(self, path: str, rec: tuple, key: str | None = None) -> Span:
        if path not in self.files:
            lf = None
            try:
                lf, _ = load_file(path, display=path)
            except Exception:  # a file that cannot be re-read only loses the exact line
                lf = None
            self.files[path] = lf
        lf = self.files[path]
        if lf is None or not rec:
            return Span.point(path)
        return lf.span(tuple(rec) + ((key,) if key else ()))


def build_registry(entries: list[tuple[Any, str, tuple]], files: dict | None = None) -> tuple[Registry, list[Diagnostic]]:
    """Index validated Symbol models; report duplicate ids, names and aliases and unusable definitions.

    `files` maps a display path to its loaded file, so diagnostics are placed without reading it again
    (a path shown from the project root need not be readable from the current folder)."""
    reg = Registry()
    _BUILT.append(weakref.ref(reg))
    del _BUILT[:-8]
    diags: list[Diagnostic] = []
    owners: dict[tuple[str, ...], tuple[str, str, tuple]] = {}
    spans = _Spans()
    spans.files.update(files or {})
    for sym, path, rec in entries:
        where = f"{path}" + (f" at {'.'.join(str(p) for p in rec)}" if rec else "")

        def span(key: str | None = "id", _path=path, _rec=rec) -> Span:
            return spans(_path, _rec, key)

        if sym.id in reg.symbols:
            diags.append(make("E308", f"symbol id `{sym.id}` is defined twice", span("id"),
                              label="second definition", help=f"first defined in {reg.symbols[sym.id].file}",
                              notes=(where,)))
            continue
        bad = False
        params = []
        befores = 0
        for p in sym.params:
            if not T.known_type(p.type):
                diags.append(make("E309", f"symbol `{sym.name}` has a parameter of unknown type `{p.type}`", span("params"),
                                  label="unknown parameter type", notes=(where,),
                                  help="known types: int, count, " + ", ".join(
                                      sorted([*T.ENUMS, *T.REFS, *T.CATEGORY_TYPES]))))
                bad = True
            if p.before:
                befores += 1
                if p.type not in ("int", "count"):
                    diags.append(make("E309", f"symbol `{sym.name}`: only a number can be written before it", span("params"),
                                      notes=(where,)))
                    bad = True
            params.append(ParamDef(p.name, p.type, p.optional or p.default is not None, p.default,
                                   _unit(p.unit), p.before))
        if befores > 1:
            diags.append(make("E309", f"symbol `{sym.name}` has more than one leading number", span("params"),
                              notes=(where,)))
            bad = True
        phrases = [sym.name, *sym.aliases] + ([sym.plural] if sym.plural else [])
        for ph in phrases:
            if not _PHRASE.match(ph):
                diags.append(make("E309", f"symbol phrase `{ph}` is not plain lower-case words", span("name"),
                                  notes=(where,), help="write phrases as lower-case words separated by one space"))
                bad = True
            elif RESERVED & set(ph.split()):
                word = sorted(RESERVED & set(ph.split()))[0]
                diags.append(make("E309", f"symbol phrase `{ph}` contains the keyword `{word}`", span("name"),
                                  notes=(where,), help="`or`, `then`, `may` and `not` join calls; choose other words"))
                bad = True
        if bad:
            continue
        d = SymbolDef(
            id=sym.id, name=sym.name, aliases=tuple(sym.aliases), plural=sym.plural, category=sym.category,
            positions=tuple(sym.positions), params=tuple(params), games=tuple(game_id(g) for g in sym.games),
            explanation=sym.explanation, example=sym.example, source=_source_dicts(sym.source),
            completeness=str(getattr(sym.completeness, "value", sym.completeness)), summary=sym.summary, file=path,
        )
        reg.symbols[d.id] = d
        for ph in dict.fromkeys(phrases):
            key = tuple(ph.split())
            if key in owners and owners[key][0] != d.id:
                other = owners[key]
                diags.append(make("E308", f"phrase `{ph}` names both `{other[0]}` and `{d.id}`",
                                  span("name" if ph == sym.name else "aliases" if ph in sym.aliases else "plural"),
                                  label="duplicate name or alias", help=f"`{ph}` is already used in {other[1]}",
                                  notes=(where,)))
                continue
            owners[key] = (d.id, path, rec)
            reg.phrases[key] = d.id
            reg.category_phrases.setdefault(d.category, {})[key] = d.id
            reg.max_phrase = max(reg.max_phrase, len(key))
    for name, vals in T.ENUMS.items():
        reg.enum_tables[name] = {tuple(v.split()): v for v in vals}
        reg.enum_maxlen[name] = max(len(v.split()) for v in vals)
    return reg, diags


def load_registry(dirs: list[Path] | None = None) -> tuple[Registry, list[Diagnostic]]:
    """Load every `symbols:` list from the YAML files of `dirs` (default: the bundled content/symbols)."""
    diags: list[Diagnostic] = []
    entries = []
    for d in dirs or [symbols_dir()]:
        for f in sorted(Path(d).glob("*.yaml")):
            lf, ds = load_file(f, display=str(f))
            diags += ds
            if lf is None or not isinstance(lf.data, dict):
                continue
            for i, raw in enumerate(lf.data.get("symbols") or []):
                try:
                    entries.append((Symbol.model_validate(raw), str(f), ("symbols", i)))
                except Exception as exc:  # model errors belong to the validate stage; keep the registry usable
                    diags.append(make("E309", f"symbol definition is not valid: {str(exc).splitlines()[0]}",
                                      lf.span(("symbols", i)), notes=(str(exc),)))
    reg, more = build_registry(entries)
    return reg, diags + more


_DEFAULT: list = []


def default_registry() -> Registry:
    """The registry of the bundled symbols, built once per process."""
    if not _DEFAULT:
        _DEFAULT.append(load_registry()[0])
    return _DEFAULT[0]


def signature(sym, *, typed: bool = False) -> str:
    """A symbol's call shape, e.g. `<n> discard [what]`; with `typed`, each parameter's type and default."""
    def one(p) -> str:
        if not typed:
            return p.name
        return f"{p.name}:{p.type}" + (f"={p.default}" if p.default is not None else "")

    parts = []
    if sym.prefix_param:
        parts.append(f"<{one(sym.prefix_param)}>")
    parts.append(sym.name)
    for p in sym.after_params:
        parts.append(f"[{one(p)}]" if p.optional else f"<{one(p)}>")
        if p.unit:
            parts.append(p.unit[1])
    return " ".join(parts)
