"""The phones' pages: a pair's code (``/p/``), a game link (``/t/``), a scorer device
(``/d/``); the director's revoke of a table's links and the scorer devices."""

from django.urls import path, re_path

from scoring.links import views

# A game on a scorer device's code (``links.scorers``) or a pair's (``links.codes``), its
# number read as a night's is: at most 18 digits (a longer one finds no URL, a 404).
DEVICE_GAME = r"^d/(?P<token>[^/]+)/games/(?P<pk>[0-9]{1,18})"
PAIR_GAME = r"^p/(?P<token>[^/]+)/games/(?P<pk>[0-9]{1,18})"

urlpatterns = [
    path("games/<int:pk>/links/revoke/", views.game_links_revoke, name="game-links-revoke"),
    path("p/<str:token>/", views.pair_home, name="pair-home"),
    path("p/<str:token>/news/", views.pair_home_news, name="pair-news"),
    re_path(PAIR_GAME + r"/$", views.pair_game, name="pair-game"),
    re_path(PAIR_GAME + r"/result/$", views.pair_game_result, name="pair-game-result"),
    re_path(PAIR_GAME + r"/confirm/$", views.pair_game_confirm, name="pair-game-confirm"),
    re_path(PAIR_GAME + r"/dispute/$", views.pair_game_dispute, name="pair-game-dispute"),
    re_path(PAIR_GAME + r"/settled/$", views.pair_game_settled, name="pair-game-settled"),
    re_path(PAIR_GAME + r"/news/$", views.pair_game_news, name="pair-game-news"),
    path("t/<str:token>/", views.table_link, name="table-link"),
    path("t/<str:token>/result/", views.table_link_result, name="table-link-result"),
    path("t/<str:token>/confirm/", views.table_link_confirm, name="table-link-confirm"),
    path("t/<str:token>/dispute/", views.table_link_dispute, name="table-link-dispute"),
    path("t/<str:token>/news/", views.table_link_news, name="table-link-news"),
    path("t/<str:token>/settled/", views.table_link_settled, name="table-link-settled"),
    re_path(DEVICE_GAME + r"/$", views.device_game, name="device-game"),
    re_path(DEVICE_GAME + r"/result/$", views.device_game_result, name="device-game-result"),
    re_path(DEVICE_GAME + r"/confirm/$", views.device_game_confirm, name="device-game-confirm"),
    re_path(DEVICE_GAME + r"/settled/$", views.device_game_settled, name="device-game-settled"),
    re_path(DEVICE_GAME + r"/news/$", views.device_game_news, name="device-game-news"),
    path("nights/<int:pk>/scorer-devices/", views.device_add, name="night-device-add"),
    path("scorer-devices/<int:pk>/revoke/", views.device_revoke, name="device-revoke"),
]
