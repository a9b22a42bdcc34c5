"""URLs of the scoring app (names are a contract: other pages and commands reverse them)."""

from django.urls import path, re_path

from scoring.attendance import views as attendance_views
from scoring.core import text_size
from scoring.games import views as games_views
from scoring.links import views as links_views
from scoring.nights import views as nights_views
from scoring.people import views as people_views
from scoring.printing import views as printing_views
from scoring.results import views as results_views
from scoring.room import views as room_views
from scoring.seasons import views as seasons_views
from scoring.tablegames import views as tablegames_views

# A night's number: at most 18 digits, as scoring.rules.digits reads one, so a longer one
# finds no URL (404) instead of reaching a lookup that ``int`` refuses (a server error).
NIGHT = r"^nights/(?P<pk>[0-9]{1,18})"
PUBLIC_SHEET = NIGHT + r"/sheets/(?P<sheet>standings)"
# Sheets for scorers only: the payouts, and the sheets the room's staff hand out (the
# packet, the play-off sheets, the seating cards; the pair cards, ``night-pair-cards``).
SCORERS_SHEET = NIGHT + r"/sheets/(?P<sheet>packet|playoffs|tables|payouts)"
# A game on a scorer device's code (``links.scorers``), its number read as a night's is.
DEVICE_GAME = r"^d/(?P<token>[^/]+)/games/(?P<pk>[0-9]{1,18})"
# A game on a pair's code (``links.codes``), likewise.
PAIR_GAME = r"^p/(?P<token>[^/]+)/games/(?P<pk>[0-9]{1,18})"

app_name = "scoring"

