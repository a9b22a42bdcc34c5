"""A game's page, its result, its hands and their corrections and restores."""

from django.urls import path

from scoring.games import views

urlpatterns = [
    path("games/<int:pk>/", views.game_detail, name="game-detail"),
    path("games/<int:pk>/result/", views.game_result, name="game-result"),
    path("games/<int:pk>/result/clear/", views.game_result_clear, name="game-result-clear"),
    path("games/<int:pk>/reopen/", views.game_reopen, name="game-reopen"),
    path("games/<int:pk>/confirm/", views.game_confirm, name="game-confirm"),
    path(
        "games/<int:pk>/done-correcting/",
        views.game_done_correcting,
        name="game-done-correcting",
    ),
    path(
        "history/hands/<int:history_id>/restore/",
        views.hand_restore,
        name="hand-restore",
    ),
    path(
        "history/games/<int:history_id>/restore/",
        views.result_restore,
        name="result-restore",
    ),
    path("hands/<int:pk>/edit/", views.hand_edit, name="hand-edit"),
    path("hands/<int:pk>/delete/", views.hand_delete, name="hand-delete"),
]
