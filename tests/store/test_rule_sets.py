"""Named house-rule sets: kept by name, renamed, deleted, checked on the way in
(SQLite and PostgreSQL); an older store gets the table when it is opened."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from canasta_scorer.store import NamedRuleSet, NotFoundError, Store, StoreError

FIRST_SCHEMA = Path(__file__).resolve().parents[1] / "data" / "store" / "first-schema.db"


def test_a_set_is_kept_under_its_name_and_replaced_by_the_same_name(store: Store) -> None:
    assert store.rule_sets() == []
    store.save_rule_set("  Grandma's ", {"pile-always-frozen", "black-three-freezes"})
    store.save_rule_set("Beach", set())
    assert store.rule_sets() == [
        NamedRuleSet(name="Beach", house_rules=frozenset()),
        NamedRuleSet(
            name="Grandma's", house_rules=frozenset({"pile-always-frozen", "black-three-freezes"})
        ),
    ]
    store.save_rule_set("GRANDMA'S", {"draw-on-tie"})  # the same name in another case
    assert store.rule_sets()[1] == NamedRuleSet(
        name="GRANDMA'S", house_rules=frozenset({"draw-on-tie"})
    )
    assert len(store.rule_sets()) == 2


def test_a_set_is_renamed_and_deleted(store: Store) -> None:
    store.save_rule_set("Ours", {"draw-on-tie"})
    store.save_rule_set("Club", set())
    store.rename_rule_set("ours", "Summer rules")
    assert [s.name for s in store.rule_sets()] == ["Club", "Summer rules"]
    assert store.rule_sets()[1].house_rules == frozenset({"draw-on-tie"})
    store.rename_rule_set("Summer rules", "summer RULES")  # its own name in another case
    with pytest.raises(StoreError, match="already named “Club”"):
        store.rename_rule_set("summer rules", "club")
    with pytest.raises(NotFoundError):
        store.rename_rule_set("Winter", "Spring")
    store.delete_rule_set("CLUB")
    store.delete_rule_set("nobody's")  # nothing to forget: no error
    assert [s.name for s in store.rule_sets()] == ["summer RULES"]


@pytest.mark.parametrize(
    ("name", "rules", "message"),
    [
        ("   ", set(), "needs a name"),
        ("x" * 81, set(), "at most 80 characters"),
        ("Ours\x00", set(), "control characters"),
        ("Ours", {"draw-on-tie", "free-pile"}, "not house rules: free-pile"),
    ],
)
def test_a_set_that_is_not_one_is_refused(
    store: Store, name: str, rules: set[str], message: str
) -> None:
    with pytest.raises(StoreError, match=message):
        store.save_rule_set(name, rules)
    assert store.rule_sets() == []


def test_a_store_of_the_first_schema_gets_the_sets_table(tmp_path: Path) -> None:
    path = tmp_path / "canasta.db"
    shutil.copyfile(FIRST_SCHEMA, path)
    store = Store.open(f"sqlite:///{path}")
    try:
        assert store.rule_sets() == []
        store.save_rule_set("Ours", {"draw-on-tie"})
        assert store.rule_sets() == [NamedRuleSet(name="Ours", house_rules={"draw-on-tie"})]
        assert store.matches()  # the matches it held are still there
    finally:
        store.close()
