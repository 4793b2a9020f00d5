"""`python -m compiler` runs the paleo command line."""

from .cli import console

console()
