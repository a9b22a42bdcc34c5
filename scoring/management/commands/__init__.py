"""One module per `manage.py` command: import, export and print a night, back up the
database, load the demo. Each says what it does."""
