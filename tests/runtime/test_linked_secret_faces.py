"""A secret whose face card prints no number is found through the secret record's `card:` link."""

from __future__ import annotations

import json

from runtime.core.game import Engine as Game  # these tests set states up: they drive the engine
new_game = Game.new

FACE = "card:synthetic/c-secret-two"
SRC = [{"rulebook": "001_5f1e4d8bf7e7ff1a.txt", "section": ["New Secrets"], "note": None}]


def _unnumbered_face(bundle: dict, link: bool) -> dict:
    b = json.loads(json.dumps(bundle))
    next(c for c in b["cards"] if c["id"] == FACE)["number"] = None
    if link:
        b["secrets"].append({"id": "secret:2", "number": 2, "product": "product:paleo", "copies": 1, "card": FACE,
                             "card_reading": None, "identical_backs": False, "always_needed": [], "marks": [],
                             "completeness": "partial", "source": SRC, "summary": None})
    return b


def test_a_linked_face_without_a_number_is_that_secret(bundle):
    g = new_game(_unnumbered_face(bundle, link=True), scenario="A", players=2, seed=0)
    assert g.rules.secret_cards[2] == [FACE]
    assert 2 in g.rules.secret_numbers
    assert [g.s["cards"][i] for i in g.s["z"]["secrets"]] == [FACE]


def test_without_the_link_a_face_without_a_number_is_no_secret(bundle):
    g = new_game(_unnumbered_face(bundle, link=False), scenario="A", players=2, seed=0)
    assert 2 not in g.rules.secret_cards and g.s["z"]["secrets"] == []


def test_a_linked_face_of_a_product_not_in_play_stays_out(bundle):
    # secret 38 of Path of the Elders links Gilga the Great, whose product has no system in this game
    assert any(s.get("card") == "card:pote/gilga-the-great" for s in bundle["secrets"])
    g = new_game(bundle, scenario="A", players=2, seed=0)
    assert 38 not in g.rules.secret_cards
