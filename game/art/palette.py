"""Shared colours. Night-town base with warm lamp light; each table adds its own palette."""
NIGHT = (22, 26, 48)
NIGHT_2 = (34, 40, 72)
DUSK = (58, 48, 96)
ASPHALT = (44, 48, 62)
INK = (20, 18, 28)           # outlines
CREAM = (250, 240, 222)
LAMP = (255, 206, 110)
LAMP_SOFT = (255, 228, 170)
PINK = (255, 92, 170)
CYAN = (72, 226, 240)
MUTED = (170, 176, 206)      # secondary text
PANEL = (38, 44, 78)
PANEL_EDGE = (92, 104, 160)
FOCUS = (255, 226, 92)
FOCUS_2 = (255, 255, 255)
GOOD = (120, 220, 140)
BAD = (255, 120, 110)
TABLE_COLOURS = {
    "hungry-meow": ((24, 30, 62), (255, 92, 170), (72, 226, 240)),
    "meow-dice": ((22, 70, 52), (214, 170, 80), (170, 40, 48)),
    "zodiac": ((120, 24, 30), (232, 190, 80), (40, 150, 120)),
}
