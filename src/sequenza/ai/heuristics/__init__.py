"""One module per family of games: the greedy heuristics (they read only what the deciding
seat may know, from a determinised state)."""
