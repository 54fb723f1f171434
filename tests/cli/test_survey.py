"""``grundy survey`` at the command line: a stopped survey counts what it saved."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def test_a_stopped_misere_survey_counts_the_quotients_saved(tmp_path: Path, monkeypatch: Any,
                                                            capsys: Any) -> None:
    from grundy.cli.main import run
    from grundy.research import survey

    db_path = tmp_path / "int.db"
    stored = ["0.07", "0.12", "0.31"]

    def stopped(codes: Any, db: Any, *args: Any, **kwargs: Any) -> None:
        for code in stored:
            db.put_misere({"code": code, "certified": False, "order": 2, "p_size": 1,
                           "period": None, "preperiod": None, "checked_to": 5,
                           "reason": "stopped", "seconds": 0.1})
        raise KeyboardInterrupt

    monkeypatch.setattr(survey, "run_survey", stopped)
    assert run(["survey", "0.??", "--misere", "--local-only", "--db", str(db_path)]) == 2
    err = capsys.readouterr().err
    codes = survey.codes_of("0.??")
    with survey.SurveyDB(str(db_path)) as db:
        saved = len(db.misere_rows(codes))
    assert saved == len(stored)
    assert f" {saved} of {len(codes)} " in err
