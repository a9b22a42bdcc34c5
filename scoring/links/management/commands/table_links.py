"""``manage.py table_links ID [--round R] [--pairs] [--site URL]``: each game's entry link
per pair, one line each, ``round table pair URL`` (a play-off's round and table are
``-``); with ``--pairs``, each pair's code instead, ``pair URL``, as its card prints it.

The addresses are those the running hall accepts: beside a running ``make hall``, its
address and its secret key (``cinch_club.env``); else ``--site`` or ``SITE_URL``. With
none of them the command refuses, as the codes would point at this machine alone.
"""

from django.core.management.base import CommandError
from django.test import override_settings

from scoring.clubs.commands import ClubCommand
from scoring.core.ui.command_io import phones_address
from scoring.links import codes
from scoring.links.tokens import game_links
from scoring.models import Game, Night


class Command(ClubCommand):
    help = "Print every game's table link per pair (round table pair URL), or each pair's code."

    def add_arguments(self, parser):
        parser.add_argument("night_id", type=int, metavar="ID", help="the night's id")
        parser.add_argument("--round", type=int, metavar="R", help="only this round's games")
        parser.add_argument("--pairs", action="store_true", help="each pair's code instead")
        parser.add_argument("--site", help="the site's address for phones (default: SITE_URL)")

    def handle(self, *args, night_id, round, pairs, site, **options):
        night = Night.objects.filter(pk=night_id).first()
        if night is None:
            raise CommandError(f"No night with id {night_id}.")
        site = phones_address(site)
        with override_settings(SITE_URL=site):
            if pairs:
                for pair, code in sorted(codes.night_codes(night).items()):
                    self.stdout.write(f"{pair} {codes.code_url(code)}")
                return
            games = Game.objects.filter(night=night).order_by("is_playoff", "round", "table")
            if round is not None:
                games = games.filter(round=round)
                if not games:
                    raise CommandError(f"Night {night_id} has no games in round {round}.")
            for game in games:
                for pair, path in game_links(game):
                    where = f"{game.round or '-'} {game.table or '-'}"
                    self.stdout.write(f"{where} {pair} {site}{path}")
