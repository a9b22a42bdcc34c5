"""Top-level URLs: the admin and the scoring app."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("scoring.urls")),
]
