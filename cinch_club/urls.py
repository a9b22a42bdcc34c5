"""Top-level URLs: the admin, login and logout, and the scoring app."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from scoring.core.http.language import SetLanguage
from scoring.people.views import password_change

# django.contrib.auth's accounts pages, less password reset: that mails a link, and the
# club has no mail server (a director sets a new password in the admin instead).
accounts = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password_change/", password_change, name="password_change"),
    path(
        "password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts)),
    # The language menu posts here (Django's set_language): the choice stays in its cookie.
    path("i18n/setlang/", SetLanguage.as_view(), name="set_language"),
    path("", include("scoring.urls")),
]
