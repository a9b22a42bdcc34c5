"""The phones' protocol as a model: Hypothesis drives random sequences of what the people
of a night do, on a real database, and checks after every step that nothing went where
it was not meant (``RuleBasedStateMachine``).

The night: four pairs, confirmation on. The actors: two phones per pair on the pair's
code (each keeps the card it was given until it is given the new one), a phone per pair
on a game link, a scorer device, a scorer and a director signed in on the laptop. A
phone shows a page (``open_page``) and posts from what that page showed, however stale:
a hand, a pegboard result, a confirmation, a dispute, a settle; it double-taps, resends
any earlier post (as the offline queue does), goes offline and flushes its queue in any
order. The director corrects a hand, revokes a table's links, swaps numbers, redraws
and makes the schedule again, starts play-offs, ends the night early and re-opens it,
closes and re-opens the night.

After every step:

- a post changed no game but the one its address names;
- every post answered "saved" left exactly one entry (its key stored once), and each
  game holds as many hands as hand posts were answered "saved" for it;
- no result counts until someone other than its author confirmed it;
- a code once turned off never opens again;
- the standings the site shows equal the rules core's over the stored hands.

``make test`` runs a few random nights (``CINCH_PROTOCOL_EXAMPLES``: by default 3 on SQLite
and 1 on PostgreSQL, where only the refusal of a key stored twice differs) and
``make test-slow`` twelve more (the same ones on every CI run, new ones on every run
elsewhere); ``make test-protocol`` runs hundreds, longer.
"""

import os
import secrets
from dataclasses import dataclass, field

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Count
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from scoring.core.http import limits
from scoring.core.records import documents
from scoring.games import confirmation
from scoring.games import services as games_services
from scoring.links import codes, scorers
from scoring.links import services as links_services
from scoring.links.tokens import link_path
from scoring.models import Game, Hand, Night, PairCode, PhoneEntry
from scoring.nights import services as nights_services
from scoring.results import selectors as results_selectors
from scoring.results import services as results_services
from scoring.rules import InvalidInput, score_night
from tests.factories import DirectorFactory, ScorerFactory, night_with_schedule

pytestmark = [pytest.mark.django_db, pytest.mark.database]

PAIRS = 4
EXAMPLES = os.environ.get("CINCH_PROTOCOL_EXAMPLES")
SLOW_EXAMPLES = 12
STEPS = int(os.environ.get("CINCH_PROTOCOL_STEPS", "40"))
JSON = {"HTTP_ACCEPT": "application/json"}
OUTCOMES = {"saved", "done", "different", "invalid", "refused"}
# What a phone does: what its page's forms offer (each of which it may post from a page
# gone stale), twice as often as what it does besides; the laptop's steps, the ones that
# move the night on more often than those that turn it back.
PHONE_FORMS = {"enter_hand": "hand_url", "enter_result": "result_url"}
PHONE_FORMS |= {"confirm": "confirm_url", "dispute": "dispute_url", "settle": "settled_url"}
PHONE_ELSE = ("double_tap", "resend", "go_offline", "flush", "take_new_card")
LAPTOP_ACTIONS = ("scorer_types_a_result", "scorer_finishes_a_round") * 2
LAPTOP_ACTIONS += ("staff_confirms",) * 3
LAPTOP_ACTIONS += ("director_corrects_a_hand", "revoke_a_table", "swap", "redraw_and_schedule")
LAPTOP_ACTIONS += ("start_playoffs", "end_early", "undo_end_early", "close", "reopen")


@dataclass
class Shown:
    """What a phone's page showed: its game, the game's version, and its forms."""

    game: int
    seen: int
    position: int
    pairs: tuple[int, int]
    hand_url: str = ""
    result_url: str = ""
    confirm_url: str = ""
    dispute_url: str = ""
    settled_url: str = ""


@dataclass
class Post:
    url: str
    data: dict
    game: int
    kind: str


@dataclass
class Phone:
    """One phone: a pair's code (``card``), a pair's game links, or the scorer device."""

    name: str
    kind: str  # code, link, device
    pair: int | None
    client: Client = field(default_factory=Client)
    card: str = ""
    shown: Shown | None = None
    sent: list[Post] = field(default_factory=list)
    queue: list[Post] = field(default_factory=list)
    offline: bool = False


def snapshot() -> dict[int, tuple]:
    """Every game's state as a post could change it (the phone's last-heard time aside)."""
    hands: dict[int, list] = {}
    for game_id, position, version in Hand.objects.values_list("game", "position", "version"):
        hands.setdefault(game_id, []).append((position, version))
    fields = ("version", "winner", "confirmed", "confirmed_by", "dispute", "disputed_hand")
    fields += ("score_a", "score_b", "from_pegboard")
    return {
        row[0]: (*row[1:], sorted(hands.get(row[0], [])))
        for row in Game.objects.values_list("pk", *fields)
    }


