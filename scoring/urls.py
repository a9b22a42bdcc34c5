"""URLs of the scoring app: each feature's own, under one namespace (names are a contract:
other pages and commands reverse them as ``scoring:<name>``)."""

from django.urls import include, path

app_name = "scoring"

urlpatterns = [
    path("", include("scoring.nights.urls")),
    path("", include("scoring.room.urls")),
    path("", include("scoring.results.urls")),
    path("", include("scoring.attendance.urls")),
    path("", include("scoring.seasons.urls")),
    path("", include("scoring.leagues.urls")),
    path("", include("scoring.people.urls")),
    path("", include("scoring.core.urls")),
    path("", include("scoring.games.urls")),
    path("", include("scoring.links.urls")),
    path("", include("scoring.tablegames.urls")),
    path("", include("scoring.printing.urls")),
    path("", include("scoring.mail.urls")),
]
