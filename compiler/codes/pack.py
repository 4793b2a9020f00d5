"""Codes for synthetic packs: test content that may only fill what the bundled content leaves open (P5xx)."""

from . import Code, E

CODES = [
    Code(
        "P501", "pack-marker", E, "a pack file's `pack:` marker is malformed",
        what="The top-level `pack:` mapping must say `synthetic: true` and give the pack a `name`.",
        why="Synthetic packs are invented test data; the marker is what keeps them apart from "
        "rulebook facts in every report and in the bundle.",
        example="pack: {name: my-pack}",
        fix="Write `pack: {synthetic: true, name: my-pack}`.",
    ),
    Code(
        "P502", "pack-redefinition", E, "a pack redefines a record of the bundled content",
        what="A pack declares a record whose id the bundled content already declares, or its record of a bundled "
        "card, die, token or game changes a stated value: a pack fills only what is null or empty (of a game "
        "only the `parameters` left null, such as PaleoVet's `specialty_die_cost`, never a stated or a new one).",
        why="A pack may only add what is missing; replacing a bundled record would let test data "
        "overrule what the rulebooks state.",
        example="pack: {synthetic: true, name: p}\ncards:\n  - id: card:paleo/trap   # already bundled",
        fix="Give the invented record its own id (for example under `card:synthetic/`).",
    ),
    Code(
        "P503", "pack-symbol", E, "a pack declares a symbol",
        what="A pack has a `symbols:` list.",
        why="Symbols are the language every card is written in; a pack that added one would test "
        "rules no rulebook states.",
        example="pack: {synthetic: true, name: p}\nsymbols:\n  - id: symbol:teleport",
        fix="Write the pack's options with the registry's symbols only.",
    ),
    Code(
        "P504", "pack-record-kind", E, "a pack declares a kind of record it may not add",
        what="Packs may add cards (the faces the rulebooks never print) and dice (whose faces are not "
        "given); games, products, modules, boards, tokens, secrets, scenarios and interpretations "
        "come from the rulebooks only (a pack may fill the null fields of a bundled token and the null "
        "parameters of a bundled game, but never add one).",
        why="Everything else is stated by the rulebooks, so a pack version of it would be a contradiction "
        "or a redefinition.",
        example="pack: {synthetic: true, name: p}\nmodules:\n  - id: module:synthetic/Z",
        fix="Remove the record; add cards to an existing module or product instead.",
    ),
    Code(
        "P505", "pack-over-printed-count", E, "a pack adds more cards than the printed count leaves missing",
        what="The bundled cards of a module or product plus the pack's cards exceed the printed card "
        "count the rulebooks give. Cards are counted as coverage counts them: a module's own cards "
        "(`compiler.packs.module_card_counts`), never the faces of the secrets it lists.",
        why="Coverage counts the missing cards; a pack may fill that gap but not invent extra cards.",
        example="# module M prints 12 cards; 12 are bundled\npack: {synthetic: true, name: p}\ncards:\n"
        "  - id: card:synthetic/extra\n    module: module:anb/M",
        fix="Remove cards (or copies) from the pack until the count fits.",
    ),
    Code(
        "P506", "pack-contradiction", E, "a pack card contradicts a stated fact",
        what="A pack card refers to a game, product or module the bundle does not have, belongs to a "
        "module of another product, prints a secret number whose card face is already bundled, or "
        "gives a die's faces where the bundled content already gives them.",
        why="A pack may fill gaps, not change what the bundled content says.",
        example="cards:\n  - id: card:synthetic/x\n    kind: secret\n    number: 23   # secret 23 is bundled",
        fix="Use a free secret number, the right product, or drop the record.",
    ),
    Code(
        "P507", "pack-unlabelled", E, "a pack record is not labelled synthetic",
        what="Every record of a pack must say it is synthetic, in its name or summary.",
        why="Invented test data must never be mistaken for a Paleo fact in a report or a page.",
        example="cards:\n  - id: card:synthetic/x\n    name: Wolf",
        fix="Name it `Wolf (synthetic)` or say so in its summary.",
    ),
    Code(
        "P509", "pack-changes-stated-part", E, "a pack changes a stated part of a partly stated option",
        what="A bundled card states some of an option and marks the rest `...` (the rulebook leaves it out). A pack "
        "that fills the card writes each option whole: it may put anything where `...` stands, but the stated "
        "parts must stay as they are, and the card keeps its number of options.",
        why="What the rulebook states is a fact; a synthetic pack completes the unknown, never rewrites the known, "
        "or its games would play a rule the book does not have.",
        example="# bundled: options: ['require anyone has card \"Artifact\" -> ...']\n"
        "pack: {synthetic: true, name: p}\ncards:\n  - id: card:anb/curse\n    options: ['-> 1 food']",
        fix="Keep the stated clauses and replace only `...`: `require anyone has card \"Artifact\" -> 1 food`.",
    ),
    Code(
        "P508", "more-options-misplaced", E, "`more_options` outside a pack's fill of a partial card",
        what="`more_options` appends options after the stated ones of a bundled card. It is allowed only in a "
        "pack record that fills a bundled card (same id) whose completeness is not `complete`; it is used in a "
        "content file, on a new pack card, or on a complete card.",
        why="Some cards have a few options stated and others unknown; a pack may add invented ones after the "
        "stated options without touching them. Bundled content states options in `options`, a new pack card "
        "has nothing to append to, and a complete card has no unknown options.",
        example="pack: {synthetic: true, name: p}\ncards:\n  - id: card:paleo/trap   # complete in the bundle\n"
        "    more_options: ['-> 1 food']",
        fix="Write stated or new options in `options`; append only to cards that are `partial` or `unknown`.",
    ),
]
