"""Django's configuration of the scoring app and of each of its features.

``scoring`` holds the models, their migrations and the static files. Each feature is a
Django app of its own without models (label ``scoring_<feature>``), so that its
management commands, template tags and admin are found in its own package, as Django
finds them in any app; ``INSTALLED_APPS`` lists them (``cinch_club/settings/base.py``).
"""

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Cinch scoring"

    def ready(self) -> None:
        # Connects the login signal that brings back a person's language.
        from scoring.core.http import language  # noqa: F401


class WordsConfig(AppConfig):
    name, label = "scoring.words", "scoring_words"


class ClubAdminConfig(admin_apps.AdminConfig):
    """Django's admin, on the site that asks for a director of the request's club."""

    default = False  # "scoring" in INSTALLED_APPS stays ScoringConfig
    default_site = "scoring.clubs.sites.ClubAdminSite"


class ClubsConfig(AppConfig):
    name, label = "scoring.clubs", "scoring_clubs"


class CoreConfig(AppConfig):
    name, label = "scoring.core", "scoring_core"


class HandsConfig(AppConfig):
    name, label = "scoring.hands", "scoring_hands"


class GamesConfig(AppConfig):
    name, label = "scoring.games", "scoring_games"


class PeopleConfig(AppConfig):
    name, label = "scoring.people", "scoring_people"


class LinksConfig(AppConfig):
    name, label = "scoring.links", "scoring_links"

    def ready(self) -> None:
        # How a code's address without /c/ finds its club (scoring.clubs.codes).
        from scoring.links import clubs  # noqa: F401


class TablegamesConfig(AppConfig):
    name, label = "scoring.tablegames", "scoring_tablegames"


class NightsConfig(AppConfig):
    name, label = "scoring.nights", "scoring_nights"


class ResultsConfig(AppConfig):
    name, label = "scoring.results", "scoring_results"


class AttendanceConfig(AppConfig):
    name, label = "scoring.attendance", "scoring_attendance"


class SeasonsConfig(AppConfig):
    name, label = "scoring.seasons", "scoring_seasons"


class LeaguesConfig(AppConfig):
    name, label = "scoring.leagues", "scoring_leagues"


class PrintingConfig(AppConfig):
    name, label = "scoring.printing", "scoring_printing"

    def ready(self) -> None:
        from scoring.nights.signals import schedule_made
        from scoring.printing.ahead import packet_ahead

        schedule_made.connect(packet_ahead, dispatch_uid="scoring-packet-ahead")


class RoomConfig(AppConfig):
    name, label = "scoring.room", "scoring_room"


class MailConfig(AppConfig):
    name, label = "scoring.mail", "scoring_mail"

    def ready(self) -> None:
        from scoring.mail import outbox
        from scoring.results.signals import night_closed

        night_closed.connect(outbox.queue_night, dispatch_uid="scoring-mail-night-closed")
