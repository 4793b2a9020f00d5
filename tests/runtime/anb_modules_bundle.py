"""A synthetic bundle for the module M to R tests: the test bundle with invented A New Beginning faces (tests only)."""

from __future__ import annotations

import copy

from synthetic_bundle import cached, lower

SYN = "card:synthetic-anb/"


def opt(text: str) -> dict:
    return {"text": text, "ir": lower(text)}


def card(cid, kind, module=None, back="forest", options=("-> 1 food",), product="product:anb", **extra) -> dict:
    c = {"id": SYN + cid, "name": extra.pop("name", f"Synthetic {cid}"), "game": "game:paleo", "product": product,
         "kind": kind, "back": back, "options": [opt(t) for t in options], **extra}
    if module:
        c["module"] = f"module:anb/{module}"
    return c


def build() -> dict:
    b = copy.deepcopy(cached())
    cards = {c["id"]: c for c in b["cards"]}
    for c in b["cards"]:
        if c.get("product") != "product:anb":
            continue
        if c.get("back") is None and c["kind"] not in ("camp", "mission"):
            c["back"] = "forest"
        if not c.get("options") and c["kind"] not in ("person", "idea"):
            c["options"] = [opt("-> 1 food")] if c["kind"] == "mission" else [opt("-> 2 food"), opt("cost 1 wood -> 1 victory token")]
    cards["card:anb/pig"]["animal"] = {"yield": None, "hunt": 2}
    cards["card:anb/pig"]["options"] = [opt("-> capture animal"), opt("-> 2 food")]
    for cid in ("card:anb/sheep", "card:anb/tame-dodo"):
        if cid in cards:
            cards[cid]["animal"] = {"yield": opt("-> 1 food"), "hunt": 2}
            cards[cid]["options"] = [opt("-> capture animal"), opt("-> 2 food")]
    for cid in ("card:anb/bull", "card:anb/toad"):
        cards[cid]["animal"] = {"yield": opt("-> 1 food"), "hunt": 1}
        cards[cid]["options"] = [opt("-> capture animal")] + cards[cid]["options"]
    cards["card:anb/deep-sleep"]["options"] = [opt("-> 1 dream")]
    cards["card:anb/curse"]["options"] = [opt("-> 1 food")]
    cards["card:anb/three-tokens"]["options"] = [opt("-> 1 food")]
    persons = [c for c in b["cards"] if c["kind"] == "person"]
    for p in persons[:3]:
        for k in range(4):
            q = copy.deepcopy(p)
            q["id"] = p["id"] + f"-anb{k}"
            q["product"] = "product:anb"
            b["cards"].append(q)
    base_people = [c for c in persons if c.get("product") == "product:paleo" and not c.get("module")]
    for k in range(max(0, 20 - len(base_people))):
        q = copy.deepcopy(persons[0])
        q["id"] = f"{SYN}base-human-{k}"
        q["product"] = "product:paleo"
        q.pop("module", None)
        b["cards"].append(q)
    for n in (1, 6, 7, 8, 9, 13, 14, 23, 24, 25, 26, 27, 28, 29, 30):
        if not any(c.get("kind") == "secret" and c.get("number") == n for c in b["cards"]):
            b["cards"].append(card(f"secret-{n}", "secret", back="secret", product="product:anb", number=n,
                                   options=("-> 1 food",)))
    add = []
    dreams = sum(1 for c in b["cards"] if c["kind"] == "dream" and not c.get("module"))
    add += [card(f"plain-dream-{i}", "dream", back="dream", product="product:paleo") for i in range(max(0, 21 - dreams))]
    add += [card(f"night-{i}", "night", "N", back="night", options=("-> 2 food", "cost 1 wood -> 1 trap")) for i in range(5)]
    add += [card(f"volcano-{i}", "volcano", "R", back="forest", options=("suffer 1 wound",)) for i in range(8)]
    add += [card(f"dream-{i}", "dream", "Q", back="dream", marks=["marked-back"] if i % 3 == 0 else [],
                 options=("-> 1 food",)) for i in range(9)]
    add += [card(f"spirit-{i}", "module", "Q", name=f"Angry Spirit {i}", title_keywords=["Spirit"],
                 options=('-> 1 food',)) for i in range(3)]
    add += [card("xrib", "module", "O", options=("require mood friendly -> 2 food", "suffer turn mood angry",
                                                  "-> turn mood friendly"))]
    b["cards"].extend(add)
    # every module filled up to its printed count with plain synthetic cards
    for m in b["modules"]:
        if m.get("product") != "product:anb":
            continue
        have = sum(1 for c in b["cards"] if c.get("module") == m["id"] and c["kind"] != "secret")
        for i in range(max(0, (m.get("printed_cards") or 0) - have)):
            b["cards"].append(card(f"fill-{m['letter']}-{i}", "module", m["letter"], back="river" if i % 2 else "mountain",
                                   options=("-> 1 wood", "-> 1 food")))
    for t in b["tokens"]:
        if t["id"] in ("token:anb/fence", "token:anb/scythe", "token:anb/millstone", "token:anb/hut"):
            t["cost"] = opt("cost 1 wood")
            t["improves"] = opt("-> 1 food") if t["id"].endswith("millstone") else opt("-> 1 grain")
    return b


_B: dict = {}


def bundle() -> dict:
    if "b" not in _B:
        _B["b"] = build()
    return _B["b"]
