"""The compiled playout core, ``sequenza._fast``: everything else is in pyproject.toml.

The extension is optional: where no C compiler (or no Python headers) can build it, the
install goes on without it and the pure-Python engine serves; ``sequenza.fast.available()``
says which one runs.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "sequenza._fast",
            sources=["src/sequenza/_fast.c"],
            optional=True,
            # The greedy heuristic's worths must be the very doubles Python computes: no
            # fused multiply-adds where a machine has them.
            extra_compile_args=["-O2", "-std=c99", "-ffp-contract=off"],
        )
    ]
)
