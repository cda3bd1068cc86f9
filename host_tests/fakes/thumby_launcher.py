# A stand-in for the Thumby's launcher, the root main.py TinyCircuits ship:
# when its menu has chosen a game it writes "lastgame,PATH" to thumby.cfg,
# resets, and the next boot imports PATH (/Games/NAME/NAME.py) and resets
# when the game returns.  This one always starts the game thumby.cfg names
# (the menu itself is TinyCircuits'), and says so when the game returns.
conf = open("thumby.cfg").read().split(",")
game_path = conf[conf.index("lastgame") + 1]
print("launcher: starting", game_path)
try:
    __import__(game_path)
except ImportError as error:
    print("launcher: could not load", game_path, error)
print("launcher: the game returned")
