"""MkDocs hooks of this site (see mkdocs.yml).

The ``grundy`` Click group loads some of its commands only when they are first asked for,
and mkdocs-click documents only the commands the group holds.  Asking for each one here,
before any page is rendered, puts every command in the reference.
"""

from __future__ import annotations

from typing import Any


def on_config(config: Any) -> Any:
    import click
    from mkdocs.exceptions import PluginError

    from grundy.cli.main import main

    ctx = click.Context(main, info_name="grundy")
    missing = [name for name in main.list_commands(ctx) if main.get_command(ctx, name) is None]
    if missing:
        raise PluginError(f"commands that do not load: {', '.join(missing)}")
    return config
