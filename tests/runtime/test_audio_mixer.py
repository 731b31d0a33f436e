"""Issue 24: the mixer's arithmetic (game/runtime/mixer.py) — per-cue limits, the master limiter,
ducking under key cues, and the cue variation drawn from the presentation's own generator."""
import random

import pytest

from game.runtime import mixer as M


def test_forty_cards_dealt_in_a_burst_stay_three_deal_sounds_deep():
    mix = M.Mixer()
    spec = M.CUE_SPECS["deal"]
    stolen_total = 0
    for i in range(40):
        _, stolen = mix.admit("deal", spec, 0.3, 0.08, now=i * 0.01)
        stolen_total += len(stolen)
        assert len([v for v in mix.active(i * 0.01) if v.cue == "deal"]) <= spec.limit
    assert stolen_total == 40 - spec.limit


def test_the_master_limiter_keeps_the_worst_case_under_headroom():
    mix = M.Mixer()
    mix.music_peak = 0.25
    now = 0.0
    for cue in ("win_fanfare", "death_drone", "death_hiss", "eliminated", "meal_chime", "dice_rattle",
                "dice_clack", "card_flip", "deal", "power"):
        mix.admit(cue, M.CUE_SPECS[cue], 0.5, 1.0, now)
        assert mix.worst_case() <= M.HEADROOM + 1e-9, cue
    assert mix.bus < 0.5                        # ten half-scale cues at once: the bus came down
    for _ in range(200):                        # ...and it recovers once they are over
        now += 1 / 60
        mix.update(now, 1 / 60)
        assert mix.worst_case() <= M.HEADROOM + 1e-9
    assert mix.bus == 1.0 and not mix.voices


def test_the_bus_recovers_slowly_not_at_once():
    mix = M.Mixer()
    for i in range(4):
        mix.admit(f"c{i}", M.CueSpec(limit=4), 0.5, 0.2, 0.0)
    low = mix.bus
    mix.update(0.25, 1 / 60)                    # the voices are over; one frame later
    assert low < mix.bus < 1.0


def test_music_ducks_under_a_key_cue_and_comes_back():
    mix = M.Mixer()
    mix.admit("death_drone", M.CUE_SPECS["death_drone"], 0.4, 1.6, 0.0)
    mix.admit("deal", M.CUE_SPECS["deal"], 0.3, 0.08, 0.0)
    t, gains = 0.0, []
    while t < 4.0:
        t += 1 / 60
        mix.update(t, 1 / 60)
        gains.append((t, mix.duck_gain))
    assert min(g for _, g in gains) == pytest.approx(M.DUCK_LEVEL)
    assert all(g == pytest.approx(M.DUCK_LEVEL) for tt, g in gains if 0.2 < tt < 1.6)
    assert gains[-1][1] == 1.0
    plain = M.Mixer()
    plain.admit("deal", M.CUE_SPECS["deal"], 0.3, 0.08, 0.0)
    plain.update(0.05, 0.05)
    assert plain.duck_gain == 1.0               # an ordinary cue does not duck


def test_repeated_cues_vary_and_never_repeat_a_variant_twice_running():
    var = M.Variation(random.Random(1))
    spec = M.CUE_SPECS["card_flip"]
    picks = [var.pick("card_flip", spec) for _ in range(300)]
    indices = [i for i, _ in picks]
    assert set(indices) == set(range(spec.variants))
    assert all(a != b for a, b in zip(indices, indices[1:], strict=False))
    gains = [g for _, g in picks]
    assert min(gains) >= 10 ** (-spec.jitter_db / 20) - 1e-9 and max(gains) <= 1.0
    assert len({round(g, 4) for g in gains}) > 100          # the volume differs too
    assert var.pick("ui_confirm", M.CUE_SPECS["ui_confirm"]) == (0, 1.0)   # not a repeated cue


def test_variation_never_touches_the_global_or_a_rules_generator():
    random.seed(77)
    expected = random.Random(77).random()
    rules_rng = random.Random(5)
    before = rules_rng.getstate()
    var = M.Variation()                          # its own generator (OS entropy)
    for _ in range(50):
        var.pick("deal", M.CUE_SPECS["deal"])
    assert random.random() == expected
    assert rules_rng.getstate() == before
    assert var.rng is not random._inst


def test_every_cue_has_a_spec_and_the_key_cues_duck():
    assert {c for c, s in M.CUE_SPECS.items() if s.duck} == {"death_hiss", "death_drone", "eliminated",
                                                             "win_fanfare"}
    for cue in ("deal", "card_flip", "dice_clack", "dice_rattle"):
        assert M.CUE_SPECS[cue].variants >= 4 and M.CUE_SPECS[cue].jitter_db > 0
