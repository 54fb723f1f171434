"""``python -m grundy``: the same as the ``grundy`` command."""

from .cli.console import main

if __name__ == "__main__":
    main()
