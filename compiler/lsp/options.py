"""The effect language inside one option string, as an editor sees it while it is typed.

Nothing here needs the string to parse: a tokenizer that mirrors the grammar's terminals
(grammar/effects.lark), the clause position a cursor stands in, the call it is writing, and the
longest match of that call's words against the symbol registry. Offsets are into the option text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..effects import types as T
from ..effects.registry import POSITION_OF_CLAUSE, Registry, SymbolDef, signature

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<arrow>->)
  | (?P<string>"[^"\n]*"?)
  | (?P<int>[0-9]+)
  | (?P<word>[A-Za-z&][A-Za-z0-9&!']*)
  | (?P<punct>[;:,()])
  | (?P<other>.)
""", re.X | re.S)

CLAUSE_WORDS = {"require": "requirement", "cost": "cost", "suffer": "negative"}
OPERATORS = {"or", "then", "may", "not"}
TRIGGER_WORDS = {"at", "night", "blue", "when", "revealed", "on"}
NUMBER_REFS = T.NUMBER_REFS
NAME_REFS = T.NAME_REFS
CLAUSE_STARTS = [
    ("require ", "a requirement: the symbols that must hold"), ("cost ", "a cost the group pays"),
    ("suffer ", "a negative outcome"), ("-> ", "the rewards"), ("roll 1 die", "a dice roll"),
    ("everyone: ", "a clause every person meets"), ("at night: ", "a night trigger"),
    ("when revealed: ", "a trigger when the card is revealed"), ("blue: ", "a night action (module W)"),
    ("on ", "a trigger on another action: `on <symbol>:`"),
]


@dataclass(frozen=True, slots=True)
class Tok:
    kind: str  # ws | arrow | string | int | word | punct | other
    text: str
    start: int
    end: int


def tokens(text: str) -> list[Tok]:
    return [Tok(m.lastgroup, m.group(), m.start(), m.end()) for m in _TOKEN.finditer(text) if m.lastgroup != "ws"]


@dataclass
class Call:
    """The terms of one call (a symbol phrase with its arguments), and the clause position it is in."""

    position: str | None  # requirement | cost | negative | reward | trigger | None (no clause yet)
    toks: list[Tok]


def _merged(toks: list[Tok]) -> list[Tok]:
    """The tokens with each reference (`secret 23`, `card "Reeds"`, `sea card 3`) made one `ref` token."""
    out: list[Tok] = []
    k = 0
    while k < len(toks):
        t = toks[k]
        low = t.text.lower()
        n = toks[k + 1] if k + 1 < len(toks) else None
        if t.kind == "word" and low == "sea" and n is not None and n.text.lower() == "card" and k + 2 < len(toks) \
                and toks[k + 2].kind == "int":
            out.append(Tok("ref", text_of(toks[k:k + 3]), t.start, toks[k + 2].end))
            k += 3
            continue
        if n is not None and t.kind == "word" and ((low in NUMBER_REFS and n.kind == "int")
                                                   or (low in NAME_REFS and n.kind == "string")):
            out.append(Tok("ref", t.text + " " + n.text, t.start, n.end))
            k += 2
            continue
        out.append(t)
        k += 1
    return out


def text_of(toks: list[Tok]) -> str:
    return " ".join(t.text for t in toks)


def calls(text: str) -> list[Call]:
    """Every call of an option with the clause position it stands in (a reference is one term)."""
    out: list[Call] = []
    position: str | None = None
    cur: list[Tok] = []
    toks = _merged(tokens(text))
    first = True

    def flush():
        nonlocal cur
        if cur:
            out.append(Call(position, cur))
        cur = []

    for i, t in enumerate(toks):
        low = t.text.lower()
        if t.kind == "arrow":
            flush()
            position = "reward"
        elif t.kind == "punct" or (t.kind == "word" and low in OPERATORS):
            flush()
        elif t.kind == "word" and low in CLAUSE_WORDS and not cur:
            position = CLAUSE_WORDS[low]
        elif t.kind == "word" and low == "on" and first:
            position = "trigger"
        elif t.kind == "word" and low in ("roll", "everyone") and not cur:
            position = None
        elif t.kind in ("word", "int", "string", "ref"):
            cur.append(t)
        first = False
    flush()
    return out


def phrase_at(reg: Registry, toks: list[Tok], position: str | None):
    """(symbol, index of its first word token, index past its last) by longest match, or None."""
    i = 1 if toks and toks[0].kind == "int" else 0
    best = None
    words: list[str] = []
    for j in range(i, min(len(toks), i + reg.max_phrase)):
        if toks[j].kind != "word":
            break
        words.append(toks[j].text.lower())
        sid = reg.phrases.get(tuple(words))
        if sid is not None:
            best = (reg.symbols[sid], i, j + 1)
    return best


