"""``python -m sequenza.rl [GAME...]`` writes the observation tensors' fields of this project's
games (and of the games named, a game from another package among them) into each game's own
folder, as ``TENSORS.md`` beside its encoder."""

import sys

from sequenza.core.registry import game_kit
from sequenza.rl.encoding import encoded_games, references

ours = [
    info.id for info in encoded_games() if game_kit(info.id).game.__module__.startswith("sequenza.")
]
for path, text in references([*ours, *sys.argv[1:]]).items():
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
