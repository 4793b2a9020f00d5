"""The effect language: grammar, parser, symbol registry, lowering to IR, printer.

Public entry points (Lark is imported lazily, inside `parser` only):
`build_registry`, `load_registry`, `default_registry`, `compile_option`, `print_option`,
`describe_option`, `symbols_report`, `Registry`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from ..diagnostics import Span, make
from .ast import Problem, shown
from .registry import Registry, build_registry, default_registry, game_id, load_registry  # noqa: F401

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from ..loader import LoadedFile
    from ..validate import Entry

__all__ = [
    "Registry", "build_registry", "load_registry", "default_registry", "compile_option", "compile_text",
    "print_option", "describe_option", "symbols_report", "check_broken_options",
]

_CLAUSE_PREFIX = {"requirement": "require ", "cost": "cost ", "negative": "suffer ", "reward": "-> "}


def compile_text(text: str, registry: Registry, game: str, position: str | None = None):
    """Parse and lower one option without memoisation: (IR or None, problems with string offsets)."""
    from .lower import lower  # noqa: PLC0415 - start-up cost: parsing and lowering load when an option is compiled, not on a cache hit
    from .parser import parse  # noqa: PLC0415 - start-up cost: parsing and lowering load when an option is compiled, not on a cache hit

    prefix = _CLAUSE_PREFIX.get(position or "", "")
    ast, problems = parse(prefix + text)
    ir = None
    if not problems and prefix and len(ast.clauses) > 1:
        # a bare body is one clause: `1 food; cost 2 wood` must not smuggle in a second one
        extra = ast.clauses[1]
        problems = [Problem("E301", "expected a single clause body", (extra.span[0], len(prefix) + len(text)),
                            "another clause starts here", f"write only the {position} itself")]
    elif not problems:
        ir, problems = lower(ast, registry, game)
    if prefix and problems:
        cut = len(prefix)
        problems = [Problem(p.code, p.message, (max(p.span[0] - cut, 0), max(p.span[1] - cut, 1)), p.label, p.help)
                    for p in problems]
    return ir, problems


def compile_option(text: str, *, registry: Registry, game: str, file: "LoadedFile | None", path: tuple,
                   position: str | None = None, copy: bool = True) -> "tuple[dict | None, list[Diagnostic]]":
    """Parse and lower one option string to its IR JSON form, with diagnostics placed in the file.

    Identical strings are compiled once per registry (memoised by text, game and position);
    each caller receives its own copy of the IR (with `copy` False, the memo's own value, which the
    caller must not change: a bundle that is only written out). `position` None means a whole option; one of
    requirement / cost / negative / reward means the text is a bare clause body of that kind.
    """
    from .ir import copy_ir  # noqa: PLC0415 - start-up cost: the IR helpers load when an option is compiled, not on a cache hit

    if not isinstance(text, str):
        span = file.span(path) if file is not None else Span.point("<option>")
        help_ = None
        if isinstance(text, dict) and len(text) == 1:
            key = shown(str(next(iter(text))))
            help_ = f"`{key}: ...` was read as a YAML mapping; put the whole option in quotes: \"{key}: ...\""
        return None, [make("E301", "an option must be a string", span, label="not a string", help=help_)]
    key = (text, game_id(game) if game else None, position)  # `paleo` and `game:paleo` share one entry
    hit = registry.memo.get(key)
    if hit is None:
        hit = compile_text(text, registry, game, position)
        registry.memo[key] = hit
    ir, problems = hit[0], hit[1]  # a third item, when there, is the graph's references of the IR
    diags = place_problems(problems, text, file, path) if problems else []
    return (copy_ir(ir) if ir is not None and copy else ir), diags


def place_problems(problems, text: str, file, path: tuple) -> list:
    """Turn string-offset problems into diagnostics with exact file positions."""
    from .positions import line_col, offset_map  # noqa: PLC0415 - start-up cost: loaded when a problem is placed, not on a cache hit

    out = []
    mapping = None
    fallback = None
    if file is not None:
        np = file.positions.get(tuple(path))
        if np is not None:
            mapping = offset_map(file.text, np.style, np.start_index, np.end_index, text)
            fallback = np.value
        else:
            fallback = file.span(path)
    for p in problems:
        s, e = p.span
        s = max(0, min(s, len(text)))
        e = max(s + 1, min(e, len(text) + 1))
        if file is None:
            l1, c1 = line_col(text, s)
            l2, c2 = line_col(text, min(e, len(text)))
            if e > len(text):
                c2 += e - len(text)
            span = Span("<option>", l1, c1, l2, c2)
        elif mapping is not None:
            fs = mapping[min(s, len(text))]
            fe = mapping[min(e - 1, len(text))] + 1 if e - 1 < len(text) else mapping[len(text)] + 1
            l1, c1 = line_col(file.text, fs)
            l2, c2 = line_col(file.text, max(fe, fs + 1))
            span = Span(file.path, l1, c1, l2, c2)
        else:
            span = fallback
        out.append(make(p.code, p.message, span, label=p.label, help=p.help))
    return out


def print_option(ir: dict, registry: Registry | None = None) -> str:
    from .printer import print_option as _p  # noqa: PLC0415 - start-up cost: the printer loads when an option is printed

    return _p(ir, registry)


def describe_option(ir: dict, registry: Registry) -> str:
    from .printer import describe_option as _d  # noqa: PLC0415 - start-up cost: the printer loads when an option is printed

    return _d(ir, registry)


def symbols_report(registry: Registry, fmt: Literal["human", "json"] = "human") -> str:
    from .report import symbols_report as _r  # noqa: PLC0415 - start-up cost: the report loads for `paleo symbols` only

    return _r(registry, fmt)


def check_broken_options(broken: list, entries: "list[Entry]") -> "list[Diagnostic]":
    """The effect strings of records that could not be salvaged, checked all the same: a model error
    elsewhere in a card does not hide a mistake in its options."""
    if not broken:
        return []
    sym = [e for e in entries if e.section == "symbols"]
    registry, _ = build_registry([(e.record, e.file.path, e.path) for e in sym], {e.file.path: e.file for e in sym})
    out: list[Diagnostic] = []
    for section, lf, path, item in broken:
        if section not in ("cards", "tokens") or not isinstance(item.get("options"), list):
            continue
        game = item.get("game") if isinstance(item.get("game"), str) else None
        for i, text in enumerate(item["options"]):
            if isinstance(text, str):  # a non-string option has its M006 already
                _, d = compile_option(text, registry=registry, game=game, file=lf, path=path + ("options", i))
                out.extend(d)
    return out
