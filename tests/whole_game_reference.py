"""A plain brute force over every (player hand, dealer hand) pair of a small deck: the reference
``whole_game`` is checked against, count for count. It shares no counting code with the engine:
each dealer hand is set by the house way and settled by comparing hand values directly."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from paigow_cli.core.cards import DECK
from paigow_cli.core.games import dealer_pushes
from paigow_cli.core.rules import Game
from paigow_cli.core.splits import all_splits, strength_order
from paigow_cli.house_ways import house_setting


def brute_force(question) -> dict[str, list[int]]:
    """{player: [hands, wins, pushes, losses, high copies, low copies, score]} as ``Tally.totals``
    (``house``: the player sets by ``question.strategy`` if there is one, else the dealer's way),
    and ``game_pushes``: the (player, dealer) pairs the game's push rule settled."""
    totals: dict = {player: [0] * 7 for player in ("house", "best")}
    totals["game_pushes"] = 0
    for _hand, rows, game_pushes in each_player_hand(question):
        totals["game_pushes"] += game_pushes
        for player, row in rows.items():
            totals[player] = [a + b for a, b in zip(totals[player], row)]
    return totals


def each_player_hand(question):
    """Every player hand of the live cards with, per player (``house``, ``best``), its
    ``Tally.totals`` row against every dealer hand, and the deals the game's push rule settled."""
    rules = question.rules
    live = [DECK[code] for code in range(53) if code not in set(question.dead)]
    rate = Fraction(str(rules.commission))
    pay, charge = (1 - rate).numerator, (1 - rate).denominator
    dealer_cache: dict[tuple, tuple[int, int, bool]] = {}

    def dealer(hand):
        if hand not in dealer_cache:
            split = house_setting(hand, rules).split
            dealer_cache[hand] = (split.high_value.key, split.low_value.key, dealer_pushes(rules.game, split))
        return dealer_cache[hand]

    player_rules = replace(rules, house_way=getattr(question, "strategy", None) or rules.house_way)  # his strategy
    for player_hand in combinations(live, 7):
        rest = [card for card in live if card not in player_hand]
        dealers = [dealer(hand) for hand in combinations(rest, 7)]
        game_pushes = sum(1 for _, _, pushes in dealers if pushes)
        house = house_setting(player_hand, player_rules).split
        assert not house.foul
        candidates = [
            split for split in sorted(all_splits(player_hand, rules.wheel_is_low), key=strength_order) if not split.foul
        ]
        results = {}
        for split in candidates + [house]:
            counted = settle_every(split.high_value.key, split.low_value.key, dealers, rules.banker)
            results[id(split)] = (*counted, len(dealers))
        best = max(candidates, key=lambda split: pay * results[id(split)][0] - charge * results[id(split)][1])
        shown = rules.game is Game.FACE_UP and not rules.banker  # best play sees the dealer's hand first
        if shown:
            seen = seen_against(candidates, dealers)
        rows = {}
        for player, split in (("house", house), ("best", best)):
            if player == "best" and shown:
                wins, losses, copies_high, copies_low, n = seen
            else:
                wins, losses, copies_high, copies_low, n = results[id(split)]
            rows[player] = [1, wins, n - wins - losses, losses, copies_high, copies_low, pay * wins - charge * losses]
        yield player_hand, rows, game_pushes


def settle_every(high: int, low: int, dealers, banker: bool) -> tuple[int, int, int, int]:
    """(wins, losses, high copies, low copies) of a setting's hand values against every dealer hand
    ((high, low, pushes) each: a hand the game pushes is neither won nor lost, its copies count)."""
    wins = losses = copies_high = copies_low = 0
    for dealer_high, dealer_low, pushes in dealers:
        copies_high += high == dealer_high
        copies_low += low == dealer_low
        if pushes:
            continue
        if banker:
            wins += high >= dealer_high and low >= dealer_low
            losses += high < dealer_high and low < dealer_low
        else:
            wins += high > dealer_high and low > dealer_low
            losses += high <= dealer_high and low <= dealer_low
    return wins, losses, copies_high, copies_low


def seen_against(candidates, dealers) -> tuple[int, int, int, int, int]:
    """Face Up with the dealer's hand seen before setting: against each dealer hand, the best of
    the legal settings (a win if one beats it on both hands, else a push if one beats it on one,
    else a loss; a hand the game pushes pushes). Copies are not defined: zero."""
    wins = losses = 0
    for dealer_high, dealer_low, pushes in dealers:
        if pushes:
            continue
        outcomes = [(split.high_value.key > dealer_high) + (split.low_value.key > dealer_low) for split in candidates]
        wins += max(outcomes) == 2
        losses += max(outcomes) == 0
    return wins, losses, 0, 0, len(dealers)


def brute_force_table(question) -> dict[int, dict]:
    """A strategy table by brute force: per player class (its global id), the hands and best play's
    (wins, losses, high copies, low copies), and per legal setting (its (high key, low key)) the
    same four counts summed over the class's hands, the hands where a better setting exists and the
    most one hand gives up (score units). Every (player, dealer) pair is settled directly."""
    from paigow_cli.engine.dealer_classes import dealer_classes

    rules = question.rules
    classes = dealer_classes()
    live = [DECK[code] for code in range(53) if code not in set(question.dead)]
    rate = Fraction(str(rules.commission))
    pay, charge = (1 - rate).numerator, (1 - rate).denominator
    dealer_cache: dict[tuple, tuple[int, int, bool]] = {}
    shown = rules.game is Game.FACE_UP and not rules.banker
    table: dict[int, dict] = {}
    for player_hand in combinations(live, 7):
        rest = [card for card in live if card not in player_hand]
        dealers = []
        for hand in combinations(rest, 7):
            if hand not in dealer_cache:
                split = house_setting(hand, rules).split
                dealer_cache[hand] = (split.high_value.key, split.low_value.key, dealer_pushes(rules.game, split))
            dealers.append(dealer_cache[hand])
        settings = {}
        for split in all_splits(player_hand, rules.wheel_is_low):
            if split.foul:
                continue
            high, low = split.high_value.key, split.low_value.key
            settings[high, low] = settle_every(high, low, dealers, rules.banker)
        scores = {keys: pay * counts[0] - charge * counts[1] for keys, counts in settings.items()}
        strongest = max(scores, key=lambda keys: (scores[keys], keys))
        if shown:
            candidates = [split for split in all_splits(player_hand, rules.wheel_is_low) if not split.foul]
            best = seen_against(candidates, dealers)[:4]
        else:
            best = settings[strongest]
        best_score = pay * best[0] - charge * best[1]
        row = table.setdefault(classes.class_id(player_hand), {"hands": 0, "best": [0] * 4, "settings": {}})
        row["hands"] += 1
        row["best"] = [a + b for a, b in zip(row["best"], best)]
        for keys, counts in settings.items():
            given_up = best_score - scores[keys]
            mine = row["settings"].setdefault(keys, [0] * 6)
            for at in range(4):
                mine[at] += counts[at]
            mine[4] += given_up > 0
            mine[5] = max(mine[5], given_up)
    return table
