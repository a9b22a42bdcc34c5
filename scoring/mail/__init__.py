"""Each player's night by e-mail: a member's address and their own yes to it, the
message each player who said yes gets when a night is final, and the outbox that sends
them through the task queue, once each, whenever a mail server can be reached.

- ``tokens``: the signed links a member opens without signing in (yes, stop).
- ``services``: the director's address and language, the invitation, the member's yes
  and stop.
- ``figures``: a player's night (place, games won and lost, paid and won, the ladder)
  from the results' and the seasons' selectors: the rules core's figures, never
  computed here.
- ``messages``: the e-mails themselves, plain text and HTML, in the member's language.
- ``outbox``: the rows queued when a night is final and the task that sends them.

Vocabulary: a member *asks* for their nights (``Member.mail_since``) and may *stop*
them; a message is *to send*, *sent*, or *refused by the server*.
"""
