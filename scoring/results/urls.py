"""The end of the night: standings, the pot and the cash, play-offs and tie-breaks,
closing, an early end; the members page."""

from django.urls import path

from scoring.results import views

urlpatterns = [
    path("nights/<int:pk>/standings/", views.night_standings, name="night-standings"),
    path(
        "nights/<int:pk>/standings.json",
        views.night_standings_json,
        name="night-standings-json",
    ),
    path("nights/<int:pk>/pot/", views.night_pot, name="night-pot"),
    path("nights/<int:pk>/cash/", views.night_cash, name="night-cash"),
    path(
        "nights/<int:pk>/playoffs/start/",
        views.night_playoffs_start,
        name="night-playoffs-start",
    ),
    path("nights/<int:pk>/tiebreak/", views.night_tiebreak, name="night-tiebreak"),
    path("nights/<int:pk>/close/", views.night_close, name="night-close"),
    path("nights/<int:pk>/reopen/", views.night_reopen, name="night-reopen"),
    path("nights/<int:pk>/end/", views.night_end_early, name="night-end-early"),
    path("nights/<int:pk>/end/undo/", views.night_end_early_undo, name="night-end-undo"),
    path("members/", views.member_list, name="member-list"),
]
