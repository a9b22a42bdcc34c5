"""The club's records: members, nights, drawn numbers, games and hands.

Models store what was entered and the totals the rules core computed from it; they never
score. A game's ``score_*``, ``cinches_*``, ``winner`` and ``money_bid`` are written by
the features' services from ``scoring.rules`` each time a hand or result changes, so pages
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
from django.db.models import Q
from django.db.models.functions import Greatest, Least
from django.utils.translation import gettext, gettext_lazy
from django_scopes import ScopedManager, get_scope
from simple_history.models import HistoricalRecords

from scoring.rules.names import name_key, normal_name
from scoring.rules.night.reading import night_variant_ids
from scoring.rules.pot import MoneySettings
from scoring.rules.standings import PEGS, PLAYOFF
from scoring.rules.table import table_variants
from scoring.rules.variants import get_variant
from scoring.words.dates import spoken_date
from scoring.words.problems import name_refused

# The variants' names in the page's language (the catalogue has them: game_words).
Variant = models.TextChoices(
    "Variant",
    [(vid.upper(), (vid, gettext_lazy(get_variant(vid).name))) for vid in night_variant_ids()],
)


class Paper(models.TextChoices):
    LETTER = "letter", gettext_lazy("Letter")
    A4 = "a4", "A4"


class Tiebreak(models.TextChoices):
    PLAYOFF = PLAYOFF, gettext_lazy("Play-off games")
    PEGS = PEGS, gettext_lazy("Peg difference, then pegs for")


DEFAULT_MONEY = MoneySettings()


def language_field(none: str, **options) -> models.CharField:
    """One of the site's languages (``LANGUAGES``: English and French), or ``none`` (the
    words of the empty choice: whose language applies then)."""
    choices = [("", none), *settings.LANGUAGES]
    return models.CharField(max_length=10, choices=choices, blank=True, default="", **options)


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


# --- clubs: who owns the rows ------------------------------------------------------------


def current_club_id():
    """The active scope's club (django-scopes): the default ``club`` of every row a club
    owns, so ``Member.objects.create(name=...)`` inside a club's scope lands in that club.
    No scope: ``None``, and the database refuses the row."""
    club = get_scope().get("club")
    return getattr(club, "pk", club)


class ClubQuerySet(models.QuerySet):
    def home(self):
        """The club of the addresses without ``/c/<slug>/``: ``HOME_CLUB``'s slug, else the
        only club; ``None`` on a site of several clubs that names none."""
        slug = getattr(settings, "HOME_CLUB", "")
        if slug:
            return self.filter(slug=slug).first()
        clubs = list(self.order_by("pk")[:2])
        return clubs[0] if len(clubs) == 1 else None


class PublicPages(models.TextChoices):
    ALL = "all", gettext_lazy("Every page but the payouts")
    STANDINGS = "standings", gettext_lazy("The standings, no money")
    NONE = "none", gettext_lazy("Nothing: the login page only")


def club_money_field(**options) -> models.DecimalField:
    return models.DecimalField(
        max_digits=12,
        decimal_places=4,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
        help_text=gettext_lazy("Empty: the site's default."),
        **options,
    )


class Club(models.Model):
    """A club on the site: it owns its members, nights, seasons and tables, and its
    people's roles (``ClubRole``). Its settings left blank are the deployment's
    (``CLUB_NAME`` aside, which names a new club: ``CINCH_CURRENCY_SIGN``,
    ``PUBLIC_PAGES``, ``LANGUAGE_CODE``, the money defaults of ``rules.pot``), read in one
    place: ``Club.setting``. Its pages are under ``/c/<slug>/`` (``scoring.clubs``)."""

    slug = models.SlugField(max_length=50, unique=True)
    name = models.CharField(max_length=100)
    currency_sign = models.CharField(
        max_length=5, blank=True, help_text=gettext_lazy("Empty: the site's default.")
    )
    public_pages = models.CharField(
        max_length=10,
        choices=PublicPages.choices,
        blank=True,
        verbose_name=gettext_lazy("What the public reads"),
        help_text=gettext_lazy("Empty: the site's default."),
    )
    language = language_field(gettext_lazy("The site's language"))
    entry_fee = club_money_field()
    loss_fee = club_money_field()
    cinch_fee = club_money_field()
    booby_prize = club_money_field()
    unit = club_money_field()
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ClubQuerySet.as_manager()

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(unit__isnull=True) | Q(unit__gt=0), name="club_unit_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    # The club's own field for each of the deployment's settings it may set.
    SETTINGS = {
        "CURRENCY_SIGN": "currency_sign",
        "PUBLIC_PAGES": "public_pages",
        "LANGUAGE_CODE": "language",
        "CLUB_NAME": "name",
    }
    MONEY = ("entry_fee", "loss_fee", "cinch_fee", "booby_prize", "unit")

    def setting(self, name: str):
        """The club's value of the deployment's setting ``name``, else the deployment's:
        a laptop's environment still rules what its club leaves blank."""
        value = getattr(self, self.SETTINGS[name])
        return value if value not in ("", None) else getattr(settings, name)

    def money_default(self, name: str) -> Decimal:
        """A new night's ``name`` (a fee, the prize or the unit): the club's, else the
        rules core's default."""
        value = getattr(self, name)
        return value if value is not None else getattr(DEFAULT_MONEY, name)


