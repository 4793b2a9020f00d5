"""Write the seeded synthetic pack `paleovet/` (byte-identical on every run).

    python tests/packs/generate_paleovet.py            rewrite the pack
    python tests/packs/generate_paleovet.py --check    exit 1 when the committed files differ from the output

Everything in it is invented test data for PaleoVet, whose rulebook prints none of its cards:
- 50 dinos (`kind: dino`, `back: dino`): sleep 1 to 4, points 1 to 9, 18 theropods (15 of them carnivores), 16
  sauropods and 16 ornithischians (herbivores), 1 to 3 required treatments of antibiotic, antiviral and surgery
  (3 points a treatment needed, less up to 2, one more for a dino that sleeps 1 turn only). 10 have `alert: true` and a
  `when revealed:` option (taking 1 sleep token off a hospital dino, adding one, or letting a hospital dino go, in
  turn); 10 others carry a lasting option (protection from carnivores, a treatment discount for herbivores or
  sauropods, ignoring ALERT!) or one heard when the dino itself is tranquilized (`on tranquilize: -> 1 dna token`) or
  treated (`on treat: -> 1 sleep token`); the rest have no option.
- the 18 upgrades the rulebook does not name (`kind: upgrade`, `back: upgrade`), with lasting effects (hospital limit
  5, treatment discounts by diet and order, protection from carnivores, ignoring ALERT!, bonus points per cured dinos
  of a diet or order) and three one-time rewards; and the options of the two named upgrades the rulebook describes
  without printing them: Field Lab `-> research discount 1` (2 icons instead of 3) and the Therapod Breeding Program
  `require order theropod -> 1 bonus point per 2 cured` (the Scoring Example's 6 theropods, 3 points).
- the 30 solo cards (`kind: solo`, `back: solo`), each marking 1 to 3 field stacks captured or escaped (1, 2 and 3
  in turn), a third of them also an upgrade stack; the first is the rulebook's Solo Mode card example (escaped from
  stack 2, captured from stacks 3 and 5).
- fills of what the bundled content leaves null: the white die's six faces (antibiotic, antiviral, surgery,
  tranquilizer dart and two DNA; only white dice have DNA) and the prices `specialty_die_cost: 3` and
  `dna_token_cost: 2`.
Every option is compiled through the real effect stage, so the pack always lints clean.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PACK = "paleovet"
SEED = 20250416
VET = "004_1199c90b0c83849d.txt"
TREATMENTS = ("antibiotic", "antiviral", "surgery")
STACKS = 5
# (order, diet, how many): carnivores are theropods, a few theropods and every other dino eat plants
LINEAGES = (("theropod", "carnivore", 15), ("theropod", "herbivore", 3), ("sauropod", "herbivore", 16),
            ("ornithischian", "herbivore", 16))
ALERTS = 10
ALERT_OPTIONS = ("when revealed: suffer remove sleep token 1", "when revealed: -> 1 sleep token",
                 "when revealed: suffer discard dino")
LASTING_DINOS = 10  # a lasting option, or one heard when the dino itself is tranquilized or treated
DINO_OPTIONS = ("-> protect from carnivores", "require diet herbivore -> treatment discount 1",
                "require order sauropod -> treatment discount 1", "-> ignore alerts",
                "on tranquilize: -> 1 dna token", "on treat: -> 1 sleep token")
UPGRADES = (
    "-> hospital limit 5",
    "-> hospital limit 5",
    "require diet herbivore -> treatment discount 1",
    "require diet carnivore -> treatment discount 1",
    "require order theropod -> treatment discount 1",
    "require order sauropod -> treatment discount 1",
    "require order ornithischian -> treatment discount 1",
    "-> protect from carnivores",
    "-> protect from carnivores",
    "-> ignore alerts",
    "-> ignore alerts",
    "require diet herbivore -> 1 bonus point per 3 cured",
    "require diet carnivore -> 1 bonus point per 2 cured",
    "require order sauropod -> 1 bonus point per 2 cured",
    "require order ornithischian -> 1 bonus point per 2 cured",
    "-> 1 dna token",
    "-> 1 specialty die purple",
    "-> 1 specialty die yellow",
)
NAMED_UPGRADES = (
    ("card:paleovet/field-lab", "Field Lab", "-> research discount 1"),
    ("card:paleovet/therapod-breeding-program", "Therapod Breeding Program",
     "require order theropod -> 1 bonus point per 2 cured"),
)
SOLO_CARDS = 30
SOLO_EXAMPLE = {"captured": [3, 5], "escaped": [2], "upgrades": []}  # the rulebook's Solo Mode card example
WHITE_FACES = ("antibiotic", "antiviral", "surgery", "tranquilizer dart", "dna", "dna")
PARAMETERS = {"specialty_die_cost": 3, "dna_token_cost": 2}

SRC_DINO = f'{{rulebook: {VET}, section: ["Concepts", "Dino Card Anatomy"]}}'
SRC_UPGRADE = f'{{rulebook: {VET}, section: ["Spending Dice", "Research an Upgrade"]}}'
SRC_SOLO = f'{{rulebook: {VET}, section: ["Turns", "Solo Mode"]}}'
SRC_RESEARCH = f'{{rulebook: {VET}, section: ["Spending Dice", "Research a New Treatment"]}}'
SUMMARY = "Synthetic test card generated by tests/packs/generate_paleovet.py; invented, not a PaleoVet fact."
FILL = "Synthetic: fills only what the bundled record leaves open; invented by tests/packs/generate_paleovet.py."


def q(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


def flow(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


def compiles(text: str) -> str:
    """The option itself, once the compiler's effect stage has accepted it for game:paleovet."""
    sys.path.insert(0, str(HERE))
    from synthetic_bundle import lower

    lower(text, game="game:paleovet")  # raises on an option that does not compile
    return text


