"""Stages 3 to 6 joined: lower every option, run the graph checks, and assemble the versioned bundle."""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

from typing import TYPE_CHECKING

from . import effects
from .coverage import compute_coverage
from .diagnostics import Diagnostic, Label, Span, make, suggestion_help
from .effects.ast import shown
from .render import render_human
from .safeio import atomic_write
from .version import FORMAT_VERSION, __version__

if TYPE_CHECKING:  # writing a bundle from the cache imports no models
    from .validate import Entry


SECTION_ORDER = ("games", "boards", "products", "modules", "cards", "secrets", "tokens", "dice", "scenarios", "interpretations")


def _record_json(e: Entry) -> dict:
    d = e.record.model_dump(mode="json")
    d["file"] = e.file.path
    d.pop("more_options", None)  # a pack's appended options are in `options` by now
    if e.appended is not None:
        d["synthetic_options_from"] = e.appended
    if e.filled:
        d["synthetic_fields"] = list(e.filled)
    return d


def lower_options(entries: list[Entry], memo: dict | None = None,
                  share_ir: bool = False, entry_memo: dict | None = None) -> tuple[Any, dict[str, list[dict]], list[Diagnostic]]:
    """Build the symbol registry and lower every card and token option into IR.

    `memo`, when given, becomes the registry's memo of compiled strings: a cache that was filled
    under a registry built from the same symbol files (the build cache keys it so). `entry_memo`, a
    dict a long-lived caller keeps between builds, holds each entry's lowered options and their
    diagnostics: an entry that is the same object as in the last build, lowered under the same `memo`
    (so the same symbol files), is not lowered again."""
    diags: list[Diagnostic] = []
    if not hasattr(effects, "build_registry"):  # integration scaffold: removed once the effects stage lands
        return _NoRegistry(), {e.id: [{"text": t, "ir": None} for t in e.record.options] for e in entries if e.section in ("cards", "tokens")}, diags
    sym_entries = [(e.record, e.file.path, e.path) for e in entries if e.section == "symbols"]
    registry, d = effects.build_registry(sym_entries, {e.file.path: e.file for e in entries if e.section == "symbols"})
    diags.extend(d)
    if memo is not None:
        registry.memo = memo
    lowered: dict[str, list[dict]] = {}
    kept: dict = {}
    for e in entries:
        if e.section not in ("cards", "tokens"):
            continue
        if entry_memo is not None and memo is not None:
            hit = entry_memo.get(id(e))
            if hit is not None and hit[0] is e and hit[1] is memo:
                lowered[e.id] = hit[2]
                diags.extend(hit[3])
                kept[id(e)] = hit
                continue
        start = len(diags)
        opts = []
        game = getattr(e.record, "game", None)
        for i, text in enumerate(e.record.options):
            if i in e.skip_options:  # not a string (M006 reported): the other options are still lowered
                opts.append({"text": text, "ir": None})
                continue
            ofile, opath = e.option_where(i)
            ir, d = effects.compile_option(text, registry=registry, game=game, file=ofile, path=opath, copy=not share_ir)
            diags.extend(d)
            opts.append({"text": text, "ir": ir})
        lowered[e.id] = opts
        if entry_memo is not None and memo is not None:
            kept[id(e)] = (e, memo, opts, diags[start:])
    if entry_memo is not None:
        entry_memo.clear()
        entry_memo.update(kept)
    return registry, lowered, diags


# Fields written in the effect language besides `options`:
# (section, path inside the record, what the message calls it, the one clause kind they may hold, its code).
EFFECT_FIELDS = (
    ("cards", ("person", "brings"), "what a person brings", "reward", "E311"),
    ("cards", ("animal", "yield"), "an animal's yield", "reward", "E311"),
    ("tokens", ("cost",), "what building a token costs", "cost", "E312"),
    ("tokens", ("improves",), "what a built token adds", "reward", "E311"),
    ("tokens", ("use",), "what using a cult tool asks", "cost", "E312"),
)
_ONLY_HELP = {
    "reward": ("a requirement, cost, negative outcome or trigger here", "keep only the `->` rewards, e.g. `-> 2 food`"),
    "cost": ("a requirement, reward, negative outcome or trigger here", "keep only the `cost` clause, e.g. `cost 2 wood, 1 stone`"),
}


