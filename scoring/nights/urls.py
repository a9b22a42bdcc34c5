"""The nights list, a night's making (new, imported, drawn, scheduled, edited) and its file."""

from django.urls import path

from scoring.nights import views

urlpatterns = [
    path("", views.home, name="home"),
    path("nights/new/", views.night_create, name="night-create"),
    path("nights/import/", views.night_import, name="night-import"),
    path("nights/<int:pk>/", views.night_detail, name="night-detail"),
    path("nights/<int:pk>/draw/", views.night_draw, name="night-draw"),
    path("nights/<int:pk>/draw/again/", views.night_draw_again, name="night-draw-again"),
    path("nights/<int:pk>/swap/", views.night_swap, name="night-swap"),
    path("nights/<int:pk>/schedule/", views.night_schedule, name="night-schedule"),
    path("nights/<int:pk>/edit/", views.night_edit, name="night-edit"),
    path("nights/<int:pk>/delete/", views.night_delete, name="night-delete"),
    path("nights/<int:pk>/archive/", views.night_archive, name="night-archive"),
    path("nights/<int:pk>/file/", views.night_file, name="night-file"),
]
