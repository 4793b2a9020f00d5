"""The collection: every box's pack in one bundle (`synthetic_bundle.COLLECTION_PACKS`), as a frontend loads
one bundle. Every setup it lists plays; a setup deals only the cards of its products and modules, so a card no setup uses is
never checked and a card of module A refuses exactly the setups with module A, naming it."""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import pytest

from runtime.core.definition import REGISTRY
from runtime.core.game import Engine  # this test reads the engine's state
from runtime.setups import list_setups
from runtime.sim import play, run_all

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "packs"))
import synthetic_bundle  # noqa: E402
from seeded_games import round_trip_at_night  # noqa: E402

REFUSED: set = set()  # every setup plays (module N since its mission's traps and the Curse's conditions have clauses)
SCENARIOS = {"scenario:anb/" + n for n in ("I", "II", "III", "IV", "V", "VI")} | {
    "level:pote/" + n for n in ("I", "II", "III")} | {f"suggestion:whale/{n}" for n in (1, 2, 3, 4)}
BASE_MODULES = "ABCDFGHI"  # the base game's modules the collection gives faces for


@pytest.fixture(scope="module")
def collection() -> dict:
    return synthetic_bundle.collection()


@pytest.fixture(scope="module")
def setups(collection) -> list[dict]:
    return list_setups(collection)


def _modules(bundle, s) -> list[str]:
    d = REGISTRY[s["game"]]
    return d.setup_record(bundle, scenario=s["scenario"], options=s["options"] or None)["modules"]


def test_the_collection_lists_every_setup_of_every_book(setups):
    ids = [s["id"] for s in setups]
    assert len(ids) == len(set(ids))
    assert SCENARIOS <= set(ids)  # 13 scenarios, levels and suggestions
    assert {"base", *BASE_MODULES} <= set(ids)  # the base game alone and each base module alone
    assert sum(1 for i in ids if "+" in i) == len(BASE_MODULES) * (len(BASE_MODULES) - 1) // 2  # two by two
    assert {f"mode:{m}" for m in ("standard", "casual", "light", "solo")} <= set(ids)
    players = {s["id"]: s["players"] for s in setups}
    assert players["base"] == (1, 2, 3, 4) and players["suggestion:whale/1"] == (2, 3, 4)
    assert players["mode:solo"] == (1,) and players["mode:standard"] == (2, 3, 4)


def test_every_setup_plays(setups):
    refused = {s["id"]: s["refused"] for s in setups if s["refused"]}
    assert set(refused) == REFUSED, refused


def test_a_setup_deals_only_cards_of_its_products_and_modules(collection, setups):
    for s in setups:
        if s["refused"] or s["game"] != "game:paleo":
            continue
        g = Engine.new(collection, game=s["game"], scenario=s["scenario"], players=s["players"][0], seed=0)
        r, mods = g.rules, set(_modules(collection, s))
        # the products in play: the base game's, the expansions' whose systems apply, and each chosen module's box
        products = r.products_in_play | {m["product"] for m in collection["modules"] if m["id"] in mods}
        for iid, cid in enumerate(g.s["cards"]):
            c = r.cards[cid]
            if c.get("module") is not None:
                assert c["module"] in mods, (s["id"], cid)
            else:
                assert c.get("product") in products, (s["id"], cid, c.get("product"))


def _with_card(bundle: dict, module: str, extra_module: dict | None = None) -> dict:
    """The bundle with one card whose face is not given (so any game dealing it is not playable) in `module`."""
    b = copy.deepcopy(bundle)
    if extra_module is not None:
        b["modules"].append(extra_module)
    mod = next(m for m in b["modules"] if m["id"] == module)
    card = copy.deepcopy(next(c for c in b["cards"] if c.get("kind") == "module" and c.get("options")))
    card.update(id="card:synthetic/unplayable", name="Unplayable (synthetic)", module=module,
                product=mod["product"], options=[], completeness="unknown", copies=1)
    b["cards"].append(card)
    return b


def test_an_unplayable_card_of_a_module_no_setup_uses_leaves_every_setup_playing(collection, setups):
    z = copy.deepcopy(next(m for m in collection["modules"] if m["id"] == "module:anb/M"))
    z.update(id="module:synthetic/Z", letter="Z", secrets=[])
    b = _with_card(collection, "module:synthetic/Z", extra_module=z)
    after = {s["id"]: s["refused"] for s in list_setups(b)}
    assert {i for i, why in after.items() if why} == REFUSED
    assert not any("card:synthetic/unplayable" in (why or "") for why in after.values())


def test_an_unplayable_card_of_module_a_refuses_exactly_the_setups_with_module_a(collection, setups):
    b = _with_card(collection, "module:paleo/A")
    with_a = {s["id"] for s in setups if "module:paleo/A" in _modules(collection, s)}
    assert {"A", "A+B", "suggestion:whale/1"} <= with_a
    after = {s["id"]: s["refused"] for s in list_setups(b)}
    newly = {i for i, why in after.items() if why} - REFUSED
    assert newly == with_a
    assert all("card:synthetic/unplayable" in after[i] for i in newly)


def test_the_same_seeds_give_the_same_results_on_every_setup(collection):
    rows = run_all(collection, games=1, seed=7, policy="random")
    played = [r for r in rows if not r["refused"]]
    assert len(played) > 150
    assert all(r["repeatable"] for r in played)
    assert all(r["games"] == 1 and r["wins"] + r["losses"] + r["unfinished"] == 1 for r in played)


@pytest.mark.games
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_seeded_games_on_every_setup_keep_every_invariant(collection, setups, policy):
    """One game per setup and player count and policy: invariants after every action, a JSON round trip at
    each night and at the end."""
    after = round_trip_at_night(collection)
    games = 0
    for k, s in enumerate(setups):
        if s["refused"]:
            continue
        for n in s["players"]:
            g = play(collection, game=s["game"], scenario=s["scenario"], options=s["options"] or None, players=n,
                     seed=1000 + k * 10 + n, policy=policy, on_action=after)
            assert g.is_terminal()
            games += 1
    assert games > 150


def test_the_committed_table_lists_every_setup_and_player_count(setups):
    """tests/packs/collection.md (printed by `paleo sim --all`, see its head) is current: one row per setup and
    player count, a refused setup as one row."""
    text = (Path(__file__).resolve().parents[1] / "packs" / "collection.md").read_text(encoding="utf-8")
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in text.splitlines()
            if line.startswith("| ") and not line.startswith("| setup")]
    assert [(r[0], r[1]) for r in rows] == [
        (s["id"], "—") if s["refused"] else (s["id"], str(n)) for s in setups for n in (s["players"] if not s["refused"] else (0,))]
    assert all(r[7] == "yes" for r in rows if r[1] != "—")
