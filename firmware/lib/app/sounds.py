"""What the game sounds like on a board with a buzzer (the board module's
`buzzer`: drivers/buzzer.py's Buzzer, or anything with its play/tick/stop).

  CLICK   every key the screen takes
  REFUSE  a key refused (an illegal move, an item struck through, a wrong
          deal number): the screen says why, the buzz says that it did
  HOME    cards went to the foundations (a move, autoplay, FINISH, SHOW ME)
  WIN     the last card home

A sound does not cut off one that matters more (a click leaves a refusal's
buzz or the win's tune alone).  The SOUND setting silences all of them.
Nothing here allocates: the sounds are tuples made at import, and what is
tracked (cards home, the game won) is small ints.
"""

# (hz, ms) pairs, hz 0 a rest: drivers/buzzer.py plays them
CLICK = (2093, 6)
HOME = (2637, 14)
REFUSE = (196, 70, 0, 30, 165, 110)
WIN = (523, 110, 659, 110, 784, 110, 1047, 140, 0, 40, 784, 90, 1047, 320)
RANKS = (CLICK, HOME, REFUSE, WIN)  # the later cuts off the earlier, not the reverse


class Sounds:
    def __init__(self, buzzer, game, settings):
        self.buzzer = buzzer
        self.game = game
        self.settings = settings
        self.pending = -1  # RANKS index of the sound the keys asked for since the last tick
        self.playing = -1  # and of the sound playing
        self.home = game.cards_home()
        self.won = game.is_won()

    def key(self, refused):
        """A key the app took (refused: the screen said why not); the sound
        starts at the next tick, with what the key did to the game."""
        self.pending = max(self.pending, 2 if refused else 0)

    def tick(self, now):
        """Every tick, as it ends: the buzzer's next note, then the sound the
        keys and the game's changes call for (cards home, the game won)."""
        buzzer = self.buzzer
        buzzer.tick(now)
        if buzzer.sound is None:
            self.playing = -1
        rank, self.pending = self.pending, -1
        game = self.game
        home = game.cards_home()
        if home != self.home:
            won = game.is_won()
            if won and not self.won:
                rank = 3
            elif home > self.home:
                rank = max(rank, 1)
            self.home, self.won = home, won
        if rank >= 0:
            self.play(rank)

    def play(self, rank):
        if not self.settings.sound or rank < self.playing:
            return
        self.playing = rank
        self.buzzer.play(RANKS[rank])

    def stop(self):
        """SOUND turned off, or the display asleep: silence now."""
        self.buzzer.stop()
        self.playing = -1
