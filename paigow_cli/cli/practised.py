"""A strategy practised in the drill (``paigow drill --player``): the strategy it names (a card is
practised against the table it was made for), the hands to deal (``--focus``: a kind, a clause or
a card's rule; ``--due``: the rules due for review) and the schedule of its rules (fsrs, kept in
the history)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from paigow_cli.cli.output import note
from paigow_cli.core.errors import OptionError

if TYPE_CHECKING:
    from paigow_cli.core.rules import Rules
    from paigow_cli.study.drill import Grade


def practice_schedule(strategy: str) -> dict[str, Any]:
    """The practised strategy's rules' schedules kept in the history, by rule (none if it cannot be read)."""
    from paigow_cli.study.history import History, HistoryError

    try:
        history = History.open(notify=note)
    except (HistoryError, OSError):
        return {}
    try:
        return {review.rule: review for review in history.reviews(strategy)}
    finally:
        history.close()


def reschedule(history: Any, schedule: dict[str, Any], grade: Grade) -> Any:
    """Review the rule that decided the hand: good if the answer followed it, again if not."""
    from datetime import UTC, datetime

    from paigow_cli.cli.practice import kept_review
    from paigow_cli.study.schedule import reviewed, rule_of

    assert grade.played is not None
    rule = rule_of(grade.played.clause)
    review = reviewed(
        schedule.get(rule),
        grade.played.strategy,
        rule,
        followed=grade.followed,
        given_up=grade.given_up,
        at=datetime.now(UTC),
    )
    schedule[rule] = review
    return kept_review(history, review)


def due_test(strategy: str, rules: Rules, schedule: dict[str, Any]) -> tuple[Any, str]:
    """``--due``: a test for hands whose deciding rule is due (a card's rules; every clause of
    another strategy), never-practised rules first due; or None and when the next one is."""
    from datetime import UTC, datetime

    from paigow_cli.analysis.strategy.played import strategy_setting
    from paigow_cli.cli.counting import player_settings
    from paigow_cli.study.schedule import due, rule_of

    names = [rule_of(str(name)) for name in player_settings(rules, strategy).rule_names]
    card = [name for name in names if name.startswith("rule ")]
    practised = set(card or names)
    now = datetime.now(UTC)
    ready = {rule for rule in practised if rule not in schedule or due(schedule[rule]) <= now}
    if not ready:
        upcoming = min(due(schedule[rule]) for rule in practised)
        return None, f"the next of {strategy}'s rules is due {upcoming:%Y-%m-%d %H:%M} UTC"
    return (lambda hand: rule_of(strategy_setting(hand, strategy, rules).clause) in ready), ""


def practised_strategy(player: str, rules: Rules) -> str:
    """``--player``: the strategy to practise, loaded (house and best are what every answer is
    graded against anyway). A strategy card made against another dealer or game is refused: its
    rules were chosen for that table, and its savings are counted there."""
    import re

    from paigow_cli.cli.options import strategy_name
    from paigow_cli.house_ways import way_named

    if player.lower() in ("house", "best"):
        raise OptionError(
            f"--player {player}: every answer is graded against the house way and the best setting already; "
            "name a strategy to practise (a strategy card's FILE.py, a house way, a plugin, or best-way)",
            about="player",
        )
    name = strategy_name(player)
    source = way_named(name).source if name != "best-way" else ""
    if source.startswith("paigow strategy "):  # a card: the command that made it names its table
        dealer = re.search(r"--house-way (\S+)", source)
        game = re.search(r"--game (\S+)", source)
        made = (dealer[1] if dealer else "foxwoods", game[1] if game else "classic", "--banker" in source)
        asked = (rules.house_way, rules.game.value, rules.banker)
        if made != asked:
            table = f"the {made[0]} dealer ({made[1]}{', banking' if made[2] else ''})"
            raise OptionError(
                f"--player {player}: this card was made against {table}; practise it there "
                f"(--house-way {made[0]}{'' if made[1] == 'classic' else ' --game ' + made[1]}"
                f"{' --banker' if made[2] else ''})",
                about="player",
            )
    return name


def focus_test(focus: str, rules: Rules, table: Any, player: str | None = None) -> tuple[Any, str]:
    """``--focus``: a test for the hands to deal (a kind of hand; a rule of the practised strategy
    card, "rule 3"; or the hands a clause decides, named by part of its words: the practised
    strategy's clauses with --player, else the house way's), and the kind."""
    import re

    from paigow_cli.core.hands import KINDS
    from paigow_cli.house_ways import house_setting
    from paigow_cli.study.drill import hand_kind

    wanted = focus.strip().lower()
    if wanted in KINDS:
        return (lambda hand: hand_kind(hand) == wanted), wanted
    if wanted == "joker":  # any hand that holds it
        return (lambda hand: any(card.is_joker for card in hand)), ""
    whose, names = rules.house_way, table.rule_names
    if player is not None:
        from paigow_cli.cli.counting import player_settings

        whose, names = player, player_settings(rules, player).rule_names
    numbered = re.fullmatch(r"rule\s*(\d+)", wanted)
    if numbered:
        wanted = f"card rule {int(numbered[1])}:"
        if player is None:
            raise OptionError(
                f"{{option}} {focus!r}: a card's rule is practised with --player CARD.py (the card that has it)",
                about="focus",
            )
    clauses = [str(name) for name in names if wanted and wanted in str(name).lower()]
    if not clauses:
        raise OptionError(
            f"{{option}} {focus!r} names no kind of hand and no {whose} clause: give a kind "
            f"({', '.join(KINDS)}, joker), a card's rule (rule 3, with --player) or words of one clause "
            "(paigow house-ways --show lists them)",
            about="focus",
        )
    if len(clauses) > 1:
        raise OptionError(
            f"{{option}} {focus!r} is in {len(clauses)} {rules.house_way} clauses (e.g. {clauses[0]!r}, "
            f"{clauses[1]!r}): give more of the words of one",
            about="focus",
        )
    clause = clauses[0]
    if player is not None:
        from paigow_cli.analysis.strategy.played import strategy_setting

        return (lambda hand: strategy_setting(hand, player, rules).clause == clause), ""
    return (lambda hand: house_setting(hand, rules).rule == clause), ""
