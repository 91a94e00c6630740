"""Reinforcement learning: observation tensors, PettingZoo and Gymnasium environments and
OpenSpiel games for every game of Sequenza (``pip install 'sequenza[rl]'``).

>>> from sequenza import rl
>>> env = rl.env("sequentia-shift", players=2)
>>> env.reset(seed=1)
>>> observation, reward, termination, truncation, info = env.last()
>>> sorted(observation)  # doctest: +NORMALIZE_WHITESPACE
['action_mask', 'board', 'observation', 'private', 'public',
 'recent_actions', 'recent_mask', 'recent_seats']
"""

from sequenza.extras import require

require("rl", "sequenza.rl")

from sequenza.rl.encoding import (  # noqa: E402  (after the check that names the extra)
    CARD_FEATURES,
    Encoding,
    EncodingLeak,
    Field,
    action_mask,
    check_encoding,
    encoding_for,
)
from sequenza.rl.gym_env import SequenzaGymEnv, make_vector_env  # noqa: E402
from sequenza.rl.gym_vector import SequenzaVectorEnv  # noqa: E402
from sequenza.rl.pettingzoo_env import SequenzaAECEnv, env, raw_env  # noqa: E402

__all__ = [
    "CARD_FEATURES",
    "Encoding",
    "EncodingLeak",
    "Field",
    "SequenzaAECEnv",
    "SequenzaGymEnv",
    "SequenzaVectorEnv",
    "action_mask",
    "check_encoding",
    "encoding_for",
    "env",
    "make_vector_env",
    "raw_env",
]
