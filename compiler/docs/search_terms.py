"""Everyday words players search with, per rule reference or record id.

The rulebooks say "victory" where a player types "win"; these words are printed (small, after the
citation) with the rule they lead to, so the site's search finds the rule by them. They are search
words, not rules text: no fact of the game is stated here.
"""

SEARCH_TERMS: dict[str, tuple[str, ...]] = {
    # Paleo, the base game
    "game:paleo#victory": ("win", "winning", "how to win", "won"),
    "game:paleo#defeat": ("lose", "losing", "lost", "game over"),
    "game:paleo#tie": ("same time", "draw", "both"),
    "game:paleo#night/feeding": ("eat", "eating", "hungry", "starve", "feed"),
    "game:paleo#people-and-wounds": ("die", "dies", "dead", "death", "injury", "health"),
    "game:paleo#help": ("assist", "helping"),
    "game:paleo#ignore": ("skip", "pass"),
    "game:paleo#danger": ("red back", "must resolve"),
    "game:paleo#sleep-early": ("asleep", "give up my deck", "fall asleep"),
    "game:paleo#crafting": ("craft", "make a tool", "build a tool"),
    "game:paleo#dice": ("roll", "rolling"),
    "game:paleo#day/choose": ("which card", "look at the backs", "pick a card"),
    "game:paleo#night/new-day": ("next day", "reshuffle"),
    "game:paleo#setup/starting-groups": ("starting people", "first people"),
    # A New Beginning
    "product:anb#food-spoils": ("rot", "rotten", "spoiled food"),
    "product:anb#combining-modules": ("three modules", "how many modules"),
    "board:farm#capture-animal": ("stable", "catch"),
    # Path of the Elders
    "board:cult-site#refill-display": ("display empty",),
    # The White Whale
    "module:whale/T#go-out-to-sea": ("boat", "sail", "sailing"),
    "module:whale/T#same-boat": ("together", "everyone in the boat"),
    # PaleoVet
    "game:paleovet#scoring": ("points", "final score", "score"),
    "game:paleovet#end-of-game": ("game ends", "last round"),
}
