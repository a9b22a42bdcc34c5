"""The admin site of a club (a module of its own: ``ClubAdminConfig.default_site`` names
it, and the site is made before any model is registered on it)."""

from django.contrib import admin

from scoring.clubs.roles import is_director


class ClubAdminSite(admin.AdminSite):
    """Django's admin site, for a director of the request's club or the host."""

    def has_permission(self, request) -> bool:
        user = request.user
        return user.is_active and user.is_staff and is_director(user)
