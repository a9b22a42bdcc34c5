"""Leagues in the admin: the host's (a superuser's) alone, as the clubs are."""

from django.contrib import admin

from scoring.clubs.admin import HostOnly
from scoring.models import League


@admin.register(League)
class LeagueAdmin(HostOnly, admin.ModelAdmin):
    list_display = ["name", "slug", "first_date", "last_date", "best"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["clubs"]
