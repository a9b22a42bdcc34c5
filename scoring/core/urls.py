"""The pages every feature shares: the text size."""

from django.urls import path

from scoring.core.http import text_size

urlpatterns = [
    path("text-size/", text_size.text_size, name="text-size"),
]
