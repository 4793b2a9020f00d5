"""Stage 3, parse: option text to AST with Lark (LALR, contextual lexer, cached grammar).

Lark is imported here and nowhere else; `lark.Tree` never leaves this module. The
transformer runs inline while parsing, so no tree is built at all.
"""

from __future__ import annotations

import hashlib
import os
import re

from ..paths import bundled_dir, cache_dir
from ..store import SignedStore
from .ast import Call, Clause, Many, Option, Problem, Term, Trigger, Unary, Unstated, join, shown

GRAMMAR_PATH = bundled_dir("grammar") / "effects.lark"

_PARSERS: dict[str, object] = {}


def grammar_text() -> str:
    return GRAMMAR_PATH.read_text(encoding="utf-8")


GRAMMAR_CACHE = True  # False: the compiled grammar is neither read from nor written to the cache (`--no-cache`)
_GRAMMAR_MAX_BYTES = 4 << 20  # a compiled grammar entry larger than this is not ours


def _grammar_store():
    """The signed store the compiled grammar is kept in (the one cache folder), or None: caching off
    (`GRAMMAR_CACHE`, `PALEO_NO_CACHE`) or no private cache folder."""
    if not GRAMMAR_CACHE or os.environ.get("PALEO_NO_CACHE") not in (None, "", "0"):
        return None
    d = cache_dir()
    return SignedStore(d, _GRAMMAR_MAX_BYTES) if d is not None else None


def _cached_lark(text: str, flavour: str, transformer=None, **kw):
    """A Lark LALR parser for `text`, its tables read from the cache when an entry for this grammar, flavour and
    Lark version is there. The entry is plain data (marshal) in a signed entry, never a pickle: what it can
    hold is Lark's own serialised tables, read back with Lark's deserialiser restricted to its rule and
    terminal classes; anything else (stale, tampered, unreadable) is a miss and the grammar is built afresh."""
    import lark  # noqa: PLC0415 - start-up cost: Lark (~60 ms) loads when an option is first parsed, not on a cache hit
    from lark.grammar import Rule  # noqa: PLC0415 - with Lark, only when the grammar is built or loaded
    from lark.lexer import TerminalDef  # noqa: PLC0415 - with Lark, only when the grammar is built or loaded

    store = _grammar_store()
    key = "grammar " + hashlib.sha256(f"{lark.__version__}|{flavour}|{sorted(kw.items())}|{text}".encode()).hexdigest()
    name = f"effects-{key[8:24]}.grammar"
    extra = {"transformer": transformer} if transformer is not None else {}
    got = store.get(name, key) if store is not None else None
    if isinstance(got, dict) and isinstance(got.get("data"), dict) and isinstance(got.get("memo"), dict):
        try:
            return lark.Lark._load_from_dict(got["data"], got["memo"], **extra)
        except Exception:  # noqa: BLE001 - a verified entry Lark cannot read back: build afresh
            pass
    p = lark.Lark(text, **kw, **extra)
    if store is not None:
        try:
            data, memo = p.memo_serialize([TerminalDef, Rule])
            data["options"] = {k: v for k, v in data["options"].items() if k not in ("transformer",)}
            store.put_plain(name, key, {"data": data, "memo": memo})
        except Exception:  # noqa: BLE001 - the cache is an optimisation: nothing to keep is no error
            pass
    return p


def make_lark(*, transformer=None, positions: bool = False, cache: bool = True):
    """A Lark LALR parser for the effect grammar (also used by the benchmark and the tests)."""
    import lark  # noqa: PLC0415 - start-up cost: Lark (~60 ms) loads when an option is first parsed, not on a cache hit

    text = grammar_text()
    kw = dict(parser="lalr", lexer="contextual", propagate_positions=positions, maybe_placeholders=False)
    if transformer is not None or not cache:
        return lark.Lark(text, transformer=transformer, **kw)
    return _cached_lark(text, "plain", **kw)


