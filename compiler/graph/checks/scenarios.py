"""Scenario closure (G407) and module combination rules (G408)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from ...diagnostics import Diagnostic, Label, make
from ..build import Facts, Graph, Ref
from .common import always_needed_for, missing_fact, name_of, product_closure


@dataclass
class Closure:
    """What playing one scenario brings to the table, and what its cards ask for."""

    sid: str
    modules: list[str] = field(default_factory=list)
    missing_letters: list[str] = field(default_factory=list)
    products: set[str] = field(default_factory=set)
    brought: set[str] = field(default_factory=set)  # products the scenario and its modules' own products bring
    boards: set[str] = field(default_factory=set)
    cards: set[str] = field(default_factory=set)
    secrets: dict[int, str] = field(default_factory=dict)  # number -> why it is in play
    tokens: set[str] = field(default_factory=set)
    unmet: list[tuple[Ref, str]] = field(default_factory=list)  # (reference, what is missing)
    unknown: list[tuple[Ref, str]] = field(default_factory=list)  # (reference, missing fact)


def closure(F: Facts, sid: str) -> Closure:
    key = ("closure", sid)
    if key not in F.cache:
        F.cache[key] = _closure(F, sid)
    return F.cache[key]


def _closure(F: Facts, sid: str) -> Closure:
    sc = F.scenarios[sid]
    c = Closure(sid)
    game = F.games.get(sc["game"], {})
    for letter in sc.get("modules") or ():
        mid = F.module_by_letter.get((sc["game"], letter))
        if mid:
            c.modules.append(mid)
        else:
            c.missing_letters.append(letter)
    direct = {sc.get("product")} | {F.modules[m].get("product") for m in c.modules}
    c.brought = {p for p in product_closure(F, {p for p in direct if p}) if p}
    for m in c.modules:
        direct |= {r for r in F.modules[m].get("requires") or () if r.startswith("product:")}
    c.products = {p for p in product_closure(F, {p for p in direct if p}) if p}
    c.boards = set(sc.get("boards") or ()) | set(game.get("boards") or ())
    for m in c.modules:
        r = F.modules[m]
        c.cards.update(r.get("cards") or ())
        c.cards.update(x for x in [*(r.get("missions") or ()), *(r.get("ideas") or ())] if x in F.cards)
        for u in r.get("secret_uses") or ():
            c.secrets.setdefault(u["number"], m)
    for n in sorted(always_needed_for(F, c.products, c.boards)):
        c.secrets.setdefault(n, "always")
    for p in c.products:
        c.cards.update(x for x in F.cards_by_product.get(p, ()) if not F.cards[x].get("module")
                       and F.cards[x].get("kind") != "secret")
    for n in c.secrets:
        c.cards.update(F.secret_cards.get(n, ()))
    c.tokens = {t for p in c.products for t in F.tokens_by_product.get(p, ())}

    for ref in (r for src in sorted(c.cards | c.tokens) for r in F.refs_by_src.get(src, ())):
        if not ref.resolved:
            continue
        if ref.kind in ("title", "symbol", "secret-mark"):
            continue
        n = ref.number
        if n is not None:
            if n not in c.secrets:
                c.unmet.append((ref, f"secret {n}"))
            continue
        if ref.kind in ("card", "idea", "secret"):
            if any(h in c.cards for h in ref.resolved):
                continue
            hit = F.cards.get(ref.resolved[0], {})
            if hit.get("kind") == "secret" and hit.get("number") is None:
                c.unknown.append((ref, f"the secret number of card \"{hit.get('name')}\" is not stated"))
            else:
                c.unmet.append((ref, name_of(F, ref.resolved[0])))
        elif ref.kind == "token":
            if not any(h in c.tokens for h in ref.resolved):
                c.unmet.append((ref, name_of(F, ref.resolved[0])))
    return c


def _stubs(F: Facts, c: Closure) -> list[str]:
    return [m for m in c.modules if F.modules[m].get("completeness") == "unknown"]


def scenario_needs(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    reported_facts: set[str] = set()
    for sid in sorted(F.scenarios):
        c = closure(F, sid)
        stubs = _stubs(F, c)
        for ref, what in c.unmet:
            src = name_of(F, ref.src)
            if stubs:
                fact = f"{F.scenarios[sid]['name']}: whether {', '.join(name_of(F, m) for m in stubs)} supplies {what}"
                if fact in reported_facts:
                    continue
                reported_facts.add(fact)
                yield missing_fact(
                    f"{sid} needs {what} for {src}, which no module with known components supplies; "
                    f"the components of {', '.join(name_of(F, m) for m in stubs)} are not in the rulebooks",
                    F.span(sid, "modules"),
                )
                continue
            yield make(
                "G407", f"{sid} needs {what}, which none of its modules supplies", F.span(sid, "modules"),
                label="these modules do not bring it",
                labels=(Label(ref.span, f"{src} needs {what}"),),
                help="add it to the component list of the module whose card needs it, or correct the reference",
            )
        for ref, fact in c.unknown:
            if fact in reported_facts:
                continue
            reported_facts.add(fact)
            yield missing_fact(f"{fact}, so no scenario can be shown to supply it", ref.span)


def combination_rules(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    games_without_rule: set[str] = set()
    for sid in sorted(F.scenarios):
        sc = F.scenarios[sid]
        c = closure(F, sid)
        # boards and products the modules need
        for m in c.modules:
            r = F.modules[m]
            for i, req in enumerate(r.get("requires") or ()):
                if req.startswith("board:") and req not in c.boards:
                    yield make(
                        "G408", f"module {r['letter']} needs `{req}`, which {sid} does not use",
                        F.span(sid, "boards") if sc.get("boards") else F.span(sid, "modules"),
                        label=f"no `{req}` here",
                        labels=(Label(F.span(m, "requires", i), f"module {r['letter']} needs it"),),
                        help=f"add `{req}` to the scenario's `boards:`",
                    )
                elif req.startswith("product:") and req in F.products and req not in c.brought:
                    yield make("G408", f"module {r['letter']} needs `{req}`, which {sid} does not bring",
                               F.span(sid, "modules"), label=f"neither the scenario's product nor its modules bring `{req}`",
                               labels=(Label(F.span(m, "requires", i), f"module {r['letter']} needs it"),),
                               help=f"combine a module of `{req}`, or make the scenario's product require it")
        # how many modules
        if c.missing_letters:
            continue
        params = (F.games.get(sc["game"]) or {}).get("parameters") or {}
        usual = params.get("modules_per_scenario")
        combine = [(F.modules[m].get("combine"), m) for m in c.modules if F.modules[m].get("combine")]
        if combine:
            expected = max(k for k, _ in combine) + 1
        elif isinstance(usual, int):
            expected = usual
        else:
            if sc["game"] not in games_without_rule and sc["game"] in F.games:
                games_without_rule.add(sc["game"])
                yield missing_fact(
                    f"`{sc['game']}` does not state how many modules a scenario combines",
                    F.span(sc["game"], "parameters") if params else F.span(sc["game"], "id"),
                    help="where a rulebook states it, record it as `parameters: {modules_per_scenario: N}`",
                )
            continue
        n = len(c.modules)
        if n == expected:
            continue
        incomplete = [m for m in c.modules if F.modules[m].get("completeness") != "complete"]
        if n > expected and not combine and incomplete:
            yield missing_fact(
                f"{sid} combines {n} modules, {expected} as usual; which of "
                f"{', '.join(F.modules[m]['letter'] for m in c.modules)} may be combined with {n - 1} others is not stated",
                F.span(sid, "modules"),
                help="record the module's `combine:` when a rulebook states it",
            )
            continue
        why = (f"module {F.modules[combine[0][1]]['letter']} must be combined with {combine[0][0]} others"
               if combine else f"`{sc['game']}` combines {expected} modules")
        yield make(
            "G408", f"{sid} combines {n} module{'s' if n != 1 else ''}, {expected} needed", F.span(sid, "modules"),
            label=f"{n} here", help=why,
        )
