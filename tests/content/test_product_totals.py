"""Each product's printed totals equal the sum of its printed parts, and coverage never exceeds them."""

from __future__ import annotations

import pytest

from compiler.coverage import compute_coverage, format_coverage
from compiler.models import Card
from compiler.packs import module_card_counts

PRINTED = {
    # product: (printed total, {group kind or "modules": count}, {module letter: printed cards})
    "product:anb": (171, {"dream": 5, "idea": 3, "secret": 8, "base": 35, "person": 20, "module": 100},
                    {"M": 12, "N": 18, "O": 18, "P": 17, "Q": 20, "R": 15}),
    "product:pote": (85, {"secret": 22, "base": 12, "module": 51}, {"V": 13, "W": 23, "X": 15}),
    "product:whale": (18, {"module": 18}, {"T": 18}),
    "product:paleovet": (104, {"dino": 50, "upgrade": 20, "solo": 30, "rules-reference": 4}, {}),
}


@pytest.mark.parametrize("pid", sorted(PRINTED))
def test_groups_add_up_to_the_printed_total(by_id, pid):
    product = by_id[pid]
    total, groups, _ = PRINTED[pid]
    assert product.printed_cards == total
    assert sum(g.count for g in product.card_groups) == product.printed_cards
    assert {g.kind: g.count for g in product.card_groups} == groups


@pytest.mark.parametrize("pid", sorted(PRINTED))
def test_module_groups_match_the_modules(records, by_id, pid):
    product = by_id[pid]
    _, _, letters = PRINTED[pid]
    modules = {r.letter: r for r in records if r.id.startswith("module:") and r.product == pid}
    assert {k: m.printed_cards for k, m in modules.items()} == letters
    for g in product.card_groups:
        if g.modules:
            assert sum(modules[L].printed_cards for L in g.modules) == g.count, g.name


@pytest.mark.parametrize("pid", sorted(PRINTED))
def test_card_component_matches_printed_total(by_id, pid):
    product = by_id[pid]
    cards = [c.count for c in product.components if c.kind == "card" and "blank" not in c.name]
    assert sum(cards) == product.printed_cards


def test_path_of_the_elders_secrets_add_up(records):
    """22 secret cards: 13 numbered copies listed by modules V, W, X plus the 9 Cult Site secrets."""
    numbered = sum(s.copies for s in records if s.id.startswith("secret:") and s.product == "product:pote")
    assert numbered == 13
    group = next(g for g in next(r for r in records if r.id == "product:pote").card_groups if g.kind == "secret")
    assert group.count - numbered == 9


def test_a_new_beginning_secrets_are_23_to_30(records):
    numbers = sorted(s.number for s in records if s.id.startswith("secret:") and s.product == "product:anb")
    assert numbers == list(range(23, 31))


def test_module_secret_multiplicity(by_id):
    uses = {m: {u.number: u.copies for u in by_id[m].secrets} for m in ("module:pote/V", "module:pote/X")}
    assert uses["module:pote/V"] == {31: 1, 32: 1, 33: 3}
    assert uses["module:pote/X"] == {7: 1, 8: 1, 35: 1, 36: 1, 37: 1, 38: 2, 66: 2}
    for n, copies in ((33, 3), (38, 2), (66, 2)):
        assert by_id[f"secret:{n}"].copies == copies and by_id[f"secret:{n}"].identical_backs


def test_coverage_never_exceeds_printed(records):
    cov = compute_coverage(records)
    for kind in ("products", "modules"):
        for rid, row in cov[kind].items():
            assert row["over"] == 0, f"{rid} authors more cards than printed"
            if row["printed"] is not None:
                assert row["complete"] + row["partial"] + row["unknown"] + row["missing"] == row["printed"], rid
        for rid, row in cov["products"].items():
            for g in row["groups"]:
                assert g["over"] == 0, f"{rid} group {g['name']} authors more cards than printed"


def test_coverage_totals_are_the_sum_of_groups(records):
    cov = compute_coverage(records)
    for pid in PRINTED:
        row = cov["products"][pid]
        assert sum(g["printed"] for g in row["groups"]) == row["printed"]
        assert sum(g["authored"] for g in row["groups"]) == row["authored"], pid


def test_bundle_holds_coverage_and_build_prints_it(bundle):
    cov = bundle["coverage"]
    assert set(PRINTED) <= set(cov["products"])
    assert cov["products"]["product:anb"]["printed"] == 171
    table = format_coverage(cov)
    for pid in PRINTED:
        assert pid in table
    assert "module:pote/X" in table


def test_whole_bundled_content_builds_without_errors(build_diagnostics):
    errors = [d for d in build_diagnostics if d.is_error]
    assert not errors, "\n".join(f"{d.span.file}:{d.span.line}: {d.code} {d.message}" for d in errors)


@pytest.mark.parametrize("pid", ["product:anb", "product:pote", "product:whale"])
def test_modules_are_counted_alike_in_every_product(records, pid):
    """Coverage and the pack limit count a module's own cards, never the numbered secrets it lists
    (interpretation:anb-module-counts, interpretation:whale-17-of-18), whether or not the product prints a
    secret group; a face of each listed secret, filed under the module, changes no module's count."""
    mods = [r for r in records if r.id.startswith("module:") and r.product == pid]
    cards = [r for r in records if r.id.startswith("card:")]
    faces = [Card(id=f"card:fx/secret-{m.letter}-{u.number}", name=None, game="game:paleo", product=pid, module=m.id,
                  kind="secret", back="secret", number=u.number, copies=u.copies, completeness="partial",
                  source={"rulebook": "000_97f291d3c44cb3f7.txt", "section": ["Modules"]})
             for m in mods for u in m.secrets]
    assert faces, pid
    for recs in (records, [*records, *faces]):
        cov = compute_coverage(recs)["modules"]
        counted = module_card_counts(r for r in recs if r.id.startswith("card:"))
        for m in mods:
            own = sum(c.copies for c in cards if c.module == m.id)
            assert cov[m.id]["authored"] == counted[m.id] == own, m.id
