"""A planted bundle whose three modules are harder by construction: the same cards, and 0, 3 or 8 extra copies
of a skull danger (synthetic, invented here; their printed difficulties are planted too)."""

from __future__ import annotations

import copy

LEVELS = {"J": ("easy", 0), "K": ("medium", 3), "L": ("hard", 8)}
BEAR = "card:synthetic/cave-bear"  # `require strength 4 -> 3 food` or `suffer 1 skull`


def planted(base: dict) -> dict:
    b = copy.deepcopy(base)
    cards = {c["id"]: c for c in b["cards"]}
    mod_a = next(m for m in b["modules"] if m["id"] == "module:paleo/A")
    for letter, (level, bears) in LEVELS.items():
        mid = f"module:paleo/{letter}"
        ids = []
        for cid in mod_a["cards"]:
            c = copy.deepcopy(cards[cid])
            c["id"] = cid.replace("card:synthetic/a-", f"card:synthetic/planted-{letter.lower()}-")
            c["module"] = mid
            c["file"] = "tests/sweep/planted.py"
            b["cards"].append(c)
            ids.append(c["id"])
        if bears:
            c = copy.deepcopy(cards[BEAR])
            c.update(id=f"card:synthetic/planted-{letter.lower()}-bear", module=mid, kind="module", copies=bears,
                     name="Planted Bear (synthetic)", file="tests/sweep/planted.py")
            b["cards"].append(c)
            ids.append(c["id"])
        m = copy.deepcopy(mod_a)
        m.update(id=mid, letter=letter, difficulty=level, cards=ids, file="tests/sweep/planted.py",
                 missions=[i for i in ids if "mission" in i])
        b["modules"].append(m)
    return b
