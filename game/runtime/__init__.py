"""Runtime: the pygame window and loop, the scene stack, input, tweens, audio, assets, text,
levels, settings, folders and logs."""