def _transformer():
    from lark import Transformer  # noqa: PLC0415 - start-up cost: Lark (~60 ms) loads when an option is first parsed, not on a cache hit

    class ToAst(Transformer):
        """Lark children to AST nodes; never raises on well-formed parser output."""

        def start(self, c):
            return c[0]

        def option(self, c):
            trigger = None
            clauses: list[Clause] = []
            for x in c:
                if isinstance(x, Trigger):
                    trigger = x
                elif isinstance(x, Clause):
                    clauses.append(x)
                elif isinstance(x, list):
                    clauses.extend(x)
            spans = [x.span for x in ([trigger] if trigger else []) + clauses]
            span = spans[0]
            for s in spans[1:]:
                span = join(span, s)
            return Option(trigger, tuple(clauses), span)

        def at_night(self, c):
            t = c[0]
            return Trigger("night", None, (t.start_pos, t.end_pos))

        def blue(self, c):
            t = c[0]
            return Trigger("blue", None, (t.start_pos, t.end_pos))

        def when_revealed(self, c):
            t = c[0]
            return Trigger("revealed", None, (t.start_pos, t.end_pos))

        def on_event(self, c):
            return Trigger("on", c[0], c[0].span)

        def clauses(self, c):
            return c

        def clause(self, c):
            return c[0]

        def everyone(self, c):
            body = c[1]
            return Clause(body.kind, body.body, (c[0].start_pos, body.span[1]), True, body.dice)

        def everyone_roll(self, c):
            return Clause("roll", None, (c[0].start_pos, c[3].end_pos), True, int(c[2]))

        def _body(kind):
            def f(self, c):
                kw, body = c
                return Clause(kind, body, (kw.start_pos, body.span[1]))
            return f

        require = _body("require")
        cost = _body("cost")
        suffer = _body("suffer")
        rewards = _body("reward")

        def roll(self, c):
            return Clause("roll", None, (c[0].start_pos, c[2].end_pos), False, int(c[1]))

        def _many(op):
            def f(self, c):
                return Many(op, tuple(c), join(c[0].span, c[-1].span))
            return f

        seq = _many("seq")
        choice = _many("choice")
        all = _many("all")

        def group(self, c):
            return c[0]

        def may(self, c):
            return Unary("may", c[1], (c[0].start_pos, c[1].span[1]))

        def not_(self, c):
            return Unary("not", c[1], (c[0].start_pos, c[1].span[1]))

        def unstated(self, c):
            return Unstated((c[0].start_pos, c[0].end_pos))

        def named_ref(self, c):
            kw, s = c
            return Term("name", s[1:-1], (kw.start_pos, s.end_pos), kw.lower())

        def number_ref(self, c):
            kw, n = c
            kind = "sea-card" if kw[:3].lower() == "sea" else kw.lower()
            return Term("number", int(n), (kw.start_pos, n.end_pos), kind)

        def call(self, c):
            terms = []
            for x in c:
                if isinstance(x, Term):
                    terms.append(x)
                elif x.type == "INT":
                    terms.append(Term("int", int(x), (x.start_pos, x.end_pos)))
                else:
                    terms.append(Term("word", x.lower(), (x.start_pos, x.end_pos)))
            return Call(tuple(terms), (terms[0].span[0], terms[-1].span[1]))

    del ToAst._body, ToAst._many
    return ToAst()


def _parser():
    p = _PARSERS.get("ast")
    if p is None:
        kw = dict(parser="lalr", lexer="contextual", maybe_placeholders=False)
        # the grammar's tables (not the transformer) are cached; the transformer is attached as they load,
        # which keeps the inline transformation
        p = _PARSERS["ast"] = _cached_lark(grammar_text(), "ast", transformer=_transformer(), **kw)
    return p