def card(cid: str, name: str, kind: str, fields: list[str], options=(), src: str = SRC_DINO,
         summary: str = SUMMARY) -> str:
    lines = [f"  - id: {cid}", f"    name: {q(name)}", "    game: game:paleovet", "    product: product:paleovet",
             f"    kind: {kind}", f"    back: {kind}", *(f"    {f}" for f in fields)]
    if options:
        lines.append("    options:")
        lines += [f"      - {q(compiles(o))}" for o in options]
    lines += [f"    summary: {q(summary)}", "    completeness: partial", f"    source: {src}"]
    return "\n".join(lines) + "\n"


def pack_file(comment: str, section: str, records: list[str]) -> str:
    head = ("# yaml-language-server: $schema=../../../content/schema.json\n"
            f"# SYNTHETIC TEST DATA written by tests/packs/generate_paleovet.py (do not edit by hand): {comment}\n"
            "# None of this is a PaleoVet fact; every invented name says `(synthetic)`.\n"
            f"pack: {{synthetic: true, name: {PACK}}}\n\n{section}:\n")
    return head + "\n".join(records)


def dinos(rng: random.Random) -> list[str]:
    kinds = [(order, diet) for order, diet, n in LINEAGES for _ in range(n)]
    rng.shuffle(kinds)
    alert = set(rng.sample(range(len(kinds)), ALERTS))
    lasting = set(rng.sample([i for i in range(len(kinds)) if i not in alert], LASTING_DINOS))
    out = []
    a = b = 0
    for i, (order, diet) in enumerate(kinds):
        needs = rng.choice((1, 1, 2, 2, 2, 3, 3))
        treatments = sorted((rng.choice(TREATMENTS) for _ in range(needs)), key=TREATMENTS.index)
        sleep = rng.randint(1, 4)
        points = min(9, 3 * needs - rng.randint(0, 2) + (1 if sleep == 1 else 0))
        options: list[str] = []
        if i in alert:
            options = [ALERT_OPTIONS[a % len(ALERT_OPTIONS)]]
            a += 1
        elif i in lasting:
            options = [DINO_OPTIONS[b % len(DINO_OPTIONS)]]
            b += 1
        fields = [f"sleep: {sleep}", f"points: {points}", f"diet: {diet}", f"order: {order}",
                  f"treatments: {flow(treatments)}", f"alert: {'true' if i in alert else 'false'}"]
        out.append(card(f"card:synthetic-vet/dino-{i + 1:02d}", f"Dino {i + 1:02d} (synthetic)", "dino", fields, options))
    return out


def upgrades() -> list[str]:
    out = [card(cid, name, "upgrade", [], [option], src=SRC_UPGRADE, summary=FILL) for cid, name, option in NAMED_UPGRADES]
    for i, option in enumerate(UPGRADES):
        out.append(card(f"card:synthetic-vet/upgrade-{i + 1:02d}", f"Upgrade {i + 1:02d} (synthetic)", "upgrade", [],
                        [option], src=SRC_UPGRADE))
    return out


