"""A wager's money mechanics in TOML: ``fee``, ``cap`` and ``jackpot``, read strictly and applied to its pays.

The pays of the rows are made net of them when the file is loaded (:func:`net_outcomes`), so that every output,
exact or dealt, agrees; :class:`~analyzer.game.rules.Money` keeps what was stated, for the reports.
"""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from ..errors import InputError, shown
from .money import JACKPOT_BASES, Jackpot, Lightning, Money
from .odds import parse_percent
from .schema import keys
from .strict import StrictTable
from .wager import Outcome


def _amount(table: StrictTable, key: str, required: bool = True) -> Fraction | None:
    """A positive amount of money, exact: a whole number, or a decimal written as a string ("2.5")."""
    value = table.typed(key, (int, str), 'a whole number, or a decimal as a string such as "2.5"', required)
    if value is None:
        return None
    try:
        amount = Fraction(int(value)) if isinstance(value, int) else Fraction(Decimal(value.replace(",", "").strip()))
    except (ValueError, ArithmeticError):
        raise table.error(key, f'is {shown(str(value))}; write an amount such as 250000 or "2.5".') from None
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
        basis = jackpot_table.string("basis", required=False) or "to one"
        if basis not in JACKPOT_BASES:
            raise jackpot_table.error(
                "basis",
                f'is {shown(basis)}; use "to one" (the meter and the stake back) or '
                '"for one" (the meter alone, the stake never returned).',
            )
        jackpot = Jackpot(
            meter=meter,
            stake=stake,
            rows=(),
            reseed=_amount(jackpot_table, "reseed", required=False),
            contribution=contribution,
            basis=basis,
        )
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
        note = (
            f"pays {format_pays(o.pays)} before the money rules ({', '.join(why)}): {format_pays(net)} per unit staked"
        )
        changed.append(replace(o, pays=net, default=note if o.default is None else f"{o.default}; {note}"))
    return tuple(changed)


def _probability(table: StrictTable, key: str, text: object) -> Fraction:
    """A probability written as "1/2", "25%" or "0.25", exactly."""
    try:
        if not isinstance(text, str):
            raise ValueError
        value = parse_percent(text) if text.strip().endswith("%") else Fraction(text.strip())
    except (ValueError, ZeroDivisionError, InputError):
        raise table.error(key, f'{shown(str(text))} is not a probability; write "1/4", "25%" or "0.25".') from None
    if not 0 < value <= 1:
        raise table.error(key, f"{shown(str(text))} is not a probability above 0 and at most 1.")
    return value


def read_lightning(table: StrictTable) -> Lightning | None:
    """The wager's random multipliers, if it states them (``lightning = { cards, multipliers, applies_to, limit,
    stake_returned }``)."""
    light = table.table("lightning", required=False)
    if light is None:
        return None
    raw_cards = light.typed("cards", (int, dict), "a number of cards, or a table of numbers to probabilities", True)
    if isinstance(raw_cards, int) and not isinstance(raw_cards, bool):
        if not 1 <= raw_cards <= 52:
            raise light.error("cards", f"is {raw_cards}; draw 1 to 52 lightning cards.")
        count: tuple[tuple[int, Fraction], ...] = ((raw_cards, Fraction(1)),)
    else:
        pairs = []
        for k, p in raw_cards.items():
            if not str(k).isdigit() or not 0 <= int(k) <= 52:
                raise light.error("cards", f"has {shown(str(k))}; its keys are numbers of cards, 0 to 52.")
            pairs.append((int(k), _probability(light, "cards", p)))
        count = tuple(sorted(pairs))
    raw = light.typed("multipliers", dict, "a table of multiplier values to probabilities", True)
    values = []
    for v, p in raw.items():
        try:
            value = Fraction(str(v))
        except (ValueError, ZeroDivisionError):
            raise light.error(
                "multipliers", f'has {shown(str(v))}; its keys are multipliers such as "2" or "8".'
            ) from None
        if value < 1 or value > 10**6:
            raise light.error("multipliers", f"has {shown(str(v))}; a multiplier is from 1 to 1,000,000.")
        values.append((value, _probability(light, "multipliers", p)))
    limit = light.pays("limit")
    applies = light.string("applies_to", required=False) or "winning hand"
    returned_text = light.string("stake_returned", required=False)
    returned = Fraction(1)
    if returned_text is not None:
        try:
            returned = parse_percent(returned_text)
        except InputError as e:
            raise light.error("stake_returned", str(e)) from None
        if not 0 <= returned <= 1:
            raise light.error(
                "stake_returned", f"is {shown(returned_text)}; a winning row returns from 0% to 100% of the stake."
            )
    light.finish(keys("lightning"))
    try:
        return Lightning(
            count=count,
            multipliers=tuple(sorted(values)),
            applies_to=applies,
            cap=limit,
            stake_returned=returned,
        )
    except InputError as e:
        named = re.match(r"lightning\.(\w+): (.*)", str(e), re.DOTALL)
        if named:  # a table of the lightning keys: named at its own key
            raise light.error(named.group(1), named.group(2)) from None
        raise table.error("lightning", str(e).removeprefix("lightning: ")) from None
