"""`manage.py import_night`, `export_night` and `load_demo`."""
