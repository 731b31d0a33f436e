"""Golden screenshots: each table at a fixed seed and frame, in both languages, the whole window
at 1280x720 and a crop at 3840x2160, compared with tests/golden/ within a tolerance (the art is
rasterised from the picture files; a small change in antialiasing or a font's hinting passes, a
picture moved, missing or recoloured does not). ``tools/art_shots.py --golden`` makes them anew
after a change that is meant: look at them before committing."""
import numpy
import pygame
import pytest

from tools.art_shots import GOLDEN, GOLDEN_SIZES, golden_shots

MEAN_LEVELS = 1.5          # the mean difference per channel, in levels of 255
FAR = 48                   # a pixel this far off (sum of its channels) counts as different...
FAR_SHARE = 0.005          # ... and at most this share of them may be


@pytest.mark.parametrize("size", list(GOLDEN_SIZES))
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_each_table_looks_as_its_golden_screenshot(lang, size, tmp_path):
    for name, shot in golden_shots(lang, size, str(tmp_path)):
        want = pygame.image.load(str(GOLDEN / name))
        assert want.get_size() == shot.get_size(), name
        got_px = pygame.surfarray.array3d(shot).astype(numpy.int16)
        want_px = pygame.surfarray.array3d(want).astype(numpy.int16)
        diff = numpy.abs(got_px - want_px)
        far = float((diff.sum(axis=2) > FAR).mean())
        assert diff.mean() <= MEAN_LEVELS and far <= FAR_SHARE, (name, round(float(diff.mean()), 2), far)
