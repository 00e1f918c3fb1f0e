"""Every spec an environment: a PettingZoo AEC environment for any variant, house spec
or combination (the optional extra ``rookery[env]``).

    >>> from rookery import env as rook_env
    >>> e = rook_env.env("tournament")            # wrapped as PettingZoo's own games are
    >>> e.reset(seed=7)
    >>> obs, reward, done, cut, info = e.last()   # obs["action_mask"]: what is legal

``env(spec)``, ``raw_env(spec)``, ``parallel_env(spec)`` (PettingZoo's Parallel API)
and ``VectorEnv(spec, num_envs)`` (many hands as arrays) take a built-in id
(``tournament``), a spec file (``house.rook``) or a combination
(``kentucky-rook+rook-low``).  The action space (:mod:`.actions`) and the observation
vector (:mod:`.observation`) are fixed per variant and documented in
``docs/environments.md``; only :mod:`.aec` and :mod:`.parallel` import PettingZoo, so
the encodings and :mod:`.vector` work without it.  ``import rookery.env.openspiel``
registers the OpenSpiel game (``rookery[openspiel]``).
"""

from ..lazy import lazy_names

_PUBLIC = {"env": "aec", "raw_env": "aec", "RookEnv": "aec", "IllegalMove": "actions",
           "parallel_env": "parallel", "RookParallelEnv": "parallel", "VectorEnv": "vector",
           "ActionIndex": "actions", "ObservationLayout": "observation"}

__all__ = list(_PUBLIC)

__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
