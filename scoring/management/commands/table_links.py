"""``manage.py table_links ID [--round R]``: each game's entry link per pair, one line
each, ``round table pair URL`` (a play-off's round and table are ``-``).

The links are absolute from ``--site`` (default: the ``SITE_URL`` setting): the address
the players' phones reach the site at.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from scoring.links.tokens import game_links
from scoring.models import Game, Night


class Command(BaseCommand):
    help = "Print every game's table link per pair: round table pair URL."

    def add_arguments(self, parser):
        parser.add_argument("night_id", type=int, metavar="ID", help="the night's id")
        parser.add_argument("--round", type=int, metavar="R", help="only this round's games")
        parser.add_argument(
            "--site", default=settings.SITE_URL, help="the site's address for phones (SITE_URL)"
        )

    def handle(self, *args, night_id, round, site, **options):
        if not Night.objects.filter(pk=night_id).exists():
            raise CommandError(f"No night with id {night_id}.")
        games = Game.objects.filter(night_id=night_id).order_by("is_playoff", "round", "table")
        if round is not None:
            games = games.filter(round=round)
            if not games:
                raise CommandError(f"Night {night_id} has no games in round {round}.")
        for game in games:
            for pair, path in game_links(game):
                where = f"{game.round or '-'} {game.table or '-'}"
                self.stdout.write(f"{where} {pair} {site.rstrip('/')}{path}")