def club_setting(name: str, club=None):
    """The current club's (the active scope's) value of the setting ``name``, else the
    deployment's: every page, sheet and e-mail reads the club's settings here."""
    club = club if club is not None else get_scope().get("club")
    return club.setting(name) if isinstance(club, Club) else getattr(settings, name)


def club_of(row) -> Club:
    """``row``'s club: the active scope's object when it is that club (no query), else
    read."""
    club = get_scope().get("club")
    return club if isinstance(club, Club) and club.pk == row.club_id else row.club


def club_field() -> models.ForeignKey:
    """A row's club: the active scope's when it is made (``current_club_id``)."""
    return models.ForeignKey(
        Club, on_delete=models.PROTECT, default=current_club_id, related_name="+"
    )


class ClubRole(models.Model):
    """A person's role in one club: *director* (sets nights up, the club's admin) or
    *scorer* (enters hands and results). One role a club; a superuser is the host, a
    director of every club, with no row needed."""

    class Role(models.TextChoices):
        DIRECTOR = "director", gettext_lazy("Director")
        SCORER = "scorer", gettext_lazy("Scorer")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles"
    )
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="roles")
    role = models.CharField(max_length=10, choices=Role.choices)

    class Meta:
        ordering = ["club", "role", "user"]
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="club_role_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} ({self.role} of {self.club.slug})"


def scoped(path: str):
    """The manager of a club's rows: every query needs a club's scope (django-scopes'
    ``ScopeError`` without one) and sees that club's rows alone, through ``path``."""
    return ScopedManager(club=path)


