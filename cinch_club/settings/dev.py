"""Settings for a developer's machine: `make run` uses these."""

from cinch_club import env

from .base import *  # noqa: F403

DEBUG = True if env.DEBUG is None else env.DEBUG

# Report what the policy would refuse (the browser's console says), refuse nothing: the
# debug pages Django shows here are inline scripts and styles.
CONTENT_SECURITY_POLICY_REPORT_ONLY = CONTENT_SECURITY_POLICY  # noqa: F405
CONTENT_SECURITY_POLICY = None
