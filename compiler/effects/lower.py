"""Stage 4, lower: AST + symbol registry to the IR (plain dicts, see `ir.py`), with typed arguments."""

from __future__ import annotations

from typing import Any

from . import types as T
from .ast import Call, Clause, Many, Option, Problem, Term, Unary, Unstated, shown
from .registry import POSITION_OF_CLAUSE, Registry, SymbolDef, game_id, signature

CLAUSE_WORDS = {"require", "roll", "cost", "suffer", "everyone"}
MAX_NESTING = 64  # `may`, `not` and parenthesised lists inside one another; deeper is not a card rule
POSITION_NOUN = {"requirement": "a requirement", "cost": "a cost", "reward": "a reward",
                 "negative": "a negative outcome", "trigger": "a trigger", "condition": "a condition"}


class _Lowering:
    __slots__ = ("reg", "game", "problems")

    def __init__(self, reg: Registry, game: str):
        self.reg = reg
        self.game = game
        self.problems: list[Problem] = []

    def option(self, opt: Option) -> dict:
        out: dict[str, Any] = {"clauses": [self.clause(c) for c in opt.clauses], "node": "option"}
        if opt.trigger is not None:
            t = opt.trigger
            if t.kind == "on":
                out["trigger"] = {"call": self.call(t.call, "trigger", "on"), "kind": "on"}
            else:
                out["trigger"] = {"kind": t.kind}
        kinds = [c.kind for c in opt.clauses]
        if not opt.clauses:
            self.problems.append(Problem("E310", "option has no clause", opt.span, "nothing to resolve",
                                         "add a requirement, a cost or `-> rewards`"))
        elif all(k == "roll" for k in kinds):
            self.problems.append(Problem("E310", "a dice roll needs a requirement it raises", opt.clauses[0].span,
                                         "nothing for the dice to raise", "add `require ...` before the roll"))
        return out

    def clause(self, c: Clause) -> dict:
        out: dict[str, Any] = {"kind": c.kind, "node": "clause"}
        if c.everyone:
            out["everyone"] = True
        if c.kind == "roll":
            if c.dice is None or c.dice < 1:
                self.problems.append(Problem("E305", "a roll needs at least 1 die", c.span, "no dice to roll"))
            out["dice"] = c.dice
            return out
        out["position"] = POSITION_OF_CLAUSE[c.kind]
        out["body"] = self.node(c.body, out["position"], c.kind, 0)
        return out

    def node(self, n, position: str, clause: str, depth: int) -> dict:
        if depth > MAX_NESTING:
            self.problems.append(Problem("E301", "option is nested too deeply", n.span,
                                         f"more than {MAX_NESTING} levels of `may`, `not` or parentheses",
                                         "split the rule into simpler parts"))
            return {"args": {}, "node": "call", "symbol": None}
        if isinstance(n, Call):
            return self.call(n, position, clause)
        if isinstance(n, Unstated):  # a part the rulebook leaves out: kept, so no one reads the option as whole
            return {"node": "unstated"}
        if isinstance(n, Unary):
            if n.op == "not" and clause != "require":
                self.problems.append(Problem("E310", "`not` is only allowed in a requirement", n.span,
                                             "not a condition", "negate requirements only: `require not have grain`"))
            if n.op == "may" and clause == "require":
                self.problems.append(Problem("E310", "`may` is not allowed in a requirement", n.span,
                                             "a requirement is checked, not chosen",
                                             "put optional steps in a cost or a reward"))
            return {"item": self.node(n.item, position, clause, depth + 1), "node": n.op}
        if isinstance(n, Many):
            if n.op == "seq" and clause == "require":
                self.problems.append(Problem("E310", "`then` is not allowed in a requirement", n.span,
                                             "requirements have no order", "join requirements with `,`"))
            items: list[dict] = []
            for x in n.items:
                lowered = self.node(x, position, clause, depth + 1)
                if lowered.get("node") == n.op:  # parentheses around the same operator add nothing
                    items.extend(lowered["items"])
                else:
                    items.append(lowered)
            return {"items": items, "node": n.op}
        raise TypeError(f"unknown AST node {n!r}")  # a bug, never user input

    def call(self, c: Call, position: str, clause: str) -> dict:
        reg = self.reg
        terms = c.terms
        i = 0
        lead: Term | None = None
        if terms[0].kind == "int":
            lead = terms[0]
            i = 1
        j = i
        while j < len(terms) and terms[j].kind == "word":
            j += 1
        words = [t.value for t in terms[i:j]]
        ext: tuple[str, ...] = ()
        if j < len(terms) and terms[j].refkind:  # a reference right after the words
            t = terms[j]
            ext = T.REFS[t.refkind][0] if t.kind == "number" else (t.refkind,)
        cand = words + list(ext)
        sid = None
        used = 0
        for n in range(min(len(cand), reg.max_phrase), 0, -1):
            if len(words) < n < len(cand):
                continue  # a reference keyword belongs to the name whole or not at all
            sid = reg.phrases.get(tuple(cand[:n]))
            if sid:
                used = n
                break
        if sid is None:
            return self._unknown(c, terms, i, j, cand)
        sym = reg.symbols[sid]
        # when the symbol name ends with a reference keyword (`reveal secret 23`,
        # `remove special card "Reeds"`) the reference keeps that keyword as its kind
        rest = terms[j:] if used > len(words) else terms[i + used:]
        if used > len(words) and rest[0].kind == "number":
            after = sym.after_params
            if not after or rest[0].refkind not in after[0].type.split("|"):
                # `remove sleep token 1`: the keyword is part of the name, the number its argument
                t = rest[0]
                rest = (Term("int", t.value, (t.span[1] - len(str(t.value)), t.span[1])),) + rest[1:]
        phrase_span = (terms[i].span[0], terms[min(i + max(used, 1), len(terms)) - 1].span[1]) if i < len(terms) \
            else c.span
        if position not in sym.positions:
            allowed = ", ".join(POSITION_NOUN.get(p, p) for p in sym.positions)
            self.problems.append(Problem(
                "E303", f"`{sym.name}` cannot be {POSITION_NOUN.get(position, position)}", phrase_span,
                f"not allowed in `{clause}`", f"`{sym.name}` may be {allowed}"))
        if self.game is not None and self.game not in sym.games:
            games = ", ".join(g.removeprefix("game:") for g in sym.games)
            self.problems.append(Problem(
                "E304", f"`{sym.name}` is not a symbol of {self.game.removeprefix('game:')}", phrase_span,
                f"a symbol of {games}", "use a symbol of this game (`paleo symbols` lists them)"))
        args = self._bind(sym, lead, rest, c, phrase_span)
        return {"args": args, "node": "call", "symbol": sid}

    def _unknown(self, c: Call, terms, i, j, cand) -> dict:
        if not cand:
            t = terms[i] if i < len(terms) else terms[0]
            self.problems.append(Problem("E302", "expected a symbol phrase", t.span, "not a symbol",
                                         "a call starts with a symbol such as `discard` or `venerate place`"))
            return {"args": {}, "node": "call", "symbol": None}
        end = terms[j - 1].span[1] if j > i else c.span[1]
        span = (terms[i].span[0], end)
        phrase = " ".join(cand[: j - i] or cand)
        self.problems.append(Problem("E302", f"unknown symbol `{shown(phrase)}`", span, "no symbol has this name",
                                     self.reg.suggest(tuple(cand))))
        return {"args": {}, "node": "call", "symbol": None}

    def _bind(self, sym: SymbolDef, lead: Term | None, rest: tuple[Term, ...], c: Call, phrase_span) -> dict:
        args: dict[str, Any] = {}
        pre = sym.prefix_param
        if lead is not None:
            if pre is None:
                self.problems.append(Problem("E305", f"`{sym.name}` takes no leading number", lead.span,
                                             "unexpected number", _usage(sym, self.reg)))
            else:
                self._store(sym, pre, lead.value, lead.span, args)
        elif pre is not None:
            if pre.optional:
                args[pre.name] = pre.default if pre.default is not None else 1
            else:
                self.problems.append(Problem("E306", f"`{sym.name}` needs a number before it", phrase_span,
                                             "how many?", _usage(sym, self.reg)))
        k = 0
        for p in sym.after_params:
            m = T.match_value(p.type, rest, k, self.reg) if k < len(rest) else None
            if m is None:
                if p.optional:
                    if p.default is not None:
                        args[p.name] = p.default
                    continue
                what, help_ = _expected(p.type, self.reg, _usage(sym, self.reg))
                if k < len(rest):
                    t = rest[k]
                    self.problems.append(Problem(
                        "E305", f"`{_shown(t)}` is not {what}", t.span, f"expected {p.name} of `{sym.name}`", help_))
                    return args
                self.problems.append(Problem(
                    "E306", f"`{sym.name}` needs its {p.name}: {what}", phrase_span,
                    f"missing {p.name} after this", help_))
                return args
            span = (rest[k].span[0], rest[m.end - 1].span[1])
            k = m.end
            if p.unit and isinstance(m.value, int) and k < len(rest):
                for form in p.unit:
                    fw = tuple(form.split())
                    if T.words_at(rest, k, len(fw)) == fw:
                        k += len(fw)
                        break
            self._store(sym, p, m.value, span, args)
        if k < len(rest):
            t = rest[k]
            end = rest[-1].span[1]
            help_ = _usage(sym, self.reg)
            if t.kind == "word" and t.value in CLAUSE_WORDS:
                help_ = f"separate clauses with `;`: `...; {t.value} ...`"
            self.problems.append(Problem("E307", f"unexpected `{_shown(t)}` after `{sym.name}`", (t.span[0], end),
                                         "left over", help_))
        return args

    def _store(self, sym: SymbolDef, p, value, span, args: dict) -> None:
        problem = T.check_value(p.type, value)
        if problem:
            self.problems.append(Problem("E305", f"{problem} (`{sym.name}` {p.name})", span, "out of range",
                                         _usage(sym, self.reg)))
        args[p.name] = value


def _shown(t: Term) -> str:
    if t.kind == "name":
        return f'{t.refkind} "{shown(t.value)}"'
    if t.kind == "number":
        return f"{' '.join(T.REFS[t.refkind][0])} {t.value}"
    return shown(str(t.value))


MAX_EXPECTED = 80  # a longer description of the expected values moves from the message to the help


def _expected(spec: str, reg: Registry, usage: str) -> tuple[str, str]:
    """What the message says is expected, and the help: the values listed in full when they are many."""
    full = T.describe(spec, reg)
    if len(full) <= MAX_EXPECTED:
        return full, usage
    return T.describe(spec, reg, brief=True), f"expected {full}; {usage}"


def _usage(sym: SymbolDef, reg: Registry) -> str:
    return "usage: `" + signature(sym) + "`, e.g. `" + sym.example + "`"


def lower(opt: Option, registry: Registry, game: str) -> tuple[dict | None, list[Problem]]:
    """Lower one parsed option; the IR is None when any problem is an error."""
    lw = _Lowering(registry, game_id(game) if game else None)
    ir = lw.option(opt)
    return (None if lw.problems else ir), lw.problems
