"""The game itself, in pure Python: cards, hand values, settings, rules, settling, money.

The bottom layer: it imports nothing else of paigow and never numpy, so the commands typed
at a shell dozens of times a day (``--help``, ``eval``, ``house``, ``deal``) start fast.
"""
