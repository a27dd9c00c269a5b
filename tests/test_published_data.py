"""The package's published figures (analyzer/studies/published.toml, read by `baccarat report`) hold every
published figure the tests pin about a shipped rule set: the claims of examples/claims.toml and the counts of
tests/reference/published-counts.txt. They cannot drift apart, and every one is confirmed."""

from __future__ import annotations

from fractions import Fraction

from analyzer.game.shipped import shipped
from analyzer.studies.verify import load_claims, published_claims, verify

from .conftest import EXAMPLES, reference_records


def _key(claim) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    return (claim.rules.name, claim.shoe, claim.wager, claim.figure, claim.outcome, claim.claimed.value, claim.pays)


def test_every_example_claim_about_a_shipped_rule_set_is_packaged() -> None:
    packaged = {_key(c) for c in published_claims().claims}
    examples = [c for c in load_claims(str(EXAMPLES / "claims.toml")).claims if c.rules.name in shipped()]
    assert examples and [c.label for c in examples if _key(c) not in packaged] == []


def test_every_published_count_of_the_reference_file_is_packaged() -> None:
    packaged = {
        (c.rules.name, c.shoe.decks_built, c.wager, c.outcome, c.claimed.value)
        for c in published_claims().claims
        if c.figure == "combinations"
    }
    records = [
        (rules, int(decks), wager, outcome, Fraction(int(value)))
        for _, (rules, decks, wager, outcome, value) in reference_records("published-counts.txt")
    ]
    assert len(records) == 26 and [r for r in records if r not in packaged] == []


def test_every_packaged_figure_is_confirmed_and_has_a_source() -> None:
    claims = published_claims()
    assert all(c.source and c.label for c in claims.claims)
    assert [v.claim.label for v in verify(claims) if not v.confirmed] == []