class Member(models.Model):
    """A club player, who may play many nights.

    Their nights come to them by e-mail only once they asked for it themselves
    (``mail_since``: they opened the invitation sent to ``email`` and said yes); a
    director may type the address, never say yes for them (``scoring.mail``).
    """

    name = models.CharField(max_length=100)
    email = models.EmailField(blank=True, verbose_name=gettext_lazy("E-mail address"))
    language = language_field(
        gettext_lazy("The club's language"), verbose_name=gettext_lazy("Language of the e-mails")
    )
    mail_since = models.DateTimeField(
        null=True,
        blank=True,
        editable=False,
        help_text="When the member asked for their nights by e-mail (their own yes, by the "
        "link sent to the address); empty: no e-mail.",
    )
    mail_stopped_at = models.DateTimeField(
        null=True, blank=True, editable=False, help_text="When the member last said stop."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    club = club_field()

    objects = scoped("club")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="member_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def mail_language(self) -> str:
        """The language of their e-mails: their own, else the club's."""
        return self.language or club_setting("LANGUAGE_CODE", club_of(self))

    def clean(self) -> None:
        """The admin's check: the name in its normal form, no other member's look-alike."""
        try:
            self.name = normal_name(self.name)
        except ValueError as error:
            raise ValidationError({"name": name_refused(error)}) from None
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
    language = language_field(
        gettext_lazy("The club's language"),
        verbose_name=gettext_lazy("Language of the printed sheets"),
        help_text=gettext_lazy("Whatever language the screen shows."),
    )
    drawn_at = models.DateTimeField(null=True, blank=True)
    draw_outcome = models.JSONField(
        null=True,
        blank=True,
        help_text='What the draw of a night in a season did (rules.draw): {"new_partners": '
        'true, "earlier_nights": 6, "repeats": [{"pair": 2, "members": [4, 9], '
        '"nights_ago": [3]}]}; empty when no season, or once a swap changed its pairs.',
    )
    is_final = models.BooleanField(
        default=False,
        help_text="A director closed the night: nothing changes until a director re-opens it.",
    )
    confirm_results = models.BooleanField(
        default=False,
        help_text="A game's result counts once a second person confirms it (off: a club "
        "that trusts its scorer).",
    )
    archived = models.BooleanField(
        default=False,
        help_text="Hidden from the lists of nights, kept in the season (members' records).",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    withdrawn = models.JSONField(
        default=list,
        blank=True,
        help_text='Pairs that left for good: [{"pair": 4, "from_round": 5}] (rules.md).',
    )
    ended_early = models.BooleanField(
        default=False,
        help_text="A director ended the night before every game was finished: the games "
        "not finished are void and pairs rank by share of games won (rules.md).",
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

    club = club_field()

    objects = scoped("club")

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(unit__gt=0), name="night_unit_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({spoken_date(self.date)})"

    @property
    def rules_variant(self):
        return get_variant(self.variant)

    @property
    def sheet_language(self) -> str:
        """The language its sheets print in: its own, else the club's."""
        return self.language or club_setting("LANGUAGE_CODE", club_of(self))


class Seat(models.Model):
    """A number drawn by a member for a night; numbers 2k-1 and 2k form pair k."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="seats")
    house = models.BooleanField(
        default=False, help_text="A house player: pays nothing and wins nothing (rules.md)."
    )
    history = HistoricalRecords()

    objects = scoped("night__club")

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
    forfeit = models.BooleanField(
        default=False,
        help_text="A pair had withdrawn by this round: the opponent wins (void if both had).",
    )
    confirmed = models.BooleanField(
        default=True, help_text="False while the entered result awaits confirmation."
    )
    confirmed_by = models.CharField(max_length=100, blank=True)
    confirmed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the result was confirmed (or last counted)."
    )
    result_entered_by = models.CharField(
        max_length=100,
        blank=True,
        help_text="Who entered the result awaiting confirmation, as the pages name them.",
    )
    result_entered_at = models.DateTimeField(null=True, blank=True)
    # Who entered the result awaiting confirmation, as the confirmation checks it
    # (``games.confirmation.link_refusal``): one of a pair (its code or a game link), a scorer
    # device or a login; never read back from ``result_entered_by``'s words.
    entered_pair = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_device = models.ForeignKey(
        "ScorerDevice", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    result_entered_from = models.CharField(
        max_length=40,
        blank=True,
        help_text="The browser (links.devices) that entered the result awaiting "
        "confirmation: it may not confirm it through another code.",
    )
    dispute = models.CharField(
        max_length=200, blank=True, help_text="Why a pair disputes the entered result."
    )
    link_version = models.PositiveIntegerField(
        default=1, help_text="Raised to revoke the table's entry links (scoring/table_links)."
    )
    link_heard_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When a phone last posted through one of the table's links (the round board).",
    )
    disputed_hand = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="A hand a table's phone kept and the site holds differently: the pair "
        "settles it on the phone, the director corrects the saved one if need be.",
    )
    disputed_by_pair = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The pair whose phone kept the disputed hand."
    )
    version = models.PositiveIntegerField(default=1)
    history = HistoricalRecords()

    objects = scoped("night__club")

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
        where = self.label[0].lower() + self.label[1:]
        return gettext("%(where)s: pair %(a)s v pair %(b)s") % {
            "where": where,
            "a": self.pair_a,
            "b": self.pair_b,
        }

    @property
    def label(self) -> str:
        """Where the game is played, as every page and sheet heads it: ``Round 2, table 3``
        (in the page's or the sheet's language)."""
        if self.is_playoff:
            return gettext("Play-off")
        return gettext("Round %(round)s, table %(table)s") % {
            "round": self.round,
            "table": self.table,
        }

    @property
    def pairs(self) -> tuple[int, int]:
        return self.pair_a, self.pair_b

    @property
    def finished(self) -> bool:
        """Decided: a confirmed winner, or a forfeit (a void one has none and waits for
        nothing). A result awaiting confirmation is not finished yet."""
        return self.forfeit or (self.winner is not None and self.confirmed)

    @staticmethod
    def unfinished() -> Q:
        """``not finished`` as a filter, for a page that must not read every game of a
        big night to find the few still open."""
        return Q(forfeit=False) & ~Q(winner__isnull=False, confirmed=True)

    @property
    def void(self) -> bool:
        return self.forfeit and self.winner is None

    @property
    def started(self) -> bool:
        """Play has started: a hand or a result was entered. The one test of it: the draw
        is fixed once any game of the night has started, and pages show a started game's
        score.

        A passed hand leaves the score at 0 – 0, so the hands count too: ``hand_count``
        where the selectors annotated it, the prefetched hands, else one query.
        """
        if self.from_pegboard or self.winner is not None or self.score_a or self.score_b:
            return True
        count = getattr(self, "hand_count", None)
        if count is None and "hands" in getattr(self, "_prefetched_objects_cache", {}):
            count = len(self.hands.all())
        return bool(count) if count is not None else self.hands.exists()


class ScorerDevice(models.Model):
    """A second scorer's phone for one night: it enters that night's games through a
    signed link the director shows (``links.scorers``), with no account and no password.
    Revoked, it opens nothing more; the row stays, as results name it."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="scorer_devices")
    name = models.CharField(max_length=40, help_text="How the results it enters name it.")
    made_by = models.CharField(max_length=150, help_text="The director who added it.")
    made_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = scoped("night__club")

    class Meta:
        ordering = ["night", "made_at", "pk"]

    def __str__(self) -> str:
        return f"{self.name} ({self.night.name})"


class PairCode(models.Model):
    """A pair's code for one night, printed on its pair card: ``/p/<code>/`` opens the
    pair's games (``links.codes``). Random and stored, never derived: a redraw, a swap or
    a revoke turns off the codes of the pairs it changes (``revoked_at``) and gives them
    new ones, and nothing turns a code on again."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="pair_codes")
    pair = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    code = models.CharField(max_length=16, unique=True)
    made_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = scoped("night__club")

    class Meta:
        ordering = ["night", "pair", "made_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "pair"],
                condition=models.Q(revoked_at__isnull=True),
                name="pair_code_one_live_a_pair",
            ),
        ]

    def __str__(self) -> str:
        return f"pair {self.pair} of night {self.night_id}"


class PhoneEntry(models.Model):
    """One post from a phone (a pair's code, a game link or a scorer device): its entry
    key, made on the phone when the entry was made, stored once (unique) with the game it
    named. The same key posted again, a double tap or a resend from the offline queue,
    finds it and is answered "done" (``games.entries``)."""

    class Kind(models.TextChoices):
        HAND = "hand"
        RESULT = "result"
        CONFIRM = "confirm"
        DISPUTE = "dispute"
        SETTLED = "settled"

    key = models.CharField(max_length=40, unique=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="phone_entries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    digest = models.CharField(max_length=64, blank=True, help_text="What the post said.")
    made_at = models.DateTimeField(auto_now_add=True)

    objects = scoped("game__night__club")

    class Meta:
        ordering = ["game", "made_at", "pk"]

    def __str__(self) -> str:
        return f"{self.kind} {self.key} for game {self.game_id}"


class Substitute(models.Model):
    """Someone who sat for a number in one game: recorded, changes no figure (rules.md)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="substitutes")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    name = models.CharField(max_length=100)
    member = models.ForeignKey(
        Member, null=True, blank=True, on_delete=models.PROTECT, related_name="sat_in"
    )
    history = HistoricalRecords()

    objects = scoped("game__night__club")

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="substitute_once_a_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.name} for {self.number} in {self.game}"


class EnteredHand(models.Model):
    """What a pair's hand and a table's hand share: its place in the game, a revoke, the
    version a correction must carry (``services``: a stale form is refused), and who
    entered it. Who took each card or the points stay with each: pairs or players."""

    position = models.PositiveSmallIntegerField()
    revoke = models.PositiveSmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    # Each kind keeps its own history (HistoricalHand, HistoricalTableHand).
    history = HistoricalRecords(inherit=True)

    class Meta:
        abstract = True


class Hand(EnteredHand):
    """One hand as typed from the score sheet: card by card, or points per pair."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hands")
    passed = models.BooleanField(default=False)
    bidder = models.PositiveSmallIntegerField(null=True, blank=True)
    bid = models.PositiveSmallIntegerField(null=True, blank=True)
    money = models.BooleanField(default=False)
    cards = models.JSONField(
        null=True, blank=True, help_text="Who took each scoring card: {card: pair or null}."
    )
    points = models.JSONField(null=True, blank=True, help_text="Points per pair, in game order.")

    objects = scoped("game__night__club")

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="hand_position_unique"),
        ]

    def __str__(self) -> str:
        return f"hand {self.position} of {self.game}"


# --- tables: a single game of single players, on its own or beside a night ---------------

TableVariant = models.TextChoices(
    "TableVariant", [(v.id.upper(), (v.id, gettext_lazy(v.name))) for v in table_variants()]
)


class TableGame(models.Model):
    """A game of 2 to 6 players each scoring for himself (``chicago42`` two- or three-
    handed, or ``razzle``), with an optional stake the winners share.

    ``scores``, ``cinches`` and ``winners`` are the rules core's answer, stored by
    ``scoring.tablegames.services`` each time a hand changes (per player, in number order).
    """

    night = models.ForeignKey(
        Night,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="table_games",
        help_text="The night it was played beside, if any (its page lists it); the table "
        "stays if the night is deleted.",
    )
    name = models.CharField(max_length=100, blank=True)
    date = models.DateField()
    variant = models.CharField(max_length=20, choices=TableVariant.choices)
    stake = models.DecimalField(
        max_digits=12,
        decimal_places=4,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
        help_text="What each player puts in; the winners share the pot.",
    )
    unit = money_field(DEFAULT_MONEY.unit, help_text="Shares are rounded down to this.")
    scores = models.JSONField(default=list)
    cinches = models.JSONField(default=list)
    winners = models.JSONField(default=list)
    version = models.PositiveIntegerField(default=1)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    club = club_field()

    objects = scoped("club")

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=models.Q(unit__gt=0), name="table_unit_positive"),
        ]

    def __str__(self) -> str:
        if self.name:
            return self.name
        return gettext("%(variant)s table of %(date)s") % {
            # The variant's name in the reader's words, as ``game_word`` says it on a page.
            "variant": gettext(get_variant(self.variant).name),
            "date": spoken_date(self.date),
        }

    @property
    def rules_variant(self):
        return get_variant(self.variant)

    @property
    def finished(self) -> bool:
        return bool(self.winners)


class TablePlayer(models.Model):
    """A member at a table, as player ``number`` (from 1, in the order given)."""

    table = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1)])
    member = models.ForeignKey(Member, on_delete=models.PROTECT, related_name="table_seats")

    objects = scoped("table__club")

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="table_player_unique"),
            models.UniqueConstraint(fields=["table", "member"], name="table_member_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.member}"


class TableHand(EnteredHand):
    """One hand of a table as typed: card by card (who took each) or the point totals."""

    table = models.ForeignKey(TableGame, on_delete=models.CASCADE, related_name="hands")
    bidder = models.PositiveSmallIntegerField()
    bid = models.PositiveSmallIntegerField()
    partner = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Razzle: the player holding the called card."
    )
    cards = models.JSONField(
        null=True, blank=True, help_text="Who took each scoring card: {card: player or null}."
    )
    points = models.JSONField(null=True, blank=True, help_text="Point totals, as typed.")

    objects = scoped("table__club")

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="table_hand_unique"),
        ]

    def __str__(self) -> str:
        return f"hand {self.position} of {self.table}"


class NightSummary(models.Model):
    """The rules core's answer for a night, kept so that pages over many nights (members,
    seasons, the nights list) read it instead of scoring every night again.

    ``as_of`` is the night's ``updated_at`` when it was computed: every service that
    changes a night moves ``updated_at``, so a summary whose ``as_of`` differs is stale and
    is computed again on its next read (``scoring.core.records.kept_summaries``).
    """

    night = models.OneToOneField(
        Night, on_delete=models.CASCADE, primary_key=True, related_name="kept_summary"
    )
    as_of = models.DateTimeField()
    players = models.JSONField(default=list, help_text="The night file's players.")
    standings = models.JSONField(
        null=True, blank=True, help_text="The cinch-standings/1 document; empty if unscorable."
    )
    problems = models.JSONField(default=list, help_text="Why the night cannot be scored.")

    objects = scoped("night__club")

    def __str__(self) -> str:
        return f"summary of {self.night_id} as of {self.as_of:%Y-%m-%d %H:%M:%S}"


class KeptSheet(models.Model):
    """A printed sheet as it was asked for, and how its making goes: one row for each
    sheet as it is now (``fingerprint``: what it is made of, its paper, its language;
    ``core.printing.kept_sheets``) and each form it is asked in (its PDF, its HTML
    preview). Unique, so a sheet asked for twice, by any process on any machine, is
    made once: whoever writes the row makes it, the others read how far it got.

    ``token`` names whose making it is (a request's, or a render task's): only its holder
    writes its progress and its end, so a maker that was given up for dead and comes
    back changes nothing. ``beat_at`` is the maker's last sign of life, after each part.
    The sheet itself is kept in the cache under ``key`` once ready; ``job`` is the HTML a
    worker renders, until it has.
    """

    class Form(models.TextChoices):
        PDF = "pdf"
        PREVIEW = "preview"

    class State(models.TextChoices):
        QUEUED = "queued"  # a worker of the task queue will render it
        MAKING = "making"
        READY = "ready"
        FAILED = "failed"

    fingerprint = models.CharField(max_length=64)
    form = models.CharField(max_length=7, choices=Form.choices)
    state = models.CharField(max_length=6, choices=State.choices)
    token = models.CharField(max_length=32)
    key = models.CharField(max_length=100, blank=True, help_text="Where the cache keeps it.")
    pages = models.PositiveIntegerField(default=0, help_text="0 while not known.")
    done = models.PositiveIntegerField(default=0, help_text="Pages laid out so far.")
    job = models.BinaryField(null=True, blank=True, help_text="What a worker renders.")
    asked_at = models.DateTimeField(auto_now_add=True)
    beat_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["fingerprint", "form"], name="kept_sheet_once"),
            models.CheckConstraint(
                condition=models.Q(state__in=["queued", "making", "ready", "failed"]),
                name="kept_sheet_state",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.form} {self.fingerprint[:12]}: {self.state}"


class MemberNight(models.Model):
    """A member's figures of one night, copied from the night's kept summary (the rules
    core's answer) when it is kept and with the same ``as_of``: the members page adds
    nights up in one SQL query instead of reading every night's document. A row whose
    ``as_of`` is not its night's ``updated_at`` is stale and is not counted."""

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="member_nights")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="member_nights")
    number = models.PositiveSmallIntegerField(help_text="The member's number that night.")
    as_of = models.DateTimeField()
    games_won = models.PositiveSmallIntegerField(help_text="The pair's games won.")
    cinches = models.PositiveSmallIntegerField(help_text="The pair's Cinches.")
    paid = models.DecimalField(max_digits=12, decimal_places=4)
    won = models.DecimalField(
        max_digits=12, decimal_places=4, null=True, blank=True, help_text="Empty while blocked."
    )

    objects = scoped("night__club")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="member_night_unique"),
        ]
        # Covers the members page's sums: read from the index alone, member by member.
        indexes = [
            models.Index(
                fields=["member", "games_won", "cinches", "paid", "won"],
                name="member_night_sums",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.member_id} in night {self.night_id} as of {self.as_of:%Y-%m-%d %H:%M:%S}"


class Season(models.Model):
    """A named run of nights for the ladder: the nights from ``first_date`` to
    ``last_date``, and any nights picked one by one; ``best`` counts only each player's
    best nights (empty: all)."""

    name = models.CharField(max_length=100)
    first_date = models.DateField(null=True, blank=True)
    last_date = models.DateField(null=True, blank=True)
    picked = models.ManyToManyField(Night, blank=True, related_name="seasons")
    best = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)]
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    club = club_field()

    objects = scoped("club")

    class Meta:
        ordering = ["-first_date", "-id"]

    def __str__(self) -> str:
        return self.name


