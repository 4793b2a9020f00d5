"""compute_coverage and format_coverage on small synthetic record sets."""

from __future__ import annotations

from compiler.coverage import compute_coverage, format_coverage
from compiler.models import Card, Module, Product, Secret

SRC = {"rulebook": "000_97f291d3c44cb3f7.txt", "section": ["Modules"]}


def product(pid="product:x", printed=10, groups=()):
    return Product(id=pid, name="X", game="game:paleo", kind="expansion", printed_cards=printed,
                   card_groups=list(groups), source=SRC, completeness="complete")


def module(letter="M", printed=4, secrets=(), pid="product:x"):
    return Module(id=f"module:x/{letter}", letter=letter, name=letter, game="game:paleo", product=pid,
                  difficulty="easy", printed_cards=printed, secrets=[{"number": n, "copies": c} for n, c in secrets],
                  source=SRC, completeness="partial")


def card(slug, level="partial", module_letter=None, kind="module", number=None, copies=1, pid="product:x"):
    return Card(id=f"card:x/{slug}", name=slug, game="game:paleo", product=pid,
                module=f"module:x/{module_letter}" if module_letter else None, kind=kind, back="forest",
                number=number, copies=copies, source=SRC, completeness=level)


def secret(n, copies=1, pid="product:x", card_id=None, level="partial"):
    return Secret(id=f"secret:{n}", number=n, product=pid, copies=copies, card=card_id, source=SRC, completeness=level)


def test_module_and_product_counts():
    recs = [product(groups=[{"name": "modules", "count": 4, "kind": "module", "modules": ["M"]},
                            {"name": "base", "count": 6, "kind": "base"}]),
            module(), card("a", "complete", "M"), card("b", "unknown", "M"), card("c", "partial", None, kind="base", copies=2)]
    cov = compute_coverage(recs)
    m = cov["modules"]["module:x/M"]
    assert (m["printed"], m["complete"], m["partial"], m["unknown"], m["missing"]) == (4, 1, 0, 1, 2)
    p = cov["products"]["product:x"]
    assert (p["printed"], p["authored"], p["missing"]) == (10, 4, 6)
    assert [(g["name"], g["authored"], g["missing"]) for g in p["groups"]] == [("modules", 2, 2), ("base", 2, 4)]


def test_numbered_secret_with_a_face_counts_once():
    recs = [product(printed=3, groups=[{"name": "secrets", "count": 3, "kind": "secret"}]),
            secret(38, copies=2, card_id="card:x/gilga"), card("gilga", kind="secret", number=38, copies=2), secret(40)]
    p = compute_coverage(recs)["products"]["product:x"]
    assert p["authored"] == 3 and p["missing"] == 0 and p["over"] == 0


def test_a_linked_face_printing_no_number_still_fills_its_secret_number():
    # secret 38's face is linked by `card:` although the card prints no number: its two copies are
    # numbered secrets, so only one printed secret is left for unnumbered named cards
    recs = [product(printed=3, groups=[{"name": "secrets", "count": 3, "kind": "secret"}]),
            secret(38, copies=2, card_id="card:x/gilga"), card("gilga", kind="secret", copies=2),
            card("artifact", kind="secret"), card("totem", kind="secret")]
    p = compute_coverage(recs)["products"]["product:x"]
    assert p["authored"] == 3 and p["missing"] == 0 and p["over"] == 0
    assert p["unplaced"] == ["card:x/totem"]


def test_unnumbered_named_secrets_fill_only_the_room_left():
    recs = [product(printed=3, groups=[{"name": "secrets", "count": 3, "kind": "secret"}]),
            secret(1), secret(2), card("artifact", kind="secret"), card("totem", kind="secret")]
    p = compute_coverage(recs)["products"]["product:x"]
    assert p["authored"] == 3 and p["over"] == 0
    assert p["unplaced"] == ["card:x/totem"]


def test_module_counts_its_secrets_only_without_a_secret_group():
    with_group = [product(printed=5, groups=[{"name": "m", "count": 4, "kind": "module", "modules": ["T"]},
                                             {"name": "s", "count": 1, "kind": "secret"}]),
                  module("T", 4, secrets=[(10, 1)]), secret(10)]
    without = [product(printed=4, groups=[{"name": "m", "count": 4, "kind": "module", "modules": ["T"]}]),
               module("T", 4, secrets=[(10, 1)]), secret(10)]
    assert compute_coverage(with_group)["modules"]["module:x/T"]["authored"] == 0
    assert compute_coverage(without)["modules"]["module:x/T"]["authored"] == 1


def test_unknown_printed_count_gives_unknown_missing():
    recs = [Product(id="product:y", name="Y", game="game:paleo", kind="base-game",
                    printed_cards=None, source=SRC, completeness="partial"),
            card("z", "unknown", pid="product:y")]
    p = compute_coverage(recs)["products"]["product:y"]
    assert p["printed"] is None and p["missing"] is None and p["unknown"] == 1


def test_over_authoring_is_reported():
    recs = [product(printed=1), card("a"), card("b")]
    p = compute_coverage(recs)["products"]["product:x"]
    assert p["over"] == 1 and p["missing"] == 0
    assert "+1 over printed" in format_coverage(compute_coverage(recs))


def test_format_lists_products_groups_and_modules():
    recs = [product(groups=[{"name": "modules", "count": 4, "kind": "module", "modules": ["M"]}]), module(), card("a", "complete", "M")]
    text = format_coverage(compute_coverage(recs))
    assert "printed" in text and "missing" in text
    assert "product:x" in text and "group: modules" in text and "module:x/M" in text
    assert format_coverage({}) == "coverage: no products"


def test_coverage_is_deterministic():
    recs = [product(), module(), card("b", module_letter="M"), card("a", module_letter="M")]
    assert compute_coverage(recs) == compute_coverage(list(reversed(recs)))
