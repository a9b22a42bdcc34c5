"""What the nights tell the features above them, which they may not import: a feature
that acts on a night's change connects a receiver in its app's ``ready``."""

from django.dispatch import Signal

# A night's schedule is stored (sent once its transaction commits), with ``night``: the
# sheets of the draw it prints are known from now on (``printing.ahead``).
schedule_made = Signal()
