"""A session states the bounds it meets: each probability within 1e-12 of the exact one, and a sum
of them (ahead, even, behind) within the bound it prints (it had claimed 1e-12 for sums that were
off by 1.1e-12); its CSV lists every net of chance 1e-13 or more, with the count of the rest and a
bound on their total; nets and the expected result are numbers, the exact fractions beside them."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from fractions import Fraction

from paigow_cli.analysis.money.session import CLEARED, PRECISION, exact_session, session_distribution
from paigow_cli.analysis.money.spread import main_bet
from paigow_cli.cli.views.session import session_csv

# The classic game's rates on the house way, rounded to small integers: a lattice of 20ths of a bet.
PAYOUTS = main_bet(29, 40, 31, 0.05)
HANDS = 60


def test_sums_of_probabilities_are_within_the_bound_the_session_states():
    found = session_distribution(PAYOUTS, HANDS)
    exact = exact_session(PAYOUTS, HANDS)
    ahead = sum(chance for net, chance in exact.items() if net > 0)
    behind = sum(chance for net, chance in exact.items() if net < 0)
    found_ahead, _, found_behind = found.chances()
    assert abs(found_ahead - float(ahead)) <= found.sum_bound
    assert abs(found_behind - float(behind)) <= found.sum_bound
    assert found.sum_bound == PRECISION * len(found.probabilities) > PRECISION


def test_the_csv_lists_every_net_of_chance_1e_13_or_more_and_counts_the_rest():
    found = session_distribution(PAYOUTS, HANDS)
    exact = exact_session(PAYOUTS, HANDS)
    rows = list(csv.DictReader(io.StringIO(session_csv(found, Decimal(5)))))
    listed = {Fraction(row["net_bets_fraction"]): float(row["probability"]) for row in rows}
    for net, chance in exact.items():
        if chance >= CLEARED + PRECISION:
            assert net in listed, net
    for row in rows:
        assert float(row["net_bets"]) == float(Fraction(row["net_bets_fraction"]))
    cleared, bound = found.left_out
    assert cleared == len(found.probabilities) - len(rows)
    missing = sum(chance for net, chance in exact.items() if net not in listed)
    assert float(missing) <= bound