def solo_marks(rng: random.Random, i: int, with_upgrade: bool) -> dict[str, list[int]]:
    if i == 0:
        return SOLO_EXAMPLE
    stacks = sorted(rng.sample(range(1, STACKS + 1), 1 + i % 3))
    marks: dict[str, list[int]] = {"captured": [], "escaped": [], "upgrades": []}
    for s in stacks:
        marks[rng.choice(("captured", "escaped"))].append(s)
    if with_upgrade:
        marks["upgrades"] = [rng.randint(1, STACKS)]
    return marks


def solo_cards(rng: random.Random) -> list[str]:
    out = []
    upgrade_cards = set(rng.sample(range(1, SOLO_CARDS), SOLO_CARDS // 3))
    for i in range(SOLO_CARDS):
        m = solo_marks(rng, i, i in upgrade_cards)
        shown = ", ".join(f"{k}: {flow(v)}" for k, v in m.items() if v)
        out.append(card(f"card:synthetic-vet/solo-{i + 1:02d}", f"Solo Card {i + 1:02d} (synthetic)", "solo",
                        [f"solo: {{{shown}}}"], src=SRC_SOLO))
    return out


def fills() -> str:
    params = ", ".join(f"{k}: {v}" for k, v in PARAMETERS.items())
    return (
        "# yaml-language-server: $schema=../../../content/schema.json\n"
        "# SYNTHETIC TEST DATA written by tests/packs/generate_paleovet.py (do not edit by hand): the values the\n"
        "# bundled content leaves null, invented: the white die's faces and the prices of a specialty die and a DNA token.\n"
        "# None of this is a PaleoVet fact.\n"
        f"pack: {{synthetic: true, name: {PACK}}}\n\n"
        "games:\n"
        "  - id: game:paleovet\n"
        "    name: PaleoVet\n"
        "    kind: dice-game\n"
        f"    parameters: {{{params}}}\n"
        f"    summary: {q(FILL)}\n"
        "    completeness: partial\n"
        f"    source: {SRC_RESEARCH}\n\n"
        "dice:\n"
        "  - id: die:paleovet/white\n"
        "    name: White basic treatment die\n"
        "    game: game:paleovet\n"
        "    product: product:paleovet\n"
        "    color: white\n"
        "    count: 16\n"
        f"    faces: {flow(WHITE_FACES)}\n"
        f"    summary: {q(FILL + ' The six faces are made up; the rulebook only says that white dice alone show DNA.')}\n"
        "    completeness: partial\n"
        f"    source: {SRC_RESEARCH}\n"
    )


def generate() -> dict[str, str]:
    """Pack path (relative to tests/packs) -> text."""
    rng = random.Random(SEED)
    return {
        f"{PACK}/dinos.yaml": pack_file("50 dinos, 10 with an ALERT!, 10 more with a lasting or triggered option.", "cards", dinos(rng)),
        f"{PACK}/upgrades.yaml": pack_file("the 18 unnamed upgrades and the options of the 2 named ones.", "cards",
                                           upgrades()),
        f"{PACK}/solo.yaml": pack_file("the 30 solo cards and the stacks they mark.", "cards", solo_cards(rng)),
        f"{PACK}/fills.yaml": fills(),
    }


def main(argv: list[str]) -> int:
    texts = generate()
    if "--check" in argv:
        stale = [p for p, t in texts.items() if not (HERE / p).exists() or (HERE / p).read_text(encoding="utf-8") != t]
        extra = sorted(str(p.relative_to(HERE)) for p in (HERE / PACK).glob("*.yaml") if str(p.relative_to(HERE)) not in texts) \
            if (HERE / PACK).is_dir() else []
        for p in stale + extra:
            print(f"stale: tests/packs/{p}")
        return 1 if stale or extra else 0
    (HERE / PACK).mkdir(parents=True, exist_ok=True)
    for p, t in texts.items():
        tmp = HERE / (p + ".tmp")
        tmp.write_text(t, encoding="utf-8")
        tmp.replace(HERE / p)
    print(f"wrote {len(texts)} files to tests/packs/{PACK}/")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