def lower_reward_fields(entries: list[Entry], registry: Any,
                        share_ir: bool = False) -> tuple[dict[str, dict[tuple, dict]], list[Diagnostic]]:
    """Lower the effect-language fields besides `options` to `{text, ir}`: `person.brings`, `animal.yield`
    and a token's `improves` hold reward clauses only (E311), a token's `cost` cost clauses only (E312).

    Also checks that `animal.hunt` names one of the card's options (M011), after packs have filled them.
    """
    diags: list[Diagnostic] = []
    out: dict[str, dict[tuple, dict]] = {}
    if not hasattr(effects, "build_registry"):
        return out, diags
    for e in entries:
        if e.section not in ("cards", "tokens"):
            continue
        rec = e.record
        for section, where, what, kind, code in EFFECT_FIELDS:
            if section != e.section:
                continue
            text = _field_value(rec, where)
            if text is None:
                continue
            file, base = e.where(where[0])
            path = base + where
            ir, d = effects.compile_option(text, registry=registry, game=rec.game, file=file, path=path,
                                           copy=not share_ir)
            diags.extend(d)
            if ir is not None and not _only(ir, kind):
                label, help_ = _ONLY_HELP[kind]
                diags.append(make(code, f"{what} may hold only {kind} clauses", _field_span(file, base, path),
                                  label=label, help=help_))
                ir = None
            out.setdefault(e.id, {})[where] = {"text": text, "ir": ir}
        if e.section != "cards":
            continue
        hunt = rec.animal.hunt if rec.animal is not None else None
        if hunt is not None and hunt > len(rec.options):
            have = len(rec.options)
            file, base = e.where("animal")
            diags.append(make(
                "M011", f"`animal.hunt` is option {hunt}, but the card has {have} option{'' if have == 1 else 's'}",
                _field_span(file, base, base + ("animal", "hunt")), label="no such option",
                help="count the options from 1, or add the hunt option to `options`",
            ))
    return out, diags


def check_sea_symbols(entries: list[Entry]) -> list[Diagnostic]:
    """M012 for a card that gives a `sea_symbol` but whose back is not `sea`, after packs have filled them
    (a pack may give a bundled card its `back: sea` and its symbol together)."""
    diags: list[Diagnostic] = []
    for e in entries:
        rec = e.record
        if e.section != "cards" or rec.sea_symbol is None or rec.back == "sea":
            continue
        file, base = e.where("sea_symbol")
        back_file, back_base = e.where("back")
        shown = "is not known" if rec.back is None else f"is `{rec.back}`"
        labels = ()
        if back_base + ("back",) in back_file.positions:
            labels = (Label(back_file.span(back_base + ("back",)), "the card's back" if rec.back else "back not known"),)
        diags.append(make(
            "M012", f"`sea_symbol` on `{rec.id}`, whose back {shown}: only a sea card's back shows a sea symbol",
            _field_span(file, base, base + ("sea_symbol",)), label="not a sea card", labels=labels,
            help="set `back: sea` if it is one of the sea cards, or remove `sea_symbol`",
        ))
    return diags


