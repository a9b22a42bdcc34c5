"""A league's page and its ladder's file, at ``/l/<slug>/`` (outside every club)."""

from django.urls import path

from scoring.leagues import views

urlpatterns = [
    path("l/<slug:slug>/", views.league_detail, name="league-detail"),
    path("l/<slug:slug>/league.json", views.league_json, name="league-json"),
]
