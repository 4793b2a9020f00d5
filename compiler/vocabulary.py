"""The game words the content model and the effect language share, declared once: card backs and the sea deck's symbols."""

from __future__ import annotations

# The card backs the rulebooks name, in the order help messages list them: the ones an effect may name
# (`back` parameters of the effect language) ...
EFFECT_BACKS: tuple[str, ...] = ("forest", "river", "mountain", "people", "dream", "idea", "danger", "mission", "secret",
                                 "night", "volcano", "star", "sea", "footprint", "camp")
# ... and PaleoVet's: the dino and upgrade decks are laid out in face-down stacks and the solo cards in a
# face-down stack (004 "Setup", "Solo Setup"), so each deck has a back of its own; no effect names one.
CARD_BACKS: tuple[str, ...] = (*EFFECT_BACKS, "dino", "upgrade", "solo")

SEA_SYMBOLS = 5  # the sea deck's backs show five symbols

# The marks printed on Paleo cards (a card's `marks`), which the effect language names with `mark "..."`: `farm` is a
# farm card (an expansion, animal or grain option), `white-hand` module X's white hand.
CARD_MARKS: tuple[str, ...] = ("star", "white-hand", "cult-site", "secret-symbol", "marked-back", "avoidable-danger",
                               "moon", "skull", "farm")
