"""PIN logic of the admin exit and the admin lock (its own file, kept across pads and restarts)."""
import json
import logging

import pytest

from game.files import paths
from game.runtime.settings import load_settings
from kiosk import admin
from kiosk.lock import LOCKOUT_SECONDS, MAX_LOCKOUT, AdminLock, lock_path


def test_default_pin_until_changed():
    assert admin.check_pin("", admin.DEFAULT_PIN)
    assert not admin.check_pin("", "0000")
    assert admin.pin_is_default("")
    stored = admin.hash_pin("2468")
    assert admin.valid_stored(stored) and admin.valid_stored("")
    assert not admin.valid_stored("2468") and not admin.valid_stored(5)
    assert admin.check_pin(stored, "2468") and not admin.check_pin(stored, admin.DEFAULT_PIN)
    assert not admin.pin_is_default(stored)
    assert "2468" not in stored.split("$")                 # only a salted hash is kept


def test_new_pins_are_4_to_12_digits():
    assert admin.valid_new_pin("1234") and admin.valid_new_pin("12345678")
    assert admin.valid_new_pin("123456789012")                   # longer PINs (issue 20.8)
    for bad in ("123", "1234567890123", "12a4", "１２３４", ""):
        assert not admin.valid_new_pin(bad)


class Clock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self):
        return self.now


def _type(entry, pin):
    for key in pin:
        entry.press(key)
    return entry.press("ok")


def test_entry_wrong_tries_lock_out_then_recover(tmp_path):
    clock = Clock()
    entry = admin.PinEntry(AdminLock.open(tmp_path, clock=clock))
    for key in "63":
        assert entry.press(key) is None
    assert entry.press("ok") == "short"
    for _ in range(admin.MAX_TRIES - 1):
        assert _type(entry, "1111") == "wrong"
    assert _type(entry, "1111") == "locked"
    for key in admin.DEFAULT_PIN:
        assert entry.press(key) == "locked"
    clock.now += LOCKOUT_SECONDS + 0.1
    for key in admin.DEFAULT_PIN + "9":
        entry.press(key)
    entry.press("del")
    assert entry.press("ok") == "ok"


def test_lockout_holds_across_pin_pads_and_restarts_and_doubles(tmp_path):
    """Issue 11 point 4: 5 wrong PINs, Esc, a new PIN pad, 5 more … no longer works."""
    clock = Clock()
    lock = AdminLock.open(tmp_path, clock=clock)
    for _ in range(admin.MAX_TRIES):                     # a new PIN pad for every try
        result = _type(admin.PinEntry(lock), "0000")
    assert result == "locked" and lock.locked_for() == LOCKOUT_SECONDS
    assert _type(admin.PinEntry(lock), admin.DEFAULT_PIN) == "locked"     # even the right one
    # the game restarts (a crash, a kill): the lockout is read back from the file
    clock.now += 10
    again = AdminLock.open(tmp_path, clock=clock)
    assert again.locked_for() == LOCKOUT_SECONDS - 10
    assert _type(admin.PinEntry(again), admin.DEFAULT_PIN) == "locked"
    clock.now += LOCKOUT_SECONDS
    lengths = []
    for _ in range(4):                                   # each lockout doubles the next
        for _ in range(admin.MAX_TRIES):
            result = _type(admin.PinEntry(AdminLock.open(tmp_path, clock=clock)), "0000")
        lengths.append(AdminLock.open(tmp_path, clock=clock).locked_for())
        clock.now += lengths[-1]
    assert lengths == [60, 120, 240, 480]
    assert _type(admin.PinEntry(AdminLock.open(tmp_path, clock=clock)), admin.DEFAULT_PIN) == "ok"
    after = AdminLock.open(tmp_path, clock=clock)        # the right PIN ends the doubling
    assert after.lockouts == 0 and after.wrong == 0 and after.locked_for() == 0
    for _ in range(admin.MAX_TRIES):
        _type(admin.PinEntry(after), "0000")
    assert after.locked_for() == LOCKOUT_SECONDS


def test_a_clock_set_back_does_not_lengthen_a_lockout(tmp_path):
    clock = Clock()
    lock = AdminLock.open(tmp_path, clock=clock)
    for _ in range(admin.MAX_TRIES):
        _type(admin.PinEntry(lock), "0000")
    clock.now -= 86400
    assert lock.locked_for() == LOCKOUT_SECONDS
    clock.now += LOCKOUT_SECONDS
    assert lock.locked_for() == 0


