"""The whole game, exactly: every player hand against every dealer hand (design.md, "The whole game").

``paigow edge`` and ``paigow mistakes`` rest on one pass. Player hands are grouped by
their ranks (the rank counts and the joker: 67,600 groups on a full deck). Within a
group every hand has the same settings unless it can make a flush, and its exact
dealer counts are the group's multiset part (which does not see suits) plus, for
each suit, the dealer's flush classes left live by the ranks the player holds in
that suit. That flush part depends only on (suit, ranks held in it), so it is
computed once per group and pair and reused by every hand: the compiled
``group_play.play_group`` then runs through all the group's hands (every suit
assignment, so counts are of real hands, never weighted guesses), picks the house
way's setting and the best-EV setting (exact scores; ties go to the stronger
setting, as ``advise``), and adds up integer counts.

The groups are dealt into ``CHUNKS`` chunks; a chunk is a pure function of the
question and its number and returns integer counts, so chunks run on any number of
processes (or machines) and merge by addition, and a finished chunk is kept on disk
so an interrupted run resumes. Counts are checked: the hands add up to C(live, 7),
and every setting's wins and losses fit in C(live - 7, 7). Running the chunks and
reading the answers is ``edge``'s job.

Face Up against the shown hand (``--game face-up``, not banking): the player sets each hand
after seeing the dealer's, so "best" is the best setting deal by deal. For one player hand, a
dealer hand is a win when some legal setting beats it on both hands (the union of the settings'
win quadrants, a staircase over the dealer's (high, low) grid), a loss when every setting loses
to it (the one corner of the highest high and the highest low), else a push. The staircase is a
sum of signed win counts at its corners (``distribution.staircase``): a setting's own, or a corner count
in a probe slot beside the settings (four to a slot: ``shown_probes``), so it costs a few slots
per group, nothing per dealer hand. Which setting takes a deal is not defined when several do
equally well, so this player's copies are not counted (zero).

>>> from paigow_cli.core.cards import parse_cards
>>> question = Question(Rules(), dead=tuple(parse_cards("2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H 8D 8C 9S 9H 9D 9C TS TH TD TC JK")))
>>> len(rank_groups(question.dead))  # 16 live cards: J, Q, K, A in four suits, and the joker dead
80
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from itertools import combinations, permutations
from math import comb
from typing import TYPE_CHECKING

from paigow_cli.core.cards import DECK, JOKER_CODE, Card
from paigow_cli.core.rules import BEST_WAY, Game, Rules

if TYPE_CHECKING:
    import numpy as np

    from paigow_cli.analysis.strategy_table import TableParts
    from paigow_cli.engine.dealer_table import DealerTable

CHUNKS = 240  # a full deck's 67,600 groups in chunks of about 280 (seconds each)
PLAYERS = ("house", "best")


@dataclass(frozen=True)
class Question:
    """Everything that changes the whole game's answer: the rules (the dealer's house way among
    them), the dead cards, and the player's ``strategy``: the house way (or plugin) he sets his
    hands by, None for the dealer's own.

    >>> Question(Rules(), strategy="foxwoods").strategy is None  # the dealer's own way
    True
    """

    rules: Rules
    dead: tuple[Card, ...] = ()
    strategy: str | None = None

    def __post_init__(self) -> None:
        from paigow_cli.house_ways import way_named

        object.__setattr__(self, "dead", tuple(DECK[code] for code in sorted({int(card) for card in self.dead})))
        if self.strategy is not None and self.strategy != BEST_WAY:
            name = way_named(self.strategy).name
            object.__setattr__(self, "strategy", None if name == way_named(self.rules.house_way).name else name)

    @property
    def dealer(self) -> Question:
        """The same question with the player on the dealer's own way: its strategy table answers
        every strategy's (``strategy_table``)."""
        return replace(self, strategy=None)

    @property
    def player(self) -> str:
        """Who the ``house`` totals are: the dealer's house way, or the player's strategy."""
        return self.strategy or "house"

    @property
    def shown(self) -> bool:
        """Whether best play sees the dealer's hand first: Face Up, the player not banking (casinos
        deal no banker there)."""
        return self.rules.game is Game.FACE_UP and not self.rules.banker

    @property
    def live(self) -> int:
        return 53 - len(self.dead)

    @property
    def player_hands(self) -> int:
        return comb(self.live, 7)

    @property
    def dealer_hands(self) -> int:
        """Dealer hands against each player hand: C(live - 7, 7)."""
        return comb(self.live - 7, 7)

    @property
    def deals(self) -> int:
        return self.player_hands * self.dealer_hands

    def describe(self) -> dict[str, object]:
        from paigow_cli.house_ways import way_named

        way = way_named(self.rules.house_way)
        described: dict[str, object] = {**self.rules.as_dict(), "dead": [str(DECK[card]) for card in self.dead]}
        if way.plugin:
            described["plugin_digest"] = way.digest
        if self.strategy == BEST_WAY:
            described["strategy"] = BEST_WAY
        elif self.strategy is not None:
            strategy = way_named(self.strategy)
            described["strategy"] = strategy.name
            if strategy.plugin:
                described["strategy_digest"] = strategy.digest
        return described


