"""An independent reading of the rulebooks' module headings and component lines, compared with the compiled bundle.

The parser here shares no code with the compiler: it reads the plain rulebook texts with regular
expressions. A module, count or secret the rulebooks print must be in the bundle as printed; cards
the rulebooks do not list must show as missing in coverage, never as invented records.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

ANB, POTE, BASE, WHALE, VET = (
    "000_97f291d3c44cb3f7.txt",
    "001_5f1e4d8bf7e7ff1a.txt",
    "002_56cce9db253ede81.txt",
    "003_d22ca494923bf453.txt",
    "004_1199c90b0c83849d.txt",
)
PRODUCT_OF = {ANB: "product:anb", POTE: "product:pote", WHALE: "product:whale"}

HEADING = re.compile(r"^Module ([A-Z]): (.+?) \((\d+) cards\) [—–-] Difficulty: (\w[\w ]*)$")
WHALE_LEVEL = re.compile(r"^Level: (.+) \((\d+) cards\)$")
ITEM = r"\d+(?: \(×\d+\))?"
SECRET_LIST = re.compile(rf"[Ss]ecret cards? ({ITEM}(?:(?:,? and |, | & ){ITEM}(?=,|\.| and | &|$))*)")
NUMBER_COPIES = re.compile(r"(\d+)(?: \(×(\d+)\))?")
DICE = re.compile(r"\b(\d+) dic?e\b")
DECK = re.compile(r"\b(\d+) (night|volcano|star|sea|dream) cards\b")
IDEA = re.compile(r'^- (?:"([^"]+)" idea card|[Ii]dea card "([^"]+)")$')
MISSIONS = re.compile(r"^(?:- )?(?:(\d+) )?[Mm]ission [Cc]ards? [A-Z]\b")


def level(word: str) -> str:
    return word.strip().lower().replace(" ", "-")


def parse_modules(texts: dict[str, str]) -> dict[str, dict]:
    """Letter -> what the rulebook prints about the module (heading and component lines)."""
    found: dict[str, dict] = {}
    for name in (ANB, POTE, WHALE):
        lines = [line.rstrip() for line in texts[name].splitlines()]
        starts = []
        for i, line in enumerate(lines):
            m = HEADING.match(line)
            if m:
                letter, title, count, diff = m.groups()
                starts.append((i, letter, {"name": title, "printed": int(count), "difficulty": level(diff)}))
            elif line.startswith("Module T: ") and name == WHALE:
                lv = next(WHALE_LEVEL.match(x) for x in lines[i + 1 : i + 3] if WHALE_LEVEL.match(x))
                diff = {int(n): level(w) for w, n in re.findall(r"(\w+(?: \w+)?) \((\d) players\)", lv.group(1))}
                starts.append((i, "T", {"name": line.split(": ", 1)[1], "printed": int(lv.group(2)), "difficulty": diff}))
        for k, (i, letter, info) in enumerate(starts):
            end = starts[k + 1][0] if k + 1 < len(starts) else len(lines)
            body = lines[i + 1 : end]
            info.update(rulebook=name, heading=lines[i], secrets=Counter(), dice=None, decks={}, ideas=set(), missions=0)
            for line in body:
                if line.startswith(("Module ", "Cards ")) and line != lines[i]:
                    break
                is_component = line.startswith(("- ", "Components: "))
                for sm in SECRET_LIST.finditer(line) if is_component else ():
                    for num, copies in NUMBER_COPIES.findall(sm.group(1)):
                        info["secrets"][int(num)] += int(copies or 1)
                d = DICE.search(line)
                if d and info["dice"] is None and ("Components" in line or line.startswith("- ")):
                    info["dice"] = int(d.group(1))
                for n, kind in DECK.findall(line):
                    if kind == "dream" and not line.startswith("- "):
                        continue  # the setup prose mentions other dream counts
                    info["decks"].setdefault(kind, int(n))
                im = IDEA.match(line)
                if im:
                    info["ideas"].add(im.group(1) or im.group(2))
                mm = MISSIONS.match(line)
                if mm:
                    info["missions"] += int(mm.group(1) or 1)
                if line.startswith("Components: ") and "mission card" in line:
                    info["missions"] += 1
            if letter in found:
                continue  # a table-of-contents entry and the body heading: keep the first full reading
            found[letter] = info
    return found


@pytest.fixture(scope="module")
def printed_modules(rulebooks):
    mods = parse_modules(rulebooks)
    assert set(mods) == set("MNOPQRVWXT"), sorted(mods)
    return mods


@pytest.fixture(scope="module")
def bundle_modules(bundle):
    return {m["letter"]: m for m in bundle["modules"] if m.get("product") not in (None, "product:paleo")}


def test_every_printed_module_is_in_the_bundle(printed_modules, bundle_modules):
    assert set(bundle_modules) == set(printed_modules)


@pytest.mark.parametrize("letter", list("MNOPQRVWXT"))
def test_module_matches_its_heading(printed_modules, bundle_modules, letter):
    p, b = printed_modules[letter], bundle_modules[letter]
    assert b["name"] == p["name"]
    assert b["printed_cards"] == p["printed"]
    difficulty = b["difficulty"]
    if isinstance(difficulty, dict):
        difficulty = {int(k): v for k, v in difficulty.items()}
    assert difficulty == p["difficulty"]
    assert b["product"] == PRODUCT_OF[p["rulebook"]]


@pytest.mark.parametrize("letter", list("MNOPQRVWXT"))
def test_module_components_match(printed_modules, bundle_modules, bundle, letter):
    p, b = printed_modules[letter], bundle_modules[letter]
    assert Counter(b["secrets"]) == p["secrets"], "secret numbers with their copies"
    assert b["dice"] == p["dice"]
    decks = {}
    for d in b.get("decks") or []:
        for kind in ("night", "volcano", "star", "sea", "dream"):
            if kind in d["name"]:
                decks[kind] = d["count"]
    assert decks == p["decks"]
    cards = {c["id"]: c for c in bundle["cards"]}
    assert {cards[i]["name"] for i in b["ideas"]} == p["ideas"]
    assert len(b["missions"]) == p["missions"]


@pytest.mark.parametrize("letter", list("MNOPQRVWXT"))
def test_shortfall_shows_as_missing(printed_modules, bundle, letter):
    p = printed_modules[letter]
    row = next(r for mid, r in bundle["coverage"]["modules"].items() if r["letter"] == letter and r["product"] == PRODUCT_OF[p["rulebook"]])
    authored = row["complete"] + row["partial"] + row["unknown"]
    assert row["printed"] == p["printed"]
    assert authored <= p["printed"], "more cards authored than printed"
    assert row["missing"] == p["printed"] - authored


def test_printed_card_groups_match_the_products(rulebooks, bundle):
    products = {p["id"]: p for p in bundle["products"]}
    anb = rulebooks[ANB]
    groups = [int(n) for n in re.findall(r"^- (?:New|Modules)[^(\n]*\((\d+) cards\)", anb, re.M)]
    assert sorted(groups) == sorted(g["count"] for g in products["product:anb"]["card_groups"])
    assert int(re.search(r"(\d+) Cards", anb).group(1)) == products["product:anb"]["printed_cards"] == sum(groups)

    pote = rulebooks[POTE]
    total = int(re.search(r"Components: (\d+) cards", pote).group(1))
    overview = pote.split("Card Overview", 2)[2].split("Introduction", 1)[0]
    groups = [int(n) for n in re.findall(r"\((\d+) cards\)", overview)]
    assert sorted(groups) == sorted(g["count"] for g in products["product:pote"]["card_groups"])
    assert total == products["product:pote"]["printed_cards"] == sum(groups)

    vet = rulebooks[VET]
    comp = vet.split("\nComponents\n", 1)[1].split("\nIcons\n", 1)[0]
    decks = [int(n) for n in re.findall(r"^• (\d+) [\w ]*Cards$", comp, re.M)]
    assert sorted(decks) == sorted(g["count"] for g in products["product:paleovet"]["card_groups"])
    assert sum(decks) == products["product:paleovet"]["printed_cards"]


def test_named_cards_are_named_in_their_rulebook(rulebooks, bundle):
    """No invented card: every card title, and every secret number, occurs in a rulebook it cites."""
    problems = []
    for c in bundle["cards"]:
        srcs = c["source"] if isinstance(c["source"], list) else [c["source"]]
        text = " ".join(rulebooks[s["rulebook"]] for s in srcs).lower()
        if c["name"] is None:
            assert c["completeness"] != "complete", c["id"]
            continue
        if c["name"].lower() not in text:
            problems.append(f"{c['id']}: title {c['name']!r} not in its cited rulebook")
    for s in bundle["secrets"]:
        srcs = s["source"] if isinstance(s["source"], list) else [s["source"]]
        text = " ".join(rulebooks[x["rulebook"]] for x in srcs)
        if not re.search(rf"\b{s['number']}\b", text):
            problems.append(f"{s['id']}: number not in its cited rulebook")
    assert not problems, "\n".join(problems)


def test_secret_multiplicity_in_the_bundle(bundle):
    by_letter = {m["letter"]: m for m in bundle["modules"]}
    assert Counter(by_letter["V"]["secrets"])[33] == 3
    assert Counter(by_letter["X"]["secrets"])[38] == 2
    assert Counter(by_letter["X"]["secrets"])[66] == 2
