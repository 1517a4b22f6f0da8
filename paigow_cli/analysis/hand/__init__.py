"""One hand: the exact advice for seven cards (``advice``) and the checks of a house way
(``house_way_check``). Imports the engine, the house ways and the core only: no other room of
``analysis``."""