def group_count(dead: Sequence[int] = ()) -> int:
    """How many rank groups ``rank_groups`` lists, counted without listing them (a command that only
    names a cached answer must not spend half a second on it).

    >>> group_count(), len(rank_groups())
    (67600, 67600)
    """
    gone = {int(card) for card in dead}
    live = [sum(rank * 4 + suit not in gone for suit in range(4)) for rank in range(13)]
    ways = [1] + [0] * 7  # ways[s]: rank counts so far that sum to s
    for available in live:
        ways = [sum(ways[total - take] for take in range(min(available, total) + 1)) for total in range(8)]
    return ways[7] + (ways[6] if JOKER_CODE not in gone else 0)


def settings_table(house_way: str, wheel: object) -> DealerTable:
    """A house way's (or plugin's) table of settings of every class, loaded once per process."""
    key = (house_way, wheel)
    if key not in _SETTINGS:
        from paigow_cli.engine.dealer_table import load_table

        _SETTINGS[key] = load_table(house_way, wheel)  # type: ignore[arg-type]
    return _SETTINGS[key]


_SETTINGS: dict[tuple, DealerTable] = {}


def rank_groups(dead: Sequence[int] = ()) -> list[tuple[tuple[int, ...], bool]]:
    """Every (rank counts, joker) a player hand of the live cards can have, in a fixed order."""
    return list(_rank_groups(tuple(sorted(int(card) for card in dead))))


@lru_cache(maxsize=4)
def _rank_groups(dead: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], bool], ...]:
    live = [4] * 13
    for card in dead:
        if card != JOKER_CODE:
            live[card >> 2] -= 1
    joker_live = JOKER_CODE not in dead
    groups = []
    for joker in (False, True) if joker_live else (False,):
        size = 6 if joker else 7

        def extend(rank: int, left: int, counts: list[int], joker: bool = joker) -> None:
            if rank == 13:
                if left == 0:
                    groups.append((tuple(counts), joker))
                return
            for take in range(min(left, live[rank]) + 1):
                counts.append(take)
                extend(rank + 1, left - take, counts)
                counts.pop()

        extend(0, size, [])
    return tuple(groups)


# --- one group: its player classes, their settings and the numbers the kernel needs ------------------


@dataclass
class GroupClasses:
    """The player classes of one rank group: local class 0 cannot make a flush; the others are
    flush classes, one per set of ranks held in the flush suit. Settings are ids into ``keys``."""

    keys: list[tuple[int, int]] = field(default_factory=list)  # distinct (high key, low key) settings
    settings: list[list[int]] = field(default_factory=list)  # per class: legal settings, strongest first
    house: list[list[int]] = field(default_factory=list)  # per player table: per class, its setting
    rules: list[list[str]] = field(default_factory=list)  # per player table: per class, the clause
    flush_masks: list[int] = field(default_factory=list)  # per class (0 for class 0)
    chart: list[tuple[int, int, int] | None] = field(default_factory=list)  # two-pair chart cell of class 0
    chart_settings: tuple[int, int] = (-1, -1)  # (split, together) of class 0
    index: dict[tuple[int, int], int] = field(default_factory=dict)  # setting -> its id
    class_ids: list[int] = field(default_factory=list)  # per class: its global id (see ``DealerClasses.multisets``)


def _ids(classes: GroupClasses, key: tuple[int, int]) -> int:
    """The id of a setting's (high key, low key) in this group, given on first sight."""
    if key not in classes.index:
        classes.index[key] = len(classes.keys)
        classes.keys.append(key)
    return classes.index[key]


def group_classes(
    counts: tuple[int, ...],
    joker: bool,
    rules: Rules,
    table: DealerTable,
    suit_live: Sequence[int] = (8191,) * 4,
    players: Sequence[DealerTable] = (),
) -> GroupClasses:
    """Settings, house setting and clause of every player class in one rank group (flush classes
    only where some suit still holds all their suited ranks: ``suit_live`` masks the live ranks).

    A player class is a dealer class: its house setting and clause are a table's, the dealer's
    ``table`` or, per player strategy, one of ``players`` (``house[s]``, ``rules[s]``).
    """
    from paigow_cli.engine.dealer_classes import NO_RANK, multiset_representative

    ranks = [rank for rank in range(13) for _ in range(counts[rank])]
    distinct = [rank for rank in range(13) if counts[rank]]
    must = [rank for rank in range(13) if counts[rank] == 4]  # held in every suit
    found: list[tuple[str, int, int, list[int], list[int]]] = [
        ("multiset", table.classes.multiset_index[counts, joker], 0, ranks, [])
    ]
    for size in range(5 - joker, len(distinct) + 1):
        for held in combinations(distinct, size):
            suited = list(held)
            mask = sum(1 << rank for rank in suited)
            if all(rank in suited for rank in must) and any(mask & live == mask for live in suit_live):
                others = list(ranks)
                for rank in suited:
                    others.remove(rank)
                first, second = (*others, NO_RANK, NO_RANK)[:2]
                index = table.classes.flush_index[mask, first, second, joker]
                found.append(("flush", index, mask, others, suited))
    classes = GroupClasses()
    wheel_low = rules.wheel_is_low
    tables = list(players) or [table]
    classes.house = [[] for _ in tables]
    classes.rules = [[] for _ in tables]
    ids = classes.index
    for kind, index, mask, others, suited in found:
        legal = legal_settings(suited + others, len(suited), joker, wheel_low)
        classes.settings.append([ids.setdefault(key, len(ids)) for key in legal])  # as ``_ids``
        for at, player in enumerate(tables):
            high, low, rule = player.house_setting(kind, index)
            if (high, low) not in classes.index:
                raise ArithmeticError(f"the {player.house_way} house way fouls a hand of ranks {counts}: {rule}")
            classes.house[at].append(classes.index[high, low])
            classes.rules[at].append(rule)
        classes.flush_masks.append(mask)
        classes.class_ids.append(index if kind == "multiset" else table.classes.multisets + index)
    classes.keys = list(ids)
    cell = chart_cell(counts, joker)
    classes.chart = [cell] + [None] * (len(found) - 1)
    if cell is not None:
        classes.chart_settings = chart_settings(multiset_representative(ranks, joker), cell, classes, wheel_low)
    return classes


