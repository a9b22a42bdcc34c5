"""Settings for a developer's machine: `make run` uses these."""

from cinch_club import env

from .base import *  # noqa: F403

DEBUG = True if env.DEBUG is None else env.DEBUG
