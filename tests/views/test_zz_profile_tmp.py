import cProfile
import pstats

import pytest

from scoring.models import Game
from scoring.table_links import link_path
from tests.factories import night_with_schedule

pytestmark = pytest.mark.django_db


def test_profile(client):
    night = night_with_schedule(40, confirm_results=True)
    game = Game.objects.get(night=night, round=1, table=1)
    path = link_path(game, game.pair_a)
    client.get(path)
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(30):
        client.get(path)
    prof.disable()
    st = pstats.Stats(prof)
    st.sort_stats("cumulative").print_stats(
        r"scoring/|loader_tags|django_tables2.*render|i18n.py|csrf|messages|middleware|csp|axes|simple_history|template/response",
        70,
    )
    st.sort_stats("tottime").print_stats(30)
