"""The playground: a local web app to play impartial games against grundy.

:mod:`grundy.web.api` answers the JSON requests (no web framework needed), reading
positions with :mod:`grundy.web.positions` (checked against the playground's limits) and
explaining them with :mod:`grundy.web.explain`; :mod:`grundy.web.boards` draws the board
games (Cram, Chomp, Node and Arc Kayles, Green Hackenbush) and names their moves by the
cell, square, vertex or edge clicked; :mod:`grundy.web.app` serves the API and
the page in ``static/`` with Starlette, and :mod:`grundy.cli.serve` is ``grundy serve``.
Starlette and uvicorn are the optional extra ``grundy[web]``, imported only by the app
and the command.
"""
