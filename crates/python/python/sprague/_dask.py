"""Surveys fanned out over a Dask cluster: one task per octal code, run by the
workers with ``sprague._native.survey_part``; the parts come back as bytes and
are grouped here exactly as a local survey groups them
(``sprague._native.survey_assemble``), so the rows are the same."""

from __future__ import annotations

from typing import Any, List, Optional

from . import _native


def _survey_part(code: str, budget: int, seconds: Optional[float]) -> bytes:
    # Runs on a worker: import there, not at the client.
    from sprague import _native as native

    return native.survey_part(code, budget, seconds)


def survey_on(
    client: Any, patterns: List[str], budget: int, seconds: Optional[float]
) -> List[dict]:
    """The survey of ``patterns`` computed on the workers of the Dask ``client``."""
    codes = _native.survey_codes(patterns)
    futures = client.map(
        _survey_part,
        codes,
        budget=budget,
        seconds=seconds,
        pure=False,
        key=[f"sprague-survey-{code}" for code in codes],
    )
    parts = client.gather(futures)
    return list(_native.survey_assemble(parts))


def _tournament_part(players: List[Any], indices: List[int], params: dict) -> list:
    # Runs on a worker: import there, not at the client. Python strategies
    # arrive pickled; each match plays a fresh copy on its own seeded streams.
    from sprague import _native as native
    from sprague.ipd import _entries

    return native.ipd_tournament_part(
        _entries(players), indices, play=params["play"], repetitions=params["repetitions"]
    )


def _check_picklable(players: List[Any]) -> None:
    """Refuses, before any task is sent, a Python strategy the workers could not receive."""
    try:
        import cloudpickle as pickler  # what Dask uses for what pickle cannot send
    except ImportError:  # pragma: no cover - Dask depends on cloudpickle
        import pickle as pickler
    for player in players:
        if isinstance(player, str):
            continue
        try:
            pickler.dumps(player)
        except Exception as error:
            raise _native.InvalidInput(
                f"the strategy {player.id} cannot be sent to the Dask workers because it "
                f"cannot be pickled ({type(error).__name__}: {error})"
            ) from error


def tournament_on(client: Any, players: List[Any], play: dict, repetitions: int) -> Any:
    """The tournament played on the workers of the Dask ``client``, one task
    per pairing (all its repetitions), each match on its own random streams
    (``sprague._native.ipd_tournament_part``); the summaries are assembled
    here exactly as a local tournament assembles them. ``players`` are names
    and Python strategies (``sprague.ipd.Strategy`` instances, pickled to the
    workers)."""
    from .ipd import _entries

    entries = _entries(players)
    _check_picklable(players)
    params = {"play": play, "repetitions": repetitions}
    pairings = _native.ipd_tournament_pairings(entries, play=play, repetitions=repetitions)
    groups: dict = {}
    for index, pairing in enumerate(pairings):
        groups.setdefault(pairing, []).append(index)
    order = list(groups)
    futures = [
        client.submit(_tournament_part, players, groups[pairing], params, pure=False)
        for pairing in order
    ]
    parts = client.gather(futures)
    summaries: list = [None] * len(pairings)
    for pairing, part in zip(order, parts):
        for index, summary in zip(groups[pairing], part):
            summaries[index] = summary
    return _native.ipd_tournament_assemble(entries, summaries, play=play, repetitions=repetitions)
