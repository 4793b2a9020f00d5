"""A small synthetic bundle for the site tests and the site benchmark; labelled synthetic, never shipped."""

from __future__ import annotations

import copy

HOSTILE = "<script>alert(1)</script>"
HOSTILE_ID = "card:site-fixture/hostile"

_SRC = {"rulebook": "001_5f1e4d8bf7e7ff1a.txt", "section": ["Cult Site"]}


def _symbol(sid, name, aliases, positions, params, explanation, example):
    return {"id": sid, "name": name, "aliases": aliases, "positions": positions, "params": params,
            "games": ["game:paleo"], "explanation": explanation, "example": example,
            "source": _SRC, "completeness": "complete"}


SYMBOLS = [
    _symbol("symbol:venerate-place", "venerate place", ["worship place"], ["cost", "reward"],
            [{"name": "altar", "type": "altar", "optional": False}],
            "Place the top card of the display on a matching altar. Written `venerate place forest`.",
            "venerate place forest -> gain 1 wood"),
    _symbol("symbol:awareness", "awareness", ["perception", "eye"], ["requirement"],
            [{"name": "amount", "type": "int", "optional": False}],
            "The group's total awareness must reach the amount.", "require awareness 2 -> gain 1 food"),
    _symbol("symbol:reveal-secret", "reveal secret", ["secret"], ["reward"],
            [{"name": "number", "type": "secret", "optional": False}],
            "Reveal the secret card with this number.", "-> reveal secret 23"),
    _symbol("symbol:gain", "gain", ["receive"], ["reward"],
            [{"name": "amount", "type": "int"}, {"name": "resource", "type": "resource"}],
            "Take resources from the supply.", "-> gain 1 wood"),
]


def _ir(*calls):
    return {"node": "option", "clauses": [{"node": "call", "symbol": s, "args": a} for s, a in calls]}


def synthetic_bundle(n_cards: int = 12, *, hostile: bool = True) -> dict:
    """A bundle of one game, one product, one module with `n_cards` cards, symbols, secrets, a scenario, a graph."""
    cards = []
    for i in range(n_cards):
        cid = f"card:synth/card-{i:04d}"
        opts = [{"text": "venerate place forest -> gain 1 wood",
                 "ir": _ir(("symbol:venerate-place", {"altar": "forest"}), ("symbol:gain", {"amount": 1, "resource": "wood"}))}]
        if i % 3 == 0:
            opts.append({"text": "require perception 2 -> reveal secret 23",
                         "ir": _ir(("symbol:awareness", {"amount": 2}), ("symbol:reveal-secret", {"number": "secret:23"}))})
        if i % 5 == 1 and i > 1:
            opts.append({"text": 'require have card "Card 0000"', "ir": {"node": "reference", "target": "card:synth/card-0000"}})
        cards.append({"id": cid, "name": f"Synthetic Card {i:04d}", "aliases": [], "game": "game:paleo",
                      "product": "product:synth", "module": "module:synth/V", "kind": "module", "back": "forest",
                      "copies": 1, "options": opts, "notes": [], "marks": [], "title_keywords": [],
                      "source": _SRC, "completeness": "partial", "summary": "A synthetic card for the site tests.",
                      "file": "tests/site/synthetic.py"})
    if hostile:
        cards.append({"id": HOSTILE_ID, "name": HOSTILE, "aliases": ["<img src=x onerror=alert(2)>"],
                      "game": "game:paleo", "product": "product:synth", "module": "module:synth/V", "kind": "module",
                      "back": "forest", "copies": 1,
                      "options": [{"text": "</code></pre><script>alert(3)</script>", "ir": None},
                                  {"text": "venerate place forest -> gain 1 wood",
                                   "ir": _ir(("symbol:venerate-place", {"altar": "forest"}))}],
                      "notes": ["*not emphasis* [not a link](javascript:alert(4)) <b>not bold</b> {: .x }"],
                      "marks": [], "title_keywords": [], "source": {**_SRC, "note": "<iframe src=x>"},
                      "completeness": "unknown", "summary": "# not a heading\n\n<style>body{display:none}</style>",
                      "file": "tests/site/synthetic.py"})
    card_ids = sorted(c["id"] for c in cards)
    graph_nodes = [{"id": "module:synth/V", "kind": "module"}, {"id": "product:synth", "kind": "product"},
                   {"id": "secret:23", "kind": "secret"}] + [{"id": c, "kind": "card"} for c in card_ids]
    edges = [{"source": "module:synth/V", "target": "product:synth", "kind": "part-of"},
             {"source": "module:synth/V", "target": "secret:23", "kind": "needs-secret"}]
    edges += [{"source": "module:synth/V", "target": c, "kind": "has-card"} for c in card_ids]
    return copy.deepcopy({
        "format_version": "1.0.0",
        "generator": "synthetic",
        "games": [{"id": "game:paleo", "name": "Paleo", "kind": "cooperative-card-game", "players": {"min": 1, "max": 4},
                   "resources": ["food", "wood", "stone"], "skills": ["strength", "awareness"], "backs": ["forest"],
                   "boards": ["board:cult-site"], "setup": [{"name": "Deal", "text": "Deal the cards."}], "phases": [],
                   "rules": [], "parameters": {"victory_tokens": 5}, "source": _SRC, "completeness": "partial"}],
        "boards": [{"id": "board:cult-site", "name": "Cult Site", "game": "game:paleo", "product": "product:synth",
                    "parts": ["display", "forest altar"], "rules": [], "source": _SRC, "completeness": "partial"}],
        "products": [{"id": "product:synth", "name": "Synthetic Expansion", "game": "game:paleo", "kind": "expansion",
                      "aliases": [], "requires": [], "printed_cards": n_cards + 10, "card_groups": [],
                      "components": [{"name": "Cult Site board", "count": 1, "kind": "board"}],
                      "setup": [], "rules": [], "source": _SRC, "completeness": "partial"}],
        "modules": [{"id": "module:synth/V", "letter": "V", "name": "Synthetic Path", "game": "game:paleo",
                     "product": "product:synth", "difficulty": "easy", "printed_cards": n_cards + 2,
                     "missions": [], "ideas": [], "secrets": [23, 23], "secret_uses": [{"number": 23, "copies": 2}],
                     "decks": [], "tokens": [], "requires": ["board:cult-site"],
                     "setup": [{"name": "Cult Site", "text": "Put the Cult Site beside the play area."}],
                     "rules": [], "cards": card_ids, "source": _SRC, "completeness": "partial"}],
        "cards": sorted(cards, key=lambda c: c["id"]),
        "secrets": [{"id": "secret:23", "number": 23, "product": "product:synth", "copies": 2, "identical_backs": True,
                     "always_needed": [], "marks": [], "source": _SRC, "completeness": "partial"}],
        "tokens": [{"id": "token:synth/1", "name": "Totem", "number": 1, "game": "game:paleo", "product": "product:synth",
                    "kind": "secret-token", "options": [], "notes": [], "source": _SRC, "completeness": "unknown"}],
        "dice": [],
        "scenarios": [{"id": "scenario:synth/I", "kind": "scenario", "name": "I", "game": "game:paleo",
                       "product": "product:synth", "modules": ["V", "A"], "boards": ["board:cult-site"],
                       "notes": [], "source": _SRC, "completeness": "complete"}],
        "interpretations": [],
        "symbols": SYMBOLS,
        "coverage": {},
        "graph": {"directed": True, "multigraph": False, "graph": {}, "nodes": graph_nodes, "edges": edges},
    })