class League(models.Model):
    """Clubs that play for one ladder: the nights of its clubs from ``first_date`` to
    ``last_date`` (either empty: no bound on that side), each player's ``best`` nights
    counted (empty: all), as a season's. Not a club's row (it spans clubs): the host's,
    read without a club's scope (``scoring.leagues``)."""

    name = models.CharField(max_length=100)
    slug = models.SlugField(
        max_length=50, unique=True, help_text=gettext_lazy("Its page: /l/SLUG/.")
    )
    clubs = models.ManyToManyField(Club, blank=True, related_name="leagues")
    first_date = models.DateField(null=True, blank=True)
    last_date = models.DateField(null=True, blank=True)
    best = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(1)]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_date__isnull=True)
                | Q(last_date__isnull=True)
                | Q(first_date__lte=models.F("last_date")),
                name="league_dates_in_order",
            ),
            models.CheckConstraint(
                condition=Q(best__isnull=True) | Q(best__gte=1), name="league_best_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class CashCount(models.Model):
    """The cash the treasurer counted at the end of a night, against the pot expected.

    Each count is a row of its own (the night's cash history: who, when, what); the
    latest is the one that stands. ``envelopes`` holds the amount counted in each prize's
    envelope when counted that way (``counted`` is then their sum).
    """

    night = models.ForeignKey(Night, on_delete=models.CASCADE, related_name="cash_counts")
    expected = models.DecimalField(max_digits=12, decimal_places=4)
    counted = models.DecimalField(max_digits=12, decimal_places=4)
    envelopes = models.JSONField(default=list, blank=True)
    note = models.TextField(blank=True)
    counted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    counted_at = models.DateTimeField(auto_now_add=True)

    objects = scoped("night__club")

    class Meta:
        ordering = ["night", "-counted_at", "-id"]

    def __str__(self) -> str:
        return f"{self.counted} counted of {self.expected} for night {self.night_id}"

    @property
    def difference(self) -> Decimal:
        """Counted less expected: negative when cash is missing."""
        return self.counted - self.expected


class Profile(models.Model):
    """What the site keeps for a person beyond their account: the language they picked in
    the menu, applied again when they log in on another device or a new session."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = language_field(gettext_lazy("The browser's, else the club's"))

    def __str__(self) -> str:
        return f"{self.user} ({self.language or 'no language'})"


class OutgoingMail(models.Model):
    """One e-mail to a member, kept until a mail server took it (the outbox).

    A night marked final adds a *results* message for each of its players who asked for
    their nights by e-mail, in the transaction that marks it final; closed again after a
    change to a player's figures, one *correction* at most. The constraint keeps it to one
    of each kind for a night and a member, however often the night is re-opened and
    closed. An *invitation* (no night) carries the link by which a member says yes.

    Its ``state`` is what the sender goes by (``scoring.mail.outbox``): *to send*;
    *sending* while a sender holds it (until ``held_until``); *sent* once the server took
    it; *retrying* after a failure that may pass (the server's "not now", 4xx, or no
    server reached: a hall offline), tried again from ``next_try_at``; *refused* when
    the server said no for good (5xx), with its ``answer``. ``message_id`` is the same at
    every try, so a copy sent twice is recognisably the same message.
    """

    class Kind(models.TextChoices):
        RESULTS = "results", gettext_lazy("results")
        CORRECTION = "correction", gettext_lazy("correction")
        INVITATION = "invitation", gettext_lazy("invitation")

    class State(models.TextChoices):
        TO_SEND = "to_send", gettext_lazy("to send")
        SENDING = "sending", gettext_lazy("sending")
        RETRYING = "retrying", gettext_lazy("to try again")
        SENT = "sent", gettext_lazy("sent")
        REFUSED = "refused", gettext_lazy("refused by the server")

    kind = models.CharField(max_length=12, choices=Kind.choices)
    night = models.ForeignKey(
        Night, null=True, blank=True, on_delete=models.CASCADE, related_name="outgoing_mail"
    )
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="outgoing_mail")
    state = models.CharField(max_length=10, choices=State.choices, default=State.TO_SEND)
    message_id = models.CharField(max_length=200, unique=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField(null=True, blank=True)
    held_until = models.DateTimeField(null=True, blank=True)
    answer = models.TextField(blank=True, help_text="The mail server's last answer.")
    address = models.EmailField(blank=True, help_text="Where it went, once sent.")
    figures = models.JSONField(
        null=True, blank=True, help_text="The player's figures the message said, once sent."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    objects = scoped("member__club")

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "member", "kind"],
                condition=Q(night__isnull=False),
                name="outgoing_mail_once",
            ),
            models.CheckConstraint(
                condition=Q(kind="invitation", night__isnull=True)
                | (~Q(kind="invitation") & Q(night__isnull=False)),
                name="outgoing_mail_night_unless_invitation",
            ),
        ]
        indexes = [models.Index(fields=["state", "next_try_at"], name="outgoing_mail_due")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.member_id} ({self.state})"
