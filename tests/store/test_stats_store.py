"""Statistics over a real store (SQLite and PostgreSQL): the matches of
tests/rules/test_stats.py entered through `Store.create_match` and `Store.add_hand` give
the engine's answers, the statistics the store keeps per match add up to a fresh
computation over the same matches, and the history filters (player, variant, status)
select the matches worked out by hand.

The matches (see tests/rules/test_stats.py for every number):

    M1 classic, finished, won by [Ann, Bob]        players Ann Bob Cy Di
    M2 classic, finished, won by [Cy, Eve]         players ANN(=Ann) Bob Cy Eve
    M3 two-player, unfinished                      players Ann Di
    M4 five-player, finished, won by [Di, Ann]     players Bob Cy Eve Di Ann
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from canasta_scorer.rules import (
    MatchHand,
    MatchRecord,
    PlayerStats,
    Statistics,
    score_match,
    statistics,
    validate_record,
)
from canasta_scorer.store import RuleViolationError, Store
from tests.rules.test_stats import (
    EXPECTED_PARTNERSHIPS,
    EXPECTED_PLAYERS,
    OUT,
    STAY,
    seed_matches,
    split,
)


@pytest.fixture
def seeded(store: Store) -> tuple[Store, list[int]]:
    """A store (SQLite and PostgreSQL) holding M1–M4, each created empty and its hands
    added one by one; with the ids of M1–M4."""
    ids = []
    for record in seed_matches():
        empty, hands = split(record)
        state = store.create_match(empty)
        for hand in hands:
            state = store.add_hand(state.id, hand, state.version)
        assert len(state.record.hands) == len(hands)
        ids.append(state.id)
    return store, ids


def _stats(records: list[tuple[int, MatchRecord]]) -> Statistics:
    return statistics((record, score_match(record)) for _, record in records)


def _player(stats: Statistics, name: str) -> PlayerStats:
    return next(player for player in stats.players if player.name == name)


def test_the_store_keeps_what_was_entered(seeded: tuple[Store, list[int]]) -> None:
    store, ids = seeded
    records = store.records()
    assert [match_id for match_id, _ in records] == ids  # oldest first
    seeds = seed_matches()
    for (_, stored), seed in zip(records, seeds, strict=True):
        assert stored.hands == seed.hands
        assert [s.name for s in stored.sides] == [s.name for s in seed.sides]
    # M2's "ANN" is read back under the name the store already knew: "Ann".
    assert records[1][1].sides[0].players == ("Ann", "Bob")
    assert [store.match(i).status for i in ids] == [
        "finished",
        "finished",
        "in_progress",
        "finished",
    ]


def test_statistics_over_the_store_are_the_engines(seeded: tuple[Store, list[int]]) -> None:
    store, _ = seeded
    from_store = _stats(store.records())
    from_engine = statistics((record, score_match(record)) for record in seed_matches())
    assert from_store == from_engine
    assert from_store == Statistics(players=EXPECTED_PLAYERS, partnerships=EXPECTED_PARTNERSHIPS)


@pytest.mark.parametrize(
    ("filters", "matches"),
    [
        ({}, [1, 2, 3, 4]),
        ({"player": "ann"}, [1, 2, 3, 4]),  # any case; "ANN" of M2 is Ann
        ({"player": "ANN"}, [1, 2, 3, 4]),
        ({"player": "Eve"}, [2, 4]),
        ({"player": "bob"}, [1, 2, 4]),
        ({"player": "Di"}, [1, 3, 4]),
        ({"player": "Zed"}, []),
        ({"variant": "classic"}, [1, 2]),
        ({"variant": "two-player"}, [3]),
        ({"variant": "five-player"}, [4]),
        ({"variant": "six-player"}, []),
        ({"status": "finished"}, [1, 2, 4]),
        ({"status": "in_progress"}, [3]),
        ({"status": "finished", "player": "Di"}, [1, 4]),
        ({"status": "finished", "variant": "classic", "player": "eve"}, [2]),
        ({"status": "in_progress", "variant": "classic"}, []),
    ],
)
def test_the_filters_select_the_matches(
    seeded: tuple[Store, list[int]], filters: dict[str, str], matches: list[int]
) -> None:
    store, ids = seeded
    got = [match_id for match_id, _ in store.records(**filters)]  # type: ignore[arg-type]
    assert got == [ids[n - 1] for n in matches]


@pytest.mark.parametrize("source", ["fresh", "kept"])
def test_statistics_of_one_players_matches(seeded: tuple[Store, list[int]], source: str) -> None:
    store, _ = seeded
    # M2 and M4: added up afresh through the engine, or read from the kept totals
    stats = (
        _stats(store.records(player="Eve")) if source == "fresh" else store.statistics(player="Eve")
    )
    # Every match of Eve's is there, so her statistics are all of hers.
    assert _player(stats, "Eve") == next(p for p in EXPECTED_PLAYERS if p.name == "Eve")
    # Ann in M2 (lost; 100 typed, 130) and M4 (won; 130, 2,345): 4 hands, sum 2,705.
    ann = _player(stats, "Ann")
    assert (ann.played, ann.in_progress, ann.won, ann.win_rate) == (2, 0, 1, 0.5)
    assert (ann.hands, ann.average_hand, ann.best_hand) == (4, 2705 / 4, 2345)
    assert (ann.card_hands, ann.quick_hands, ann.canastas, ann.canastas_per_hand) == (
        3,
        1,
        4,
        4 / 3,
    )
    assert ann.went_out == 0
    # Cy: M2 won, M4 lost; Di only M4 (won).
    cy, di = _player(stats, "Cy"), _player(stats, "Di")
    assert (cy.played, cy.won, cy.hands, cy.went_out) == (2, 1, 4, 1)
    assert (di.played, di.in_progress, di.won, di.hands, di.went_out) == (1, 0, 1, 2, 1)
    # Partnerships of M2 and M4 only: Ann+Di, Cy+Eve won; Ann+Bob, Bob+Cy+Eve lost.
    assert [(p.players, p.played, p.won) for p in stats.partnerships] == [
        (("Ann", "Di"), 1, 1),
        (("Cy", "Eve"), 1, 1),
        (("Ann", "Bob"), 1, 0),
        (("Bob", "Cy", "Eve"), 1, 0),
    ]


@pytest.mark.parametrize("source", ["fresh", "kept"])
def test_statistics_of_unfinished_matches(seeded: tuple[Store, list[int]], source: str) -> None:
    store, _ = seeded
    # M3 only
    stats = (
        _stats(store.records(status="in_progress"))
        if source == "fresh"
        else store.statistics(status="in_progress")
    )
    # Ann −20 (none), Di 2,345 (big: 4 canastas, went out as the lone player); no wins,
    # and the match is in progress: not played yet.
    assert stats.players == (
        PlayerStats(
            name="Ann",
            in_progress=1,
            hands=1,
            average_hand=-20.0,
            best_hand=-20,
            card_hands=1,
        ),
        PlayerStats(
            name="Di",
            in_progress=1,
            hands=1,
            average_hand=2345.0,
            best_hand=2345,
            card_hands=1,
            canastas=4,
            canastas_per_hand=4.0,
            went_out=1,
        ),
    )
    assert stats.partnerships == ()


@pytest.mark.parametrize("source", ["fresh", "kept"])
def test_statistics_of_classic_matches(seeded: tuple[Store, list[int]], source: str) -> None:
    store, _ = seeded
    # M1 and M2
    stats = (
        _stats(store.records(variant="classic"))
        if source == "fresh"
        else store.statistics(variant="classic")
    )
    # Ann and Bob: won M1, lost M2 (1/2); Cy: lost M1, won M2 (1/2); Eve won M2 (1/1);
    # Di lost M1 (0/1). Order: Eve; then Ann, Bob, Cy (1/2, one win, by name); then Di.
    assert [(p.name, p.won, p.played) for p in stats.players] == [
        ("Eve", 1, 1),
        ("Ann", 1, 2),
        ("Bob", 1, 2),
        ("Cy", 1, 2),
        ("Di", 0, 1),
    ]
    # Bob's hands: 730, 615, 100 (typed), 130: average 1,575/4; canastas 2 in 3 card hands.
    bob = _player(stats, "Bob")
    assert (bob.hands, bob.average_hand, bob.card_hands, bob.canastas) == (4, 1575 / 4, 3, 2)
    assert [(p.players, p.played, p.in_progress, p.won) for p in stats.partnerships] == [
        (("Cy", "Eve"), 1, 0, 1),
        (("Ann", "Bob"), 2, 0, 1),
        (("Cy", "Di"), 1, 0, 0),
    ]


FILTERS = [
    {},
    {"status": "finished"},
    {"status": "in_progress"},
    {"variant": "classic"},
    {"variant": "two-player"},
    {"player": "ann"},
    {"player": "Eve", "status": "finished"},
    {"player": "nobody"},
    {"since": datetime.now(UTC) - timedelta(days=1)},
    {"since": datetime.now(UTC) + timedelta(days=1)},
]


def _filter_id(filters: dict[str, object]) -> str:
    """A test id that is the same in every process (no clock reading in it)."""
    since = filters.get("since")
    if isinstance(since, datetime):
        word = "yesterday" if since < datetime.now(UTC) else "tomorrow"
        return str({**filters, "since": word})
    return str(filters)


@pytest.mark.parametrize("filters", FILTERS, ids=[_filter_id(f) for f in FILTERS])
def test_kept_statistics_equal_a_fresh_computation(
    seeded: tuple[Store, list[int]], filters: dict[str, object]
) -> None:
    store, _ = seeded
    fresh = _stats(store.records(**filters))  # type: ignore[arg-type]
    assert store.statistics(**filters) == fresh  # type: ignore[arg-type]
    if not filters:
        assert fresh == Statistics(players=EXPECTED_PLAYERS, partnerships=EXPECTED_PARTNERSHIPS)


def _every_filter_agrees(store: Store) -> None:
    """The kept statistics equal a fresh computation under every filter of `FILTERS`,
    and under each player's filter."""
    filters: list[dict[str, object]] = [*FILTERS]
    filters += [{"player": name} for name in ("Ann", "Bob", "Cy", "Di", "Eve")]
    filters += [{"player": "Di", "status": "in_progress", "variant": "two-player"}]
    for chosen in filters:
        fresh = _stats(store.records(**chosen))  # type: ignore[arg-type]
        assert store.statistics(**chosen) == fresh, chosen  # type: ignore[arg-type]


