"""Codes for checking plain data against the content models (M0xx)."""

from . import Code, E

CODES = [
    Code(
        "M001", "not-a-mapping", E, "a content file must be a mapping of record lists",
        what="The top of the file is a list or a single value instead of a mapping such as "
        "`cards:` or `modules:`.",
        why="Each file groups its records by kind so editors and the compiler know what each record is.",
        example="- id: card:anb/reeds\n  name: Reeds",
        fix="Put the records under the key of their kind, e.g. `cards:`.",
    ),
    Code(
        "M002", "unknown-section", E, "unknown record kind at the top of a file",
        what="A top-level key is not one of the record kinds (games, boards, products, modules, "
        "cards, secrets, tokens, dice, scenarios, symbols, interpretations).",
        why="A misspelt kind would make every record under it vanish from the bundle.",
        example="card:\n  - id: card:anb/reeds",
        fix="Use the kind the help line suggests.",
    ),
    Code(
        "M003", "unknown-field", E, "a record has a field the model does not know",
        what="A key inside a record is not a field of that kind of record.",
        why="Unknown keys are usually typos; silently ignoring them would lose content.",
        example="- id: card:anb/reeds\n  nmae: Reeds",
        fix="Correct the key's spelling (the help line suggests the nearest field) or remove it.",
    ),
    Code(
        "M004", "missing-field", E, "a record lacks a required field",
        what="A field every record of this kind must have is absent.",
        why="Records without their identity, citation or completeness cannot be checked or published.",
        example="- id: card:anb/reeds\n  name: Reeds\n  # no source, no completeness",
        fix="Add the field; if the rulebooks do not state the value, mark the record partial or "
        "unknown and set the field to null where the model allows it.",
    ),
    Code(
        "M005", "invalid-value", E, "a value is not one of the allowed choices",
        what="A field takes one of a fixed set of values (a card back, a level, a rulebook file) "
        "and the value given is not among them.",
        why="Misspelt choices would break references, rules and the rules site.",
        example="back: forrest",
        fix="Use one of the allowed values; the help line names the nearest.",
    ),
    Code(
        "M006", "wrong-type", E, "a value has the wrong type",
        what="A field expects a number, text, list or mapping and got something else.",
        why="The compiler, runtime and site rely on the types the schema states.",
        example="copies: two",
        fix="Write the value in the expected type. In YAML 1.2 `yes`, `no`, `on` and `off` are "
        "text, not booleans: write `true` or `false`.",
    ),
    Code(
        "M007", "id-kind-mismatch", E, "a record's id prefix does not match its kind",
        what="Ids are kind-qualified (`card:...`, `module:...`); this id names another kind than "
        "the list the record is in.",
        why="References and the graph rely on the prefix to know what an id names.",
        example="cards:\n  - id: module:anb/M",
        fix="Move the record to the right list or correct its id.",
    ),
    Code(
        "M008", "duplicate-id", E, "two records share an id",
        what="The same id is declared twice, in one file or across files.",
        why="An id must name exactly one record; otherwise references are ambiguous.",
        example="cards:\n  - id: card:anb/reeds\n  - id: card:anb/reeds",
        fix="Rename one of them or merge the two records.",
    ),
    Code(
        "M009", "null-in-complete-record", E, "a complete record leaves a field unknown",
        what="A record marked `completeness: complete` has a null field that only an incomplete "
        "record may leave empty (such as a card's `back`, or the `sea_symbol` of a card whose back is `sea`).",
        why="`complete` promises that every fact is stated; readers and the runtime rely on it.",
        example="completeness: complete\nback: null",
        fix="Fill the field from the rulebook, or mark the record `partial`.",
    ),
    Code(
        "M010", "invalid-format", E, "a value does not have the required form",
        what="A value breaks a format rule: an id that is not `kind:namespace/name`, a number "
        "out of range, an empty list where one item is needed.",
        why="Ids and numbers are parsed by other tools; a malformed one cannot be resolved.",
        example="id: card:anb/Reeds Card",
        fix="Write the value in the form the message describes.",
    ),
    Code(
        "M011", "hunt-option-out-of-range", E, "an animal's hunt names an option the card does not have",
        what="`animal.hunt` gives the number of the card's option that is its hunt action (counting from 1), "
        "and the card has fewer options than that.",
        why="A slaughter takes the rewards of the hunt option; a number past the last option points at nothing, "
        "so the slaughter could not be played.",
        example="options: ['require strength 2 -> capture animal']\nanimal: {yield: '-> 1 food', hunt: 2}",
        fix="Correct the number, or add the hunt option to `options`.",
    ),
    Code(
        "M012", "sea-symbol-off-sea-card", E, "a card that is not a sea card gives a sea symbol",
        what="`sea_symbol` is the symbol (1 to 5) on the back of a sea card, and the card's `back` is another back "
        "or not known. The check runs after synthetic packs have filled their cards, so a pack may give a bundled "
        "card both its `back: sea` and its symbol.",
        why="`reveal sea card N` turns over the topmost sea card whose back shows symbol N; a symbol on a card that "
        "is not in the sea deck could never be found that way and would hide a wrong back.",
        example="back: forest\nsea_symbol: 3",
        fix="Remove `sea_symbol`, or set `back: sea` if the card is one of the sea cards.",
    ),
    Code(
        "M013", "die-face-unknown", E, "a die face names no die-face symbol of its game",
        what="A game whose dice show icons declares them as symbols of category `die-face` (PaleoVet: antibiotic, "
        "antiviral, surgery, tranquilizer dart, dna), and a face of one of its dice is none of their names. The "
        "check runs after synthetic packs have filled the faces; an alias (`wild`) is refused too, with the name "
        "to write instead.",
        why="The runtime reads a rolled face as the icon it names; a misspelt face would be an icon no rule can spend.",
        example="dice:\n  - id: die:paleovet/white\n    faces: [antibiotic, antiviral, surgery, tranquiliser dart, dna, dna]",
        fix="Write the face as the die-face symbol's name (`paleo symbols` lists them).",
    ),
]
