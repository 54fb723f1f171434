"""The command ``grundy games``: every built-in game, from :mod:`grundy.catalog`."""

from __future__ import annotations

import click

__all__ = ["games"]


@click.command()
def games() -> None:
    """List every built-in game: name, aliases, rules, family and source."""
    from ..catalog import entries

    for entry in entries():
        aliases = f" (also: {', '.join(entry.aliases)})" if entry.aliases else ""
        click.echo(f"{entry.name}{aliases}")
        click.echo(f"    {entry.rules}")
        click.echo(f"    family: {entry.family}; source: {entry.source}")
    click.echo("\nNotations: sub:1,3,4  allbut:1,2  0.77 (octal/hex take-and-break)  A*B (coin product)  moore:3 (Moore's nim_k)")

