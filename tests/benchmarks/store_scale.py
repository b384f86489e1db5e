"""How the store scales: listing, opening and saving with 1,000 to 100,000 matches.

Seeds a SQLite store per size with finished matches of 20 hands each, then times the
three things a player waits for, ``--runs`` times each with `time.perf_counter`, and
prints the medians in milliseconds (the best of ``--rounds`` rounds) and the ratio of
the largest size to the smallest:

- list: the newest 50 matches with totals and winner (`Store.matches`, the cache);
- open: one match, rescored through the rules engine (`Store.match`);
- save: one more hand of a match in progress (`Store.add_hand`, a full transaction
  with ``synchronous=FULL``; it rewrites the match's kept statistics too).

Also timed, for what the app's match list does: the matches in progress (25 among
them), a page deep in the past (``before``), one player's matches (a player in a third
of all matches) and those of a player the store knows with none; and the statistics
screen: over every match (`Store.statistics`, from the kept totals), and filtered (from
the totals kept per filter): one player's matches (a third of all), a player with none,
the finished matches (all but 25) and one variant (every match here: the worst case).

Goals: list and open flat (within 1.5× from 1,000 to 100,000) and under 50 ms at
100,000; a player's matches flat and under 10 ms; statistics under 200 ms at 100,000;
save under 20 ms. Speed is measured here, never asserted in tests.

The seed is fast: rows go in with SQLAlchemy Core ``executemany`` in one transaction,
built from a few match templates each scored once by `score_match` (its cache: running
totals, winner, margin) instead of through `Store.add_hand`. Seeded matches carry no
undo history (like imported ones). The 100,000 seed takes about a minute and some
600 MB of disk in the chosen folder. The filter totals are filled from the kept rows by
the SQL of migration 0006 (its fill is timed and printed too).

SQLite by default (a file per size in ``--folder``); ``--db URL`` (or
``$CANASTA_SCORER_TEST_PG``, e.g. from ``tests/postgres.sh``) measures PostgreSQL
instead, each size in a schema of its own (``scale_1000`` …), seeded once and kept.

Usage::

    python tests/benchmarks/store_scale.py [--sizes 1000 10000 100000] [--runs 20]
        [--rounds 3] [--folder DIR] [--db URL] [--explain]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

TEMPLATES = 8
HANDS = 20
IN_PROGRESS = 25  # matches a save is timed on, 10 hands each
NOBODY = "Zoe"  # a player the store knows who played no match


def _templates(rng: random.Random) -> list[dict[str, Any]]:
    """A few finished matches of exactly ``HANDS`` hands, each scored once."""
    from canasta_scorer.rules import (
        MatchHand,
        MatchRecord,
        match_tallies,
        score_match,
        validate_record,
    )
    from canasta_scorer.store.exchange import fingerprint
    from canasta_scorer.store.repository import _hand_json

    plays_out = [
        {"melds": ["K K K K K K K", "9 9 9 9 2"], "went_out": "out"},
        {"melds": ["10 10 10 10 10 2 JK", "6 6 6"], "went_out": "out"},
    ]
    plays_stay = [
        {"left_in_hand": "4 5 9"},
        {"melds": ["A A A A", "Q Q Q Q Q Q"], "left_in_hand": "5 5"},
        {"melds": ["J J J J J J J", "8 8 8 2"], "left_in_hand": "7"},
    ]
    big = {
        "melds": ["K K K K K K K", "9 9 9 9 9 9 9", "10 10 10 10 10 10 10", "6 6 6 6 6 6 6"],
        "went_out": "out",
    }
    names = ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou"]
    made = []
    for number in range(TEMPLATES):
        hands = []
        for _ in range(HANDS - 1):
            out = rng.randint(0, 1)
            sides = [dict(rng.choice(plays_stay)), dict(rng.choice(plays_stay))]
            sides[out] = dict(rng.choice(plays_out))
            hands.append({"sides": sides, "dealer": rng.choice(names[:4])})
        players = rng.sample(names, 4)
        base = {
            "sides": [
                {"name": "North-South", "players": players[:2]},
                {"name": "East-West", "players": players[2:]},
            ],
            "hands": hands,
        }
        running = score_match(validate_record(MatchRecord, base)).running_totals
        leader = 0 if running[0] >= running[1] else 1
        last: list[dict[str, Any]] = [{"left_in_hand": "4 5 9"}, {"left_in_hand": "4 5 9"}]
        last[leader] = big
        hands.append({"sides": last})
        target = (max(running) // 5 + 1) * 5  # reached by the last hand, not before
        record = validate_record(MatchRecord, {**base, "hands": hands, "target": target})
        score = score_match(record)
        assert score.valid and score.finished, (number, score.violations)
        tallies, partnerships = match_tallies(record, score)
        made.append(
            {
                "tallies": [t.model_dump(exclude={"key"}) for t in tallies],
                "partnerships": [
                    {
                        "key": "|".join(p.key),
                        "players": json.dumps(list(p.players)),
                        "played": p.played,
                        "in_progress": p.in_progress,
                        "won": p.won,
                    }
                    for p in partnerships
                ],
                "record": record,
                "players": [list(side.players) for side in record.sides],
                "entries": [_hand_json(hand) for hand in record.hands],
                "running_totals": json.dumps(list(score.running_totals)),
                "winner": score.winner,
                "margin": score.margin,
                "fingerprint": fingerprint(record),
                "hand": validate_record(MatchHand, hands[0]),
            }
        )
    return made


def seed(url: str, count: int, rng: random.Random) -> None:
    """``count`` finished matches plus ``IN_PROGRESS`` matches in progress, in bulk."""
    from sqlalchemy import insert

    from canasta_scorer.store import Store
    from canasta_scorer.store.repository import STATS_VERSION
    from canasta_scorer.store.tables import (
        HandRow,
        MatchPartnershipRow,
        MatchPlayerRow,
        MatchRow,
        PlayerRow,
        SidePlayerRow,
        SideRow,
    )

    templates = _templates(rng)
    store = Store.open(url)
    engine = store.engine
    names = sorted({name for t in templates for side in t["players"] for name in side})
    names.append(NOBODY)  # a player the store knows, with no match
    player_ids = {name: number + 1 for number, name in enumerate(names)}
    start = datetime(2020, 1, 1, tzinfo=UTC)
    chunk = 5_000
    with engine.begin() as connection:
        connection.execute(
            insert(PlayerRow.__table__),  # type: ignore[attr-defined]
            [
                {"id": i, "name": n, "key": n.casefold(), "created_at": start}
                for n, i in player_ids.items()
            ],
        )
        for first in range(0, count, chunk):
            matches, sides, seats, hands, kept, pairs = [], [], [], [], [], []
            for index in range(first, min(first + chunk, count)):
                template = templates[index % len(templates)]
                record = template["record"]
                match_id = index + 1
                created = start + timedelta(minutes=30 * index)
                matches.append(
                    {
                        "id": match_id,
                        "variant": record.variant.value,
                        "house_rules": "[]",
                        "target": record.target,
                        "status": "finished",
                        "created_at": created,
                        "updated_at": created + timedelta(hours=1),
                        "finished_at": created + timedelta(hours=1),
                        "deleted_at": None,
                        "version": HANDS + 1,
                        "hand_count": HANDS,
                        "running_totals": template["running_totals"],
                        "winner": template["winner"],
                        "margin": template["margin"],
                        "fingerprint": template["fingerprint"],
                        "stats_version": STATS_VERSION,
                    }
                )
                counted_as = {"variant": record.variant.value, "status": "finished"}
                for tally in template["tallies"]:
                    counts = {k: v for k, v in tally.items() if k != "name"}
                    kept.append(
                        {
                            "match_id": match_id,
                            "player_id": player_ids[tally["name"]],
                            "created_at": created,
                            **counts,
                            **counted_as,
                        }
                    )
                pairs += [
                    {"match_id": match_id, **pair, **counted_as}
                    for pair in template["partnerships"]
                ]
                for seat, side in enumerate(record.sides):
                    side_id = 2 * index + seat + 1
                    sides.append(
                        {
                            "id": side_id,
                            "match_id": match_id,
                            "seat": seat,
                            "name": side.name,
                            "start_score": side.start_score,
                        }
                    )
                    for place, name in enumerate(side.players):
                        seats.append(
                            {"side_id": side_id, "seat": place, "player_id": player_ids[name]}
                        )
                for number, entry in enumerate(template["entries"]):
                    hands.append(
                        {
                            "match_id": match_id,
                            "number": number,
                            "entry": entry,
                            "created_at": created,
                            "updated_at": created,
                        }
                    )
            connection.execute(insert(MatchRow.__table__), matches)  # type: ignore[attr-defined]
            connection.execute(insert(SideRow.__table__), sides)  # type: ignore[attr-defined]
            connection.execute(insert(SidePlayerRow.__table__), seats)  # type: ignore[attr-defined]
            connection.execute(insert(HandRow.__table__), hands)  # type: ignore[attr-defined]
            connection.execute(insert(MatchPlayerRow.__table__), kept)  # type: ignore[attr-defined]
            connection.execute(
                insert(MatchPartnershipRow.__table__),  # type: ignore[attr-defined]
                pairs,
            )
        # The totals the store keeps over every match, as its saves would have left them.
        connection.exec_driver_sql(
            "INSERT INTO player_totals (player_id, played, in_progress, won, hands, points,"
            " best_hand, card_hands, quick_hands, canastas, went_out)"
            " SELECT player_id, SUM(played), SUM(in_progress), SUM(won), SUM(hands),"
            " SUM(points), MAX(best_hand), SUM(card_hands), SUM(quick_hands), SUM(canastas),"
            " SUM(went_out) FROM match_player GROUP BY player_id"
        )
        connection.exec_driver_sql(
            "INSERT INTO partnership_totals (key, players, played, in_progress, won)"
            " SELECT key, MIN(players), SUM(played), SUM(in_progress), SUM(won)"
            " FROM match_partnership GROUP BY key"
        )
        started = time.perf_counter()
        _migration("0006_filter_totals").fill_filter_totals(connection)
        print(f"filter totals filled in {time.perf_counter() - started:.1f} s", flush=True)
        if connection.dialect.name == "postgresql":  # the ids given: move the sequences on
            for table in ("player", "match", "match_side"):
                connection.exec_driver_sql(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}"
                )
    # Matches in progress, the newest ones, made through the store.
    for number in range(IN_PROGRESS):
        template = templates[number % len(templates)]
        record = template["record"].model_copy(
            update={"hands": template["record"].hands[:10], "target": 1_000_000}
        )
        store.create_match(record)
    with engine.connect() as connection:
        connection.exec_driver_sql("ANALYZE")
        connection.commit()
    store.close()


def _migration(name: str) -> Any:
    """A migration module of the store, by file name (they are not importable by name)."""
    import canasta_scorer.store

    path = Path(canasta_scorer.store.__file__).parent / "migrations" / "versions" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"canasta_migration_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _postgres_url(base: str, count: int) -> tuple[str, bool]:
    """A URL whose connections work in schema ``scale_COUNT`` (made if missing), and
    whether it already holds a seeded store."""
    from sqlalchemy import create_engine, make_url, text

    schema = f"scale_{count}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{schema}"'))
            seeded = connection.execute(
                text(
                    "SELECT COUNT(*) FROM information_schema.tables"
                    " WHERE table_schema = :schema AND table_name = 'match'"
                ),
                {"schema": schema},
            ).scalar()
            if seeded:
                seeded = connection.execute(text(f'SELECT COUNT(*) FROM "{schema}".match')).scalar()
    finally:
        admin.dispose()
    url = make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
    return url.render_as_string(hide_password=False), bool(seeded)


def _median_ms(action: Callable[[int], object], runs: int) -> float:
    for warm in range(2):
        action(warm)
    times = []
    for run in range(runs):
        started = time.perf_counter()
        action(run)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def measure(url: str, count: int, runs: int, rng: random.Random) -> dict[str, float]:
    """Median milliseconds for list, open and save on a seeded store."""
    from canasta_scorer.store import Store

    store = Store.open(url)
    try:
        finished = [rng.randrange(1, count + 1) for _ in range(runs + 2)]
        deep = [rng.randrange(51, 151) for _ in range(runs + 2)]  # among the oldest
        going = [m.id for m in store.matches(status="in_progress", limit=IN_PROGRESS)]
        assert len(going) == IN_PROGRESS
        hand = _templates(random.Random(1))[0]["hand"]
        versions = {match_id: store.match(match_id).version for match_id in going}

        def save(run: int) -> None:
            match_id = going[run % len(going)]
            versions[match_id] = store.add_hand(match_id, hand, versions[match_id]).version

        listed = store.matches(limit=50)
        assert len(listed) == 50 and listed[-1].winner is not None
        return {
            "list": _median_ms(lambda _run: store.matches(limit=50), runs),
            "open": _median_ms(lambda run: store.match(finished[run]), runs),
            "save": _median_ms(save, runs),
            "list in progress": _median_ms(
                lambda _run: store.matches(limit=50, status="in_progress"), runs
            ),
            "list deep page": _median_ms(
                lambda run: store.matches(limit=50, before=deep[run]), runs
            ),
            "list by player": _median_ms(lambda _run: store.matches(limit=50, player="Ann"), runs),
            "list by player, none": _median_ms(
                lambda _run: store.matches(limit=50, player=NOBODY), runs
            ),
            "statistics": _median_ms(lambda _run: store.statistics(), max(3, runs // 4)),
            "statistics by player": _median_ms(
                lambda _run: store.statistics(player="Ann"), max(3, runs // 4)
            ),
            "statistics by player, none": _median_ms(
                lambda _run: store.statistics(player=NOBODY), max(3, runs // 4)
            ),
            "statistics finished": _median_ms(
                lambda _run: store.statistics(status="finished"), max(3, runs // 4)
            ),
            "statistics by variant": _median_ms(
                lambda _run: store.statistics(variant="classic"), max(3, runs // 4)
            ),
        }
    finally:
        store.close()


def explain(url: str) -> None:
    """Print SQLite's query plans for the store's statements of list, open and save."""
    from sqlalchemy import event

    from canasta_scorer.store import Store

    store = Store.open(url)
    statements: list[tuple[str, Any]] = []
    event.listen(
        store.engine,
        "before_cursor_execute",
        lambda _c, _cur, statement, parameters, _ctx, _many: statements.append(
            (statement, parameters)
        ),
    )
    going = store.matches(status="in_progress", limit=1)[0].id
    store.matches(limit=50)
    store.matches(limit=50, status="in_progress")
    store.matches(limit=50, before=100)
    store.matches(limit=50, player="Ann")
    store.matches(limit=50, player=NOBODY)
    store.statistics()
    store.statistics(player="Ann")
    store.match(1)
    store.add_hand(going, store.match(going).record.hands[0], store.match(going).version)
    seen = set()
    with store.engine.connect() as connection:
        for statement, parameters in statements:
            if not statement.lstrip().upper().startswith(("SELECT", "UPDATE", "DELETE")):
                continue
            if statement in seen:
                continue
            seen.add(statement)
            plan = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {statement}", parameters)
            print(" ".join(statement.split())[:160])
            for row in plan:
                print("    ", row[-1])
    store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1_000, 10_000, 100_000])
    parser.add_argument("--runs", type=int, default=20, help="timed runs per median")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best is kept")
    parser.add_argument("--folder", type=Path, help="where the databases go (default: temp)")
    parser.add_argument("--explain", action="store_true", help="print the query plans")
    parser.add_argument(
        "--db",
        default=os.environ.get("CANASTA_SCORER_TEST_PG") or None,
        help="a PostgreSQL URL to measure instead of SQLite (default: $CANASTA_SCORER_TEST_PG)",
    )
    parser.add_argument("--sqlite", action="store_true", help="SQLite even with the variable set")
    args = parser.parse_args()
    base = None if args.sqlite else args.db
    folder = args.folder or Path(tempfile.mkdtemp(prefix="canasta-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    results: dict[int, dict[str, float]] = {}
    urls: dict[int, str] = {}
    for count in args.sizes:
        path = folder / f"scale-{count}.db"
        if base:
            url, seeded = _postgres_url(base, count)
        else:
            url, seeded = f"sqlite:///{path}", path.exists()
        urls[count] = url
        if not seeded:
            started = time.perf_counter()
            seed(url, count, random.Random(count))
            where = f"({path.stat().st_size / 1e6:.0f} MB): {path}" if not base else "(PostgreSQL)"
            print(
                f"seeded {count:,} matches in {time.perf_counter() - started:.1f} s {where}",
                flush=True,
            )
        if args.explain and not base:
            explain(url)
    print("database:", "PostgreSQL" if base else "SQLite", flush=True)
    # Rounds over every size in turn; the best median of each: other work on the
    # machine only ever slows a round down.
    for round_ in range(args.rounds):
        for count in args.sizes:
            medians = measure(urls[count], count, args.runs, random.Random(round_))
            best = results.setdefault(count, medians)
            for name, value in medians.items():
                best[name] = min(best[name], value)
    names = list(next(iter(results.values())))
    sizes = list(results)
    small, large = min(sizes), max(sizes)
    print()
    print(f"median of {args.runs} runs (best of {args.rounds} rounds), ms")
    header = f"{'':28}" + "".join(f"{count:>12,}" for count in sizes)
    print(header + (f"{f'{large:,}/{small:,}':>16}" if small != large else ""))
    for name in names:
        line = f"{name:28}" + "".join(f"{results[count][name]:>12.2f}" for count in sizes)
        if small != large:
            line += f"{results[large][name] / results[small][name]:>15.2f}×"
        print(line)


if __name__ == "__main__":
    main()
