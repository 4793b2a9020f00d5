"""Properties: IR generated from the registry's signatures survives print -> parse -> lower unchanged,
and no input text, random or drawn from the grammar, makes parsing or lowering raise."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings, strategies as st

from compiler.effects import compile_text, print_option
from compiler.effects import types as T
from compiler.vocabulary import CARD_MARKS
from compiler.effects.ir import validate
from compiler.effects.registry import default_registry

REG = default_registry()
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

POS = {"require": "requirement", "cost": "cost", "suffer": "negative", "reward": "reward"}

name_text = st.text(st.characters(min_codepoint=32, max_codepoint=0x24F, blacklist_characters='"'),
                    min_size=1, max_size=20).filter(lambda s: s.strip())


def value(spec: str):
    parts = spec.split("|")
    options = []
    for part in parts:
        if part == "int":
            options.append(st.integers(0, 60))
        elif part == "count":
            options.append(st.integers(1, 60))
        elif part in T.ENUMS:
            options.append(st.sampled_from(T.ENUMS[part]))
        elif part in T.CATEGORY_TYPES:
            ids = sorted(s.id for s in REG.symbols.values() if s.category == T.CATEGORY_TYPES[part])
            options.append(st.sampled_from(ids))
        elif part in ("secret", "token"):
            options.append(st.integers(1, 99).map(lambda n, k=part: {"ref": k, "number": n}))
        elif part == "sea-card":
            options.append(st.integers(1, T.SEA_SYMBOLS).map(lambda n: {"ref": "sea-card", "symbol": n}))
        elif part == "mark":  # a mark is one of the card marks, not any name
            options.append(st.sampled_from(CARD_MARKS).map(lambda m: {"ref": "mark", "name": m}))
        else:
            options.append(name_text.map(lambda s, k=part: {"ref": k, "name": s}))
    return st.one_of(options)


def call(position: str, game: str):
    syms = sorted((s for s in REG.symbols.values() if position in s.positions and game in s.games),
                  key=lambda s: s.id)

    @st.composite
    def build(draw):
        sym = draw(st.sampled_from(syms))
        args = {}
        for p in sym.params:
            if p.optional and p.default is None and draw(st.booleans()):
                continue
            args[p.name] = draw(value(p.type))
        return {"args": args, "node": "call", "symbol": sym.id}

    return build()


def node(clause: str, game: str):
    position = POS[clause]
    leaf = call(position, game)

    def extend(children):
        ops = ["all", "choice"] + ([] if clause == "require" else ["seq"])
        unary = "not" if clause == "require" else "may"

        @st.composite
        def many(draw):
            op = draw(st.sampled_from(ops))
            items = draw(st.lists(children.filter(lambda n, o=op: n["node"] != o), min_size=2, max_size=3))
            return {"items": items, "node": op}

        return st.one_of(many(), children.map(lambda n, u=unary: {"item": n, "node": u}))

    return st.recursive(leaf, extend, max_leaves=6)


def _has(position: str, game: str) -> bool:
    return any(position in s.positions and game in s.games for s in REG.symbols.values())


@st.composite
def option(draw, game="game:paleo"):
    clauses = []
    kinds = [k for k in ("require", "cost", "suffer") if _has(POS[k], game)] + ["roll"]
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(kinds))
        c = {"kind": kind, "node": "clause"}
        if kind == "roll":
            c["dice"] = draw(st.integers(1, 4))
        else:
            c["position"] = POS[kind]
            c["body"] = draw(node(kind, game))
        if draw(st.booleans()):
            c["everyone"] = True
        clauses.append(c)
    if not clauses or all(c["kind"] == "roll" for c in clauses) or draw(st.booleans()):
        clauses.append({"body": draw(node("reward", game)), "kind": "reward", "node": "clause",
                        "position": "reward"})
    ir = {"clauses": clauses, "node": "option"}
    trig = draw(st.sampled_from([None, "night", "blue", "revealed"] + (["on"] if _has("trigger", game) else [])))
    if trig == "on":
        ir["trigger"] = {"call": draw(call("trigger", game)), "kind": "on"}
    elif trig:
        ir["trigger"] = {"kind": trig}
    return ir


@SETTINGS
@given(option())
def test_print_parse_lower_round_trip(ir):
    assert validate(ir, REG) == []
    text = print_option(ir, REG)
    back, problems = compile_text(text, REG, "game:paleo")
    assert problems == [], (text, problems)
    assert back == ir, text


@SETTINGS
@given(option(game="game:paleovet"))
def test_round_trip_paleovet(ir):
    text = print_option(ir, REG)
    back, problems = compile_text(text, REG, "paleovet")
    assert problems == [] and back == ir, (text, problems)


def _only_own_diagnostics(text: str):
    ir, problems = compile_text(text, REG, "game:paleo")
    for p in problems:
        assert p.code.startswith("E3"), p
        assert 0 <= p.span[0] <= p.span[1] <= len(text) + 1, (text, p)
        # a short lower-case phrase without a final period, printable whatever the input
        assert p.message.isprintable() and (p.message[:1].islower() or p.message[:1] == "`"), p.message
        assert not p.message.endswith(".") and len(p.message) <= 200, p.message
    assert (ir is None) == bool(problems)
    if ir is not None:
        assert validate(ir, REG) == []


@SETTINGS
@given(st.text(max_size=80))
def test_arbitrary_text_gives_only_diagnostics(text):
    _only_own_diagnostics(text)


WORDS = sorted({w for k in REG.phrases for w in k} | {"lake", "forest", "on", "farm", "with", "group", "x"})


_LARK_STRATEGY: list = []


def _lark_strings():
    if _LARK_STRATEGY:
        return _LARK_STRATEGY[0]
    from hypothesis.extra.lark import from_lark

    from compiler.effects.parser import make_lark

    lk = make_lark(cache=False)
    explicit = {}
    for t in lk.terminals:
        if t.name == "WORD":
            explicit[t.name] = st.sampled_from(WORDS).map(lambda w: w + " ")
        elif t.name == "INT":
            explicit[t.name] = st.integers(0, 40).map(lambda n: f"{n} ")
        elif t.name == "STRING":
            explicit[t.name] = st.sampled_from(['"Reeds" ', '"Dodo" ', '"" '])
        elif t.name == "REF_NAME":
            explicit[t.name] = st.sampled_from(["card ", "idea ", "title "])
        elif t.name == "REF_NUMBER":
            explicit[t.name] = st.sampled_from(["secret ", "token ", "sea card ", "sea\n card "])
        elif t.pattern.type == "str":
            explicit[t.name] = st.just(t.pattern.value + " ")
        elif t.name == "DICE":
            explicit[t.name] = st.sampled_from(["die ", "dice "])
    _LARK_STRATEGY.append(from_lark(lk, start="start", explicit=explicit))
    return _LARK_STRATEGY[0]


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_grammar_generated_text_gives_only_diagnostics(data):
    text = data.draw(_lark_strings())
    _only_own_diagnostics(text)
    # and the same text, squeezed without spaces and cut anywhere, still never raises
    cut = data.draw(st.integers(0, len(text)))
    _only_own_diagnostics(text[:cut])
    _only_own_diagnostics(text.replace(" ", ""))
