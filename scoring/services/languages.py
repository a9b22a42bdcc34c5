"""A person's language, kept in their profile when they pick one in the menu."""

from scoring.models import Profile


def language_keep(*, user, language: str) -> Profile:
    """Keep ``language`` (one of ``LANGUAGES``) as ``user``'s: it applies again when they
    log in on another device or in a new session."""
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"language": language})
    return profile
