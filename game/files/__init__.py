"""Files: where the game finds what it ships (resources) and where it keeps what it writes (paths,
private to the user). Standard library only; every layer from game/play up may use it."""
