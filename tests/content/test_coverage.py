"""compute_coverage and format_coverage on small synthetic record sets."""

from __future__ import annotations

import pytest

from compiler.coverage import compute_coverage, format_coverage
from compiler.models import Card, Module, Product, Secret
from compiler.packs import module_card_counts

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


@pytest.mark.parametrize("with_group", [True, False], ids=["secret-group", "no-secret-group"])
@pytest.mark.parametrize("secret_pid", ["product:x", None], ids=["secret-of-the-product", "product-not-stated"])
def test_no_module_counts_the_secrets_it_lists(with_group, secret_pid):
    """A New Beginning and Path of the Elders print a secret group, The White Whale does not: one rule for all."""
    groups = [{"name": "m", "count": 4, "kind": "module", "modules": ["T"]}]
    if with_group:
        groups.append({"name": "s", "count": 1, "kind": "secret"})
    recs = [product(printed=5 if with_group else 4, groups=groups), module("T", 4, secrets=[(10, 1)]),
            secret(10, pid=secret_pid), card("boat", module_letter="T", kind="idea")]
    cov = compute_coverage(recs)
    assert cov["modules"]["module:x/T"]["authored"] == 1
    assert module_card_counts(r for r in recs if isinstance(r, Card)) == {"module:x/T": 1}
    # its face filed under the module counts toward the product's secret group (if any), never the module
    face = card("ten", module_letter="T", kind="secret", number=10)
    cov = compute_coverage([*recs, face])
    assert cov["modules"]["module:x/T"]["authored"] == 1
    assert module_card_counts(r for r in [*recs, face] if isinstance(r, Card)) == {"module:x/T": 1}
    p = cov["products"]["product:x"]
    assert p["authored"] == (2 if secret_pid else 1)
    if with_group:
        assert p["groups"][1]["authored"] == (1 if secret_pid else 0)


def test_a_secret_face_counts_with_the_product_its_secret_names():
    """The face of a secret whose product is not stated counts toward no product, whatever it is filed under."""
    recs = [product(printed=1, groups=[{"name": "m", "count": 1, "kind": "module", "modules": ["T"]}]),
            module("T", 1, secrets=[(10, 1), (18, 1)]), secret(10, pid=None), secret(18, pid=None),
            card("boat", module_letter="T", kind="idea"), card("ten", kind="secret", number=10),
            card("eighteen", kind="secret", number=18, module_letter="T")]
    p = compute_coverage(recs)["products"]["product:x"]
    assert (p["authored"], p["over"]) == (1, 0)
    # with a stated product the face counts there once, in place of the secret record
    recs[3] = secret(18, pid="product:x")
    p = compute_coverage(recs)["products"]["product:x"]
    assert (p["authored"], p["over"]) == (2, 1)


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
