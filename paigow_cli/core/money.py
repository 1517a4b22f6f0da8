"""Money as people type and read it: dollars and cents, exact (``Decimal``), within bounds.

>>> parse_amount("$1,250.50", "bankroll", positive=False, most=MAX_BANKROLL)
Decimal('1250.50')
>>> money(Decimal("4.75"), signed=True, dollar=False), money(Decimal("1250.5"))
('+4.75', '$1,250.50')
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from paigow_cli.core.errors import OptionError

MAX_BET = Decimal(1_000_000)
MAX_BANKROLL = Decimal(10_000_000)


def parse_amount(text: str, about: str, *, positive: bool, most: Decimal) -> Decimal:
    """An amount of money for the setting ``about`` (``bet``): finite, at most 2 decimals, within bounds.

    >>> parse_amount("12.50", "bet", positive=True, most=MAX_BET)
    Decimal('12.50')
    >>> parse_amount("nan", "bet", positive=True, most=MAX_BET)
    Traceback (most recent call last):
    ...
    paigow_cli.core.errors.OptionError: bet nan is not an amount of money: give dollars and cents, e.g. 5 or 12.50
    """
    if not text.strip():
        raise OptionError("{option} is empty: give dollars and cents, e.g. 5 or 12.50", about=about)
    cleaned = text.strip().lstrip("$").replace(",", "")
    try:
        amount = Decimal(cleaned)
    except InvalidOperation:
        amount = Decimal("nan")
    if not amount.is_finite():
        raise OptionError(
            f"{{option}} {text} is not an amount of money: give dollars and cents, e.g. 5 or 12.50", about=about
        )
    least = "more than 0" if positive else "at least 0"
    if (amount <= 0 if positive else amount < 0) or amount > most:
        raise OptionError(f"{{option}} {text} is out of range: give {least} and at most {most:,}", about=about)
    if amount != amount.quantize(Decimal("0.01")):
        raise OptionError(f"{{option}} {text} has more than 2 decimals: give whole cents, e.g. 0.25", about=about)
    return amount


def money(amount: Decimal, *, signed: bool = False, dollar: bool = True, cents: bool = False) -> str:
    """An amount for people, the one way paigow writes money.

    Whole dollars drop their cents unless ``cents``; ``signed`` writes the sign of a change;
    ``dollar=False`` leaves out the dollar sign (payout columns), and then a zero is ``0``.

    >>> money(Decimal("12.75")), money(Decimal(5)), money(Decimal(500), cents=True)
    ('$12.75', '$5', '$500.00')
    >>> money(Decimal("0.14"), signed=True, cents=True), money(Decimal("-2.5"), signed=True, cents=True)
    ('+$0.14', '-$2.50')
    >>> money(Decimal("4.75"), signed=True, dollar=False), money(Decimal(-5), signed=True, dollar=False)
    ('+4.75', '-5')
    >>> money(Decimal(0), signed=True, dollar=False)
    '0'
    """
    if not dollar and amount == 0:
        return "0"
    number = f"{abs(amount):,.2f}"
    if not cents and number.endswith(".00"):
        number = number[:-3]
    sign = ("+" if amount >= 0 else "-") if signed else ("-" if amount < 0 else "")
    return f"{sign}{'$' if dollar else ''}{number}"


def money_of(amount: float, *, signed: bool = False) -> str:
    """A computed amount (a float: an expectation, a spread) rounded to cents and written as
    ``money`` writes amounts, cents always shown.

    >>> money_of(2.30713), money_of(-0.6835, signed=True), money_of(1261.25, signed=True)
    ('$2.31', '-$0.68', '+$1,261.25')
    """
    return money(Decimal(str(round(amount, 2))), signed=signed, cents=True)
