#!/usr/bin/env python3
"""Environment steps per second under a random policy: rookery's environments against
OpenSpiel's own card games, measured in the same run.

A *step* is one decision of a seat: read what the environment gives (the observation
and the legal mask), pick a uniformly random legal action, apply it.  Dealing is not
counted as steps (PettingZoo's reset, OpenSpiel's chance nodes) but its time is.  CPU
time; rounds interleaved path by path; min / median / max steps per second over rounds,
and each path's median as a ratio to the wrapped AEC environment's (``rook_env.env``).

Paths:

* ``aec``: ``rookery.env.env("tournament")``, the loop of ``docs/environments.md``;
* ``aec-raw``: ``raw_env``, no PettingZoo wrappers;
* ``parallel``: ``parallel_env``, a dict of actions a step;
* ``vector``: ``rookery.env.vector.VectorEnv`` with 16 hands (a step: one row's decision;
  the random policy drawn for all rows at once, as a batched policy would act);
* ``openspiel-rookery``: ``python_rookery`` through pyspiel (``rookery[openspiel]``), the
  observation tensor read at every decision;
* ``openspiel-spades``, ``openspiel-euchre``: OpenSpiel's own C++ trick-taking games with
  bidding, driven the same way from Python (the information-state tensor where the
  game gives no observation tensor).

Usage (from the repository root)::

    python3 benchmarks/bench_env.py                     # 5 rounds of 3,000 steps a path
    python3 benchmarks/bench_env.py --rounds 3 --steps 2000 --only aec,vector
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "interpreter"))
CLOCK = time.process_time
SPEC = "tournament"


def aec(steps: int, rng, raw: bool = False) -> tuple[int, float]:
    from rookery import env as rook_env

    game = (rook_env.raw_env if raw else rook_env.env)(SPEC)
    done, seed = 0, 0
    start = CLOCK()
    while done < steps:
        game.reset(seed=seed)
        seed += 1
        for _ in game.agent_iter():
            observation, reward, termination, truncation, info = game.last()
            if termination or truncation:
                game.step(None)
                continue
            game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            done += 1
    return done, CLOCK() - start


def parallel(steps: int, rng) -> tuple[int, float]:
    from rookery import env as rook_env

    table = rook_env.parallel_env(SPEC)
    done, seed = 0, 0
    start = CLOCK()
    while done < steps:
        observations, infos = table.reset(seed=seed)
        seed += 1
        while table.agents:
            actions = {}
            for agent in table.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(rng.choice(legal)) if len(legal) else 0
            observations, *_ = table.step(actions)
            done += 1
    return done, CLOCK() - start


def vector(steps: int, rng, rows: int = 16) -> tuple[int, float]:
    from rookery.env.vector import VectorEnv

    table = VectorEnv(SPEC, rows)
    start = CLOCK()
    observations, masks, actors = table.reset(seed=0)
    done = 0
    while done < steps:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)   # random legal
        observations, masks, actors, rewards, dones = table.step(actions)
        done += rows
    return done, CLOCK() - start


def openspiel(name: str, params: dict | None = None):
    def run(steps: int, rng) -> tuple[int, float]:
        import pyspiel

        if name == "python_rookery":
            import rookery.env.openspiel  # noqa: F401
        game = pyspiel.load_game(name, params or {})
        kind = game.get_type()
        read = ((lambda state: state.observation_tensor(state.current_player()))
                if kind.provides_observation_tensor else
                (lambda state: state.information_state_tensor(state.current_player())))
        done = 0
        start = CLOCK()
        while done < steps:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes())
                    state.apply_action(int(rng.choice(outcomes, p=probabilities)))
                    continue
                read(state)
                state.apply_action(int(rng.choice(state.legal_actions())))
                done += 1
        return done, CLOCK() - start
    return run


PATHS = {
    "aec": aec,
    "aec-raw": lambda steps, rng: aec(steps, rng, raw=True),
    "parallel": parallel,
    "vector": vector,
    "openspiel-rookery": openspiel("python_rookery", {"spec": SPEC}),
    "openspiel-spades": openspiel("spades"),
    "openspiel-euchre": openspiel("euchre"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--only", default=",".join(PATHS),
                        help="paths, comma-separated: " + ", ".join(PATHS))
    args = parser.parse_args(argv)
    names = [name for name in args.only.split(",") if name]
    unknown = [name for name in names if name not in PATHS]
    if unknown:
        parser.error(f"unknown path {unknown[0]!r}; paths: {', '.join(PATHS)}")
    rates: dict[str, list[float]] = {name: [] for name in names}
    rng = np.random.default_rng(0)
    for name in names:                      # once each, uncounted: imports, caches
        PATHS[name](50, rng)
    for _ in range(args.rounds):
        for name in names:
            done, seconds = PATHS[name](args.steps, rng)
            rates[name].append(done / seconds)
    base = statistics.median(rates["aec"]) if "aec" in rates else None
    print(f"{'path':<20} {'steps/s min / median / max':>34} {'x aec':>7}")
    for name, values in rates.items():
        median = statistics.median(values)
        ratio = f"{median / base:7.2f}" if base else ""
        print(f"{name:<20} {min(values):>10,.0f} / {median:>9,.0f} / {max(values):>9,.0f} "
              f"{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