urlpatterns = [
    path("", nights_views.home, name="home"),
    path("nights/new/", nights_views.night_create, name="night-create"),
    path("nights/import/", nights_views.night_import, name="night-import"),
    path("nights/<int:pk>/", nights_views.night_detail, name="night-detail"),
    path("nights/<int:pk>/draw/", nights_views.night_draw, name="night-draw"),
    path("nights/<int:pk>/draw/again/", nights_views.night_draw_again, name="night-draw-again"),
    path("nights/<int:pk>/swap/", nights_views.night_swap, name="night-swap"),
    path("nights/<int:pk>/schedule/", nights_views.night_schedule, name="night-schedule"),
    path("nights/<int:pk>/edit/", nights_views.night_edit, name="night-edit"),
    path("nights/<int:pk>/delete/", nights_views.night_delete, name="night-delete"),
    path("nights/<int:pk>/archive/", nights_views.night_archive, name="night-archive"),
    path("nights/<int:pk>/round/", room_views.round_board, name="night-round"),
    path(
        "nights/<int:pk>/round/<int:round>/confirm/",
        room_views.round_confirm,
        name="night-round-confirm",
    ),
    path("nights/<int:pk>/round/cards.pdf", room_views.round_cards, name="night-round-cards"),
    path("nights/<int:pk>/live/", room_views.projector, name="night-live"),
    path("nights/<int:pk>/file/", nights_views.night_file, name="night-file"),
    path("nights/<int:pk>/standings/", results_views.night_standings, name="night-standings"),
    path(
        "nights/<int:pk>/standings.json",
        results_views.night_standings_json,
        name="night-standings-json",
    ),
    path("nights/<int:pk>/pot/", results_views.night_pot, name="night-pot"),
    path("nights/<int:pk>/cash/", results_views.night_cash, name="night-cash"),
    path(
        "nights/<int:pk>/playoffs/start/",
        results_views.night_playoffs_start,
        name="night-playoffs-start",
    ),
    path("nights/<int:pk>/tiebreak/", results_views.night_tiebreak, name="night-tiebreak"),
    path("nights/<int:pk>/close/", results_views.night_close, name="night-close"),
    path("nights/<int:pk>/reopen/", results_views.night_reopen, name="night-reopen"),
    path("nights/<int:pk>/end/", results_views.night_end_early, name="night-end-early"),
    path("nights/<int:pk>/end/undo/", results_views.night_end_early_undo, name="night-end-undo"),
    path(
        "nights/<int:pk>/attendance/",
        attendance_views.night_attendance,
        name="night-attendance",
    ),
    path("members/", results_views.member_list, name="member-list"),
    path("games/<int:pk>/substitute/", attendance_views.substitute_add, name="substitute-add"),
    path(
        "substitutes/<int:pk>/delete/",
        attendance_views.substitute_remove,
        name="substitute-remove",
    ),
    path("seasons/", seasons_views.season_list, name="season-list"),
    path("seasons/new/", seasons_views.season_create, name="season-create"),
    path("seasons/<int:pk>/", seasons_views.season_detail, name="season-detail"),
    path("seasons/<int:pk>/edit/", seasons_views.season_edit, name="season-edit"),
    path("seasons/<int:pk>/ladder.pdf", seasons_views.season_ladder_pdf, name="season-ladder"),
    path("people/", people_views.people_page, name="people"),
    path("people/<int:pk>/disable/", people_views.person_disable, name="person-disable"),
    path("people/<int:pk>/enable/", people_views.person_enable, name="person-enable"),
    path("people/<int:pk>/remove/", people_views.person_remove, name="person-remove"),
    path("text-size/", text_size.text_size, name="text-size"),
    path("games/<int:pk>/", games_views.game_detail, name="game-detail"),
    path("games/<int:pk>/result/", games_views.game_result, name="game-result"),
    path("games/<int:pk>/result/clear/", games_views.game_result_clear, name="game-result-clear"),
    path("games/<int:pk>/reopen/", games_views.game_reopen, name="game-reopen"),
    path("games/<int:pk>/confirm/", games_views.game_confirm, name="game-confirm"),
    path("games/<int:pk>/links/revoke/", games_views.game_links_revoke, name="game-links-revoke"),
    path("p/<str:token>/", links_views.pair_home, name="pair-home"),
    path("p/<str:token>/news/", links_views.pair_home_news, name="pair-news"),
    re_path(PAIR_GAME + r"/$", links_views.pair_game, name="pair-game"),
    re_path(PAIR_GAME + r"/result/$", links_views.pair_game_result, name="pair-game-result"),
    re_path(PAIR_GAME + r"/confirm/$", links_views.pair_game_confirm, name="pair-game-confirm"),
    re_path(PAIR_GAME + r"/dispute/$", links_views.pair_game_dispute, name="pair-game-dispute"),
    re_path(PAIR_GAME + r"/settled/$", links_views.pair_game_settled, name="pair-game-settled"),
    re_path(PAIR_GAME + r"/news/$", links_views.pair_game_news, name="pair-game-news"),
    path("t/<str:token>/", links_views.table_link, name="table-link"),
    path("t/<str:token>/result/", links_views.table_link_result, name="table-link-result"),
    path("t/<str:token>/confirm/", links_views.table_link_confirm, name="table-link-confirm"),
    path("t/<str:token>/dispute/", links_views.table_link_dispute, name="table-link-dispute"),
    path("t/<str:token>/news/", links_views.table_link_news, name="table-link-news"),
    path("t/<str:token>/settled/", links_views.table_link_settled, name="table-link-settled"),
    path("d/<str:token>/", links_views.device_home, name="device-home"),
    re_path(DEVICE_GAME + r"/$", links_views.device_game, name="device-game"),
    re_path(DEVICE_GAME + r"/result/$", links_views.device_game_result, name="device-game-result"),
    re_path(
        DEVICE_GAME + r"/confirm/$", links_views.device_game_confirm, name="device-game-confirm"
    ),
    re_path(
        DEVICE_GAME + r"/settled/$", links_views.device_game_settled, name="device-game-settled"
    ),
    re_path(DEVICE_GAME + r"/news/$", links_views.device_game_news, name="device-game-news"),
    path("nights/<int:pk>/scorer-devices/", links_views.device_add, name="night-device-add"),
    path("scorer-devices/<int:pk>/revoke/", links_views.device_revoke, name="device-revoke"),
    path(
        "games/<int:pk>/done-correcting/",
        games_views.game_done_correcting,
        name="game-done-correcting",
    ),
    path(
        "history/hands/<int:history_id>/restore/",
        games_views.hand_restore,
        name="hand-restore",
    ),
    path(
        "history/games/<int:history_id>/restore/",
        games_views.result_restore,
        name="result-restore",
    ),
    path("hands/<int:pk>/edit/", games_views.hand_edit, name="hand-edit"),
    path("hands/<int:pk>/delete/", games_views.hand_delete, name="hand-delete"),
    path("tables/", tablegames_views.table_list, name="table-list"),
    path("tables/new/", tablegames_views.table_create, name="table-create"),
    path("tables/import/", tablegames_views.table_import, name="table-import"),
    path("tables/<int:pk>/", tablegames_views.table_detail, name="table-detail"),
    path("tables/<int:pk>/file/", tablegames_views.table_file, name="table-file"),
    path("tables/<int:pk>/sheet.pdf", tablegames_views.table_sheet, name="table-sheet"),
    path(
        "tables/<int:pk>/sheet/", tablegames_views.table_sheet_preview, name="table-sheet-preview"
    ),
    path("table-hands/<int:pk>/edit/", tablegames_views.table_hand_edit, name="table-hand-edit"),
    path(
        "table-hands/<int:pk>/delete/", tablegames_views.table_hand_delete, name="table-hand-delete"
    ),
    # The pair cards carry each pair's code: for the staff, rendered for each request.
    re_path(NIGHT + r"/sheets/pairs\.pdf$", printing_views.pair_cards, name="night-pair-cards"),
    re_path(PUBLIC_SHEET + r"\.pdf$", printing_views.sheet_pdf, name="night-sheet"),
    re_path(PUBLIC_SHEET + r"/$", printing_views.sheet_preview, name="night-sheet-preview"),
    re_path(SCORERS_SHEET + r"\.pdf$", printing_views.scorers_pdf, name="night-scorers-sheet"),
    re_path(
        SCORERS_SHEET + r"/$", printing_views.scorers_preview, name="night-scorers-sheet-preview"
    ),
]
