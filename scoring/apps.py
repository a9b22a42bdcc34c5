"""Django app configuration for the scoring app."""

from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Cinch scoring"

    def ready(self) -> None:
        # Connects the login signal that brings back a person's language.
        from scoring.core import language  # noqa: F401
