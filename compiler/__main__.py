"""`python -m compiler` runs the paleo command line."""

import sys

from .cli import main

sys.exit(main())
