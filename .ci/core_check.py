"""Run in a virtual environment holding only `pip install sequenza`: the engine, the bots and
the terminal work, and no extra's library was installed with them."""

import importlib.util

import sequenza
import sequenza.fast
from sequenza.ai import make_bot

for heavy in (
    "numpy",
    "fastapi",
    "sqlalchemy",
    "alembic",
    "psycopg",
    "uvicorn",
    "matplotlib",
    "gymnasium",
    "ray",
):
    assert importlib.util.find_spec(heavy) is None, f"{heavy} came with the core install"

state = sequenza.make("sequentia-shift", players=2, seed=1)
bots = [make_bot("greedy", seed=0), make_bot("random", seed=1)]
while not state.is_over:
    seat = state.current_seat
    assert seat is not None
    state.apply(bots[seat].act(state))
result = state.result()
assert result is not None
print(f"core install: a whole game in {len(state.history)} actions, winners {result.winners}")

# The wheel carries the compiled core, and it plays the very games the engine plays.
assert sequenza.fast.available(), sequenza.fast.why_not()
batch = sequenza.fast.playouts("sequence", 20, seed=1, players=2)
assert batch == sequenza.fast.playouts("sequence", 20, seed=1, players=2, engine="python")
print(f"compiled core: 20 games of Sequence in {batch.actions} actions, as the engine plays them")