def test_kept_statistics_follow_every_change(seeded: tuple[Store, list[int]]) -> None:
    store, ids = seeded
    m1 = store.match(ids[0])
    state = store.delete_hand(m1.id, 1, m1.version)  # M1 is no longer finished
    assert store.statistics() == _stats(store.records())
    _every_filter_agrees(store)
    state = store.undo(state.id, state.version)
    assert store.statistics() == _stats(store.records())
    assert store.statistics() == Statistics(
        players=EXPECTED_PLAYERS, partnerships=EXPECTED_PARTNERSHIPS
    )
    _every_filter_agrees(store)
    store.delete_match(ids[2], store.match(ids[2]).version)  # M3
    assert store.statistics() == _stats(store.records())
    ann = _player(store.statistics(), "Ann")
    assert (ann.played, ann.in_progress) == (3, 0)
    _every_filter_agrees(store)
    # M4 held Ann's and Di's best hand (2,345, with M3 gone): without it, the next best.
    store.delete_match(ids[3], store.match(ids[3]).version)
    assert store.statistics() == _stats(store.records())
    assert _player(store.statistics(), "Ann").best_hand == 730
    assert _player(store.statistics(status="finished"), "Ann").best_hand == 730
    assert _player(store.statistics(player="Bob"), "Ann").best_hand == 730
    _every_filter_agrees(store)
    store.restore_match(ids[3])
    store.restore_match(ids[2])
    assert store.statistics() == Statistics(
        players=EXPECTED_PLAYERS, partnerships=EXPECTED_PARTNERSHIPS
    )
    _every_filter_agrees(store)
    rematch = store.rematch(ids[0])
    store.add_hand(rematch.id, seed_matches()[0].hands[0], rematch.version)
    assert store.statistics() == _stats(store.records())
    _every_filter_agrees(store)


