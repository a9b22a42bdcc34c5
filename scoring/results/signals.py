"""What the end of the night tells the features above it, which it may not import: a
feature that acts on it connects a receiver in its app's ``ready``."""

from django.dispatch import Signal

# A night is marked final (sent inside the transaction that marks it, with ``night``):
# what a receiver writes commits or rolls back with the night's closing (the players'
# e-mails, ``mail.outbox``).
night_closed = Signal()
