"""Codes for the effect language: syntax, symbols, arguments and the symbol registry (E3xx)."""

from . import Code, E

CODES = [
    Code(
        "E301", "effect-syntax", E, "an option string does not follow the effect-language grammar",
        what="The option is not built from clauses the language knows: it does not start with "
        "`require`, `roll`, `cost`, `suffer`, `everyone:`, a trigger or `->`, a list ends after "
        "`,` `or` `then`, a parenthesis is left open, a quoted name is not closed on its line, a "
        "character is not part of the language, `may`, `not` and parentheses are nested more than 64 "
        "deep, or a bare clause body holds a second clause.",
        why="Every option must have one unambiguous reading before its symbols can be checked; the "
        "message names what was expected at the spot where reading stopped.",
        example='options:\n  - gain 1 wood            # no clause keyword\n  - "-> 1 wood or"         # nothing after `or`',
        fix="Start the option with a clause keyword (`require`, `cost`, `suffer`, `roll N dice`) or "
        "with `->` for rewards, and complete the list at the reported position.",
    ),
    Code(
        "E302", "unknown-symbol", E, "a symbol phrase matches no symbol of the registry",
        what="The words at the start of a call are not the name or alias of any symbol.",
        why="Symbols are defined once, as data; an unknown phrase is usually a typo, and a rule the "
        "runtime cannot play.",
        example="- require venerat place forest -> 1 wood",
        fix="Use the suggested name (`paleo symbols` lists every symbol), or define the symbol in "
        "`content/symbols/`.",
    ),
    Code(
        "E303", "symbol-position", E, "a symbol is used in a clause position it may not take",
        what="The symbol is known but does not declare this position: for example `capture animal` "
        "as a requirement, or `venerate place` as a reward.",
        why="A symbol declares where it makes sense (a requirement, a cost, a reward, a negative "
        "outcome, a trigger); using it elsewhere has no rule behind it.",
        example="- require capture animal -> 1 food",
        fix="Move the symbol into a clause it allows (the help line lists them).",
    ),
    Code(
        "E304", "symbol-game", E, "a symbol belongs to another game",
        what="The symbol is defined for a different game of the family, such as a PaleoVet die face "
        "on a Paleo card.",
        why="The games have different components and rules; the runtime of one cannot play the "
        "other's symbols.",
        example="# on a Paleo card\n- cost 1 antibiotic -> 1 food",
        fix="Use a symbol of the card's game, or correct the card's `game`.",
    ),
    Code(
        "E305", "argument-type", E, "an argument does not have the type its parameter asks for",
        what="A value after the symbol phrase is not of the parameter's type: `venerate place lake` "
        "(an altar is forest, river, mountain, all or any), `reveal secret x` (a secret is a number), "
        "a leading number on a symbol that takes none, a number below the minimum, a number of more "
        "than 9 digits.",
        why="Arguments are typed so that the runtime receives only values it can act on.",
        example="- require venerate place lake -> 1 wood",
        fix="Write a value of the expected type; the message lists the accepted values.",
    ),
    Code(
        "E306", "missing-argument", E, "a required argument is missing",
        what="The symbol has a parameter without a default and the call gives no value for it.",
        why="A symbol cannot be played without its arguments (which altar, which secret, how many).",
        example="- require venerate place -> 1 wood",
        fix="Add the value after the symbol phrase.",
    ),
    Code(
        "E307", "extra-argument", E, "a call has words left over after its arguments",
        what="After the symbol and all its parameters, more words or numbers follow.",
        why="Left-over words are a typo or a missing `;` between clauses; silently dropping them "
        "would change the rule.",
        example="- require strength 2 cost 1 wood -> 1 food",
        fix="Remove the extra words, or separate clauses with `;`.",
    ),
    Code(
        "E308", "duplicate-symbol", E, "two symbol definitions share an id, a name or an alias",
        what="A symbol id, canonical name, alias or plural is defined by more than one symbol.",
        why="Every phrase must resolve to exactly one symbol; a clash would make resolution depend "
        "on file order.",
        example="symbols:\n  - id: symbol:get-any-tool\n    name: get any tool   # already an alias of receive any tool",
        fix="Make the phrase an alias of one symbol only, or rename one of them.",
    ),
    Code(
        "E309", "bad-symbol-definition", E, "a symbol definition cannot be used by the registry",
        what="A symbol names a parameter type the registry does not know, declares a leading number "
        "that is not an integer, or has a name that is not plain lower-case words or contains one of "
        "the keywords `or`, `then`, `may`, `not`.",
        why="The definition drives parsing, checking and the runtime; a broken one would break all "
        "three.",
        example="params:\n  - {name: altar, type: lake}",
        fix="Use a known parameter type (`paleo symbols` shows the types in use).",
    ),
    Code(
        "E310", "misplaced-construct", E, "a construct is used in a clause that does not allow it",
        what="`not` outside a requirement, `may` or `then` inside a requirement, or an option "
        "without any clause.",
        why="A requirement is a condition to check, not a sequence of steps; `not` negates a "
        "condition and has no meaning for a reward.",
        example="- require may have scythe -> 1 grain",
        fix="Use `not` only after `require`; put optional or ordered steps in costs or rewards.",
    ),
    Code(
        "E311", "rewards-only", E, "a field that holds only rewards has another clause",
        what="A person's `brings`, an animal's `yield` or a token's `improves` is written in the effect language "
        "but may hold only `->` reward clauses; it has a requirement, a cost, a negative outcome or a trigger.",
        why="What a new person brings, what a stabled animal yields and what a built scythe or millstone adds "
        "are received outright: nothing is checked or paid, and nothing sets them off but joining the group, "
        "the stable action or the improved harvest or grind.",
        example="person:\n  hearts: 3\n  brings: 'cost 1 wood -> 2 food'",
        fix="Keep only the rewards, e.g. `-> 2 food`; a card action with costs belongs in `options`.",
    ),
    Code(
        "E312", "costs-only", E, "a field that holds only costs has another clause",
        what="A token's `cost` (what building an expansion token takes) or `use` (what using a cult tool asks) is "
        "written in the effect language but may hold only `cost` clauses; it has a requirement, a reward, a "
        "negative outcome or a trigger.",
        why="The expansion action pays the shown resources and builds the token; what the token then does is "
        "the token's own rule (`improves`, or the runtime's fence and hut rules), never part of its price.",
        example="tokens:\n  - id: token:fixture/shed\n    kind: expansion\n    cost: 'cost 2 wood -> 1 food'",
        fix="Keep only the cost clause, e.g. `cost 2 wood, 1 stone`; what the token gives goes in `improves`.",
    ),
]
