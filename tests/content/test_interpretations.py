"""The unclear points the rulebooks themselves flag are recorded as interpretations with citations."""

from __future__ import annotations

import pytest

REQUIRED = {
    "interpretation:anb-night-order": "000_97f291d3c44cb3f7.txt",
    "interpretation:anb-scenario-table": "000_97f291d3c44cb3f7.txt",
    "interpretation:anb-combine-three": "000_97f291d3c44cb3f7.txt",
    "interpretation:anb-icon-gaps": "000_97f291d3c44cb3f7.txt",
    "interpretation:anb-forgotten-cave": "000_97f291d3c44cb3f7.txt",
    "interpretation:skill-names": "002_56cce9db253ede81.txt",
    "interpretation:pote-setup-step-11": "001_5f1e4d8bf7e7ff1a.txt",
    "interpretation:whale-17-of-18": "003_d22ca494923bf453.txt",
    "interpretation:whale-setup-steps": "003_d22ca494923bf453.txt",
    "interpretation:paleovet-research-cost": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-players": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-mode-players": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-first-player": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-turn-order": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-waking-time": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-woken-dinos": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-eaten-treated-dino": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-alert-all-players": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-alert-at-setup": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-final-round": "004_1199c90b0c83849d.txt",
    "interpretation:paleovet-unbroken-tie": "004_1199c90b0c83849d.txt",
    "interpretation:base-modules-by-letter": "000_97f291d3c44cb3f7.txt",
    "interpretation:player-counts": "002_56cce9db253ede81.txt",
    # readings the content audit found made without a record
    "interpretation:anb-module-idea-counts": "000_97f291d3c44cb3f7.txt",
    "interpretation:anb-jewelry-icon": "000_97f291d3c44cb3f7.txt",
    "interpretation:anb-escape-avoidance": "000_97f291d3c44cb3f7.txt",
    "interpretation:pote-hazard-no-effects": "001_5f1e4d8bf7e7ff1a.txt",
    "interpretation:pote-tool-tokens": "001_5f1e4d8bf7e7ff1a.txt",
    "interpretation:pote-unseen-card-choice": "001_5f1e4d8bf7e7ff1a.txt",
    "interpretation:card-back-values": "002_56cce9db253ede81.txt",
    "interpretation:older-secret-numbers": "003_d22ca494923bf453.txt",  # secrets 10 and 18 come under it
}

# "Source note" lines per rulebook: a new one in a revised text must get its interpretation
SOURCE_NOTES = {"000_97f291d3c44cb3f7.txt": 3, "004_1199c90b0c83849d.txt": 1}


@pytest.mark.parametrize("iid", sorted(REQUIRED))
def test_required_interpretation_exists(by_id, iid):
    rec = by_id.get(iid)
    assert rec is not None, f"missing {iid}"
    assert any(c.rulebook == REQUIRED[iid] for c in rec.citations)


def test_every_interpretation_affects_known_records(records, by_id):
    for r in records:
        if r.id.startswith("interpretation:"):
            assert r.affects, r.id
            for ref in r.affects:
                assert ref in by_id, f"{r.id} affects unknown {ref}"


def test_source_notes_are_all_accounted_for(rulebooks):
    counts = {name: sum(1 for line in text.splitlines() if line.startswith("Source note")) for name, text in rulebooks.items()}
    assert {k: v for k, v in counts.items() if v} == SOURCE_NOTES


def test_paleovet_turns_pass_to_the_left(by_id):
    game = by_id["game:paleovet"]
    rule = next(r for r in game.rules if r.id == "turn-order")
    assert rule.source.section == ["Turns"] and "left" in rule.text
    assert "interpretation:paleovet-turn-order" in rule.text
    research = next(r for r in game.rules if r.id == "research-treatment")
    assert "specialty_die_cost" in research.text and "dna_token_cost" in research.text
    assert game.parameters["specialty_die_cost"] is None and game.parameters["dna_token_cost"] is None
    cost = by_id["interpretation:paleovet-research-cost"].reading
    assert "specialty_die_cost" in cost and "dna_token_cost" in cost