def semantic_tokens(reg: Registry | None, text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) for the option's symbol phrases, numbers, references and keywords."""
    out: list[tuple[int, int, str]] = []
    toks = tokens(text)
    in_call: set[int] = set()
    for c in calls(text):
        hit = phrase_at(reg, c.toks, c.position) if reg is not None else None
        if hit is not None:
            _, a, b = hit
            out.append((c.toks[a].start, c.toks[b - 1].end, "symbol"))
            in_call.update(range(c.toks[a].start, c.toks[b - 1].end))
    for k, t in enumerate(toks):
        if t.start in in_call:
            continue
        low = t.text.lower()
        nxt = toks[k + 1] if k + 1 < len(toks) else None
        if t.kind == "int":
            out.append((t.start, t.end, "number"))
        elif t.kind == "string":
            out.append((t.start, t.end, "reference"))
        elif t.kind == "word" and low in NAME_REFS and nxt is not None and nxt.kind == "string":
            out.append((t.start, t.end, "reference"))
        elif t.kind == "word" and low in NUMBER_REFS and nxt is not None and nxt.kind == "int":
            out.append((t.start, t.end, "reference"))
        elif t.kind == "arrow" or (t.kind == "word" and (low in CLAUSE_WORDS or low in OPERATORS or low in TRIGGER_WORDS
                                                        or low in ("roll", "everyone", "dice", "die"))):
            out.append((t.start, t.end, "keyword"))
    return sorted(out)


# -- what is written at an offset --------------------------------------------------------------
@dataclass
class Reference:
    kind: str  # secret | token | card | idea | title | mark
    target: int | str
    start: int
    end: int  # the whole reference (`secret 23`, `card "Reeds"`)
    value_start: int  # the number, or the name inside the quotes
    value_end: int


def references(text: str) -> list[Reference]:
    out = []
    toks = tokens(text)
    for k in range(len(toks) - 1):
        t, n = toks[k], toks[k + 1]
        low = t.text.lower()
        if t.kind == "word" and low in NUMBER_REFS and n.kind == "int" and len(n.text) <= 9:
            out.append(Reference(low, int(n.text), t.start, n.end, n.start, n.end))
        elif t.kind == "word" and low in NAME_REFS and n.kind == "string" and n.text.endswith('"') and len(n.text) >= 2:
            out.append(Reference(low, n.text[1:-1], t.start, n.end, n.start + 1, n.end - 1))
    return out


def reference_at(text: str, off: int) -> Reference | None:
    for r in references(text):
        if r.start <= off <= r.end:
            return r
    return None


def symbol_at(reg: Registry, text: str, off: int) -> tuple[SymbolDef, int, int] | None:
    """The symbol whose phrase covers `off`, with the phrase's offsets."""
    for c in calls(text):
        hit = phrase_at(reg, c.toks, c.position)
        if hit is not None:
            sym, a, b = hit
            if c.toks[a].start <= off <= c.toks[b - 1].end:
                return sym, c.toks[a].start, c.toks[b - 1].end
    return None


def symbol_hover(sym: SymbolDef, titles: dict[str, str] | None = None) -> str:
    """Markdown for a symbol: explanation, positions, parameters, aliases and its rulebook sources."""
    lines = [f"**{sym.name}** — `{sym.id}` ({sym.category})", "", sym.explanation, ""]
    lines.append(f"- positions: {', '.join(sym.positions)}")
    lines.append(f"- written: `{signature(sym)}`")
    for p in sym.params:
        bits = [p.type]
        if p.default is not None:
            bits.append(f"default {p.default}")
        elif p.optional:
            bits.append("optional")
        vals = param_values(p.type)
        if vals:
            bits.append(" | ".join(vals[:12]))
        lines.append(f"- parameter `{p.name}`: " + ", ".join(bits))
    phrases = [*sym.aliases] + ([sym.plural] if sym.plural else [])
    if phrases:
        lines.append("- also written: " + ", ".join(f"`{a}`" for a in phrases))
    lines.append(f"- example: `{sym.example}`")
    if sym.summary:
        lines += ["", sym.summary]
    if sym.completeness != "complete":
        lines.append(f"- completeness: {sym.completeness}")
    for s in sym.source:
        book = s.get("rulebook", "")
        title = (titles or {}).get(book, book)
        sec = " › ".join(s.get("section") or [])
        lines.append(f"- source: {title}" + (f" — {sec}" if sec else ""))
    return "\n".join(lines)


def param_values(spec: str) -> list[str]:
    out: list[str] = []
    for part in spec.split("|"):
        if part in T.ENUMS:
            out.extend(T.ENUMS[part])
    return out


