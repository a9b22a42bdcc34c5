"""The club's records: members, nights, drawn numbers, games and hands.

Models store what was entered and the totals the rules core computed from it; they never
score. A game's ``score_*``, ``cinches_*``, ``winner`` and ``money_bid`` are written by
``scoring.services`` from ``scoring.rules`` each time a hand or result changes, so pages
read totals instead of re-folding hands; the hands stay the record and the totals can
always be rebuilt from them. Every change to a night, seat, game or hand is kept by
django-simple-history (who, when, before and after).

Vocabulary: a *night* seats drawn *numbers*; numbers 2k-1 and 2k form *pair* k; pairs
meet in *games* (a *round* and a *table*, or a *play-off*); a game is a run of *hands*.
"""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Greatest, Least
from simple_history.models import HistoricalRecords

from scoring.rules.names import name_key, normal_name
from scoring.rules.night import night_variant_ids
from scoring.rules.pot import MoneySettings
from scoring.rules.standings import PEGS, PLAYOFF
from scoring.rules.variants import get_variant

Variant = models.TextChoices(
    "Variant", [(vid.upper(), (vid, get_variant(vid).name)) for vid in night_variant_ids()]
)


class Paper(models.TextChoices):
    LETTER = "letter", "Letter"
    A4 = "a4", "A4"


class Tiebreak(models.TextChoices):
    PLAYOFF = PLAYOFF, "Play-off games"
    PEGS = PEGS, "Peg difference, then pegs for"


DEFAULT_MONEY = MoneySettings()


def money_field(default: Decimal, **options) -> models.DecimalField:
    return models.DecimalField(
        max_digits=12,
        decimal_places=4,
        default=default,
        validators=[MinValueValidator(Decimal(0))],
        **options,
    )


def default_split() -> list[str]:
    return [str(share) for share in DEFAULT_MONEY.split]


class Member(models.Model):
    """A club player, who may play many nights."""

    name = models.CharField(max_length=100, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """The admin's check: the name in its normal form, no other member's look-alike."""
        try:
            self.name = normal_name(self.name)
        except ValueError as error:
            raise ValidationError({"name": f"The name {error}."}) from None
        key = name_key(self.name)
        twin = next(
            (m for m in Member.objects.exclude(pk=self.pk) if name_key(m.name) == key), None
        )
        if twin is not None:
            raise ValidationError({"name": f"{twin.name} is a member already."})


class Night(models.Model):
    """One round-robin evening: its variant, tie-break and money settings."""

    name = models.CharField(max_length=100)
    date = models.DateField()
    variant = models.CharField(max_length=20, choices=Variant.choices, default=Variant.CLUB11)
    tiebreak = models.CharField(max_length=10, choices=Tiebreak.choices, default=Tiebreak.PLAYOFF)
    entry_fee = money_field(DEFAULT_MONEY.entry_fee)
    loss_fee = money_field(DEFAULT_MONEY.loss_fee)
    cinch_fee = money_field(DEFAULT_MONEY.cinch_fee)
    booby_prize = money_field(DEFAULT_MONEY.booby_prize)
    split = models.JSONField(default=default_split, help_text="Shares of places 1, 2, 3 …")
    unit = money_field(DEFAULT_MONEY.unit, help_text="Payouts are rounded down to this.")
    paper = models.CharField(
        max_length=10, choices=Paper.choices, default=Paper.LETTER, help_text="For printed sheets."
    )
    drawn_at = models.DateTimeField(null=True, blank=True)
    is_final = models.BooleanField(
        default=False,
        help_text="A director closed the night: nothing changes until a director re-opens it.",
    )
    archived = models.BooleanField(
        default=False,
        help_text="Hidden from the lists of nights, kept in the season (members' records).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    form_token = models.UUIDField(
        null=True,
        blank=True,
        unique=True,
        editable=False,
        help_text="The token of the form that made it: the same form posted again finds it.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(unit__gt=0), name="night_unit_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%Y-%m-%d})"

    @property
    def rules_variant(self):
        return get_variant(self.variant)


class Seat(models.Model):
    """A number drawn by a member for a night; numbers 2k-1 and 2k form pair k."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="seats")
    history = HistoricalRecords()

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="seat_number_unique"),
            models.UniqueConstraint(fields=["night", "member"], name="seat_member_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="seat_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.member}"

    @property
    def pair(self) -> int:
        return (self.number + 1) // 2


class Game(models.Model):
    """Two pairs at a table in a round (or a play-off), with the totals of its hands."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField(null=True, blank=True)
    table = models.PositiveSmallIntegerField(null=True, blank=True)
    is_playoff = models.BooleanField(default=False)
    pair_a = models.PositiveSmallIntegerField()
    pair_b = models.PositiveSmallIntegerField()
    score_a = models.IntegerField(default=0)
    score_b = models.IntegerField(default=0)
    cinches_a = models.PositiveSmallIntegerField(default=0)
    cinches_b = models.PositiveSmallIntegerField(default=0)
    winner = models.PositiveSmallIntegerField(null=True, blank=True)
    money_bid = models.BooleanField(default=False)
    from_pegboard = models.BooleanField(
        default=False, help_text="The final result was typed from the pegboard, not by hand."
    )
    reopened = models.BooleanField(
        default=False, help_text="A director re-opened the finished game for corrections."
    )
    version = models.PositiveIntegerField(default=1)
    history = HistoricalRecords()

    class Meta:
        ordering = ["night", "is_playoff", "round", "table", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "round", "table"],
                condition=models.Q(is_playoff=False),
                name="game_table_unique_in_round",
            ),
            models.UniqueConstraint(
                models.F("night"),
                Least("pair_a", "pair_b"),
                Greatest("pair_a", "pair_b"),
                condition=models.Q(is_playoff=False),
                name="game_pairs_meet_once",
            ),
            models.CheckConstraint(
                condition=models.Q(pair_a__gte=1, pair_b__gte=1)
                & ~models.Q(pair_a=models.F("pair_b")),
                name="game_two_pairs",
            ),
            models.CheckConstraint(
                condition=models.Q(is_playoff=True) | models.Q(round__gte=1, table__gte=1),
                name="game_seated_unless_playoff",
            ),
            models.CheckConstraint(
                condition=models.Q(winner__isnull=True)
                | models.Q(winner=models.F("pair_a"))
                | models.Q(winner=models.F("pair_b")),
                name="game_winner_plays",
            ),
        ]

    def __str__(self) -> str:
        where = "play-off" if self.is_playoff else f"round {self.round}, table {self.table}"
        return f"{where}: pair {self.pair_a} v pair {self.pair_b}"

    @property
    def pairs(self) -> tuple[int, int]:
        return self.pair_a, self.pair_b

    @property
    def finished(self) -> bool:
        return self.winner is not None

    @property
    def started(self) -> bool:
        return self.from_pegboard or self.score_a or self.score_b or self.winner is not None


class Hand(models.Model):
    """One hand as typed from the score sheet: card by card, or points per pair."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    position = models.PositiveSmallIntegerField()
    passed = models.BooleanField(default=False)
    bidder = models.PositiveSmallIntegerField(null=True, blank=True)
    bid = models.PositiveSmallIntegerField(null=True, blank=True)
    money = models.BooleanField(default=False)
    revoke = models.PositiveSmallIntegerField(null=True, blank=True)
    cards = models.JSONField(
        null=True, blank=True, help_text="Who took each scoring card: {card: pair or null}."
    )
    points = models.JSONField(null=True, blank=True, help_text="Points per pair, in game order.")
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="hand_position_unique"),
        ]

    def __str__(self) -> str:
        return f"hand {self.position} of {self.game}"