#: The plays of tests/rules/test_stats.py (clean 730, mixed 535, big 2,345 going out;
#: none −20, small 130, canasta 615 staying) and a hand typed as totals.
PLAYS = [*OUT, *STAY, "typed"]
#: Who plays: classic (two partnerships), two-player (each player a side).
TABLES = {
    "classic": [{"name": "NS", "players": ["Ann", "Bob"]}, {"name": "EW", "players": ["Cy", "Di"]}],
    "two-player": [{"name": "Ann"}, {"name": "Di"}],
}


def _play(name: str, out_by: str | None) -> dict[str, Any]:
    if name == "typed":
        return {"total": 400}
    play = dict(OUT[name]) if name in OUT else dict(STAY[name])
    if name in OUT and out_by:
        play["went_out_by"] = out_by
    return play


def _hand_of(us: str, them: str, table: str) -> MatchHand:
    # the first player of a partnership goes out; a lone player is named by the side
    first, second = ("Ann", "Cy") if table == "classic" else (None, None)
    if us in OUT and them in OUT:
        them = "canasta"  # one side goes out
    return validate_record(MatchHand, {"sides": [_play(us, first), _play(them, second)]})


# Each step: ("add", us, them) | ("edit", n, us, them) | ("delete", n) | ("undo",) |
# ("redo",) | ("drop",) (delete the match, then bring it back)
STEP = st.one_of(
    st.tuples(st.just("add"), st.sampled_from(PLAYS), st.sampled_from(PLAYS)),
    st.tuples(st.just("add"), st.sampled_from(PLAYS), st.sampled_from(PLAYS)),
    st.tuples(st.just("edit"), st.integers(0, 9), st.sampled_from(PLAYS), st.sampled_from(PLAYS)),
    st.tuples(st.just("delete"), st.integers(0, 9)),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("drop")),
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    table=st.sampled_from(sorted(TABLES)),
    target=st.sampled_from([1000, 3000, 100_000]),
    steps=st.lists(STEP, min_size=1, max_size=10),
)
def test_kept_statistics_after_any_changes_equal_a_full_recount(
    store: Store, table: str, target: int, steps: list[tuple[Any, ...]]
) -> None:
    # Every example adds a match of its own to the same store: the kept statistics of
    # the whole store (a hand added is counted alone, from the kept counts) are checked
    # against the engine's count of every match after each change, and under every
    # filter at the end.
    data = {"variant": table, "target": target, "sides": TABLES[table]}
    state = store.create_match(validate_record(MatchRecord, data))
    for action in steps:
        count = len(state.record.hands)
        try:
            if action[0] == "add":
                state = store.add_hand(
                    state.id, _hand_of(action[1], action[2], table), state.version
                )
            elif action[0] == "edit" and count:
                hand = _hand_of(action[2], action[3], table)
                state = store.edit_hand(state.id, action[1] % count, hand, state.version)
            elif action[0] == "delete" and count:
                state = store.delete_hand(state.id, action[1] % count, state.version)
            elif action[0] == "undo" and state.undo:
                state = store.undo(state.id, state.version)
            elif action[0] == "redo" and state.redo:
                state = store.redo(state.id, state.version)
            elif action[0] == "drop":
                store.delete_match(state.id, state.version)
                assert store.statistics() == _stats(store.records())
                state = store.restore_match(state.id)
        except RuleViolationError:
            pass  # refused (a rule broken, or the match is over): nothing saved
        state = store.match(state.id)
        assert store.statistics() == _stats(store.records()), action
    _every_filter_agrees(store)


