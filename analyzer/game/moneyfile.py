"""A wager's money mechanics in TOML: ``fee``, ``cap`` and ``jackpot``, read strictly and applied to its pays.

The pays of the rows are made net of them when the file is loaded (:func:`net_outcomes`), so that every output,
exact or dealt, agrees; :class:`~analyzer.game.rules.Money` keeps what was stated, for the reports.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from ..errors import InputError, shown
from .odds import parse_percent
from .rules import Jackpot, Money, Outcome
from .schema import keys
from .strict import StrictTable


def _amount(table: StrictTable, key: str, required: bool = True) -> Fraction | None:
    """A positive amount of money, exact: a whole number, or a decimal written as a string ("2.5")."""
    value = table.typed(key, (int, str), "a whole number, or a decimal as a string such as \"2.5\"", required)
    if value is None:
        return None
    try:
        amount = Fraction(int(value)) if isinstance(value, int) else Fraction(Decimal(value.replace(",", "").strip()))
    except (ValueError, ArithmeticError):
        raise table.error(key, f"is {shown(str(value))}; write an amount such as 250000 or \"2.5\".") from None
    if amount <= 0 or amount > 10**15:
        raise table.error(key, f"is {shown(str(value))}; an amount must be above 0 and at most 10^15.")
    return amount


def read_money(table: StrictTable) -> Money | None:
    """The wager's fee, cap and progressive jackpot, if it states any (each checked)."""
    fee_text = table.string("fee", required=False)
    fee = None
    if fee_text is not None:
        try:
            fee = parse_percent(fee_text)
        except InputError as e:
            raise table.error("fee", str(e)) from None
        if not 0 < fee < 1:
            raise table.error("fee", f"is {shown(fee_text)}; a fee is above 0% and below 100% of the stake.")
    cap_table = table.table("cap", required=False)
    cap = None
    if cap_table is not None:
        amount, stake = _amount(cap_table, "amount"), _amount(cap_table, "stake")
        assert amount is not None and stake is not None  # required
        cap = (amount, stake)
        cap_table.finish(keys("cap"))
    jackpot_table = table.table("jackpot", required=False)
    jackpot = None
    if jackpot_table is not None:
        meter, stake = _amount(jackpot_table, "meter"), _amount(jackpot_table, "stake")
        assert meter is not None and stake is not None
        contribution_text = jackpot_table.string("contribution", required=False)
        try:
            contribution = None if contribution_text is None else parse_percent(contribution_text)
        except InputError as e:
            raise jackpot_table.error("contribution", str(e)) from None
        jackpot = Jackpot(meter=meter, stake=stake, rows=(), reseed=_amount(jackpot_table, "reseed", required=False),
                          contribution=contribution)
        jackpot_table.finish(keys("jackpot"))
    if fee is None and cap is None and jackpot is None:
        return None
    return Money(fee=fee, cap=cap, jackpot=jackpot)


def net_outcomes(outcomes: tuple[Outcome, ...], money: Money) -> tuple[Outcome, ...]:
    """The rows with their pays net of the fee and the cap, each changed row saying what it pays before them."""
    from .odds import format_pays

    jackpot_rows = money.jackpot.rows if money.jackpot is not None else ()
    changed = []
    for o in outcomes:
        if o.pays is None:
            changed.append(o)
            continue
        net = money.net(o.pays, o.name in jackpot_rows)
        if net == o.pays:
            changed.append(o)
            continue
        why = []
        if money.cap is not None and o.pays > 0 and o.name not in jackpot_rows and o.pays > money.cap[0] / money.cap[1]:
            why.append(f"capped at {format_pays(money.cap[0] / money.cap[1])}")
        if money.fee is not None:
            why.append("net of the fee")
        note = f"pays {format_pays(o.pays)} before the money rules ({', '.join(why)}): {format_pays(net)} per unit staked"
        changed.append(replace(o, pays=net, default=note if o.default is None else f"{o.default}; {note}"))
    return tuple(changed)