# -- completion ------------------------------------------------------------------------------
@dataclass
class Item:
    label: str
    kind: str  # symbol | value | keyword | reference
    detail: str = ""
    doc: str = ""
    replace_from: int = 0  # offset in the option text the item replaces from (to the cursor)
    insert: str | None = None  # the text inserted (default: the label)


_NAME_KW = "|".join(NAME_REFS)  # the keywords of references by a quoted name (`card "Reeds"`, `mark "white-hand"`)


def record_game(lines: list[str], ln: int) -> str | None:
    """The `game:` of the record (an item of a top-level list) that line `ln` lies in, or None when the record
    states none yet (the text is read as written: the file may not parse while it is being typed)."""
    sec = next((i for i in range(min(ln, len(lines) - 1), -1, -1) if re.match(r"[A-Za-z_][\w-]*\s*:", lines[i])), None)
    if sec is None:
        return None
    item = None
    for i in range(sec + 1, len(lines)):
        m = re.match(r"( *)- ", lines[i])
        if m:
            item = len(m.group(1))
            break
    if item is None:
        return None
    start = next((i for i in range(ln, sec, -1) if re.match(" {%d}- " % item, lines[i])), None)
    if start is None:
        return None
    for i in range(start, len(lines)):
        line = lines[i]
        if i > start and line.strip() and not line.lstrip().startswith("#") and len(line) - len(line.lstrip()) <= item:
            break  # the next record, or the end of the list
        m = re.match(r"(?: {%d}- | {%d})game:\s*[\"']?(game:[\w-]+)" % (item, item + 2), line)
        if m:
            return m.group(1)
    return None


def complete(reg: Registry, prefix: str, targets: dict[str, list[str]], game: str | None = None) -> list[Item]:
    """Completion items for an option whose text up to the cursor is `prefix`.

    `targets` lists what references may name: {"secret": ["23", ...], "token": [...], "card": [names],
    "idea": [names], "title": [words], "mark": [marks]}. With `game`, only the symbols of that game are offered
    (a PaleoVet symbol on a Paleo card would be an error)."""
    toks = tokens(prefix)
    at_word = bool(toks) and toks[-1].kind == "word" and toks[-1].end == len(prefix)
    partial = toks[-1].text.lower() if at_word else ""
    start = toks[-1].start if at_word else len(prefix)
    # a reference being written: `secret |`, `card "|`, `card "Re|`
    open_name = re.search(r'(?:^|[^\w-])(' + _NAME_KW + r')\s*"([^"\n]*)$', prefix, re.I)
    if open_name:
        kind = open_name.group(1).lower()
        q = prefix.rfind('"')
        return [Item(f'"{n}"', "reference", f"{kind} {n!r}", replace_from=q)
                for n in targets.get(kind, []) if n.lower().startswith(open_name.group(2).lower())]
    num = re.search(r'(?:^|[^\w-])(secret|token)\s+([0-9]*)$', prefix, re.I)
    if num and not (at_word and partial in NUMBER_REFS):
        kind = num.group(1).lower()
        return [Item(n, "reference", f"{kind} {n}", replace_from=len(prefix) - len(num.group(2)))
                for n in targets.get(kind, []) if n.startswith(num.group(2))]
    name_kw = re.search(r'(?:^|[^\w-])(' + _NAME_KW + r')\s+$', prefix, re.I)
    if name_kw:
        kind = name_kw.group(1).lower()
        return [Item(f'"{n}"', "reference", f"{kind} {n!r}", replace_from=len(prefix)) for n in targets.get(kind, [])]
    cs = calls(prefix)
    # the clause position at the cursor: calls() flushes at every separator, so find the position
    # of a call that would start here
    position = _position_at(prefix)
    if position is None:
        return [Item(k.strip() if k.endswith(": ") else k.rstrip(), "keyword", d, replace_from=start, insert=k)
                for k, d in CLAUSE_STARTS if k.startswith(partial)] if _at_clause_start(prefix) else []
    cur = cs[-1].toks if cs and cs[-1].toks and not _separated(prefix, cs[-1].toks[-1].end) else []
    done = cur[:-1] if at_word and cur else cur
    lead = 1 if done and done[0].kind == "int" else 0
    words = [t.text.lower() for t in done[lead:]]
    out: list[Item] = []
    hit = phrase_at(reg, done, position) if done else None
    if hit is not None:  # the phrase is written: its parameters, by how many terms follow it
        sym, _, b = hit
        params = sym.after_params
        k = len(done) - b
        if k < len(params):
            out.extend(_param_items(reg, params[k], partial, start))
    if hit is None or hit[2] == len(done):  # symbol phrases valid here that continue the words written
        first = done[lead].start if lead < len(done) else start
        for sid, sym in sorted(reg.symbols.items()):
            if position not in sym.positions or (game is not None and sym.games and game not in sym.games):
                continue
            for ph in sym.phrases():
                parts = ph.split()
                if len(parts) > len(words) and parts[:len(words)] == words and parts[len(words)].startswith(partial):
                    out.append(Item(ph, "symbol", f"{signature(sym)} — {sym.category}", symbol_hover(sym),
                                    replace_from=first))
                    break
    return out


