"""The room on the night: the round board, the round's table cards, the projector, and a
scorer device's first page."""

from django.urls import path

from scoring.room import views

urlpatterns = [
    path("nights/<int:pk>/round/", views.round_board, name="night-round"),
    path(
        "nights/<int:pk>/round/<int:round>/confirm/",
        views.round_confirm,
        name="night-round-confirm",
    ),
    path("nights/<int:pk>/round/cards.pdf", views.round_cards, name="night-round-cards"),
    path("nights/<int:pk>/live/", views.projector, name="night-live"),
    path("d/<str:token>/", views.device_home, name="device-home"),
]
