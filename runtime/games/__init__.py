"""The game definitions this runtime plays, registered with the core by id."""

from ..core import register
from .paleo import PALEO
from .paleovet import PALEOVET

register(PALEO)
register(PALEOVET)

__all__ = ["PALEO", "PALEOVET"]
