"""The commands that read or write a club's rows: ``--club SLUG`` (the home club by
default) and the club's scope around the whole command."""

from django.core.management.base import BaseCommand, CommandError

from scoring.clubs.scopes import NoSuchClub, across_clubs, club_named, in_club


class ClubCommand(BaseCommand):
    """A command run as one club: ``--club SLUG``, else the home club."""

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument(
            "--club",
            metavar="SLUG",
            help="The club to work for (its slug); by default the home club.",
        )
        return parser

    def execute(self, *args, **options):
        try:
            club = club_named(options.get("club"))
        except NoSuchClub as error:
            raise CommandError(str(error)) from None
        with in_club(club):
            return super().execute(*args, **options)


class AcrossClubsCommand(BaseCommand):
    """A command over the whole database, every club's rows at once (a backup of the
    file, a whole database moved): it says so here, in its one place."""

    def execute(self, *args, **options):
        with across_clubs():
            return super().execute(*args, **options)
