"""The host tools' command lines: one argparse parser made from a tool's
docstring (its first paragraph the description, the usage line skipped,
the rest the epilog), so --help says what the module's text says."""

import argparse


def parser(prog, doc):
    parts = doc.strip("\n").split("\n\n", 2)
    return argparse.ArgumentParser(prog=prog, description=parts[0],
                                   epilog=parts[2] if len(parts) > 2 else None,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
