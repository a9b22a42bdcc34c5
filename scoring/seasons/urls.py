"""Seasons and their ladder."""

from django.urls import path

from scoring.seasons import views

urlpatterns = [
    path("seasons/", views.season_list, name="season-list"),
    path("seasons/new/", views.season_create, name="season-create"),
    path("seasons/<int:pk>/", views.season_detail, name="season-detail"),
    path("seasons/<int:pk>/edit/", views.season_edit, name="season-edit"),
    path("seasons/<int:pk>/ladder.pdf", views.season_ladder_pdf, name="season-ladder"),
]
