"""Money over hands: a bet's spread (``spread``), results read from the whole game's counts
(``results``), sessions and ruin (``session``), side bets (``side_bets``) and their joint with the
main bet (``joint``).

May import ``strategy`` and ``game`` (and the layers below)."""
