"""The synthetic starter pack `paleo init` writes: invented cards that make a base game playable, so
a new fan module's rule test can play (the bundled content alone is not playable: the rulebooks do not
print the card faces). A copy of the project's `synthetic-base` test pack; none of it is a Paleo fact."""

PACK_BODY = """
cards:
  - id: card:synthetic/forest-glade
    name: Forest Glade (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: forest
    copies: 3
    options:
      - "require strength 1 -> 2 food"
      - "cost discard 1 card -> 1 wood"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/berry-bushes
    name: Berry Bushes (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: forest
    copies: 2
    options:
      - "require awareness 1 -> 1 food, 1 wood"
      - "-> 1 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/river-bank
    name: River Bank (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: river
    copies: 3
    options:
      - "require awareness 1 -> 2 food"
      - "cost discard 2 cards -> 1 stone"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/ford
    name: Ford (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: river
    copies: 2
    options:
      - "require strength 1, awareness 1 -> 1 stone, 1 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/rock-face
    name: Rock Face (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: mountain
    copies: 2
    options:
      - "require strength 2, craftsmanship 1 -> 2 stone"
      - "cost 1 spear -> 3 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/cave-mouth
    name: Cave Mouth (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: mountain
    copies: 2
    options:
      - "require craftsmanship 1 -> 1 stone"
      - "cost 1 torch -> 1 stone, 1 wood"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/stranger
    name: Stranger (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: people
    copies: 2
    options:
      - "cost 2 food -> 1 new person"
      - "require awareness 2 -> 1 new person"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/vision
    name: Vision (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: dream
    copies: 2
    options:
      - "require awareness 1 -> 1 dream"
      - "cost discard 2 cards -> 1 dream"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/spark
    name: Spark (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: idea
    copies: 2
    options:
      - "-> 1 idea"
      - "require craftsmanship 1 -> craft"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/hidden-trail
    name: Hidden Trail (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: forest
    marks: [skull]
    options:
      - "require awareness 2 -> 1 wood, 1 food"
      - "suffer 1 wound"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/rapids
    name: Rapids (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: river
    options:
      - "require strength 1; roll 1 die -> 2 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/wolf-pack
    name: Wolf Pack (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: danger
    copies: 2
    options:
      - "require strength 3 -> 2 food"
      - "cost 1 spear -> 1 food"
      - "suffer 2 wounds"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/rockslide
    name: Rockslide (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: danger
    copies: 2
    options:
      - "require awareness 1; roll 1 die -> 1 stone"
      - "suffer 1 wound"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/storm
    name: Storm (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: danger
    copies: 2
    options:
      - "cost 1 torch"
      - "suffer discard 2 cards"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/cave-bear
    name: Cave Bear (synthetic)
    game: game:paleo
    product: product:paleo
    kind: base
    back: danger
    options:
      - "require strength 4 -> 3 food"
      - "suffer 1 skull"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/hunter
    name: Hunter (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 2, awareness: 0, craftsmanship: 0, hearts: 3, tools: ["spear"]}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/gatherer
    name: Gatherer (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 0, awareness: 2, craftsmanship: 0, hearts: 2, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/toolmaker
    name: Toolmaker (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 0, awareness: 0, craftsmanship: 2, hearts: 2, tools: ["torch"]}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/scout
    name: Scout (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 1, awareness: 1, craftsmanship: 0, hearts: 2, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/elder
    name: Elder (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 0, awareness: 1, craftsmanship: 1, hearts: 1, tools: ["talisman"]}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/runner
    name: Runner (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 1, awareness: 1, craftsmanship: 0, hearts: 3, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/healer
    name: Healer (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 0, awareness: 1, craftsmanship: 1, hearts: 3, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/climber
    name: Climber (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 2, awareness: 0, craftsmanship: 0, hearts: 2, tools: ["stone axe"]}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/fisher
    name: Fisher (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 1, awareness: 1, craftsmanship: 0, hearts: 2, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/weaver
    name: Weaver (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 0, awareness: 0, craftsmanship: 1, hearts: 2, tools: ["torch"]}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/potter
    name: Potter (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 0, awareness: 0, craftsmanship: 2, hearts: 2, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/drummer
    name: Drummer (synthetic)
    game: game:paleo
    product: product:paleo
    kind: person
    person: {strength: 1, awareness: 0, craftsmanship: 0, hearts: 3, tools: []}
    back: people
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/ancestor-dream
    name: Ancestor Dream (synthetic)
    game: game:paleo
    product: product:paleo
    kind: dream
    back: dream
    copies: 2
    options:
      - "require awareness 3; cost discard 3 cards -> 1 victory token"
      - "-> 1 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/dream-of-plenty
    name: Dream of Plenty (synthetic)
    game: game:paleo
    product: product:paleo
    kind: dream
    back: dream
    copies: 2
    options:
      - "-> 2 food, 1 wood"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/idea-spear
    name: Spear Idea (synthetic)
    game: game:paleo
    product: product:paleo
    kind: idea
    back: idea
    options:
      - "require craftsmanship 1; cost 1 wood -> 1 spear"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/idea-torch
    name: Torch Idea (synthetic)
    game: game:paleo
    product: product:paleo
    kind: idea
    back: idea
    options:
      - "cost 1 wood -> 1 torch"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/idea-axe
    name: Stone Axe Idea (synthetic)
    game: game:paleo
    product: product:paleo
    kind: idea
    back: idea
    options:
      - "require craftsmanship 2; cost 1 wood, 1 stone -> 1 stone axe"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/idea-talisman
    name: Talisman Idea (synthetic)
    game: game:paleo
    product: product:paleo
    kind: idea
    back: idea
    options:
      - "require craftsmanship 2; cost 2 stone -> 1 talisman"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/a-mission
    name: Cave Painting (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/A
    kind: mission
    back: mission
    options:
      - "cost 2 wood, 1 stone -> 1 victory token"
      - "cost 1 stone axe, 2 food -> 1 victory token"
      - "suffer 1 skull"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/a-fire-keeper
    name: Fire Keeper (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/A
    kind: module
    back: forest
    marks: [moon]
    options:
      - "-> 1 torch"
      - "require craftsmanship 1 -> 1 wood"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/a-tracks
    name: Fresh Tracks (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/A
    kind: module
    back: forest
    copies: 2
    options:
      - "require strength 2 -> 2 food"
      - "cost 1 stone axe -> 3 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/a-flood
    name: Flood (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/A
    kind: module
    back: danger
    copies: 2
    options:
      - "require strength 2, awareness 1 -> 1 stone"
      - "suffer 1 wound, 1 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/a-shaman
    name: Shaman (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/A
    kind: module
    back: people
    options:
      - "require awareness 1 -> 1 new person"
      - "cost 1 talisman -> 1 victory token"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-training-ground
    name: Training Ground (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: forest
    options:
      - "-> strength 1, 1 food"
      - "-> awareness 1, 1 wood"
      - "-> craftsmanship 1, craft"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-cache
    name: Hidden Cache (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: mountain
    options:
      - "require 2 food -> 1 stone"
      - "require 2 wood -> 1 food"
      - "require 2 stone -> 1 wood"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-camp-site
    name: Camp Site (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: forest
    options:
      - "-> 1 tent"
      - "cost 1 tent -> 3 food"
      - "cost 1 wound -> 2 wood"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-lakeshore
    name: Lakeshore (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: river
    options:
      - "-> 1 raft"
      - "cost 1 raft -> 2 stone"
      - "require have raft -> 2 food"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-raiders
    name: Raiders (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: danger
    options:
      - "suffer 1 torch"
      - "suffer 1 stone axe"
      - "suffer 1 spear"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-squall
    name: Squall (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: danger
    options:
      - "suffer 1 tent"
      - "suffer 1 raft"
      - "suffer 1 talisman"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-damp-rot
    name: Damp Rot (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: danger
    options:
      - "suffer 2 wood"
      - "suffer 2 stone"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

  - id: card:synthetic/b-prowler
    name: Prowler (synthetic)
    game: game:paleo
    product: product:paleo
    module: module:paleo/B
    kind: module
    back: danger
    options:
      - "require not have spear -> help"
      - "suffer 1 wound"
    summary: Synthetic test card, invented for the runtime's tests; not a Paleo fact.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Preparation (Setup): Setting Up Your Primitive Camp"]}

dice:
  - id: die:synthetic/skill-die
    name: Skill die (synthetic)
    game: game:paleo
    product: product:paleo
    count: 1
    faces: ["strength 1", "awareness 1", "craftsmanship 1", "strength 2", "awareness 2", "blank"]
    summary: Synthetic test die, invented for the runtime's tests; the real die faces are not given.
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: ["Day Phase: Exploring the Unknown", "3. Resolving Cards:"]}
"""
