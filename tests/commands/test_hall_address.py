"""The address ``make hall`` serves on and the key it keeps (``cinch_club.hall``), checked
with the addresses given, so a machine on no network checks them too."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from cinch_club import hall


@pytest.mark.parametrize(
    ("candidates", "chosen"),
    [
        (["127.0.0.1", "192.168.1.20"], "192.168.1.20"),
        (["169.254.3.4", "10.0.0.7"], "10.0.0.7"),
        (["93.184.216.34", "172.16.4.2"], "172.16.4.2"),  # a hall's private network first
        (["127.0.1.1", "93.184.216.34"], "93.184.216.34"),  # else any reachable one
        (["127.0.0.1", "127.0.1.1", "169.254.1.1", "fe80::1", "::1"], None),
        (["not an address", "0.0.0.0"], None),
        ([], None),
    ],
)
def test_the_address_phones_reach_is_picked(candidates, chosen):
    assert hall.pick_address(candidates) == chosen


def test_the_address_given_is_kept():
    assert hall.hall_address("192.168.7.3") == "192.168.7.3"


@pytest.mark.parametrize("given", ["127.0.0.1", "localhost", "169.254.0.9", "fe80::1"])
def test_an_address_phones_cannot_reach_is_refused(given):
    with pytest.raises(ImproperlyConfigured, match="HALL_ADDRESS"):
        hall.hall_address(given)


def test_no_address_found_says_what_to_do(monkeypatch):
    monkeypatch.setattr(hall, "routed_addresses", lambda: ["127.0.0.1"])

    with pytest.raises(ImproperlyConfigured, match="join the hall's Wi-Fi"):
        hall.hall_address("")


def test_the_address_found_is_one_of_this_machines():
    found = hall.routed_addresses()
    assert hall.pick_address(found) in [*found, None]


@pytest.mark.parametrize(
    ("port", "https", "url"),
    [
        (8000, False, "http://192.168.1.20:8000"),
        (80, False, "http://192.168.1.20"),
        (443, True, "https://192.168.1.20"),
        (8443, True, "https://192.168.1.20:8443"),
    ],
)
def test_the_site_url(port, https, url):
    assert hall.site_url("192.168.1.20", port, https=https) == url


def test_the_secret_key_is_made_once_beside_the_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    path = hall.secret_key_file(url, tmp_path / "site")

    first = hall.secret_key(path)

    assert path == tmp_path / "club.sqlite3.secret-key"
    assert len(first) >= 50
    assert path.stat().st_mode & 0o777 == 0o600
    assert hall.secret_key(path) == first


def test_another_databases_key_is_kept_in_the_sites_folder(tmp_path):
    path = hall.secret_key_file("postgres://club@localhost/cinch", tmp_path)

    assert path == tmp_path / "hall.secret-key"


def test_an_emptied_key_file_is_refused(tmp_path):
    path = tmp_path / "club.sqlite3.secret-key"
    path.write_text("\n")

    with pytest.raises(ImproperlyConfigured, match="remove it"):
        hall.secret_key(path)
