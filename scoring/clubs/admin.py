"""The admin: a club's rows for its directors (``/c/<slug>/admin/``, under the club's
scope, like every page), the clubs and their roles for the host (a superuser)."""

from django.contrib import admin

from scoring.models import Club, ClubRole


class ClubRoleInline(admin.TabularInline):
    model = ClubRole
    extra = 1
    autocomplete_fields = ["user"]


class HostOnly:
    """Only the host (a superuser) sees and changes clubs and roles."""

    def has_module_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    has_change_permission = has_add_permission = has_delete_permission = has_view_permission


@admin.register(Club)
class ClubAdmin(HostOnly, admin.ModelAdmin):
    list_display = ["name", "slug", "currency_sign", "public_pages", "language"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [ClubRoleInline]


@admin.register(ClubRole)
class ClubRoleAdmin(HostOnly, admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["club", "role"]
    autocomplete_fields = ["user"]
