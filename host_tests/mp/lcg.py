# The scripts' random numbers: the same sequence on CPython and MicroPython
# (an LCG kept under 2**30, so no long int on a 32-bit MicroPython).


class Lcg:
    def __init__(self, seed):
        self.state = seed

    def next(self, n):
        self.state = (self.state * 1103515245 + 12345) & 0x3FFFFFFF
        return (self.state >> 8) % n
