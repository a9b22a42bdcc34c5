"""The scoring app's `manage.py` commands."""
