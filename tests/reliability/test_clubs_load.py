"""The benchmark of several servers over one database (``bench/clubs.py``, in ``make
bench`` at three clubs' nights of 20 tables) works: three clubs' nights of 2 tables at
once, each under its club's addresses, two gunicorn servers on two ports over one
PostgreSQL database, one worker, every phone's requests sent to both in turn; what it
stored is checked as the hall's benchmark checks it (nothing lost or doubled). On
PostgreSQL alone: the shape it measures is PostgreSQL's."""

import pytest

from bench import clubs

pytestmark = [pytest.mark.slow, pytest.mark.database, pytest.mark.postgres]


def test_two_servers_over_one_database_carry_three_clubs_nights_at_once(template):
    static = template.site.static_root or template.site.folder / "static"

    result = clubs.run(nights=3, tables=2, rounds=1, pause=(0.05, 0.2), static_root=static)

    assert (result.games, result.hands) == (6, 18)
    assert [len(night.timings.saves) for night in result.nights] == [6 + 2] * 3
    slugs = [night.slug for night in result.nights]
    assert len(set(slugs)) == 3
    paths = [line.split()[-2] for log in result.served for line in log]
    for slug in slugs:
        assert any(path.startswith(f"/c/{slug}/p/") for path in paths), slug
    assert all(log for log in result.served), "a server answered nothing"
    statuses = [line.split()[-1] for log in result.served for line in log]
    assert set(statuses) <= {"200", "302"}, statuses