def check_die_faces(entries: list[Entry], registry: Any) -> list[Diagnostic]:
    """M013 for a die face that names no die-face symbol of its game, when the game has die-face symbols
    (PaleoVet's antibiotic, antiviral, surgery, tranquilizer dart, dna), after packs have filled the faces."""
    symbols = getattr(registry, "symbols", {})
    faces_of: dict[str, dict[str, str]] = {}  # game -> phrase -> canonical name
    for sym in symbols.values():
        if sym.category != "die-face":
            continue
        for game in sym.games:
            table = faces_of.setdefault(game, {})
            for phrase in sym.phrases():
                table.setdefault(phrase, sym.name)
    diags: list[Diagnostic] = []
    for e in entries:
        rec = e.record
        if e.section != "dice" or not rec.faces or rec.game not in faces_of:
            continue
        table = faces_of[rec.game]
        names = sorted(set(table.values()))
        file, base = e.where("faces")
        for i, face in enumerate(rec.faces):
            if face in names:
                continue
            canonical = table.get(face)
            help_ = (f"write `{canonical}`, the symbol's own name" if canonical
                     else suggestion_help(face, names) or "faces: " + ", ".join(f"`{n}`" for n in names))

            diags.append(make(
                "M013", f"die face `{shown(face)}` of `{rec.id}` is not a die face of {rec.game.removeprefix('game:')}",
                _field_span(file, base, base + ("faces", i)), label="not a die-face symbol", help=help_,
            ))
    return diags


def _field_value(rec: Any, where: tuple) -> Any:
    value = rec
    for name in where:
        if value is None:
            return None
        value = getattr(value, "yield_" if name == "yield" else name, None)
    return value


def _only(ir: dict, kind: str) -> bool:
    return set(ir) <= {"node", "clauses"} and all(c.get("kind") == kind for c in ir.get("clauses") or ())


def _field_span(file, base: tuple, path: tuple):
    for cut in range(len(path), len(base) - 1, -1):
        if path[:cut] in file.positions:
            return file.span(path[:cut])
    return file.span(base)


def build_bundle(entries: list[Entry], memo: dict | None = None, share_ir: bool = False,
                 origins: dict | None = None, coverage=None,
                 entry_memo: dict | None = None, reuse: dict | None = None,
                 quiet: set | None = None, graph_keep: dict | None = None) -> tuple[dict, list[Diagnostic]]:
    """The bundle and the diagnostics of stages 3 to 6. With `share_ir`, records whose options are the
    same string share one IR value: for a bundle that is only written out or read, never changed.
    `origins`, when given, maps the `id()` of each entry to its record dict in the bundle (for a module, a
    copy made before its `cards`, `secrets` and `secret_uses` are filled in from the other records).
    `coverage(records)`, when given, stands for `compute_coverage` (the language server keeps its last
    answer), and `entry_memo` is `lower_options'`. `reuse` maps the id() of an entry to what an earlier
    build made of it under the same symbol files — (its bundle form, what coverage reads of it, ...) —
    for an entry whose own stages (lowering, the effect fields, the sea-symbol and die-face checks) then
    reported nothing: it is not lowered or checked again. `quiet`, when given, receives the paths of the
    files whose entries' own stages reported nothing in this build. `graph_keep` is `check_graph`'s `keep`."""
    diags: list[Diagnostic] = []
    reuse = reuse or {}
    todo = [e for e in entries if id(e) not in reuse] if reuse else entries
    registry, lowered, d = lower_options(todo, memo, share_ir, entry_memo)
    own = list(d)
    fields, d = lower_reward_fields(todo, registry, share_ir)
    own.extend(d)
    own.extend(check_sea_symbols(todo))
    own.extend(check_die_faces(todo, registry))
    diags.extend(own)
    if quiet is not None:
        noisy = {x.span.file for x in own}
        quiet.update(e.file.path for e in todo if e.file.path not in noisy)

    sections: dict[str, list[dict]] = defaultdict(list)
    for e in entries:
        if e.section == "symbols":
            continue
        made = reuse.get(id(e))
        if made is not None:
            rec = made[0]
        else:
            rec = _record_json(e)
            if e.id in lowered:
                rec["options"] = lowered[e.id]
            for where, value in fields.get(e.id, {}).items():
                target = rec
                for name in where[:-1]:
                    target = target[name]
                target[where[-1]] = value
        sections[e.section].append(rec)
        if origins is not None:  # a module as its own file makes it: its cards and secrets are added below
            origins[id(e)] = {**rec} if e.section == "modules" else rec

    cards_by_module: dict[str, list[str]] = defaultdict(list)
    for c in sections["cards"]:
        if c.get("module"):
            cards_by_module[c["module"]].append(c["id"])
    for m in sections["modules"]:
        m["secret_uses"] = m.pop("secrets")
        m["secrets"] = [u["number"] for u in m["secret_uses"] for _ in range(u["copies"])]
        m["cards"] = sorted(cards_by_module.get(m["id"], []))

    bundle: dict[str, Any] = {
        "format_version": FORMAT_VERSION,
        "generator": f"paleo-codex {__version__}",
    }
    for s in SECTION_ORDER:
        bundle[s] = sorted(sections.get(s, []), key=lambda r: r["id"])
    bundle["symbols"] = registry.to_bundle()

    bundle["coverage"] = (coverage or compute_coverage)([reuse[id(e)][1] if id(e) in reuse else e.record
                                                          for e in entries])
    from .graph import check_graph  # noqa: PLC0415 - start-up cost: the graph and packs stages load the content models, which a bundle written from the cache does not
    from .packs import check_packs  # noqa: PLC0415 - start-up cost: as above

    graph_json, d = check_graph(entries, bundle, registry, graph_keep)
    diags.extend(d)
    bundle["graph"] = graph_json

    packs = [e for e in entries if e.in_pack]
    if packs:
        diags.extend(check_packs(entries, bundle))
    return bundle, diags


