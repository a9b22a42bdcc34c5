"""URLs of the scoring app."""

from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
]
