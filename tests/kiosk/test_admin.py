"""PIN logic of the admin exit."""
from kiosk import admin


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


def test_new_pins_are_4_to_8_digits():
    assert admin.valid_new_pin("1234") and admin.valid_new_pin("12345678")
    for bad in ("123", "123456789", "12a4", "１２３４", ""):
        assert not admin.valid_new_pin(bad)


def test_entry_wrong_tries_lock_out_then_recover():
    entry = admin.PinEntry("")
    for key in "63":
        assert entry.press(key) is None
    assert entry.press("ok") == "short"
    for _ in range(admin.MAX_TRIES - 1):
        for key in "1111":
            entry.press(key)
        assert entry.press("ok") == "wrong"
    for key in "1111":
        entry.press(key)
    assert entry.press("ok") == "locked"
    for key in admin.DEFAULT_PIN:
        assert entry.press(key) == "locked"
    entry.update(admin.LOCKOUT_SECONDS + 0.1)
    for key in admin.DEFAULT_PIN + "9":
        entry.press(key)
    entry.press("del")
    assert entry.press("ok") == "ok"
