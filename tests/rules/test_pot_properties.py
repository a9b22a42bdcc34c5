"""Properties of the pot, checked with hypothesis over whole nights (no database).

- Every valid night's fees add up to the pot, and its prizes pay out the pot to the cent,
  also on nights with house players, substitutes, games awaiting confirmation and pairs
  that withdrew (a house player's paid and won are 0; a withdrawn pair takes no prize).
- The places go to the pairs ranked 1, 2, 3, the booby to the best-placed pair with the
  fewest wins (the lowest share on a night ended early), each pair's prize to its players.
- A night ended early pays out the pot (its unfinished games void); a night ended after
  every game finished scores exactly as one not ended.
- The games of one whole play-off round, listed in any order, give the same standings.
"""

from decimal import Decimal
from fractions import Fraction
from itertools import combinations

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from scoring.rules import (
    get_variant,
    read_night,
    score_night,
)
from scoring.rules.night.summary import summarise
from scoring.rules.pot import players_of
from tests.examples import examples
from tests.rules.night_strategies import nights

DEFAULT_UNIT = Decimal("0.01")


def house_numbers(doc: dict) -> set[int]:
    return {
        number
        for number, player in enumerate(doc["players"], start=1)
        if isinstance(player, dict) and player.get("house")
    }


def paying_players(doc: dict, pair: int) -> int:
    return sum(number not in house_numbers(doc) for number in players_of(pair))


def floats_in(node) -> list:
    if isinstance(node, float):
        return [node]
    if isinstance(node, dict):
        node = list(node.values())
    if isinstance(node, list):
        return [found for item in node for found in floats_in(item)]
    return []


def check_fees(doc: dict, standings: dict) -> Decimal:
    """Fees as the night's settings make them; returns the pot."""
    settings_ = doc.get("money", {})
    money = standings["money"]
    for key in ("entries", "loss_fees", "cinch_fees", "pot"):
        assert isinstance(money[key], str), key
    entries, loss_fees, cinch_fees = (
        Decimal(money[key]) for key in ("entries", "loss_fees", "cinch_fees")
    )
    pot = Decimal(money["pot"])
    assert pot == entries + loss_fees + cinch_fees
    house = house_numbers(doc)
    paying = len(doc["players"]) - len(house)
    assert entries == Decimal(settings_.get("entry_fee", "2.00")) * paying
    played = [game for game in standings["games"] if not game.get("forfeit")]
    for game in standings["games"]:
        if game.get("forfeit"):
            assert game["score"] == [0, 0] and game["cinches"] == [0, 0]
    loser_seats = [
        (game, paying_players(doc, game["pairs"][1 - game["pairs"].index(game["winner"])]))
        for game in played
    ]
    loss_shares = sum(seats for _, seats in loser_seats)
    assert loss_fees == Decimal(settings_.get("loss_fee", "0.25")) * loss_shares
    cinch_shares = sum(
        game["cinches"][1 - game["pairs"].index(game["winner"])] * seats
        for game, seats in loser_seats
    )
    assert cinch_fees == Decimal(settings_.get("cinch_fee", "0.10")) * cinch_shares
    players = money["players"]
    assert len(players) == len(doc["players"])
    assert all(isinstance(player["paid"], str) for player in players)
    assert sum(Decimal(player["paid"]) for player in players) == pot
    for number in house:
        assert players[number - 1]["paid"] == "0.00"
        assert players[number - 1]["won"] in (None, "0.00")
    return pot


def check_payout(doc: dict, money: dict, pot: Decimal, rows: list) -> None:
    money = money | {"_standings": rows}
    places, booby = money["places"], money["booby"]
    withdrawn = {entry["pair"] for entry in doc.get("withdrawn", [])}
    in_the_prizes = len(doc["players"]) // 2 - len(withdrawn)
    split = doc.get("money", {}).get("split", ["0.50", "0.30", "0.20"])
    assert len(places) == min(len(split), in_the_prizes)
    assert not withdrawn & {place["pair"] for place in places}
    if booby is not None:
        assert in_the_prizes >= 4 and booby["pair"] not in withdrawn
    assert "blocked" not in money
    for place in places:
        assert isinstance(place["amount"], str)
    place_amounts = [Decimal(place["amount"]) for place in places]
    booby_amount = Decimal(0)
    if booby is not None:
        assert isinstance(booby["amount"], str)
        booby_amount = Decimal(booby["amount"])
    assert sum(place_amounts) + booby_amount == pot
    assert all(amount >= 0 for amount in place_amounts) and booby_amount >= 0
    unit = Decimal(doc.get("money", {}).get("unit", DEFAULT_UNIT))
    assert all(amount % unit == 0 for amount in place_amounts[1:])
    winnings = [player["won"] for player in money["players"]]
    assert all(isinstance(won, str) for won in winnings)
    assert sum(Decimal(won) for won in winnings) == pot
    check_who_is_paid(doc, standings_of(money), money)


