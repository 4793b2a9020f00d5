"""Stage 5, check: the dependency graph of everything the IR references, and the rules checks on it."""

from __future__ import annotations

from typing import Any

from ..diagnostics import Diagnostic, Span, make
from ..validate import Entry
from .build import Facts, build, paused_gc
from .checks import CHECKS
from .checks.common import find_scenario, name_of
from .checks.scenarios import closure
from .incremental import kept_graph
from .refs import clip
from .render import render_graph  # noqa: F401  (public API)

__all__ = ["check_graph", "render_graph", "scenario_report", "find_scenario", "Facts", "build", "paused_gc"]


def check_graph(entries: list[Entry], bundle: dict, registry: Any, keep: dict | None = None) -> tuple[dict, list[Diagnostic]]:
    """Build the graph of the bundle being assembled, run every check; return (graph JSON, diagnostics).
    `keep` is `build`'s: the state an earlier build left, and where this build's goes."""
    with paused_gc():
        facts = Facts(entries, bundle, registry)
        graph = build(facts) if keep is None else kept_graph(facts, keep)
        diags: list[Diagnostic] = []
        seen: set[tuple] = set()
        for check in CHECKS:
            for d in check(facts, graph):
                key = (d.code, d.message, d.span)
                if key not in seen:
                    seen.add(key)
                    diags.append(d)
        return graph.to_json(), diags


def scenario_report(result, scenario_id: str) -> list[Diagnostic]:
    """What playing one scenario needs, one G420 line per need, saying whether the content supplies it."""
    bundle = result.bundle or {}
    sid, near = find_scenario([s["id"] for s in bundle.get("scenarios") or ()], scenario_id)
    if sid is None:
        return [make(
            "G421", f"no scenario `{clip(scenario_id)}`", Span.point("--scenario"), label="unknown id",
            help=("did you mean " + ", ".join(f"`{n}`" for n in near) + "?") if near else
            "list the scenarios with `paleo graph --format json`",
        )]
    F = Facts(result.entries, bundle)
    build(F)
    c = closure(F, sid)
    sc = F.scenarios[sid]
    out: list[Diagnostic] = []

    def need(msg: str, at: Span, label: str) -> None:
        out.append(make("G420", f"{sid} needs {msg}", at, label=label))

    letters = list(sc.get("modules") or ())
    for i, letter in enumerate(letters):
        mid = F.module_by_letter.get((sc["game"], letter))
        at = F.span(sid, "modules", i)
        if mid is None:
            need(f"module {letter}: missing, no module record has this letter", at, "combined here")
            continue
        r = F.modules[mid]
        printed = r.get("printed_cards")
        need(f"module {letter} ({r.get('name') or 'name not stated'}): supplied, {r['completeness']}, "
             f"{F.authored.get(mid, 0)} of {printed if printed is not None else 'an unstated number of'} "
             "cards authored", at, "combined here")
    for p in sorted(c.products):
        status = f"supplied, {F.products[p]['completeness']}" if p in F.products else "missing"
        need(f"product `{p}`: {status}", F.span(sid, "product"), "played with this product and what it requires")
    own_boards = list(sc.get("boards") or ())
    for b in sorted(c.boards):
        status = f"supplied, {F.boards[b]['completeness']}" if b in F.boards else "missing"
        game_boards = list((F.games.get(sc["game"]) or {}).get("boards") or ())
        if b in own_boards:
            at = F.span(sid, "boards", own_boards.index(b))
        else:
            at = F.span(sc["game"], "boards", game_boards.index(b)) if b in game_boards else F.span(sid, "id")
        need(f"board `{b}`: {status}", at, "used here")
    for m in c.modules:
        for i, req in enumerate(F.modules[m].get("requires") or ()):
            if req.startswith("board:") and req not in c.boards:
                need(f"board `{req}` for module {F.modules[m]['letter']}: not in the scenario's boards",
                     F.span(m, "requires", i), "required here")
    for n in sorted(c.secrets):
        why = c.secrets[n]
        sec = F.secrets.get(n)
        faces = F.secret_cards.get(n, ())
        if sec or faces:
            status = f"supplied, {(sec or F.cards[faces[0]])['completeness']}" + ("" if faces else ", face not authored")
        else:
            status = "missing, no secret record or card"
        if why == "always":
            at = F.span(sec["id"], "always_needed") if sec else F.span(sid, "id")
            need(f"secret {n} (always needed): {status}", at, "always needed")
        else:
            idx = next((i for i, u in enumerate(F.modules[why].get("secret_uses") or ()) if u["number"] == n), 0)
            need(f"secret {n} (listed by module {F.modules[why]['letter']}): {status}",
                 F.span(why, "secrets", idx), "listed here")
    complete = sum(1 for x in c.cards if F.cards[x]["completeness"] == "complete")
    need(f"{len(c.cards)} cards in play ({complete} complete) and {len(c.tokens)} token kinds",
         F.span(sid, "modules"), "cards of these modules and their products")
    for ref, what in c.unmet:
        need(f"{what} for {name_of(F, ref.src)}: not supplied by its modules, products or boards", ref.span,
             "needed here")
    for ref, fact in c.unknown:
        need(f"a fact the rulebooks do not give: {fact}", ref.span, "needed here")
    return out
