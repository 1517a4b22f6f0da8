"""Strategies: strategy tables (``table``), the whole game's answers for any player read from them
(``answers``: the one place a player's strategy becomes its table of settings), what a pass gives
beside the counts (``details``), a table's rows (``rows``), every class's features
(``catalogue``), a card's rules, their words and glossary (``card_rules``), the search of a strategy
card (``card``), the card as a plugin (``card_plugin``), a card's leaks by kind (``leaks``), the
house way's clauses beside a card (``clauses``) and a practised strategy's setting (``played``).

May import ``game`` (and the layers below); never ``money``."""
