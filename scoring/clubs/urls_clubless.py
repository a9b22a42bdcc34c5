"""``scoring.clubs.urls.clubless`` as a URL module (``request.urlconf`` names a module)."""

from scoring.clubs.urls import clubless as urlpatterns  # noqa: F401