def test_statistics_kept_before_an_upgrade_are_computed_on_first_use(
    seeded: tuple[Store, list[int]],
) -> None:
    from sqlalchemy import text

    store, _ = seeded
    with store.engine.begin() as connection:  # as migration 0004 leaves older matches
        connection.execute(text("DELETE FROM partnership_totals"))
        connection.execute(text("DELETE FROM player_totals"))
        connection.execute(text("DELETE FROM match_partnership"))
        connection.execute(text("DELETE FROM match_player WHERE played + in_progress > 0"))
        connection.execute(text("UPDATE match SET stats_version = NULL"))
    assert store.statistics() == Statistics(
        players=EXPECTED_PLAYERS, partnerships=EXPECTED_PARTNERSHIPS
    )


@pytest.mark.parametrize("variant", ["two-player", "three-player", "three-player-cutthroat"])
def test_where_each_player_is_a_side_the_sides_are_recorded_as_players(
    store: Store, variant: str
) -> None:
    count = 2 if variant == "two-player" else 3
    names = ["Ann", "Bob", "Cy"][:count]
    record = MatchRecord.model_validate(
        {"variant": variant, "sides": [{"name": name} for name in names]}
    )
    state = store.create_match(record)
    assert [side.players for side in state.record.sides] == [(name,) for name in names]
    # The player filter finds the match before any hand, and after one.
    assert [m.id for m in store.matches(player="bob")] == [state.id]
    hand = MatchHand.model_validate(
        {"sides": [{"total": 600}, *[{"total": 100}] * (count - 1)], "lone_hand": "Ann"}
        if variant == "three-player-cutthroat"
        else {"sides": [{"total": 600}, *[{"total": 100}] * (count - 1)]}
    )
    store.add_hand(state.id, hand, state.version)
    assert [m.id for m in store.matches(player="BOB")] == [state.id]
    stats = store.statistics(player="Bob")
    assert [(p.name, p.in_progress, p.hands) for p in stats.players] == [
        (name, 1, 1) for name in sorted(names)
    ]