# Labelled bad samples: each label is what the author should have written at the spot
# where the parser stopped (matched with Lark's `match_examples`, never state numbers).
ERROR_EXAMPLES: dict[str, list[str]] = {
    "an option starts with `require`, `roll`, `cost`, `suffer`, `everyone:`, a trigger or `->`": [
        "gain 1 wood", "venerate place forest -> 1 wood", "1 wood", "may 1 wood", "(require strength 1)",
        '"Reeds"', ", 1 wood", "or", "then 1 wood", "; require strength 1", "at", ": 1 wood",
    ],
    "expected a symbol after the clause keyword": [
        "require", "cost", "suffer", "->", "require ; cost discard 1 card", "cost -> 1 wood",
        "require strength 2; cost", "-> ;", "-> )", "require ->", "cost ,",
    ],
    "expected an item after `,`, `or` or `then`": [
        "-> 1 wood,", "-> 1 wood or", "-> 1 wood then", "-> 1 wood, ;", "-> 1 wood or ->",
        "require strength 1 or ; cost 1 wood", "-> 1 wood then )", "-> 1 wood, , 1 stone",
    ],
    "expected an item after `may` or `not`": [
        "-> may", "require not", "-> may ;", "require not -> 1 wood", "-> may )", "-> may, 1 wood",
    ],
    "a dice roll is written `roll N dice`": [
        "roll", "roll dice", "roll 2", "roll 2 wood", "everyone roll", "everyone roll dice",
        "everyone roll 1", "roll 1 -> 1 wood", "roll x", "everyone roll 1 cards",
    ],
    "`everyone` is followed by `:` and a clause, or by `roll N dice`": [
        "everyone require strength 2", "everyone", "everyone: -> 1 wood", "everyone:", "everyone 1",
        "everyone: everyone: require strength 1", "everyone: ; cost 1 food",
    ],
    "a parenthesis is not closed": [
        "-> (1 wood", "-> (1 wood or 1 stone", "-> (1 wood, (1 stone)", "require (strength 1 -> 1 wood",
        "-> (1 wood; cost 1 food",
    ],
    "a parenthesis is closed that was never opened": [
        "-> 1 wood)", "require strength 1) -> 1 wood", "-> 1 wood, 1 stone)",
    ],
    "a quoted name follows its kind: card \"Reeds\", idea \"Isolation\", title \"Dodo\"": [
        '-> "Reeds"', 'require have "Reeds"', '-> 1 "Reeds"', '-> place "Reeds"', 'require have card "Reeds" "Clay"',
        '-> reveal 2 "x"',
    ],
    "rewards come last, after a single `->`": [
        "-> 1 wood -> 1 stone", "-> 1 wood; require strength 1", "-> 1 wood; cost 1 food",
        "require strength 1 -> 1 wood; suffer 1 wound", "-> 1 wood; -> 1 stone",
    ],
    "a trigger is `at night:`, `blue:`, `when revealed:` or `on <symbol>:`": [
        "at night -> 1 food", "at dawn: -> 1 food", "when -> 1 food", "when revealed -> 1 food",
        "on -> 1 food", "on stable action -> 1 food", "at night: at night: -> 1 food", "when: -> 1 food",
        "on: -> 1 food", "at: -> 1 food", "blue -> 1 food", "blue cost 1 food", "blue: blue: -> 1 food",
        "at night: blue: -> 1 food", "blue: at night: -> 1 food",
    ],
    "a trigger (`at night:`, `blue:`, `when revealed:`, `on <symbol>:`) must start the option": [
        "require strength 1; at night: -> 1 food", "cost 1 food; when revealed: -> 1 wood",
        "require strength 1; blue: -> 1 food", "cost 1 food; blue: -> 1 wood",
        "require strength 1; on stable action: -> 1 food", "cost 1 food; at night: -> 1 wood",
        "suffer 1 wound; at night: -> 1 wood", "roll 1 die; at night: -> 1 food",
        "require strength 1; cost 1 food; at night: -> 1 wood", "everyone: require strength 1; at night: -> 1 food",
    ],
    "expected `;` between clauses or `->` before the rewards": [
        "require strength 1 : 1 wood", "require (strength 1) cost 1 wood",
        "roll 1 die cost 1 wood", "roll 1 die require strength 1", "everyone roll 1 die -> 1 wood 2 (",
    ],
}

# Each bad sample's failure, in ERROR_EXAMPLES order: (label, exception type, parser state,
# stack depth, token type, token text, accepted tokens). Built once, on the first error.
_SAMPLES: list[tuple] = []


def _failure(exc) -> tuple:
    state = getattr(exc, "state", None)
    tok = getattr(exc, "token", None)
    accepts = getattr(exc, "accepts", None) if type(exc).__name__ == "UnexpectedToken" else None
    return (type(exc).__name__, getattr(state, "position", None), len(getattr(state, "state_stack", ()) or ()),
            getattr(tok, "type", None), None if tok is None else str(tok), frozenset(accepts or ()) or None)


def _samples() -> list[tuple]:
    if not _SAMPLES:
        import lark  # noqa: PLC0415 - start-up cost: Lark (~60 ms) loads when an option is first parsed, not on a cache hit

        for label, samples in ERROR_EXAMPLES.items():
            for sample in samples:
                try:
                    _parser().parse(sample)
                except lark.exceptions.UnexpectedInput as ut:
                    _SAMPLES.append((label, *_failure(ut)))
    return _SAMPLES


