"""Each game's guide for the hard search (ai.search): its candidate moves, its rollout and its
budget of iterations. Modules are named like the games' (``registry.module_name``)."""
