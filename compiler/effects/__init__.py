"""The effect language: grammar, parser, symbol registry, lowering to IR, printer."""
