"""The one build step pyproject.toml cannot say: the FreeCell solver's move generator in C.

It is optional: where no C compiler is found the install goes on, and the solver uses the
same generator in Python (engine/freecell_moves.py), about twice as slow.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("engine._freecell", ["engine/_freecell.c"], optional=True)])
