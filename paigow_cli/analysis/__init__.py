"""Answers built on the engine, in four rooms (imports run ``money -> strategy -> game``; ``hand``
stands apart, and no room imports one above it or ``study``/``cli``):

- ``hand``: one hand's advice and the house-way checker;
- ``game``: the whole game: the question and its tallies, rank groups, the counting, running
  passes, and the answers' store on disk;
- ``strategy``: strategy tables and the answers read from them (where a player's strategy becomes
  its table of settings), their details and rows, the class catalogue, the strategy card and its
  plugin;
- ``money``: what a bet is worth over hands: spread, results, sessions and ruin, side bets and
  their joint with the main bet.
"""
