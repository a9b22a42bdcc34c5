"""The site's own ``manage.py`` commands, those of the whole database: back it up and
restore it, export and import the club, load and remove the demo, check the hall's set-up.
A feature's commands are in its own package (``scoring/<feature>/management/``)."""
