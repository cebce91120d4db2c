"""The run control of take-and-break values from Python: checkpoints,
resume, the checks that keep a file from being lost, progress, interruption.
The same library session runs the command line's `values`; the checksums are
compared with uninterrupted runs and with the example of docs/json.md."""

import os
import shutil
import signal
import threading
import time

import pytest

import sprague


def test_values_carry_the_engine_facts():
    # docs/json.md: 0.051 to 5.
    found = sprague.values("0.051", 5)
    assert found.values == [0, 0, 1, 1, 1, 0]
    assert (found.preperiod, found.period, found.proven) == (48, 48, True)
    assert (found.status, found.computed, found.max_value) == ("proven", 195, 5)
    assert (found.rare_mask, found.rare_position_parity, found.rare_count) == (7, 0, 6)
    assert (found.last_rare, found.examined, found.method) == (37, 195, "auto")
    assert found.checksum == "091ce6a63d05f954"
    assert found.checkpoint is None and found.checkpoint_error is None
    # The other families keep their keys; the engine's facts are None.
    nim = sprague.values("nim", 10)
    assert nim.closed_form and nim.status is None and nim.checksum is None


def test_an_interrupted_run_resumes_to_the_checksum_of_an_uninterrupted_one(tmp_path):
    path = tmp_path / "grundy.ckpt"
    # Grundy's game to 2^22 takes seconds; SIGINT after 0.3 s stops it.
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        sprague.values("grundy", 1 << 22, checkpoint=path)
    timer.join()
    assert path.stat().st_size > 1000, "the checkpoint was written on interruption"
    resumed = sprague.values("grundy", 1 << 20, checkpoint=path, resume=True)
    direct = sprague.values("grundy", 1 << 20)
    assert resumed.checksum is not None
    assert resumed.checksum == direct.checksum
    assert resumed.values == direct.values
    assert resumed.checkpoint == str(path)


def test_a_progress_callable_is_called_and_its_exception_stops_the_run(tmp_path):
    calls = []
    sprague.values("grundy", 1 << 19, progress=calls.append)
    assert calls, "progress was called"
    assert set(calls[0]) == {
        "computed",
        "target",
        "max_value",
        "rare_mask",
        "rare_position",
        "rare_count",
        "elapsed",
    }
    assert all(call["computed"] <= (1 << 19) + 1 for call in calls)
    # At most every 0.5 s.
    for before, after in zip(calls, calls[1:]):
        assert after["elapsed"] - before["elapsed"] >= 0.45

    class Enough(Exception):
        pass

    def enough(progress):
        raise Enough(progress["computed"])

    path = tmp_path / "stopped.ckpt"
    with pytest.raises(Enough):
        sprague.values("grundy", 1 << 22, checkpoint=path, progress=enough)
    resumed = sprague.values("grundy", 5000, checkpoint=path, resume=True)
    assert resumed.checksum == sprague.values("grundy", 5000).checksum


def test_a_file_that_is_not_a_checkpoint_is_not_overwritten(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("three weeks of notes")
    with pytest.raises(sprague.CheckpointError) as refused:
        sprague.values("grundy", 100, checkpoint=notes)
    assert str(refused.value) == (
        f"refusing to overwrite {notes}: it is not a sprague take-and-break checkpoint, "
        "and overwriting it needs --force (force=True from Python)"
    )
    assert isinstance(refused.value, ValueError)
    assert notes.read_text() == "three weeks of notes"
    kayles = tmp_path / "kayles.ckpt"
    sprague.values("kayles", 100, checkpoint=kayles)
    with pytest.raises(sprague.CheckpointError, match="a checkpoint of 'octal 0.77', not of 'grundy'"):
        sprague.values("grundy", 100, checkpoint=kayles)
    forced = sprague.values("grundy", 100, checkpoint=notes, force=True)
    assert forced.checkpoint == str(notes)
    again = sprague.values("grundy", 100, checkpoint=notes, resume=True)
    assert again.values == forced.values


def test_a_missing_directory_is_refused_before_any_work(tmp_path):
    calls = []
    started = time.monotonic()
    with pytest.raises(sprague.CheckpointError, match="does not exist"):
        # Grundy's game to 2^26 would take minutes.
        sprague.values("grundy", 1 << 26, checkpoint=tmp_path / "missing" / "g.ckpt", progress=calls.append)
    assert calls == []
    assert time.monotonic() - started < 5
    with pytest.raises(sprague.CheckpointError, match="is a directory"):
        sprague.values("grundy", 100, checkpoint=tmp_path)


def test_a_failed_final_checkpoint_keeps_the_values(tmp_path):
    directory = tmp_path / "vanishing"
    directory.mkdir()
    # The last progress call comes before the final write: the directory is gone by then.
    with pytest.warns(RuntimeWarning, match="final checkpoint was not written"):
        found = sprague.values(
            "grundy", 3000, checkpoint=directory / "g.ckpt", progress=lambda _: shutil.rmtree(directory, True)
        )
    assert found.values == sprague.values("grundy", 3000).values
    assert found.checkpoint is None
    assert "g.ckpt" in found.checkpoint_error


def test_checkpoint_arguments_are_checked():
    with pytest.raises(sprague.InvalidInput, match="resume=True needs checkpoint"):
        sprague.values("grundy", 10, resume=True)
    with pytest.raises(sprague.InvalidInput, match="force=True needs checkpoint"):
        sprague.values("grundy", 10, force=True)
    with pytest.raises(sprague.InvalidInput, match="checkpoint_every"):
        sprague.values("grundy", 10, checkpoint="x.ckpt", checkpoint_every=0)
    with pytest.raises(sprague.Unsupported, match="take-and-break"):
        sprague.values("nim", 10, checkpoint="x.ckpt")
