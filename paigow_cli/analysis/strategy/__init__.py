"""Strategies: strategy tables (``table``), the whole game's answers for any player read from them
(``answers``: the one place a player's strategy becomes its table of settings), what a pass gives
beside the counts (``details``), a table's rows (``rows``), every class's features
(``catalogue``), the strategy card (``card``) and the card as a plugin (``card_plugin``).

May import ``game`` (and the layers below); never ``money``."""
