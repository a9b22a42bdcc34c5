"""Documents read and printed as the standard library does, only faster (hypothesis).

``dump_json`` writes what ``json.dumps(indent=2, ensure_ascii=False)`` writes, byte for
byte, whatever the document holds (what it cannot print plainly goes to ``json.dumps``,
errors included); ``load_json`` reads what reading pair by pair reads and refuses what
it refuses, with the same message: a key given twice (beside a colon in a string, which
looks like one more key), NaN, a mistake in the text.
"""

import json
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules.jsonio import _refuse_constant, _refuse_repeated_keys, dump_json, load_json
from tests.examples import examples


class Name(str):
    """Text of a subclass of ``str``, which ``json.dumps`` prints as text."""


keys = st.one_of(st.text(max_size=6), st.sampled_from(["bid", "a:b", 'q"', "\\", "é", "\n"]))
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-3, 3),
    st.text(max_size=8),
    st.sampled_from(["", "é", "\u2028", "\ud800", '"', "\\", "\x00", "a:b", "Zoé & Walt"]),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(keys, inner, max_size=4),
    ),
    max_leaves=30,
)
odd_values = st.one_of(
    st.floats(),
    st.decimals(allow_nan=False),
    st.text(max_size=4).map(Name),
    st.dictionaries(st.one_of(st.integers(), st.none(), st.booleans()), scalars, min_size=1),
)


def standard(document) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def printed(write, document):
    """What ``write`` prints for ``document``, or the error it raises (type and words)."""
    try:
        return write(document)
    except (TypeError, ValueError) as error:
        return type(error), str(error)


@settings(max_examples=examples(300), deadline=None)
@given(documents)
def test_a_plain_document_is_printed_as_json_dumps_prints_it(document):
    assert dump_json(document) == standard(document)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(documents, odd_values), max_size=3), st.dictionaries(keys, odd_values))
def test_any_other_document_is_printed_or_refused_as_json_dumps_does(items, fields):
    for document in (items, fields, {"rows": [items, fields]}):
        assert printed(dump_json, document) == printed(standard, document)


def read_pair_by_pair(text: str):
    return json.loads(
        text,
        parse_float=Decimal,
        parse_constant=_refuse_constant,
        object_pairs_hook=_refuse_repeated_keys,
    )


def read(reader, text: str):
    """What ``reader`` makes of ``text``, or the error it raises (type and words)."""
    try:
        return reader(text)
    except ValueError as error:
        return type(error), str(error)


@st.composite
def json_texts(draw) -> str:
    """The text of a document, maybe with a key given twice, a colon in a string, NaN or a
    mistake put in it."""
    text = json.dumps(draw(documents), ensure_ascii=draw(st.booleans()))
    spoil = draw(st.sampled_from(["", "twice", "colon", "nan", "cut", "float"]))
    if spoil == "twice":
        return text.replace("{", '{"bid": 3, "bid": 14, ', 1) if "{" in text else text
    if spoil == "colon":
        return text.replace("{", '{"name": "Tuesday 19:30", ', 1)
    if spoil == "nan":
        return f"[{text}, NaN]"
    if spoil == "cut":
        return text[: draw(st.integers(0, len(text)))]
    if spoil == "float":
        return f'{{"fee": 0.25, "rest": {text}}}'
    return text


@settings(max_examples=examples(300), deadline=None)
@given(json_texts())
def test_a_text_is_read_or_refused_as_reading_pair_by_pair_does(text):
    assert read(load_json, text) == read(read_pair_by_pair, text)


@pytest.mark.parametrize(
    "text",
    [
        '{"bid": 3, "bid": 14}',
        '[{"a": 1}, {"b": {"c": 2, "c": 3}}]',
        '{"name": "a:b", "bid": 3, "bid": 4}',
        '{"a": 1, "a": 2, ',
    ],
)
def test_a_key_given_twice_is_found_wherever_it_is(text):
    refused = read(load_json, text)

    assert isinstance(refused, tuple)
    assert refused == read(read_pair_by_pair, text)


def test_a_text_with_no_key_given_twice_is_read_once(monkeypatch):
    def second_reading(pairs):
        raise AssertionError("read pair by pair")

    monkeypatch.setattr("scoring.rules.jsonio._refuse_repeated_keys", second_reading)
    text = json.dumps({"players": ["Ann", "Bob"], "games": [{"pairs": [1, 2], "hands": [{}]}]})

    assert load_json(text) == json.loads(text)
