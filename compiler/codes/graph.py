"""Codes for the dependency graph and the rules checks across records (G4xx)."""

from . import Code, E, I, W

CODES = [
    Code(
        "G401", "unresolved-reference", E, "a reference names something nothing provides",
        what="An option, a module, a scenario or another record refers to a secret, a secret token, an "
        "idea, a card, a module, a board or a product, and no record in the loaded content provides it. "
        "A stub (`completeness: unknown`) satisfies a reference, and coverage counts it as known only by name. "
        "A game, product, module or board is looked for only when the loaded content has records of that "
        "kind, so that one file can be linted on its own.",
        why="A card that reveals secret 99 when no secret 99 exists cannot be played; the runtime would "
        "stop at that card, and the rules site would link to nothing.",
        example="cards:\n  - id: card:fx/a\n    options:\n      - '-> reveal secret 99'   # no secret 99 anywhere",
        fix="Correct the number or name (the help line names the nearest), or author the missing record, "
        "as a stub with `completeness: unknown` when the rulebooks only name it.",
    ),
    Code(
        "G402", "secret-not-in-module", W, "a module's card reveals a secret its component list omits",
        what="A card of a module refers to secret N, but the module's `secrets:` list does not include N, "
        "and N is not one of the secrets every game with the module's product or boards needs.",
        why="When a module is set up, only the secrets it lists go onto the Night board; a card that asks "
        "for another one finds nothing when the module is played on its own.",
        example="modules:\n  - id: module:fx/A\n    secrets: [{number: 1}]\ncards:\n  - module: module:fx/A\n"
        "    options: ['-> reveal secret 2']",
        fix="Add the secret to the module's `secrets:` list, or correct the number on the card.",
    ),
    Code(
        "G403", "unused-module-secret", W, "a module lists a secret that nothing uses",
        what="A module's component list includes secret N, but none of the module's cards, missions or "
        "ideas, none of the listed secrets' faces and none of its product's other cards reveals N, and every "
        "card of the module is completely authored.",
        why="A listed component nobody can reach is either a typo in the list or a reference missing from "
        "a card.",
        example="modules:\n  - id: module:fx/A\n    secrets: [{number: 1}, {number: 2}]   # nothing reveals 2",
        fix="Remove the number from the list, or add the reference to the card that reveals it.",
    ),
    Code(
        "G404", "conflicting-secret", E, "one secret number is provided with different contents",
        what="Two records provide the same secret number with different contents: two faces of one number "
        "where the secret does not declare `identical_backs: true`, two modules listing the number with "
        "different copy counts, a module asking for more copies than are printed, or a face printed by "
        "another product than the secret names.",
        why="Secrets are looked up by number; two different cards behind one number make 'reveal secret N' "
        "ambiguous unless the rulebook says the backs are identical and the next one is revealed.",
        example="secrets:\n  - id: secret:5\n    copies: 1\nmodules:\n  - secrets: [{number: 5, copies: 2}]",
        fix="Make the copy counts agree, correct the number, or declare `identical_backs: true` on the "
        "secret when the rulebook says so.",
    ),
    Code(
        "G405", "reveal-cycle", E, "secrets reveal each other in a cycle",
        what="The face of secret A reveals secret B, and following the reveals leads back to A.",
        why="A revealed secret leaves the secret deck, so a cycle of reveals can never be played as "
        "written; it is almost always a wrong number.",
        example="secret 1's face: '-> reveal secret 2'\nsecret 2's face: '-> reveal secret 1'",
        fix="Correct the number on one of the faces. A secret with identical backs may reveal the next copy "
        "of its own number; that is not a cycle.",
    ),
    Code(
        "G406", "unrevealable-secret", W, "no card can reveal a secret",
        what="A secret is provided, but no card, token, mission or mark-based reveal refers to it, and it "
        "is not set out face up by any rule; every card that could reveal it is completely authored.",
        why="A secret nobody can reveal never enters the game; usually a reference is missing or wrong.",
        example="secrets:\n  - id: secret:7   # no option anywhere says `reveal secret 7`",
        fix="Add the reveal to the card that should have it, or remove the secret.",
    ),
    Code(
        "G407", "scenario-unmet-need", E, "a scenario needs something its modules and products do not supply",
        what="Playing a scenario, level or suggestion brings the cards of its modules and products onto the "
        "table. One of those cards needs a secret, token, idea or card that none of the scenario's "
        "modules, products, boards or always-needed secrets supplies.",
        why="The scenario cannot be set up as printed: a card in play asks for something that stays in "
        "the box.",
        example="scenarios:\n  - modules: [A, B]   # a card of A reveals secret 3, which only module C lists",
        fix="Add the component to the module that needs it, or correct the reference.",
    ),
    Code(
        "G408", "combination-rule", E, "a scenario breaks a module combination rule",
        what="A scenario combines a number of modules other than the game allows (with a module that must "
        "be combined with more), or uses a module that needs a board or a product the scenario does not "
        "bring.",
        why="The rulebooks fix how modules combine; a scenario that breaks it cannot be set up.",
        example="modules:\n  - letter: V\n    requires: [board:fx/site]\nscenarios:\n  - modules: [B, V]\n"
        "    boards: []   # V needs the site board",
        fix="Add the board or product to the scenario, or correct the module list.",
    ),
    Code(
        "G409", "count-above-printed", E, "more is authored than is printed",
        what="The cards authored for a module or product (copies included), for one card group, or for one "
        "secret number, are more than the printed count the record states. A module counts its own cards, "
        "never the secrets it lists (a secret counts toward the product its `secret:` record names).",
        why="Content may fall short of the printed counts (coverage shows the gap) but never exceed them: "
        "a surplus means a duplicate or a card filed under the wrong module.",
        example="modules:\n  - id: module:fx/A\n    printed_cards: 1\ncards:   # two cards with module: module:fx/A",
        fix="Remove the duplicate, move the card to its module, or correct the printed count.",
    ),
    Code(
        "G410", "title-matches-nothing", W, "a title predicate matches no card",
        what="An option refers to cards by a word in their title (such as \"Dodo\" or \"Spirit\"), and no "
        "card in any module has that word in its title or `title_keywords`, while every card that could "
        "have it is authored.",
        why="A predicate that matches nothing makes its option unplayable or always false.",
        example="options:\n  - 'require have title \"Fixture\"'   # no card's title has the word",
        fix="Correct the word, or add the word to the matching cards' `title_keywords`.",
    ),
    Code(
        "G411", "farm-card-without-farm-action", E, "a farm card has no expansion, animal or grain option",
        what="A card marked `farm` has its options authored, and none of them uses the expansion action, the "
        "animal action or the grain action. A farm card whose options are not known yet gets a G490 note instead.",
        why="A New Beginning says every farm card carries at least one of those three actions; a farm card "
        "without one is a mistyped option or a wrong mark.",
        example="marks: [farm]\noptions: ['-> 2 food']   # no expansion, animal or grain action",
        fix="Correct the option (for example `-> grain action`), or remove the `farm` mark.",
    ),
    Code(
        "G412", "unattributed-secret-face", E, "a secret's face is a reading the record does not attribute",
        what="A secret record's `card:` names a card that does not print the secret's number, and `card_reading:` "
        "does not name an interpretation that lists the secret in its `affects`: the field is missing, names no "
        "interpretation record, names one that does not list the secret, or stands without a `card:` link.",
        why="When the rulebook never states a card's number, tying the card to a secret is our reading, not a fact. "
        "The runtime plays the link, so the record must say which interpretation it follows, and that "
        "interpretation must name the secret, or the choice is settled silently in the data.",
        example="secrets:\n  - id: secret:2\n    number: 2\n    card: card:fx/s2   # the card has `number: null`",
        fix="Write an interpretation record weighing the readings, list the secret in its `affects`, and name it "
        "in `card_reading: interpretation:...`; or, when the card does print the number, write it on the card.",
    ),
    Code(
        "G420", "scenario-need", I, "what playing a scenario needs, and whether the content supplies it",
        what="`paleo lint --scenario ID` lists every module, product, board, card, secret and token the "
        "scenario needs, one line each, and says whether the loaded content supplies it.",
        why="A scenario pulls in records from several files and products; the list shows at a glance what "
        "a game of it needs and what is still a stub.",
        example="paleo lint --scenario scenario:anb/I",
        fix="Nothing to fix: this is a report. Missing items also appear as G407 or G401.",
    ),
    Code(
        "G421", "unknown-scenario", E, "no scenario, level or suggestion has this id",
        what="`paleo lint --scenario ID` or `paleo graph --scenario ID` names an id that no scenario record has.",
        why="The report or graph would be empty.",
        example="paleo lint --scenario scenario:anb/VII",
        fix="Use one of the ids the help line names; `paleo graph --format json` lists them all.",
    ),
    Code(
        "G490", "fact-not-in-rulebooks", I, "a check needs a fact the rulebooks do not give",
        what="A graph check could not decide because the fact it needs is not stated in the rulebooks: "
        "card faces that are unknown, a count that is not printed, which module must be combined with two "
        "others. One diagnostic names each missing fact.",
        why="The content records only what the rulebooks say; a check that guessed would either hide a "
        "real problem or invent one. Listing the gap keeps it visible.",
        example="info[G490]: no known card reveals secrets 31, 33; the card faces of module V are not all in "
        "the rulebooks",
        fix="Nothing to fix in the content while the rulebooks are silent. A synthetic pack can supply the "
        "fact for tests; the check runs on it there.",
    ),
]
