"""Settings modules, chosen by DJANGO_SETTINGS_MODULE: dev, test or prod (each extends base)."""