def _param_items(reg: Registry, p, partial: str, start: int) -> list[Item]:
    out = []
    for spec in p.type.split("|"):
        for v in T.ENUMS.get(spec, ()):
            if v.startswith(partial):
                out.append(Item(v, "value", f"{p.name}: {spec}", replace_from=start))
        cat = T.CATEGORY_TYPES.get(spec)
        if cat:
            for sid in sorted(set(reg.category_phrases.get(cat, {}).values())):
                name = reg.symbols[sid].name
                if name.startswith(partial):
                    out.append(Item(name, "value", f"{p.name}: {spec}", replace_from=start))
        if spec in T.REFS:
            kw = " ".join(T.REFS[spec][0])
            if kw.startswith(partial):
                out.append(Item(kw, "keyword", T.REF_NOUNS[spec], replace_from=start, insert=kw + " "))
    return out


def _separated(prefix: str, end: int) -> bool:
    """Whether a separator stands between offset `end` and the end of `prefix`."""
    rest = prefix[end:]
    return bool(re.search(r"[;:,()]|->|\b(?:or|then|may|not)\b", rest))


def _position_at(prefix: str) -> str | None:
    position = None
    toks = tokens(prefix)
    for i, t in enumerate(toks):
        low = t.text.lower()
        if t.kind == "arrow":
            position = "reward"
        elif t.kind == "word" and low in CLAUSE_WORDS:
            position = CLAUSE_WORDS[low]
        elif t.kind == "word" and low == "on" and i == 0:
            position = "trigger"
        elif t.kind == "punct" and t.text == ";":
            position = None
        elif t.kind == "punct" and t.text == ":":
            position = None
        elif t.kind == "word" and low in ("roll", "everyone"):
            position = None
    if toks and toks[-1].kind == "word" and toks[-1].end == len(prefix) and toks[-1].text.lower() in CLAUSE_WORDS \
            and position == CLAUSE_WORDS[toks[-1].text.lower()]:
        return None  # `requ|`: still writing the keyword
    return position


def _at_clause_start(prefix: str) -> bool:
    toks = tokens(prefix)
    if toks and toks[-1].kind == "word" and toks[-1].end == len(prefix):
        toks = toks[:-1]
    return not toks or (toks[-1].kind == "punct" and toks[-1].text in ";:")


# -- where an option string stands in a half-typed file -------------------------------------------
OPTION_ITEM = re.compile(r"^(\s*)-\s+(['\"]?)")
FIELD = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_]+)\s*:\s*(['\"]?)")


def parent_key(lines: list[str], ln: int, dash: int) -> str | None:
    """The key owning the list item whose `-` stands at column `dash` on line `ln`."""
    for k in range(ln - 1, -1, -1):
        s = lines[k]
        if not s.strip() or s.lstrip().startswith("#"):
            continue
        ind = len(s) - len(s.lstrip())
        if ind > dash or (ind == dash and s.lstrip().startswith("-")):
            continue  # a sibling item or a continuation line
        m = re.match(r"^\s*(?:-\s+)?([A-Za-z_]+)\s*:", s)
        return m.group(1) if m else None
    return None


def option_prefix(lines: list[str], ln: int, col: int):
    """(column where the option text starts, its text up to the cursor) on a one-line option, or None."""
    line = lines[ln][:col]
    m = FIELD.match(line)
    if m and m.group(2) in ("brings", "yield", "cost", "improves", "use"):
        start = m.end()
    else:
        m = OPTION_ITEM.match(line)
        if not m or parent_key(lines, ln, len(m.group(1))) not in ("options", "more_options"):
            return None
        start = m.end()
    quote = line[start - 1] if start and line[start - 1] in "'\"" else ""
    text = line[start:]
    if quote and quote in (text.replace("''", "") if quote == "'" else text):
        return None  # the cursor is after the closing quote
    if quote == "'":
        text = text.replace("''", "'")
    return start, text


__all__ = ["POSITION_OF_CLAUSE", "tokens", "calls", "references", "reference_at", "symbol_at", "symbol_hover",
           "semantic_tokens", "complete", "Item"]
