"""Writes ``logs_before_typed_events.json``: records of games played before the rules' events
were typed, each with the SHA-256 of its log's JSON text (keys in their order). The replays
of ``tests/core/test_events.py`` must write the same logs. Run from the repository's root:
``python tests/core/data/make_logs_before_typed_events.py`` (once; it was run on the rules
that wrote events as dicts)."""

import collections
import hashlib
import json
import random
from pathlib import Path

from sequenza.core.registry import game_kits, make

#: Options that reach the endings the defaults rarely do (stalls and safety nets).
VARIANTS = {
    "sequentia-shift": [{"idle_rounds": 2}],
    "sequence": [{"idle_rounds": 2}],
    "sequence-stacks": [{"draw_up_to": 3}],
    "sequentia-cross": [{"stall_rounds": 1}],
}

games = []
kinds: collections.Counter[tuple[str, str, tuple[str, ...]]] = collections.Counter()
for kit in game_kits():
    info = kit.game.info
    for players in info.player_counts:
        plays = [(0, {}), (1, {})] + [(2, options) for options in VARIANTS.get(info.id, [])]
        for seed, options in plays:
            rng = random.Random(seed * 31 + players)
            state = make(info.id, players, seed, **options)
            while not state.is_over:
                legal = state.legal_actions()
                # Seed 0 plays the greedy bots (more claims and sequences), the others at random.
                action = kit.play.greedy(state, legal, rng) if seed == 0 else rng.choice(legal)
                state.apply(action)
            for event in state.log:
                kinds[(info.id, event["event"], tuple(event))] += 1
            text = json.dumps(state.log, ensure_ascii=False)
            games.append(
                {
                    "record": state.record().to_json(),
                    "log_sha256": hashlib.sha256(text.encode()).hexdigest(),
                    "events": len(state.log),
                }
            )
out = Path(__file__).with_name("logs_before_typed_events.json")
out.write_text(json.dumps(games, separators=(",", ":")) + "\n", encoding="utf-8")
print(f"{len(games)} games")
for key, count in sorted(kinds.items()):
    print(key, count)
