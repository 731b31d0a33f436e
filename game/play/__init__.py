"""Play: one game driven from start to end — session, match, replays, saves, records, lessons,
and the workers that let bots and the tiger think off the frame."""
