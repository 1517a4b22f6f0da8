"""The benchmarks behind ``benchmarks/bench.py``, one module per area: ``timing`` (medians,
alternating runs, a commit's code in a temporary worktree), ``baselines`` (the code a target was
measured against, kept to time it), ``per_hand`` (house ways, the engine, simulate, games),
``startup``, ``whole_game`` (the whole-game and speed issues' targets), ``chunks`` (where a
full-deck chunk's time goes: per game, split, the compiled kernel alone), ``strategy`` and
``session``. Each ``bench_*`` function prints one subcommand's table."""
