"""A small real table scene for the "tables added later join the rotation" test: it plays the
test engine (``nim.py``) with its seats' bots through ``session.apply`` and follows the table
contract (``Table(app, session, attract)``, ``finished`` at the end, ``human_game``)."""
from game.bots.base import RandomBot
from game.runtime.scene import Scene


class TinyTable(Scene):
    def __init__(self, app, session, attract=False):
        super().__init__(app)
        self.session = session
        self.attract = attract
        self.human_game = bool(session.human_seats) and not attract
        self.finished = False
        self.wait = 0.0
        self.bots = {i: RandomBot(i, session.seed + i) for i in range(len(session.seats))
                     if attract or not session.seats[i].human}
        self.handled = []

    def handle(self, intent):
        self.handled.append(intent)

    def update(self, dt):
        game = self.session.game
        if game.over:
            self.finished = True
            return
        self.wait += dt
        seat = game.current_player
        if self.wait >= 0.2 and seat in self.bots:
            self.wait = 0.0
            self.session.apply(self.bots[seat].choose(game.view(seat), game.legal_actions()))

    def draw(self, surface):
        surface.fill((30, 60, 40))
