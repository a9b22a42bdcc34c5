"""The admin's rights of a club's director: every right on the club's rows (the models
of the ``scoring`` app, which the admin shows under the club's scope), none on the clubs,
their roles and the leagues (the host's, a superuser's) nor on the logins."""

from scoring.clubs.roles import is_director

HOST_MODELS = ("club", "clubrole", "league")


class ClubDirectorBackend:
    """Authenticates no one: answers ``has_perm`` for the request's club's directors."""

    def authenticate(self, request, **credentials):
        return None

    def has_perm(self, user_obj, perm, obj=None) -> bool:
        app, _, codename = perm.partition(".")
        if app != "scoring" or codename.endswith(HOST_MODELS):
            return False
        return user_obj.is_active and user_obj.is_staff and is_director(user_obj)

    def has_module_perms(self, user_obj, app_label) -> bool:
        return app_label == "scoring" and user_obj.is_active and is_director(user_obj)
