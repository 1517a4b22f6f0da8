"""Answers built on the engine: one hand's advice, side bets' odds, the whole game (counting,
running, answers) and the house-way checker."""
