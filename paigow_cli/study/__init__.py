"""Studying the game: dealing, simulation, the drill and the table game (state machines that
never read or print)."""