def shown_probes(
    classes: GroupClasses, highs: np.ndarray, lows: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Each class's ``distribution.staircase`` (Face Up's best play, the dealer's hand seen) as the
    kernel reads it: each count a code. ``-(2 + 4 * k + v)`` is the
    class's own k-th setting's functional v (0 its wins, 1 its losses), which the kernel has just
    summed; ``4 * slot + v`` is another setting's, or a probe slot's after the settings, which
    holds four corners' counts (``probes``: cut row, cut column, 0 for wins or 1 for losses, per
    slot and place). Returns (per class, the staircase's codes and signs, padded with -1; the loss
    corner's code) and the probe slots."""
    import numpy as np

    from paigow_cli.engine.distribution import staircase

    shapes = [staircase(classes.keys[at] for at in ids) for ids in classes.settings]
    stairs, corners = [stair for stair, _ in shapes], [corner for _, corner in shapes]
    found: dict[tuple[tuple[int, int], int], int] = {}
    probes: list[tuple[int, int, int]] = []
    high_at = {int(value): at for at, value in enumerate(highs)}
    low_at = {int(value): at for at, value in enumerate(lows)}

    def code(corner: tuple[int, int], kind: int, own: list[int]) -> int:
        at = classes.index.get(corner)
        if at is not None and at in own:  # one of the class's settings: its k-th, counted already
            return -(2 + 4 * own.index(at) + kind)
        if at is not None:
            return 4 * at + kind
        if (corner, kind) not in found:
            found[corner, kind] = 4 * len(classes.keys) + len(probes)
            if corner[0] not in high_at or corner[1] not in low_at:
                raise ArithmeticError("a staircase corner is not among the group's hand values")
            # the player's cuts, not banking
            probes.append((2 * high_at[corner[0]] + 1, 2 * low_at[corner[1]] + 1, kind))
        return found[corner, kind]

    width = max(1, max(len(stair) for stair in stairs))
    stair_codes = np.full((len(stairs), width), -1, dtype=np.int64)
    stair_signs = np.zeros((len(stairs), width), dtype=np.int64)
    for at, stair in enumerate(stairs):
        for place, (corner, sign) in enumerate(stair):
            stair_codes[at, place], stair_signs[at, place] = code(corner, 0, classes.settings[at]), sign
    corner_codes = np.array([code(corner, 1, own) for corner, own in zip(corners, classes.settings)], dtype=np.int64)
    slots = np.full(((len(probes) + 3) // 4, 4, 3), -1, dtype=np.int64)
    for at, probe in enumerate(probes):
        slots[at // 4, at % 4] = probe
    return stair_codes, stair_signs, corner_codes, slots


def legal_settings(ranks: list[int], suited: int, joker: bool, wheel_low: bool) -> list[tuple[int, int]]:
    """The distinct (high key, low key) of a class's legal settings, strongest first (the best
    EV's ties go to the stronger setting, as ``splits.strength_order``). ``ranks`` are the real
    cards' ranks (0-12), the first ``suited`` of them in the class's flush suit.

    >>> from paigow_cli.core.hands import HIGH_CARD, TWO_PAIR, pack
    >>> legal_settings([0, 0, 12, 12, 11, 10, 9], 0, False, False)[0] == (pack(TWO_PAIR, 14, 2, 13), pack(HIGH_CARD, 12, 11))
    True
    """
    found = {(high, low) for high, low in every_setting(ranks, suited, joker, wheel_low) if low <= high}  # no foul
    return sorted(found, reverse=True)


def every_setting(ranks: list[int], suited: int, joker: bool, wheel_low: bool) -> list[tuple[int, int]]:
    """(high key, low key) of each of a class's 21 settings, fouls too, in the order of
    ``splits.LOW_POSITIONS`` (the joker, if any, the seventh card): see ``legal_settings``.

    Hand values are memoised by a code of the cards' ranks (three bits a rank, then the joker
    and whether the five are one suit), so a setting costs two lookups.
    """
    from paigow_cli.core.splits import LOW_POSITIONS

    codes = [1 << 3 * rank for rank in ranks] + ([JOKER_BIT] if joker else [])
    everything = sum(codes)
    highs, lows = _HIGH_KEYS[wheel_low], _LOW_KEYS
    found = []
    for (i, j), flush in zip(LOW_POSITIONS, _flush_settings(suited, joker)):
        high_code = everything - codes[i] - codes[j] + flush
        high = highs.get(high_code)
        if high is None:
            high = highs[high_code] = _five_key(high_code, wheel_low)
        low_code = codes[i] + codes[j]
        low = lows.get(low_code)
        if low is None:
            low = lows[low_code] = _two_key(low_code)
        found.append((high, low))
    return found


JOKER_BIT = 1 << 39  # in a code of cards: three bits per rank's count, then the joker
FLUSH_BIT = 1 << 40  # the five high cards are one suit (with the joker)
_HIGH_KEYS: dict[bool, dict[int, int]] = {False: {}, True: {}}
_LOW_KEYS: dict[int, int] = {}


@cache
def _flush_settings(suited: int, joker: bool) -> tuple[int, ...]:
    """Per setting (``splits.LOW_POSITIONS``, the joker last): FLUSH_BIT when its five high cards
    are the ``suited`` cards (listed first) and the joker, else 0."""
    from paigow_cli.core.splits import LOW_POSITIONS

    return tuple(
        FLUSH_BIT if suited - (i < suited) - (j < suited) + (joker and j != 6) >= 5 else 0 for i, j in LOW_POSITIONS
    )


def _code_cards(code: int, suited: bool) -> list[int]:
    """Real cards with the code's ranks and joker: all spades, or round the other suits."""
    ranks = [rank for rank in range(13) for _ in range(code >> 3 * rank & 7)]
    cards = [rank * 4 + (0 if suited else 1 + turn % 3) for turn, rank in enumerate(ranks)]
    return cards + [JOKER_CODE] * (code >> 39 & 1)


def _five_key(code: int, wheel_low: bool) -> int:
    from paigow_cli.core.hands import five_card_key

    return five_card_key(_code_cards(code, bool(code & FLUSH_BIT)), wheel_low)


def _two_key(code: int) -> int:
    from paigow_cli.core.hands import two_card_key

    first, second = _code_cards(code, False)
    return two_card_key(first, second)


# --- the two-pair chart ------------------------------------------------------------------------------


def chart_cell(counts: tuple[int, ...], joker: bool) -> tuple[int, int, int] | None:
    """(high pair, low pair, best single) ranks (2-14) of a plain two-pair hand: two pairs, three
    unpaired cards, no joker, no straight (no flush either: the caller's class 0)."""
    if joker or sorted(counts, reverse=True)[:4] != [2, 2, 1, 1]:
        return None
    present = sum(1 << rank for rank in range(13) if counts[rank])
    wheel = (1 << 12) | 0b1111
    if any(present & (0b11111 << low) == 0b11111 << low for low in range(9)) or present & wheel == wheel:
        return None
    pairs = [rank for rank in range(12, -1, -1) if counts[rank] == 2]
    singles = [rank for rank in range(12, -1, -1) if counts[rank] == 1]
    return pairs[0] + 2, pairs[1] + 2, singles[0] + 2


def chart_settings(
    hand: Sequence[Card], cell: tuple[int, int, int], classes: GroupClasses, wheel_low: bool
) -> tuple[int, int]:
    """The (split, together) settings of a plain two-pair hand: the low pair in front, or both pairs
    in back with the two best singles in front."""
    from paigow_cli.core.splits import setting_keys

    low_pair = [card for card in hand if (card >> 2) + 2 == cell[1]]
    counts: dict[int, int] = {}
    for card in hand:
        counts[card >> 2] = counts.get(card >> 2, 0) + 1
    singles = sorted((card for card in hand if counts[card >> 2] == 1), reverse=True)[:2]
    return _ids(classes, setting_keys(hand, low_pair, wheel_low)), _ids(classes, setting_keys(hand, singles, wheel_low))


# --- counting ----------------------------------------------------------------------------------------


@dataclass
class Tally:
    """Integer counts of one chunk, or of the whole game once merged (by addition)."""

    totals: dict[str, list[int]] = field(default_factory=lambda: {player: [0] * 7 for player in PLAYERS})
    rules: dict[str, list[int]] = field(default_factory=dict)  # clause -> [hands, differs, given up, most]
    examples: dict[str, list[int]] = field(default_factory=dict)  # clause -> the hand that gives up most
    chart: dict[str, list[int]] = field(
        default_factory=dict
    )  # "hp lp single" -> [hands, split, together, house split, house together]
    chunks: int = 0

    def add(self, other: Tally) -> None:
        for player in PLAYERS:
            self.totals[player] = [a + b for a, b in zip(self.totals[player], other.totals[player])]
        for rule, stats in other.rules.items():
            mine = self.rules.setdefault(rule, [0, 0, 0, 0])
            found = other.examples.get(rule)
            if found is not None and (
                stats[3] > mine[3]
                or (stats[3] == mine[3] and (rule not in self.examples or found < self.examples[rule]))
            ):
                self.examples[rule] = found
            self.rules[rule] = [mine[0] + stats[0], mine[1] + stats[1], mine[2] + stats[2], max(mine[3], stats[3])]
        for cell, values in other.chart.items():
            mine = self.chart.setdefault(cell, [0] * 5)
            self.chart[cell] = [a + b for a, b in zip(mine, values)]
        self.chunks += other.chunks

    def as_json(self) -> dict[str, object]:
        return {
            "totals": self.totals,
            "rules": self.rules,
            "examples": self.examples,
            "chart": self.chart,
            "chunks": self.chunks,
        }

    @classmethod
    def from_json(cls, data: dict) -> Tally:
        tally = cls(
            totals={player: [int(v) for v in data["totals"][player]] for player in PLAYERS},
            rules={str(k): [int(v) for v in values] for k, values in data["rules"].items()},
            examples={str(k): [int(v) for v in values] for k, values in data["examples"].items()},
            chart={str(k): [int(v) for v in values] for k, values in data["chart"].items()},
            chunks=int(data["chunks"]),
        )
        if any(len(values) != 7 for values in tally.totals.values()):
            raise ValueError("malformed totals")
        return tally


@dataclass(frozen=True)
class DealerContext:
    """The dealer table and its layout for the kernel, for a set of games at once: the multiset and
    flush classes' arrays with each class's push layer (``class_flags.push_layers``)."""

    table: DealerTable
    games: tuple[Game, ...]
    multiset: tuple[np.ndarray, ...]  # as ``kernels.scatter_multisets`` takes them
    flush: tuple[np.ndarray, ...]  # as ``group_play.play_group`` takes them
    settles: np.ndarray  # (games, layers)
    strategies: dict[str, DealerTable] = field(default_factory=dict)

    @property
    def layers(self) -> int:
        return int(self.settles.shape[1])

    def player_table(self, strategy: str, question: Question | None = None) -> DealerTable:
        """The table of a player's strategy (its settings of every class), loaded once per process;
        ``best-way``'s comes from the strategy table of ``question``'s dealer."""
        if strategy == BEST_WAY:
            from paigow_cli.analysis.strategy_table import best_way_table

            if question is None:
                raise ValueError("the best-way strategy needs its dealer's question")
            return best_way_table(question.dealer)
        if strategy not in self.strategies:
            self.strategies[strategy] = settings_table(strategy, self.table.wheel)
        return self.strategies[strategy]


_CONTEXT: dict[tuple, DealerContext] = {}


def dealer_context(questions: Sequence[Question]) -> DealerContext:
    """The dealer context of questions that share a house way and wheel, loaded (or built) once per
    process."""
    rules = questions[0].rules
    games = tuple(dict.fromkeys(question.rules.game for question in questions))
    key = (rules.house_way, rules.wheel, games)
    if key not in _CONTEXT:
        from paigow_cli.engine.class_flags import push_layers
        from paigow_cli.engine.dealer_table import load_table
        from paigow_cli.engine.distribution import check_flush_layout, prepare

        table = load_table(rules.house_way, rules.wheel)
        layout = prepare(table)  # the classes' order and arrays; the layers come from every game
        multiset_layer, flush_layer, settles = push_layers(table, games)
        mask_start, other, joker, flush_high, flush_low, _, parent_high, parent_low, _ = layout.flush
        check_flush_layout(mask_start, other, joker)
        order = layout.flush_order
        own_layer, parent_layer = flush_layer[order], multiset_layer[table.classes.flush_multiset[order]]
        kept = kept_flush_classes(
            mask_start, other, joker, flush_high, flush_low, own_layer, parent_high, parent_low, parent_layer
        )
        _CONTEXT.clear()
        _CONTEXT[key] = DealerContext(
            table,
            games,
            (*layout.multiset[:4], multiset_layer),
            (*kept, pushed_corners(*kept[3:])),
            settles,
        )
    return _CONTEXT[key]


def kept_flush_classes(
    mask_start: np.ndarray, other: np.ndarray, joker: np.ndarray, *cells: np.ndarray
) -> tuple[np.ndarray, ...]:
    """The flush classes ``flush_walk.flush_parts`` walks: those whose setting (``cells``: high, low,
    layer, then their multiset's) differs from their multiset's (the rest add and take off the same
    count in the same cell), with each suited mask's range without the joker and with it, and each
    class's pattern of other ranks (0-90 the pairs o1 <= o2 in order, 91 + o1 one rank, 104 none).
    Returns (plain starts, joker starts, patterns, the kept classes' cells).

    >>> import numpy as np
    >>> mask_start = np.array([0, 2, 3])  # two suited masks: two classes, then one
    >>> other = np.array([[0, 1], [13, 13], [2, 13]])
    >>> found = kept_flush_classes(mask_start, other, np.array([False, True, False]),
    ...     *[np.array(values) for values in ([4, 5, 6], [1, 1, 1], [0, 0, 0], [4, 7, 8], [1, 1, 1], [0, 0, 0])])
    >>> [part.tolist() for part in found[:4]]
    [[0, 1, 2], [0, 2], [104, 93], [5, 6]]
    """
    import numpy as np

    from paigow_cli.engine.dealer_classes import NO_RANK

    own, theirs = cells[:3], cells[3:]
    kept = np.zeros(len(joker), dtype=bool)
    for mine, parent in zip(own, theirs):
        kept |= mine != parent
    before = np.concatenate([[0], np.cumsum(kept)])  # kept classes before each class
    masks = len(mask_start) - 1
    plain = np.bincount(np.repeat(np.arange(masks), np.diff(mask_start))[~joker], minlength=masks)
    first, second = other[:, 0].astype(np.int64), other[:, 1].astype(np.int64)
    pairs = 13 * first - first * (first - 1) // 2 + second - first  # (o1, o2) in the order o1 <= o2
    pattern = np.where(second < NO_RANK, pairs, np.where(first < NO_RANK, 91 + first, 104))
    return (
        before[mask_start].astype(np.int64),
        before[mask_start[:-1] + plain].astype(np.int64),
        pattern[kept].astype(np.uint8),
        *(cell[kept] for cell in cells),
    )


def pushed_corners(*cells: np.ndarray) -> np.ndarray:
    """The least and greatest high and low value (indices) of the flush classes' cells, their own and
    their multisets' (``cells``: high, low, layer, twice), in layers 1 and up; -1s if none.

    >>> import numpy as np
    >>> pushed_corners(*[np.array(values) for values in ([5, 9, 7], [1, 2, 3], [0, 1, 1])] * 2).tolist()
    [7, 9, 2, 3]
    """
    import numpy as np

    highs = np.concatenate([high[layer > 0] for high, _, layer in (cells[:3], cells[3:])])
    lows = np.concatenate([low[layer > 0] for _, low, layer in (cells[:3], cells[3:])])
    if not len(highs):
        return np.full(4, -1, dtype=np.int64)
    return np.array([highs.min(), highs.max(), lows.min(), lows.max()], dtype=np.int64)


def question_set(questions: Sequence[Question]) -> tuple[Question, ...]:
    """Questions answered in one pass: they must share the house way, the wheel and the dead cards.

    >>> question_set([Question(Rules()), Question(Rules(house_way="ballys"))])
    Traceback (most recent call last):
    ...
    ValueError: questions answered together share the house way, the wheel and the dead cards
    """
    found = tuple(questions)
    shared = {(question.rules.house_way, question.rules.wheel, question.dead) for question in found}
    if len(shared) != 1:
        raise ValueError("questions answered together share the house way, the wheel and the dead cards")
    return found


@dataclass(frozen=True)
class LiveDeck:
    """What the dead cards leave, in the forms ``count_group`` hands the kernel (once per question).

    ``choice_masks[rank, count]`` lists the sets of live suits (bit masks) ``count`` cards of that
    rank can be, ``choice_count`` how many, and ``position_of[rank, count, mask]`` each one's place.
    """

    live_rank: np.ndarray  # (13,) live cards of each rank
    suit_live: np.ndarray  # (4,) mask of the live ranks of each suit
    joker_live: bool
    choice_masks: np.ndarray  # (13, 5, 6)
    choice_count: np.ndarray  # (13, 5)
    position_of: np.ndarray  # (13, 5, 16)
    suit_block: np.ndarray
    suit_permutations: np.ndarray

    @property
    def suit_live_masks(self) -> list[int]:
        return [int(mask) for mask in self.suit_live]


@lru_cache(maxsize=4)
def live_deck(dead: tuple[int, ...]) -> LiveDeck:
    """The live deck of a question's dead cards (card codes).

    >>> deck = live_deck((0, 52))  # 2S and the joker
    >>> deck.live_rank[:2].tolist(), deck.joker_live, deck.choice_count[0, 2].item(), deck.choice_count[1, 2].item()
    ([3, 4], False, 3, 6)
    """
    import numpy as np

    gone = set(dead)
    live_rank = np.array([sum(rank * 4 + suit not in gone for suit in range(4)) for rank in range(13)], dtype=np.int64)
    suit_live = np.array(
        [sum(1 << rank for rank in range(13) if rank * 4 + suit not in gone) for suit in range(4)], dtype=np.int64
    )
    choice_masks = np.zeros((13, 5, 6), dtype=np.int64)
    choice_count = np.zeros((13, 5), dtype=np.int64)
    position_of = np.full((13, 5, 16), -1, dtype=np.int64)
    for rank in range(13):
        available = [suit for suit in range(4) if rank * 4 + suit not in gone]
        for count in range(5):
            choices = [sum(1 << suit for suit in chosen) for chosen in combinations(available, count)]
            choice_count[rank, count] = len(choices)
            choice_masks[rank, count, : len(choices)] = choices
            position_of[rank, count, choices] = range(len(choices))
    suit_block, suit_permutations = suit_symmetry(suit_live.tolist())
    return LiveDeck(
        live_rank,
        suit_live,
        JOKER_CODE not in gone,
        choice_masks,
        choice_count,
        position_of,
        suit_block,
        suit_permutations,
    )


def suit_symmetry(suit_live: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Suits with the same live ranks are interchangeable: each suit's label (its first such suit)
    and every permutation of the suits that keeps the live cards (24 on a full deck).

    >>> labels, permutations = suit_symmetry([8191, 8191, 8190, 8191])
    >>> labels.tolist(), len(permutations)
    ([0, 0, 2, 0], 6)
    """
    import numpy as np

    labels = np.array([suit_live.index(mask) for mask in suit_live], dtype=np.int64)
    kept = [moved for moved in permutations(range(4)) if all(suit_live[moved[t]] == suit_live[t] for t in range(4))]
    return labels, np.array(kept, dtype=np.int64)


@dataclass(frozen=True)
class Asked:
    """What the questions of a ``question_set`` ask, as ``count_group`` hands it to the kernel (once
    per set, not per group): each one's side of the bank, game, pay and charge per unit
    (``pay * wins - charge * losses``), and player strategy (None: the dealer's way)."""

    banker: np.ndarray  # (questions, 1)
    game_of: np.ndarray  # index into the dealer context's games
    pay: np.ndarray
    charge: np.ndarray
    strategies: tuple[str | None, ...]  # distinct, in order
    player_of: tuple[int, ...]  # each question's index into strategies


@lru_cache(maxsize=4)
def asked_of(questions: tuple[Question, ...]) -> Asked:
    import numpy as np

    from paigow_cli.engine.distribution import exact_rate

    games = list(dict.fromkeys(question.rules.game for question in questions))  # as dealer_context
    strategies = tuple(dict.fromkeys(question.strategy for question in questions))
    rates = [1 - exact_rate(question.rules.commission) for question in questions]
    return Asked(
        np.array([[int(question.rules.banker)] for question in questions], dtype=np.int64),
        np.array([games.index(question.rules.game) for question in questions], dtype=np.int64),
        np.array([rate.numerator for rate in rates], dtype=np.int64),
        np.array([rate.denominator for rate in rates], dtype=np.int64),
        strategies,
        tuple(strategies.index(question.strategy) for question in questions),
    )


def count_group(
    questions: Sequence[Question],
    counts: tuple[int, ...],
    joker: bool,
    tallies: Sequence[Tally],
    parts: TableParts | None = None,
) -> None:
    """Add every player hand of one rank group to each question's tally (``question_set``), and
    with ``parts`` its classes' rows to each question's strategy table."""
    import numpy as np

    from paigow_cli.engine.distribution import bucket
    from paigow_cli.engine.functionals import grid_functionals
    from paigow_cli.engine.group_play import play_group
    from paigow_cli.engine.kernels import scatter_multisets

    context = dealer_context(questions)
    table, first = context.table, questions[0]
    deck = live_deck(tuple(int(card) for card in first.dead))
    ranks = np.arange(13)
    choice_count = deck.choice_count[ranks, counts]
    if not choice_count.all():
        return  # no live hand has these ranks
    asked = asked_of(tuple(questions))
    players = [
        table if strategy is None else context.player_table(strategy, questions[asked.player_of.index(at)])
        for at, strategy in enumerate(asked.strategies)
    ]
    classes = group_classes(counts, joker, first.rules, table, deck.suit_live_masks, players)
    joker_live = deck.joker_live and not joker
    keys = np.array(classes.keys, dtype=np.int64)
    highs, lows = np.unique(keys[:, 0]), np.unique(keys[:, 1])
    high_at, low_at = np.searchsorted(highs, keys[:, 0]), np.searchsorted(lows, keys[:, 1])
    hcut, lcut = 2 * high_at + 1 + asked.banker, 2 * low_at + 1 + asked.banker  # rows/columns the player takes
    heq, leq = 2 * high_at + 1, 2 * low_at + 1  # his own values (copies)
    shown = np.array([question.shown for question in questions], dtype=np.bool_)
    if shown.any():  # Face Up's staircases: probe slots after the settings (heq -1 marks them)
        class_stair, class_stair_sign, class_corner, probes = shown_probes(classes, highs, lows)
        extra = len(probes)
        hcut = np.concatenate([hcut, np.zeros((len(questions), extra), dtype=np.int64)], axis=1)
        lcut = np.concatenate([lcut, np.zeros((len(questions), extra), dtype=np.int64)], axis=1)
        heq = np.concatenate([heq, np.full(extra, -1, dtype=np.int64)])
        leq = np.concatenate([leq, np.zeros(extra, dtype=np.int64)])
        probes = np.concatenate([np.full((len(keys), 4, 3), -1, dtype=np.int64), probes])
    else:
        class_stair = np.full((len(classes.settings), 1), -1, dtype=np.int64)
        class_stair_sign = np.zeros_like(class_stair)
        class_corner = np.zeros(len(classes.settings), dtype=np.int64)
        probes = np.full((len(keys), 4, 3), -1, dtype=np.int64)
    row_of, col_of = bucket(table.high_values, highs), bucket(table.low_values, lows)
    rows, cols = 2 * len(highs) + 1, 2 * len(lows) + 1
    grid = np.zeros(context.layers * rows * cols, dtype=np.int64)
    after = deck.live_rank - np.array(counts, dtype=np.int64)
    scatter_multisets(after, joker_live, *context.multiset, row_of, col_of, rows, cols, grid)
    base = np.zeros((len(questions), hcut.shape[1], 4), dtype=np.int64)
    grid_functionals(
        grid, rows, cols, context.layers, context.settles, asked.game_of, hcut, lcut, heq, leq, probes, base
    )

    settings = np.full((len(classes.settings), 21), -1, dtype=np.int64)
    for index, ids in enumerate(classes.settings):
        settings[index, : len(ids)] = ids
    rule_ids: dict[str, int] = {}
    class_rule = np.array(
        [[rule_ids.setdefault(rule, len(rule_ids)) for rule in classes.rules[at]] for at in asked.player_of],
        dtype=np.int64,
    )
    class_house = np.array([classes.house[at] for at in asked.player_of], dtype=np.int64)
    cells = [cell for cell in classes.chart if cell is not None]
    class_chart = np.array([-1 if cell is None else 0 for cell in classes.chart], dtype=np.int64)
    split, together = classes.chart_settings
    chart_split = np.full(len(classes.settings), split, dtype=np.int64)
    chart_together = np.full(len(classes.settings), together, dtype=np.int64)

    house_totals = np.zeros((len(questions), 7), dtype=np.int64)
    best_totals = np.zeros((len(questions), 7), dtype=np.int64)
    rule_stats = np.zeros((len(questions), len(rule_ids), 4), dtype=np.int64)
    rule_example = np.zeros((len(questions), len(rule_ids), 13), dtype=np.int64)
    chart = np.zeros((len(questions), 1, 5), dtype=np.int64)
    size = len(classes.settings) if parts is not None else 0
    class_hands = np.zeros(size, dtype=np.int64)
    class_sums = np.zeros((len(questions) if size else 0, size, 21, 6), dtype=np.int64)
    class_best = np.zeros((len(questions) if size else 0, size, 4), dtype=np.int64)
    play_group(
        deck.choice_masks[ranks, counts],
        choice_count,
        deck.suit_block,
        deck.suit_permutations,
        deck.position_of[ranks, counts],
        int(joker),
        after,
        deck.suit_live,
        joker_live,
        np.array(classes.flush_masks, dtype=np.int64),
        settings,
        np.array([len(ids) for ids in classes.settings], dtype=np.int64),
        class_house,
        class_rule,
        class_chart,
        chart_split,
        chart_together,
        context.layers,
        context.settles,
        asked.game_of,
        hcut,
        lcut,
        heq,
        leq,
        probes,
        rows,
        cols,
        base,
        shown,
        class_stair,
        class_stair_sign,
        class_corner,
        *context.flush,
        row_of,
        col_of,
        asked.pay,
        asked.charge,
        first.dealer_hands,
        house_totals,
        best_totals,
        rule_stats,
        rule_example,
        chart,
        parts is not None,
        class_hands,
        class_sums,
        class_best,
    )
    if parts is not None:
        parts.add(classes, settings, class_hands, class_sums, class_best)
    for at, tally in enumerate(tallies):
        for player, found in (("house", house_totals[at]), ("best", best_totals[at])):
            tally.totals[player] = [a + int(b) for a, b in zip(tally.totals[player], found)]
        own = set(classes.rules[asked.player_of[at]])  # this question's strategy's clauses
        for rule, index in rule_ids.items():
            if rule not in own:
                continue
            stats = [int(value) for value in rule_stats[at, index]]
            mine = tally.rules.setdefault(rule, [0, 0, 0, 0])
            if stats[3] > mine[3]:
                tally.examples[rule] = _example_hand(counts, joker, rule_example[at, index])
            tally.rules[rule] = [mine[0] + stats[0], mine[1] + stats[1], mine[2] + stats[2], max(mine[3], stats[3])]
        if cells and chart[at, 0, 0]:
            name = " ".join(str(rank) for rank in cells[0])
            mine = tally.chart.setdefault(name, [0] * 5)
            tally.chart[name] = [a + int(b) for a, b in zip(mine, chart[at, 0])]


def _example_hand(counts: tuple[int, ...], joker: bool, suit_masks) -> list[int]:
    """The card codes of a hand given its suit choice per rank."""
    cards = [rank * 4 + suit for rank in range(13) for suit in range(4) if int(suit_masks[rank]) >> suit & 1]
    return sorted(cards) + ([JOKER_CODE] if joker else [])


def count_chunk(question: Question, chunk: int, chunks: int = CHUNKS) -> Tally:
    """The counts of chunk ``chunk`` of ``chunks`` (every ``chunks``-th rank group): a pure function."""
    return count_chunk_of((question,), chunk, chunks)[0]


def count_chunk_of(questions: Sequence[Question], chunk: int, chunks: int = CHUNKS) -> list[Tally]:
    """``count_chunk`` of each question of a ``question_set``, in one pass over the groups (the
    dealer's flush classes are walked once for them all)."""
    questions = question_set(questions)
    tallies = [Tally(chunks=1) for _ in questions]
    for counts, joker in rank_groups(questions[0].dead)[chunk::chunks]:
        count_group(questions, counts, joker, tallies)
    return tallies


def count_table_chunk(
    questions: Sequence[Question], chunk: int, chunks: int = CHUNKS
) -> tuple[list[Tally], dict[str, np.ndarray]]:
    """``count_chunk_of``, and the chunk's rows of each question's strategy table
    (``strategy_table.TableParts.arrays``): a pure function too."""
    from paigow_cli.analysis.strategy_table import TableParts

    questions = question_set(questions)
    tallies = [Tally(chunks=1) for _ in questions]
    parts = TableParts(len(questions))
    for counts, joker in rank_groups(questions[0].dead)[chunk::chunks]:
        count_group(questions, counts, joker, tallies, parts)
    return tallies, parts.arrays()
