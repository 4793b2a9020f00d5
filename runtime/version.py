"""The project's one version: the compiler (`compiler.__version__`), both distributions and the runtime read it here.

A plain assignment, so the packaging reads it as text (setuptools' `attr`, the runtime's own build
backend) without importing anything.
"""

__version__ = "0.1.0"
