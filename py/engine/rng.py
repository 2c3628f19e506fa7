"""Seeded randomness: a state carries its seed and a draw counter, never hidden global state.

``random.Random(str)`` hashes the string with SHA-512 and ``shuffle`` is unchanged since
CPython 3.11, so a shuffle is the same in CPython 3.11 and in Pyodide's 3.14.
"""
import random
from collections.abc import Iterable


def rng_for(seed: str, counter: int) -> random.Random:
    return random.Random(f"{seed}:{counter}")


def shuffled(items: Iterable, seed: str, counter: int) -> list:
    out = list(items)
    rng_for(seed, counter).shuffle(out)
    return out


def new_seed() -> str:
    """A fresh seed for a game nobody asked to reproduce."""
    return f"{random.SystemRandom().getrandbits(48):012x}"