def standings_of(money: dict) -> list:
    return money["_standings"]


def standing_of(row: dict, ended_early: bool):
    """What a pair ranks by: wins, or its share of finished games won on a night ended early."""
    games = row["wins"] + row["losses"]
    return Fraction(row["wins"], games or 1) if ended_early else row["wins"]


def check_who_is_paid(doc: dict, rows: list, money: dict) -> None:
    """Place k goes to the pair ranked k; the booby to the best-placed of the pairs with
    the lowest standing among those without a place; a pair's prize to its players, the
    lower number taking the odd unit, a house player's share to the partner."""
    ranked = [row for row in rows if not row.get("withdrawn")]
    for place in money["places"]:
        (row,) = [row for row in ranked if row["pair"] == place["pair"]]
        assert row["rank"] == place["place"]
    placed = {place["pair"] for place in money["places"]}
    unplaced = [row for row in ranked if row["pair"] not in placed]
    if money["booby"] is not None:
        ended_early = doc.get("ended_early", False)
        lowest = min(standing_of(row, ended_early) for row in unplaced)
        candidates = [row for row in unplaced if standing_of(row, ended_early) == lowest]
        assert money["booby"]["pair"] == candidates[0]["pair"]
        assert candidates[0]["rank"] < (candidates[1]["rank"] if len(candidates) > 1 else 10**6)
    prizes = {place["pair"]: Decimal(place["amount"]) for place in money["places"]}
    if money["booby"] is not None:
        prizes[money["booby"]["pair"]] = Decimal(money["booby"]["amount"])
    unit = Decimal(doc.get("money", {}).get("unit", DEFAULT_UNIT))
    house = house_numbers(doc)
    won = {player["number"]: Decimal(player["won"]) for player in money["players"]}
    for pair in range(1, len(doc["players"]) // 2 + 1):
        first, second = players_of(pair)
        amount = prizes.get(pair, Decimal(0))
        assert won[first] + won[second] == amount
        if house & {first, second}:
            assert won[min(house & {first, second})] == 0
        else:
            assert won[first] - won[second] in (0, unit) or amount % unit != 0
            assert won[first] >= won[second]


def settling_playoffs(variant, ties, data) -> list[dict]:
    """Play-offs that put every tied group in a drawn order: each pair beats those after it."""
    playoffs = []
    for tie in ties:
        order = data.draw(st.permutations(tie), label="play-off order")
        for better, worse in combinations(order, 2):
            result = {"winner": better, "score": [variant.target, 0], "cinches": [0, 0]}
            playoffs.append({"pairs": [better, worse], "result": result})
    return playoffs


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_a_nights_payouts_add_up_to_the_pot(data):
    doc = data.draw(nights(max_pairs=12), label="night")
    standings = score_night(doc)
    money = standings["money"]

    pot = check_fees(doc, standings)
    assert floats_in(standings) == []
    event("paid out" if money["places"] is not None else "blocked")
    if money["places"] is not None:
        check_payout(doc, money, pot, standings["standings"])
    else:
        assert money["booby"] is None
        assert all(player["won"] is None for player in money["players"])
        assert isinstance(money["blocked"], str) and money["blocked"]
    withdrawn = {entry["pair"]: entry["from_round"] for entry in doc.get("withdrawn", [])}
    void = sum(
        all(game["round"] >= withdrawn.get(pair, 10**6) for pair in game["pairs"])
        for game in doc["games"]
    )
    unfinished = len(doc["games"]) - void - len(standings["games"])
    assert all(not set(tie) & withdrawn.keys() for tie in standings["unresolved_ties"])
    rows = standings["standings"]
    staying = len(rows) - len(withdrawn)
    assert {row["pair"] for row in rows[staying:]} == withdrawn.keys()
    assert all(row.get("withdrawn") and row["rank"] is None for row in rows[staying:])
    assert all("withdrawn" not in row and row["rank"] for row in rows[:staying])
    if not standings["unresolved_ties"] and not unfinished:
        assert money["places"] is not None


@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_a_night_that_did_not_go_to_plan_pays_out_the_pot(data):
    doc = data.draw(nights(max_pairs=9, attendance=True), label="night")
    standings = score_night(doc)
    money = standings["money"]

    pot = check_fees(doc, standings)
    event("paid out" if money["places"] is not None else "blocked")
    if money["places"] is not None:
        check_payout(doc, money, pot, standings["standings"])


@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_play_offs_settle_every_tie_and_carry_no_fees(data):
    doc = data.draw(nights(max_pairs=12, complete=True, tiebreak="playoff"), label="night")
    ties = score_night(doc)["unresolved_ties"]
    assume(ties)
    event(f"{len(ties)} tied groups")
    doc["playoffs"] = settling_playoffs(get_variant(doc["variant"]), ties, data)

    settled = score_night(doc)

    assert settled["unresolved_ties"] == []
    pot = check_fees(doc, settled)
    check_payout(doc, settled["money"], pot, settled["standings"])
    playoff_wins = {row["pair"]: row["playoff_wins"] for row in settled["standings"]}
    assert sum(playoff_wins.values()) == len(doc["playoffs"])


@st.composite
def playoff_round(draw, variant, ties) -> list[dict]:
    """One whole round of play-offs: every pairing of every tied group, winners drawn."""
    playoffs = []
    for tie in ties:
        for a, b in combinations(tie, 2):
            winner = draw(st.sampled_from((a, b)), label=f"winner of {a} v {b}")
            score = [variant.target, 0] if winner == a else [0, variant.target]
            result = {"winner": winner, "score": score, "cinches": [0, 0]}
            playoffs.append({"pairs": [a, b], "result": result})
    return playoffs


@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_a_whole_playoff_round_in_any_order_gives_the_same_standings(data):
    doc = data.draw(nights(max_pairs=10, complete=True, tiebreak="playoff"), label="night")
    ties = score_night(doc)["unresolved_ties"]
    assume(ties)
    variant = get_variant(doc["variant"])
    playoffs = data.draw(playoff_round(variant, ties), label="round")
    shuffled = data.draw(st.permutations(playoffs), label="listed")
    event(f"{max(len(tie) for tie in ties)} pairs in the largest tie")

    in_order = score_night(doc | {"playoffs": playoffs})
    any_order = score_night(doc | {"playoffs": shuffled})

    assert any_order == in_order


def end_early(doc: dict) -> dict:
    """``doc`` ended by the director as it stands."""
    return doc | {"ended_early": True}


@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_a_night_ended_early_pays_out_the_pot(data):
    doc = data.draw(nights(max_pairs=10), label="night")
    before = score_night(doc)
    finished = {pair for game in before["games"] for pair in game["pairs"]}
    assume(finished >= set(range(1, len(doc["players"]) // 2 + 1)))
    doc = end_early(doc)
    standings = score_night(doc)
    money = standings["money"]

    pot = check_fees(doc, standings)
    assert pot == Decimal(before["money"]["pot"])
    listed = len(doc["games"])
    void = standings.get("void_games", [])
    event(f"{len(void)} games void")
    assert len(standings["games"]) + len(void) <= listed
    if standings["unresolved_ties"]:
        assert money["places"] is None
    else:
        check_payout(doc, money, pot, standings["standings"])


@settings(max_examples=examples(40), deadline=None)
@given(data=st.data())
def test_a_night_ended_after_its_last_game_scores_as_one_not_ended(data):
    doc = data.draw(nights(max_pairs=10, complete=True), label="night")
    plain = score_night(doc)
    ended = score_night(end_early(doc))

    assert ended.pop("ended_early") is True
    assert "void_games" not in ended
    assert ended == plain


@settings(max_examples=examples(30), deadline=None)
@given(data=st.data())
def test_the_fee_counts_are_the_games_lost_and_the_cinches_charged(data):
    """The counts the pot page shows beside the fees: one loss per played game (forfeits
    carry none), and the loser's Cinches of each."""
    doc = data.draw(nights(max_pairs=8), label="night")
    fees = summarise(read_night(doc)).fees
    played = [game for game in score_night(doc)["games"] if not game.get("forfeit")]

    assert fees.games_lost == len(played)
    assert fees.cinches_charged == sum(
        game["cinches"][1 - game["pairs"].index(game["winner"])] for game in played
    )
