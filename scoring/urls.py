"""URLs of the scoring app (names are a contract: other pages and commands reverse them)."""

from django.urls import path, re_path

from scoring import (
    correction_views,
    live_views,
    night_edit_views,
    people_views,
    print_views,
    results_views,
    text_size,
    views,
)

PUBLIC_SHEET = r"^nights/(?P<pk>[0-9]+)/sheets/(?P<sheet>packet|playoffs|tables|pairs|standings)"
PAYOUT_SHEET = r"^nights/(?P<pk>[0-9]+)/sheets/(?P<sheet>payouts)"

app_name = "scoring"

urlpatterns = [
    path("", views.home, name="home"),
    path("nights/new/", views.night_create, name="night-create"),
    path("nights/import/", views.night_import, name="night-import"),
    path("nights/<int:pk>/", views.night_detail, name="night-detail"),
    path("nights/<int:pk>/draw/", views.night_draw, name="night-draw"),
    path("nights/<int:pk>/draw/again/", views.night_draw_again, name="night-draw-again"),
    path("nights/<int:pk>/swap/", views.night_swap, name="night-swap"),
    path("nights/<int:pk>/schedule/", views.night_schedule, name="night-schedule"),
    path("nights/<int:pk>/edit/", night_edit_views.night_edit, name="night-edit"),
    path("nights/<int:pk>/delete/", night_edit_views.night_delete, name="night-delete"),
    path("nights/<int:pk>/archive/", night_edit_views.night_archive, name="night-archive"),
    path("nights/<int:pk>/round/", live_views.round_board, name="night-round"),
    path("nights/<int:pk>/live/", live_views.projector, name="night-live"),
    path("nights/<int:pk>/file/", views.night_file, name="night-file"),
    path("nights/<int:pk>/standings/", results_views.night_standings, name="night-standings"),
    path(
        "nights/<int:pk>/standings.json",
        results_views.night_standings_json,
        name="night-standings-json",
    ),
    path("nights/<int:pk>/pot/", results_views.night_pot, name="night-pot"),
    path(
        "nights/<int:pk>/playoffs/start/",
        results_views.night_playoffs_start,
        name="night-playoffs-start",
    ),
    path("nights/<int:pk>/tiebreak/", results_views.night_tiebreak, name="night-tiebreak"),
    path("nights/<int:pk>/close/", results_views.night_close, name="night-close"),
    path("nights/<int:pk>/reopen/", results_views.night_reopen, name="night-reopen"),
    path("members/", results_views.member_list, name="member-list"),
    path("people/", people_views.people_page, name="people"),
    path("text-size/", text_size.text_size, name="text-size"),
    path("games/<int:pk>/", views.game_detail, name="game-detail"),
    path("games/<int:pk>/result/", views.game_result, name="game-result"),
    path("games/<int:pk>/result/clear/", views.game_result_clear, name="game-result-clear"),
    path("games/<int:pk>/reopen/", views.game_reopen, name="game-reopen"),
    path(
        "games/<int:pk>/done-correcting/",
        correction_views.game_done_correcting,
        name="game-done-correcting",
    ),
    path(
        "history/hands/<int:history_id>/restore/",
        correction_views.hand_restore,
        name="hand-restore",
    ),
    path(
        "history/games/<int:history_id>/restore/",
        correction_views.result_restore,
        name="result-restore",
    ),
    path("hands/<int:pk>/edit/", views.hand_edit, name="hand-edit"),
    path("hands/<int:pk>/delete/", views.hand_delete, name="hand-delete"),
    re_path(PUBLIC_SHEET + r"\.pdf$", print_views.sheet_pdf, name="night-sheet"),
    re_path(PUBLIC_SHEET + r"/$", print_views.sheet_preview, name="night-sheet-preview"),
    re_path(PAYOUT_SHEET + r"\.pdf$", print_views.payout_pdf, name="night-payouts"),
    re_path(PAYOUT_SHEET + r"/$", print_views.payout_preview, name="night-payouts-preview"),
]
