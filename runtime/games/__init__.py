"""The game definitions this runtime plays, registered with the core by id."""

from ..core import register
from .paleo import PALEO

register(PALEO)

__all__ = ["PALEO"]