def hands_strategy():
    side = st.sampled_from([0, 1])
    maybe = st.sampled_from([0, 1, None])
    return st.fixed_dictionaries(
        {"bidder": side, "bid": st.integers(2, 4), "high": side, "low": side}
        | {"jack": maybe, "game": maybe}
    )


def results_strategy():
    return st.tuples(st.sampled_from([0, 1]), st.integers(0, 10), st.integers(0, 2))


class PhoneProtocol(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.block = transaction.atomic()
        self.block.__enter__()
        limits.clear()
        self.night = night_with_schedule(PAIRS, confirm_results=True)
        self.director = DirectorFactory()
        self.scorer = ScorerFactory()
        self.device = scorers.device_add(night=self.night, user=self.director, name="Scorer 2")
        self.phones: list[Phone] = []
        for pair in range(1, PAIRS + 1):
            for copy in ("a", "b"):
                phone = Phone(f"pair {pair} code {copy}", "code", pair)
                self.phones.append(phone)
            self.phones.append(Phone(f"pair {pair} link", "link", pair))
        self.phones.append(Phone("scorer device", "device", None))
        self.give_cards()
        self.saved_keys: dict[str, int] = {}
        self.saved_hands: dict[int, int] = {}
        self.live_codes = self.codes_in_use()
        self.turned_off: set[str] = set()

    def teardown(self):
        transaction.set_rollback(True)
        self.block.__exit__(None, None, None)

    # --- the phones -----------------------------------------------------------------

    def give_cards(self, pairs=None) -> None:
        """Hand the code phones of ``pairs`` (all by default) their pair's card now."""
        now = codes.night_codes(self.night)
        for phone in self.phones:
            if phone.kind == "code" and (pairs is None or phone.pair in pairs):
                phone.card = codes.code_path(now[phone.pair]) if phone.pair in now else ""

    def codes_in_use(self) -> set[str]:
        return set(PairCode.objects.filter(revoked_at=None).values_list("code", flat=True))

    def address(self, phone: Phone, data) -> str:
        """Where the phone goes to see a game: its card, a game link, a device's game."""
        games = list(Game.objects.filter(night=self.night).order_by("pk"))
        if phone.kind == "code":
            return phone.card
        if phone.kind == "link":
            mine = [game for game in games if phone.pair in game.pairs]
            return link_path(data.draw(st.sampled_from(mine)), phone.pair) if mine else ""
        game = data.draw(st.sampled_from(games)) if games else None
        token = scorers.device_token(self.device)
        return reverse("scoring:device-game", args=[token, game.pk]) if game else ""

    def open_page(self, phone: Phone, data) -> None:
        """The phone opens a page (its card's, a game link's, a device's game) and keeps
        what it showed: what it posts next comes from that, however stale it gets."""
        path = self.address(phone, data)
        response = phone.client.get(path) if path else None
        if response is None or response.status_code != 200 or "game" not in response.context:
            phone.shown = None
            return
        context, game = response.context, response.context["game"]
        hand_url = context["hand_url"] if context.get("hand_form") is not None else ""
        phone.shown = Shown(
            game=game.pk,
            seen=game.version,
            position=game.hand_count + 1,
            pairs=game.pairs,
            hand_url=hand_url,
            result_url=context.get("result_url") or "",
            confirm_url=context["confirm_url"] if context.get("can_confirm") else "",
            dispute_url=context.get("dispute_url") or "",
            settled_url=context["hand_url"] + "settled/" if game.disputed_hand else "",
        )

    def post(self, phone: Phone, url: str, data: dict, kind: str) -> None:
        shown = phone.shown
        entry = {"entry": secrets.token_urlsafe(16), "seen": str(shown.seen)}
        item = Post(url, data | entry, shown.game, kind)
        if phone.offline:
            phone.queue.append(item)
        else:
            self.send(phone, item)

    def send(self, phone: Phone, item: Post) -> str:
        """Send ``item`` from ``phone``: whatever the answer, no other game changed."""
        before = snapshot()
        response = phone.client.post(item.url, item.data, **JSON)
        after = snapshot()
        assert response.status_code < 500, (item, response.content)
        outcome = response.json()["outcome"]
        assert outcome in OUTCOMES, (item, outcome)
        event(f"{phone.kind} {item.kind}: {outcome}")  # --hypothesis-show-statistics
        changed = {g for g in before.keys() | after.keys() if before.get(g) != after.get(g)}
        assert changed <= {item.game}, f"{phone.name} posted {item} and changed {changed}"
        if outcome == "saved":
            assert item.data["entry"] not in self.saved_keys, f"{item}: saved twice"
            self.saved_keys[item.data["entry"]] = item.game
            if item.kind == "hand":
                self.saved_hands[item.game] = self.saved_hands.get(item.game, 0) + 1
        phone.sent.append(item)
        return outcome

    def enter_hand(self, phone: Phone, data) -> None:
        hand = data.draw(hands_strategy())
        pairs = phone.shown.pairs
        form = {"position": str(phone.shown.position), "bid": str(hand["bid"])}
        for key in ("bidder", "high", "low", "jack", "game"):
            form[key] = "" if hand[key] is None else str(pairs[hand[key]])
        self.post(phone, phone.shown.hand_url, form, "hand")
        phone.shown.position += 1  # the page's script moves its form on to the next hand

    def enter_result(self, phone: Phone, data) -> None:
        winner, loser_score, cinches = data.draw(results_strategy())
        pairs = phone.shown.pairs
        scores = [loser_score, loser_score]
        scores[winner] = 11
        form = {"result-winner": str(pairs[winner]), "result-version": str(phone.shown.seen)}
        form |= {"result-score_a": str(scores[0]), "result-score_b": str(scores[1])}
        form |= {"result-cinches_a": str(cinches if winner else 0)}
        form |= {"result-cinches_b": str(0 if winner else cinches)}
        self.post(phone, phone.shown.result_url, form, "result")

    def confirm(self, phone: Phone, data) -> None:
        self.post(phone, phone.shown.confirm_url, {}, "confirm")

    def dispute(self, phone: Phone, data) -> None:
        self.post(phone, phone.shown.dispute_url, {"reason": "not our score"}, "dispute")

    def settle(self, phone: Phone, data) -> None:
        self.post(phone, phone.shown.settled_url, {}, "settled")

    def double_tap(self, phone: Phone, data) -> None:
        if phone.sent and not phone.offline:
            self.send(phone, phone.sent[-1])

    def resend(self, phone: Phone, data) -> None:
        if phone.sent and not phone.offline:
            self.send(phone, data.draw(st.sampled_from(phone.sent)))

    def go_offline(self, phone: Phone, data) -> None:
        phone.offline = True

    def flush(self, phone: Phone, data) -> None:
        phone.offline = False
        queued, phone.queue = phone.queue, []
        for item in data.draw(st.permutations(queued)):
            self.send(phone, item)
            if data.draw(st.booleans()):  # the answer was lost: the queue sends it again
                self.send(phone, item)

    def take_new_card(self, phone: Phone, data) -> None:
        self.give_cards({phone.pair})

    # --- the laptop -------------------------------------------------------------------

    def games(self) -> list[Game]:
        return list(Game.objects.filter(night=self.night).order_by("pk"))

    def refused(self, service, **kwargs):
        """Call a service; its refusal (a ``ValidationError``) is an answer too."""
        try:
            with transaction.atomic():
                return service(**kwargs)
        except (ValidationError, InvalidInput):
            return None

    def scorer_types_a_result(self, data):
        result = data.draw(results_strategy())
        games = [game for game in self.games() if not game.started]
        if not games:
            return
        game = data.draw(st.sampled_from(games))
        winner, loser_score, cinches = result
        scores = [loser_score, loser_score]
        scores[winner] = 11
        typed = {"winner": game.pairs[winner], "score": scores, "cinches": [0, 0]}
        self.refused(games_services.game_result_record, game=game, result=typed, user=self.scorer)

    def scorer_finishes_a_round(self, data):
        """The scorer types every result the round being played still lacks, from the
        paper sheets: the night moves on under the phones' feet."""
        games = [game for game in self.games() if not game.is_playoff]
        open_rounds = sorted({g.round for g in games if g.winner is None and not g.forfeit})
        for game in [g for g in games if open_rounds and g.round == open_rounds[0]]:
            if game.winner is None and not game.started:
                typed = {"winner": game.pair_a, "score": [11, 4], "cinches": [0, 0]}
                self.refused(
                    games_services.game_result_record, game=game, result=typed, user=self.scorer
                )

    def director_corrects_a_hand(self, data):
        hand = data.draw(hands_strategy())
        played = list(Hand.objects.filter(game__night=self.night).select_related("game"))
        if not played:
            return
        saved = data.draw(st.sampled_from(played))
        pairs = saved.game.pairs
        cards = {key: None if hand[key] is None else pairs[hand[key]] for key in ("jack", "game")}
        cards |= {"high": pairs[hand["high"]], "low": pairs[hand["low"]]}
        fields = {"bidder": pairs[hand["bidder"]], "bid": hand["bid"], "cards": cards}
        self.refused(
            games_services.hand_correct,
            hand=saved,
            data=fields,
            version=saved.version,
            user=self.director,
        )

    def staff_confirms(self, data):
        by = data.draw(st.sampled_from(["scorer", "director"]))
        waiting = [game for game in self.games() if game.winner and not game.confirmed]
        if waiting:
            game = data.draw(st.sampled_from(waiting))
            user = self.scorer if by == "scorer" else self.director
            self.refused(confirmation.game_result_confirm, game=game, user=user)

    def revoke_a_table(self, data):
        games = self.games()
        if games:
            game = data.draw(st.sampled_from(games))
            self.refused(links_services.game_links_revoke, game=game, user=self.director)

    def swap(self, data):
        first, second = data.draw(st.integers(1, 2 * PAIRS)), data.draw(st.integers(1, 2 * PAIRS))
        self.refused(
            nights_services.seats_swap,
            night=self.night,
            first=first,
            second=second,
            user=self.director,
        )

    def redraw_and_schedule(self, data):
        if self.refused(nights_services.night_draw, night=self.night, user=self.director):
            self.refused(nights_services.night_schedule, night=self.night, user=self.director)

    def start_playoffs(self, data):
        self.refused(results_services.playoffs_start, night=self.night, user=self.director)

    def end_early(self, data):
        self.refused(results_services.night_end_early, night=self.night, user=self.director)

    def undo_end_early(self, data):
        self.refused(results_services.night_end_early_undo, night=self.night, user=self.director)

    def close(self, data):
        self.refused(results_services.night_close, night=self.night, user=self.director)

    def reopen(self, data):
        self.refused(results_services.night_reopen, night=self.night, user=self.director)

    # --- the steps: a phone opens a page, a phone posts, the laptop acts ----------------

    @rule(data=st.data())
    def a_phone_acts(self, data):
        """A phone, with the page it shows (opened anew a third of the time), does one
        thing its page offers, or what a phone does besides (resend, go offline...)."""
        phone = data.draw(st.sampled_from(self.phones))
        if phone.shown is None or data.draw(st.integers(0, 2)) == 0:
            self.open_page(phone, data)
        shown = phone.shown
        offered = [
            action
            for action, form in PHONE_FORMS.items()
            if shown is not None and getattr(shown, form)
        ]
        action = data.draw(st.sampled_from(offered * 2 + list(PHONE_ELSE)))
        getattr(self, action)(phone, data)

    @rule(data=st.data())
    def the_laptop_acts(self, data):
        getattr(self, data.draw(st.sampled_from(LAPTOP_ACTIONS)))(data)

    # --- what must hold after every step ----------------------------------------------

    @invariant()
    def every_saved_entry_is_stored_once(self):
        games = Game.objects.filter(night=self.night).annotate(stored=Count("hands"))
        stored = dict(PhoneEntry.objects.values_list("key", "game"))
        for key, game in self.saved_keys.items():
            if any(g.pk == game for g in games):
                assert stored.get(key) == game, f"entry {key} saved for game {game}"
        for game in games:
            if not game.from_pegboard:
                assert game.stored == self.saved_hands.get(game.pk, 0), game

    @invariant()
    def no_result_counts_before_someone_else_confirms_it(self):
        for game in Game.objects.filter(night=self.night, winner__isnull=False, confirmed=True):
            assert game.confirmed_by, f"{game}: counted with nobody's confirmation"
            assert game.confirmed_by != game.result_entered_by, f"{game}: self-confirmed"

    @invariant()
    def a_turned_off_code_never_opens_again(self):
        now = self.codes_in_use()
        self.turned_off |= self.live_codes - now
        self.live_codes = now
        assert not self.turned_off & now
        for code in self.turned_off:
            path = reverse("scoring:pair-home", args=[codes.spoken_code(code)])
            assert Client().get(path).status_code == 403, path

    @invariant()
    def the_standings_are_the_rules_cores_over_the_stored_hands(self):
        night = Night.objects.get(pk=self.night.pk)
        seats = documents.night_seats(night)
        games = list(Game.objects.filter(night=night).prefetch_related("hands", "substitutes"))
        try:
            expected = score_night(documents.night_document(night, seats, games))
        except InvalidInput as invalid:
            expected = invalid.problems
        try:
            shown = results_selectors.night_standings(night)
        except InvalidInput as invalid:
            shown = invalid.problems
        assert shown == expected


def run_nights(examples: int) -> None:
    run_state_machine_as_test(
        PhoneProtocol,
        settings=settings(
            max_examples=examples,
            stateful_step_count=STEPS,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=bool(os.environ.get("CI")),  # CI tries the same nights each run
        ),
    )


def test_the_phones_protocol_keeps_every_post_to_its_game():
    run_nights(int(EXAMPLES or (1 if connection.vendor == "postgresql" else 3)))


@pytest.mark.slow
def test_the_phones_protocol_over_more_nights():
    run_nights(SLOW_EXAMPLES)