def test_the_lock_file_is_private_and_holds_only_a_hash(tmp_path):
    lock = AdminLock.open(tmp_path)
    lock.set_pin(admin.hash_pin("2468"))
    path = lock_path(tmp_path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert "2468" not in path.read_text().replace(lock.pin, "")
    assert admin.check_pin(AdminLock.open(tmp_path).pin, "2468")


def test_a_pin_in_old_settings_moves_to_the_lock_and_survives_a_damaged_settings_file(tmp_path):
    stored = admin.hash_pin("8642")
    settings = paths.settings_file(tmp_path)
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"language": "en", "kiosk_pin": stored}))
    assert AdminLock.open(tmp_path).pin == stored                 # first run: migrated
    assert json.loads(lock_path(tmp_path).read_text())["pin"] == stored
    loaded = load_settings(tmp_path)                             # the settings let go of it
    loaded.save()
    assert "kiosk_pin" not in settings.read_text()
    settings.write_text('{"language": "en", "kiosk_pi')           # damaged
    load_settings(tmp_path).save()                               # and rewritten with defaults
    assert admin.check_pin(AdminLock.open(tmp_path).pin, "8642")  # the PIN is still the operator's


def test_a_damaged_lock_file_is_set_aside(tmp_path, caplog):
    lock_path(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    lock_path(tmp_path).write_text('{"pin": "pbkdf2$zz')
    caplog.set_level(logging.ERROR)
    lock = AdminLock.open(tmp_path)
    assert lock.pin == "" and any("does not load" in r.getMessage() for r in caplog.records)
    assert lock_path(tmp_path).with_name("kiosk-admin.json.bad-1").exists()


# ---- issue 20.8: scrypt, old hashes, absurd counts ------------------------------------------------
def _old_pbkdf2(pin: str, salt: str = "0011223344556677") -> str:
    import hashlib

    return f"pbkdf2${salt}${hashlib.pbkdf2_hmac('sha256', pin.encode(), bytes.fromhex(salt), 20000).hex()}"


def test_new_pins_are_kept_with_scrypt():
    stored = admin.hash_pin("123456789012")
    kind, n, r, p, salt, digest = stored.split("$")
    assert (kind, int(n), int(r), int(p)) == ("scrypt", 2 ** 15, 8, 1)      # 32 MiB per guess
    assert len(bytes.fromhex(salt)) == 16 and len(bytes.fromhex(digest)) == 32
    assert admin.valid_stored(stored)
    assert admin.check_pin(stored, "123456789012") and not admin.check_pin(stored, "12345678901")


def test_an_old_pbkdf2_admin_file_still_opens_the_pad_and_the_next_change_stores_scrypt(tmp_path):
    old = _old_pbkdf2("2468")
    path = lock_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"pin": old, "wrong": 0, "lockouts": 0, "locked_until": 0}))
    lock = AdminLock.open(tmp_path)
    assert lock.pin == old and admin.is_old_hash(lock.pin)
    assert _type(admin.PinEntry(lock), "2468") == "ok"
    assert _type(admin.PinEntry(lock), admin.DEFAULT_PIN) == "wrong"
    lock.set_pin(admin.hash_pin("97531"))
    stored = json.loads(path.read_text())["pin"]
    assert stored.startswith("scrypt$") and admin.check_pin(stored, "97531")


@pytest.mark.parametrize("lockouts", [5000, 10 ** 30, 1e300])     # (main hung on 1e300: 2 ** 1e300)
def test_an_absurd_lockout_count_does_not_crash_the_pad(tmp_path, lockouts):
    clock = Clock()
    path = lock_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"pin": "", "wrong": 4, "lockouts": lockouts,
                                "locked_until": clock.now + 10 ** 9}))
    lock = AdminLock.open(tmp_path, clock=clock)
    assert 0 < lock.locked_for() <= MAX_LOCKOUT                    # never longer than the cap
    entry = admin.PinEntry(lock)
    assert _type(entry, admin.DEFAULT_PIN) == "locked"
    clock.now += MAX_LOCKOUT + 1
    assert _type(entry, "0000") == "locked"                        # the 5th wrong try: locked again
    assert lock.lockout_length() == MAX_LOCKOUT
    clock.now += MAX_LOCKOUT + 1
    assert _type(entry, admin.DEFAULT_PIN) == "ok"


def test_a_doctored_scrypt_entry_asking_for_huge_memory_is_set_aside(tmp_path):
    stored = admin.hash_pin("2468").split("$")
    stored[1] = str(2 ** 40)
    path = lock_path(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"pin": "$".join(stored)}))
    assert AdminLock.open(tmp_path).pin == ""                      # the default PIN applies
    assert path.with_name("kiosk-admin.json.bad-1").exists()
