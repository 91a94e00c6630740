"""Train a masked policy on a Sequentia mode for a few CPU minutes, then measure it.

    pip install 'sequenza[rl]' torch        # any torch; the CPU build is enough
    python examples/train_masked_policy.py                      # Shift, 3 minutes
    python examples/train_masked_policy.py --game sequentia-stack --minutes 5

A small actor-critic (two hidden layers shared by a policy head and a value head) plays one
seat of ``SequenzaGymEnv`` against the built-in bots, half of the tables against ``random`` and
half against ``greedy``. Illegal actions get a logit of minus infinity, so the policy only
ever picks legal ones. Training is PPO: rollouts of 64 decisions per table, generalised
advantage estimates, four epochs of clipped updates. The reward is the payoff at the end
(1 for a win) plus a shaping reward for the change in the seat's lead in collected cards.
Afterwards it plays seeded evaluation games against ``random`` and ``greedy`` (seats drawn
at random) and prints its win rates beside two yardsticks on the same deals: uniformly
random legal actions, and a claim whenever one is legal (random otherwise). Runs on a CPU;
uses a GPU if torch sees one.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import torch
from torch import nn

from sequenza.rl import SequenzaGymEnv


class Policy(nn.Module):
    def __init__(self, inputs: int, actions: int, hidden: int = 256) -> None:
        super().__init__()
        self.body = nn.Sequential(
            nn.Linear(inputs, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU()
        )
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(
        self, observation: torch.Tensor, mask: torch.Tensor
    ) -> tuple[torch.distributions.Categorical, torch.Tensor]:
        hidden = self.body(observation)
        logits = self.logits(hidden).masked_fill(~mask, float("-inf"))
        return torch.distributions.Categorical(logits=logits), self.value(hidden).squeeze(-1)


def batch(observations: list[dict[str, Any]], device: torch.device) -> tuple[torch.Tensor, ...]:
    vectors = torch.as_tensor(np.stack([o["observation"] for o in observations]), device=device)
    masks = torch.as_tensor(np.stack([o["action_mask"] for o in observations]) > 0, device=device)
    return vectors, masks


def points_lead(env: SequenzaGymEnv) -> float:
    """The learning seat's collected cards minus the most any other seat has, over the deck
    size, from the public view (Shift counts score piles, Stack and Cross collected cards)."""
    view = env.state.observation(env.seat)
    points = view.get("score_piles", view.get("collected"))
    if not isinstance(points, list):
        return 0.0
    others = [p for seat, p in enumerate(points) if seat != env.seat]
    return (points[env.seat] - max(others)) / 54


def train(args: argparse.Namespace, device: torch.device) -> Policy:
    torch.manual_seed(args.seed)
    envs = [
        # Payoffs (1 for a win, shared in a tie) rather than +-1: the script counts wins.
        SequenzaGymEnv(
            args.game, opponents="random" if i % 2 else "greedy", seat=None, rewards="share"
        )
        for i in range(args.envs)
    ]
    observations = [env.reset(seed=args.seed * 1000 + i)[0] for i, env in enumerate(envs)]
    policy = Policy(
        envs[0].observation_space["observation"].shape[0], int(envs[0].action_space.n)
    ).to(device)
    optimiser = torch.optim.Adam(policy.parameters(), lr=args.lr)
    lead = [points_lead(env) for env in envs]
    games = updates = 0
    wins = 0.0
    window_games, window_wins = 0, 0.0
    start = time.perf_counter()
    while time.perf_counter() - start < args.minutes * 60:
        # Collect a rollout of ``args.steps`` decisions at every table.
        vectors, masks, actions, log_probs, values, rewards, dones = [], [], [], [], [], [], []
        for _ in range(args.steps):
            vector, mask = batch(observations, device)
            with torch.no_grad():
                distribution, value = policy(vector, mask)
                action = distribution.sample()
            vectors.append(vector)
            masks.append(mask)
            actions.append(action)
            log_probs.append(distribution.log_prob(action))
            values.append(value)
            step_rewards, step_dones = [], []
            for i, env in enumerate(envs):
                observation, reward, terminated, truncated, _ = env.step(np.int64(action[i].item()))
                # Shaping: the change in the seat's lead in collected cards over the best
                # other seat, the bots' moves since the last decision included. It only
                # speeds learning up; the payoff at the end is what counts.
                now = points_lead(env)
                step_rewards.append(float(reward) + args.shaping * (now - lead[i]))
                lead[i] = now
                done = terminated or truncated
                step_dones.append(float(done))
                if done:
                    wins += float(reward)
                    window_wins += float(reward)
                    games += 1
                    window_games += 1
                    observation, _ = env.reset()
                    lead[i] = points_lead(env)
                observations[i] = observation
            rewards.append(torch.tensor(step_rewards, device=device))
            dones.append(torch.tensor(step_dones, device=device))
        # Advantages by generalised advantage estimation (no discount: only the end counts).
        with torch.no_grad():
            _, next_value = policy(*batch(observations, device))
        advantages = torch.zeros(args.steps, len(envs), device=device)
        running = torch.zeros(len(envs), device=device)
        for t in reversed(range(args.steps)):
            following = next_value if t == args.steps - 1 else values[t + 1]
            alive = 1.0 - dones[t]
            delta = rewards[t] + following * alive - values[t]
            running = delta + args.gae_lambda * alive * running
            advantages[t] = running
        returns = advantages + torch.stack(values)
        flat_vectors = torch.cat(vectors)
        flat_masks = torch.cat(masks)
        flat_actions = torch.cat(actions)
        flat_log_probs = torch.cat(log_probs)
        flat_advantages = advantages.reshape(-1)
        flat_returns = returns.reshape(-1)
        # A few epochs of clipped policy-gradient steps on the rollout (PPO).
        for _ in range(args.epochs):
            order = torch.randperm(len(flat_actions), device=device)
            for chunk in order.split(args.minibatch):
                distribution, value = policy(flat_vectors[chunk], flat_masks[chunk])
                ratio = torch.exp(
                    distribution.log_prob(flat_actions[chunk]) - flat_log_probs[chunk]
                )
                advantage = flat_advantages[chunk]
                advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
                clipped = torch.clamp(ratio, 1 - args.clip, 1 + args.clip)
                policy_loss = -torch.min(ratio * advantage, clipped * advantage).mean()
                value_loss = 0.5 * ((value - flat_returns[chunk]) ** 2).mean()
                entropy = distribution.entropy().mean()
                loss = policy_loss + value_loss - args.entropy * entropy
                optimiser.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
                optimiser.step()
        updates += 1
        if updates % args.report_every == 0:
            minutes = (time.perf_counter() - start) / 60
            rate = window_wins / max(window_games, 1)
            print(f"{minutes:5.1f} min  {games:6d} games  win rate lately {rate:.1%}")
            window_games, window_wins = 0, 0.0
    print(f"trained on {games} games ({updates} updates) in {args.minutes:.1f} minutes", end="")
    print(f", winning {wins / max(games, 1):.1%} of them")
    return policy


def evaluate(
    policy: Policy | str, game: str, opponent: str, games: int, device: torch.device
) -> float:
    """The share of ``games`` seeded games won against ``opponent`` (random seats).
    ``policy`` may also be ``"random"`` (uniformly random legal actions) or ``"claim"`` (a
    claim whenever one is legal, else random): yardsticks on the same deals."""
    env = SequenzaGymEnv(game, opponents=opponent, seat=None, rewards="share")
    chooser = random.Random(12345)
    total = 0.0
    for index in range(games):
        observation, _ = env.reset(seed=10_000_000 + index)
        done = False
        reward = 0.0
        while not done:
            if isinstance(policy, str):
                legal = np.flatnonzero(observation["action_mask"])
                action = int(legal[chooser.randrange(len(legal))])
                claims = [
                    int(i) for i in legal if env.state.game.action_from_id(int(i)).verb == "claim"
                ]
                if policy == "claim" and claims:
                    action = claims[0]
            else:
                with torch.no_grad():
                    distribution, _ = policy(*batch([observation], device))
                action = int(distribution.probs.argmax().item())
            observation, reward, terminated, truncated, _ = env.step(np.int64(action))
            done = terminated or truncated
        total += reward
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="sequentia-shift")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=16)
    parser.add_argument("--steps", type=int, default=64, help="decisions per table per update")
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--minibatch", type=int, default=256)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--gae-lambda", type=float, default=0.95)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--shaping", type=float, default=1.0)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--report-every", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    torch.set_num_threads(1)
    print(f"{args.game}: training on {device} for {args.minutes} minutes")
    policy = train(args, device)
    policy.eval()
    print(f"| {args.game}, 2 players | vs random | vs greedy |")
    print("|---|---:|---:|")
    players: tuple[tuple[str, Policy | str], ...] = (
        ("random legal actions", "random"),
        ("claim when possible, else random", "claim"),
        ("trained policy", policy),
    )
    for name, player in players:
        rates = [
            evaluate(player, args.game, opponent, args.eval_games, device)
            for opponent in ("random", "greedy")
        ]
        print(f"| {name} | {rates[0]:.1%} | {rates[1]:.1%} |", flush=True)


if __name__ == "__main__":
    main()