class _NoRegistry:
    def to_bundle(self) -> list:
        return []


def dumps(bundle: dict) -> str:
    """The canonical, byte-reproducible JSON text of a bundle."""
    return json.dumps(bundle, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False) + "\n"


def dump_chunks(value, depth: int = 0):
    """The text of `dumps(value)` without its newline, in pieces: the top mapping and its sections are
    opened here and each record is dumped alone, so the whole text is never in memory at once."""
    if depth < 2 and isinstance(value, dict) and value and all(isinstance(k, str) for k in value):
        yield "{"
        for i, k in enumerate(sorted(value)):
            yield ("," if i else "") + json.dumps(k, ensure_ascii=False) + ":"
            yield from dump_chunks(value[k], depth + 1)
        yield "}"
    elif depth < 2 and isinstance(value, list) and value:
        yield "["
        for i, v in enumerate(value):
            if i:
                yield ","
            yield from dump_chunks(v, depth + 1)
        yield "]"
    else:
        yield json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def encoded(bundle: dict):
    """`dumps(bundle)` as UTF-8 bytes, in pieces of about a megabyte."""
    buf: list[str] = []
    size = 0
    for piece in dump_chunks(bundle):
        buf.append(piece)
        size += len(piece)
        if size >= 1 << 20:
            yield "".join(buf).encode("utf-8")
            buf, size = [], 0
    buf.append("\n")
    yield "".join(buf).encode("utf-8")


