"""The whole game: what is asked (``question``: the question and its integer tallies), the rank
groups a pass walks (``rank_groups``), one chunk's counts (``counting``), the rows a pass records
for strategy tables (``class_rows``), running passes on every core or a cluster (``passes``), and
the answers' store on disk, where every cache file name is decided (``store``).

Imports the engine, the house ways and the core only: never ``strategy`` or ``money``. A player's
strategy arrives here already turned into its table of settings."""
