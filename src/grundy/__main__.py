"""``python -m grundy``: the same as the ``grundy`` command."""

from .cli import entry

if __name__ == "__main__":
    entry()
