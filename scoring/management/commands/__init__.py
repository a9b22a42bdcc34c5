"""One module per ``manage.py`` command of the whole database. Each says what it does."""
