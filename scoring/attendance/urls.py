"""A night's attendance, and the substitutes of a game."""

from django.urls import path

from scoring.attendance import views

urlpatterns = [
    path(
        "nights/<int:pk>/attendance/",
        views.night_attendance,
        name="night-attendance",
    ),
    path("games/<int:pk>/substitute/", views.substitute_add, name="substitute-add"),
    path(
        "substitutes/<int:pk>/delete/",
        views.substitute_remove,
        name="substitute-remove",
    ),
]