def test_the_player_filter_pages_newest_first(store: Store) -> None:
    record = MatchRecord.model_validate(
        {
            "sides": [
                {"name": "NS", "players": ["Ann", "Bob"]},
                {"name": "EW", "players": ["Cy", "Di"]},
            ]
        }
    )
    other = MatchRecord.model_validate(
        {
            "sides": [
                {"name": "NS", "players": ["Eve", "Bob"]},
                {"name": "EW", "players": ["Cy", "Di"]},
            ]
        }
    )
    made = [store.create_match(record if n % 2 else other).id for n in range(7)]
    anns = [match_id for n, match_id in enumerate(made) if n % 2]
    first = [m.id for m in store.matches(player="Ann", limit=2)]
    assert first == anns[::-1][:2]
    rest = [m.id for m in store.matches(player="Ann", limit=2, before=first[-1])]
    assert rest == anns[::-1][2:]
    assert store.matches(player="Zed") == []


def test_the_kept_rows_are_updated_by_statements_built_once(
    seeded: tuple[Store, list[int]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from canasta_scorer.store import repository

    built: list[str] = []
    real = repository.update

    def update(table: Any) -> Any:
        built.append(str(getattr(table, "name", table)))
        return real(table)

    monkeypatch.setattr(repository, "update", update)
    store, ids = seeded
    m1 = store.match(ids[0])
    state = store.delete_hand(m1.id, 1, m1.version)  # no longer finished: rows change
    state = store.undo(state.id, state.version)  # finished again
    state = store.redo(state.id, state.version)
    store.undo(state.id, state.version)
    # each kind of kept row: its UPDATE built at most once, then reused
    kept = (repository.MatchPlayerRow.__tablename__, repository.MatchPartnershipRow.__tablename__)
    assert all(built.count(name) <= 1 for name in kept), built
    assert store.statistics() == _stats(store.records())
    _every_filter_agrees(store)
