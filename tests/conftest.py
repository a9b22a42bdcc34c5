"""Shared pytest fixtures for the whole suite (none yet).

There is deliberately no tests/__init__.py: pytest finds this rootdir conftest and
pytest-django puts the project root on sys.path.
"""