def record_text(record) -> bytes:
    """One record of a section as `dumps` writes it inside the bundle, in UTF-8."""
    return json.dumps(record, sort_keys=True, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode("utf-8")


def encoded_reusing(bundle: dict, texts: dict):
    """`encoded(bundle)` where each record of a section is `texts[id(record)]` (its `record_text`), and a
    top-level value `texts` holds (the graph a rebuild patched) is its text."""
    if not (bundle and all(isinstance(k, str) for k in bundle)):
        yield from encoded(bundle)
        return
    buf: list[bytes] = [b"{"]
    size = 0
    for i, k in enumerate(sorted(bundle)):
        v = bundle[k]
        buf.append((("," if i else "") + json.dumps(k, ensure_ascii=False) + ":").encode("utf-8"))
        if k in SECTION_ORDER and isinstance(v, list) and v:
            buf.append(b"[")
            for j, rec in enumerate(v):
                t = texts.get(id(rec))
                if t is None:
                    t = record_text(rec)
                if j:
                    buf.append(b",")
                buf.append(t)
                size += len(t)
                if size >= 1 << 20:
                    yield b"".join(buf)
                    buf, size = [], 0
            buf.append(b"]")
        else:
            t = texts.get(id(v))
            buf.append(t if t is not None else "".join(dump_chunks(v, 1)).encode("utf-8"))
    buf.append(b"}\n")
    yield b"".join(buf)


def has_absolute_file(value) -> bool:
    """Whether any `file` key inside `value` holds an absolute path (one `portable_paths` may rewrite)."""
    stack = [value]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            for k, v in x.items():
                if isinstance(v, (dict, list)):
                    stack.append(v)
                elif k == "file" and isinstance(v, str) and os.path.isabs(v):
                    return True
        elif isinstance(x, list):
            stack.extend(v for v in x if isinstance(v, (dict, list)))
    return False


def write_bundle(out, bundle: dict, data: bytes | None = None):
    """Write OUT/bundle.json atomically; returns (the target, None) or (None, a C021 report to print).
    `data`, when given, is the bundle's text already encoded (`dumps(bundle)` in UTF-8).

    OUT may be missing (it is made) but not a file, below a file, a link or an unwritable place.
    """
    out = Path(out)
    target = out / "bundle.json"
    try:
        if out.exists() and not out.is_dir():
            raise NotADirectoryError(20, "it is a file, not a folder", str(out))
        out.mkdir(parents=True, exist_ok=True)
        atomic_write(target, encoded(bundle) if data is None else data)  # data: bytes or an iterable of them
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        d = make("C021", f"cannot write `{target}`: {why}", Span.point(str(out)),
                 help="point --out at a folder that can be made and written; nothing was written")
        return None, render_human([d], lambda _: None) + "\n"
    return target, None


def bundle_schema() -> dict:
    """The published JSON Schema (Draft 2020-12) of the bundle, generated from the typed definitions in
    `bundle_model.py` (imported here, never on the build's path)."""
    from .bundle_model import bundle_schema as generated  # noqa: PLC0415 - start-up cost: pydantic's schema models, never on the build's path

    return generated()


def portable_paths(bundle, dirs) -> None:
    """Record `file`s outside the project root become `<content root's name>/<path inside it>`, so a bundle
    built from an installed package names `content/paleo/base/game.yaml` as one built in a checkout does,
    never an install path."""
    roots = sorted((Path(d).resolve() for d in dirs), key=lambda d: -len(d.parts))

    def fix(value: str) -> str:
        if not os.path.isabs(value):  # the common case, without making a Path
            return value
        p = Path(value)
        if not p.is_absolute():
            return value
        for r in roots:
            if p.is_relative_to(r):
                return (Path(r.name) / p.relative_to(r)).as_posix()
        return value

    # A lowered option's IR has only the compiler's keys and the symbols' parameter names: no `file`
    # key unless some symbol has a parameter of that name, so it is not walked (it is most of a bundle).
    skip_ir = not any(isinstance(p, dict) and p.get("name") == "file"
                      for s in (bundle.get("symbols") or ()) if isinstance(s, dict)
                      for p in (s.get("params") or ()))
    # The graph's node-link form and the coverage table name no file: their keys are the graph module's
    # attribute names and kind-qualified ids.
    if isinstance(bundle, dict):
        stack = [{k: v for k, v in bundle.items() if k not in ("graph", "coverage")}]
    else:
        stack = [bundle]
    scalars = (str, int, float, bool, type(None))
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            for k, v in x.items():
                t = type(v)
                if t is str:
                    if k == "file":
                        x[k] = fix(v)
                elif t in scalars or (k == "ir" and skip_ir):
                    continue
                elif isinstance(v, (dict, list)):
                    stack.append(v)
                elif k == "file" and isinstance(v, str):
                    x[k] = fix(v)
        elif isinstance(x, list):
            stack.extend(v for v in x if type(v) not in scalars and isinstance(v, (dict, list)))
    if isinstance(bundle, dict) and isinstance(bundle.get("file"), str):  # the walk had a copy of the top
        bundle["file"] = fix(bundle["file"])