def _label(exc) -> str | None:
    """The label of the bad sample that fails the same way: a pure function of the failure.

    The rule of Lark's `match_examples` (same parser state and stack depth, same accepted tokens;
    the same token text first, then the same token type, then any), read from the samples'
    failures recorded once instead of parsing every sample again; when no sample fails at this
    depth, the same state at any depth (same error and token type first).
    """
    kind, position, depth, ttype, text, accepts = _failure(exc)
    exact = typed = anywhere = typed_anywhere = state_anywhere = None
    for label, k, pos, dep, tt, tx, acc in _samples():
        if pos != position:
            continue
        if dep == depth and not (accepts and acc and acc != accepts):
            if tx is not None and text is not None and tx == text and tt == ttype:
                exact = exact or label
                break
            if tt is not None and tt == ttype:
                typed = typed or label
            anywhere = anywhere or label
        else:
            if k == kind and tt == ttype:
                typed_anywhere = typed_anywhere or label
            state_anywhere = state_anywhere or label
    return exact or typed or anywhere or typed_anywhere or state_anywhere


_FRIENDLY = {
    "ARROW": "`->`", "EVERYONE": "`everyone`", "REQUIRE": "`require`", "ROLL": "`roll`", "COST": "`cost`",
    "SUFFER": "`suffer`", "MAY": "`may`", "NOT": "`not`", "NIGHT": "`night`", "BLUE": "`blue`",
    "REVEALED": "`revealed`",
    "DICE": "`dice`", "REF_NUMBER": "a reference",
    "REF_NAME": "a reference", "WORD": "a word", "INT": "a number", "STRING": "a quoted name", "SEMICOLON": "`;`",
    "COMMA": "`,`", "COLON": "`:`", "LPAR": "`(`", "RPAR": "`)`", "AT": "`at`", "WHEN": "`when`", "ON": "`on`",
    "OR": "`or`", "THEN": "`then`", "$END": "the end of the option",
}


def _expected(exc) -> str | None:
    wanted = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or ()
    names = sorted({_FRIENDLY.get(n, n.lower()) for n in wanted})
    if not names:
        return None
    return "expected " + ", ".join(names)


MAX_DIGITS = 9
# a number token (not inside a word or a quoted name) longer than MAX_DIGITS
_LONG_NUMBER = re.compile(r'"[^"\n]*"|(?<![A-Za-z0-9&!\'])[0-9]{%d,}' % (MAX_DIGITS + 1))


def _long_number(text: str) -> Problem | None:
    for m in _LONG_NUMBER.finditer(text):
        if m.group()[0] != '"':
            return Problem("E305", f"number has more than {MAX_DIGITS} digits", m.span(), "too large",
                           f"write a number of at most {MAX_DIGITS} digits")
    return None


def parse(text: str) -> tuple[Option | None, list[Problem]]:
    """Parse one option string into an AST, or report where and what was expected."""
    import lark  # noqa: PLC0415 - start-up cost: Lark (~60 ms) loads when an option is first parsed, not on a cache hit

    p = _parser()
    big = _long_number(text)
    if big is not None:  # checked first: Python refuses to convert very long digit strings
        return None, [big]
    try:
        return p.parse(text), []
    except lark.exceptions.UnexpectedCharacters as exc:
        # no labelled sample applies: the samples are misplaced tokens, this is a character that
        # starts no token here, so the message names it and the help lists what may follow
        i = exc.pos_in_stream
        ch = text[i] if i < len(text) else ""
        if ch == '"':
            return None, [Problem("E301", "quoted name is not closed", (i, i + 1), "no closing `\"` on this line",
                                  'close the name on the same line: card "Reeds"')]
        msg = f"unexpected character `{shown(ch)}`" if ch.strip() else "unexpected character"
        return None, [Problem("E301", msg, (i, i + 1), "not part of the effect language", _expected(exc))]
    except lark.exceptions.UnexpectedEOF as exc:
        label = _label(exc)
        end = len(text.rstrip())
        return None, [Problem("E301", f"option ends too early: {label}" if label else "option ends too early",
                              (max(end - 1, 0), max(end, 1)), "the option stops here", _expected(exc))]
    except lark.exceptions.UnexpectedToken as exc:
        tok = exc.token
        label = _label(exc)
        if tok.type == "$END":
            end = len(text.rstrip())
            return None, [Problem("E301", f"option ends too early: {label}" if label else "option ends too early",
                                  (max(end - 1, 0), max(end, 1)), "the option stops here", _expected(exc))]
        start = tok.start_pos if tok.start_pos is not None else 0
        end = tok.end_pos if tok.end_pos is not None else start + 1
        msg = f"unexpected `{shown(str(tok))}`" + (f": {label}" if label else "")
        return None, [Problem("E301", msg, (start, max(end, start + 1)), "unexpected here", _expected(exc))]
    except lark.exceptions.LarkError as exc:  # any other grammar-level failure is still a diagnostic
        return None, [Problem("E301", f"cannot read option: {shown(str(exc).splitlines()[0])}",
                              (0, max(len(text), 1)))]
