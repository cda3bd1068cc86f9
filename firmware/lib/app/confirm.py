"""A question before what cannot be taken back: giving up, restarting, a new
deal over the game in progress.  Made when asked (app.py's LAZY) and let go
of after.  NO is lit first, so a second press of A by habit does nothing.
"""

from .screens import ListScreen

# action: (question, YES's label); NO goes back where it was asked from.  A
# new deal over the game in progress is any of the title's ways to a deal
_QUESTIONS = {
    "give_up": (b"GIVE UP THIS GAME?", b"YES, GIVE UP"),
    "restart": (b"RESTART THIS DEAL?", b"YES, FROM THE START"),
}
_LEAVE = (b"LEAVE THIS GAME?", b"YES: IT IS GIVEN UP")
_END = (b"END THE TOURNAMENT?", b"YES: IT ENDS HERE")  # another deal than its round


class ConfirmScreen(ListScreen):
    def __init__(self, app):
        super().__init__(app, b"SURE?")
        self.action = None  # what YES does
        self.granted = None  # the action YES was pressed for, until the app takes it

    def ask(self, action, ending=False):
        """The question before `action`; ending: it ends a tournament."""
        self.title, yes = _END if ending else _QUESTIONS.get(action, _LEAVE)
        self.action = action
        self.set_items([(b"NO", "back"), (yes, "yes")])
        self.choice = 0

    def key(self, button, press):
        action = ListScreen.key(self, button, press)
        if action == "yes":
            self.granted = self.action
            return self.action
        return action

    def take(self, action):
        """Was YES pressed for `action`?  (Once: the grant is used up.)"""
        if self.granted == action:
            self.granted = None
            return True
        return False
