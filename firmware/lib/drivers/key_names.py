"""The buttons by name.  BUTTONS is the order of the bits a key source
reports (get_pressed(): bit i down for BUTTONS[i]), the order app/buttons.py
numbers them in (host_tests/test_structure.py keeps the two the same).
A module of its own, loaded only by the boards that name keys with it.
"""


BUTTONS = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT")


def bit(name):
    """The bit of the button called `name` (one of BUTTONS); 0 for None, a
    key that does nothing."""
    if name is None:
        return 0
    if name not in BUTTONS:
        raise ValueError("no button called %s (the buttons: %s)" % (name, " ".join(BUTTONS)))
    return 1 << BUTTONS.index(name)


def bits(names):
    """A key number's bit for each of a board's keys, named in key-number
    order (None: a key that does nothing)."""
    return bytes(bit(name) for name in names)
