"""The ``tarot-teach`` command line: ``deal`` and ``replay``."""

from __future__ import annotations

import copy
import errno
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tarot_teach import GameState, RuleSet, random_playout, replay, state_from_record
from tarot_teach.cli import main


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def finished_record(seed=7, players=4) -> dict:
    state = random_playout(GameState.new(RuleSet(players=players), seed=seed), random.Random(seed))
    assert state.result.void is None
    return state.to_record()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_deal_prints_a_record_that_replay_accepts_once_completed(capsys, players):
    code, out, err = run(capsys, "deal", "--players", str(players), "--seed", "42")
    assert code == 0
    record = json.loads(out)
    assert record["players"] == players
    assert record == GameState.new(RuleSet(players=players), seed=42).to_record()
    assert [len(h) for h in record["hands"]] == [RuleSet(players=players).hand_size] * players
    assert record["bids"] == [] and record["tricks"] == []
    # a fresh deal is not a whole hand record yet ...
    state = state_from_record(record, complete=False)
    if state.is_over:  # a petit sec: the deal is void as dealt
        assert replay(record) == {"void": "petit_sec"}
        return
    with pytest.raises(ValueError):
        replay(record)
    # ... but once played to the end it replays to its result
    random_playout(state, random.Random(1))
    assert replay(state.to_record()) == state.result.to_dict()


def test_deal_is_reproducible_and_follows_the_dealer(capsys):
    _, first, _ = run(capsys, "deal", "--seed", "3")
    _, again, _ = run(capsys, "deal", "--seed", "3")
    _, other, _ = run(capsys, "deal", "--seed", "4")
    assert first == again and first != other
    code, out, _ = run(capsys, "deal", "--seed", "3", "--dealer", "2")
    assert code == 0 and json.loads(out)["dealer"] == 2


def test_deal_refuses_a_dealer_who_is_not_at_the_table(capsys):
    code, out, err = run(capsys, "deal", "--players", "3", "--dealer", "3")
    assert code == 2 and out == ""
    assert "--dealer" in err


def test_replay_prints_the_result(capsys, tmp_path):
    record = finished_record()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    assert json.loads(out) == replay(record)


def test_replay_prints_a_void_deal(capsys, tmp_path):
    state = GameState.new(RuleSet(players=4), seed=1)
    for _ in range(4):
        state.play("pass")
    path = tmp_path / "void.json"
    path.write_text(json.dumps(state.to_record()), encoding="utf-8")
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and json.loads(out) == {"void": "all_passed"}


def test_replay_of_an_illegal_record_exits_1_with_the_refusal(capsys, tmp_path):
    record = finished_record()
    broken = copy.deepcopy(record)
    broken["bids"] = ["guard", "take"] + broken["bids"][2:]
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 1 and out == ""
    assert str(path) in err and "refused" in err
    assert "bid 2, seat 2" in err and "bid higher or pass" in err


@pytest.mark.parametrize("content, words", [
    (b"{not json", "not valid JSON"),
    (b"[1, 2, 3]", "JSON object"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe", "UTF-8"),
    (b"", "not valid JSON"),
    (json.dumps({"players": 4, "hands": [], "dog": []}).encode(), "4 hands"),
    (json.dumps({"players": 7}).encode(), "3, 4 or 5"),
    (b"[" * 50000 + b"]" * 50000, "nested"),
])
def test_replay_of_a_corrupt_file_exits_2_with_a_clear_message(capsys, tmp_path, content, words):
    path = tmp_path / "corrupt.json"
    path.write_bytes(content)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert "not a valid hand record" in err and words in err


def test_replay_of_a_record_with_an_unknown_card_exits_2(capsys, tmp_path):
    record = finished_record()
    record["hands"][0][0] = "11H"
    path = tmp_path / "card.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and "'11H'" in err and "expected" in err


def test_replay_of_a_missing_file_exits_2(capsys, tmp_path):
    code, out, err = run(capsys, "replay", str(tmp_path / "nowhere.json"))
    assert code == 2 and "cannot read" in err


def test_replay_of_a_directory_exits_2(capsys, tmp_path):
    code, out, err = run(capsys, "replay", str(tmp_path))
    assert code == 2 and "cannot read" in err


def test_bad_arguments_are_a_usage_error(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["deal", "--players", "6"])
    assert caught.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        main(["replay"])
    assert caught.value.code == 2


def test_the_installed_command_runs_without_a_traceback(tmp_path):
    """The console script itself: real exit codes, no traceback on a corrupt file."""
    script = Path(sys.executable).with_name("tarot-teach")
    if not script.exists():
        pytest.skip("the tarot-teach script is not installed next to this Python")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_record()), encoding="utf-8")
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\xff\xd8\xff\xe0 not a record")
    done = subprocess.run([str(script), "replay", str(good)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout) == replay(finished_record())
    done = subprocess.run([str(script), "replay", str(bad)], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "not a valid hand record" in done.stderr


# ------------------------------------------------ issue 13: every bad argument or file, exit 2


def installed_script() -> Path:
    script = Path(sys.executable).with_name("tarot-teach")
    if not script.exists():
        pytest.skip("the tarot-teach script is not installed next to this Python")
    return script


@pytest.mark.parametrize("port", ["99999", "65536", "0", "-1", "http", "80.5", ""])
def test_a_port_outside_1_to_65535_is_a_usage_error_not_a_broken_address(capsys, port):
    with pytest.raises(SystemExit) as caught:
        main(["--port", port, "--no-browser", "--no-build"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert "--port" in err and "1" in err and "65535" in err and "Traceback" not in err


@pytest.mark.parametrize("port", ["1", "8000", "65535"])
def test_every_real_port_is_accepted(port):
    from tarot_teach.cli import _parser

    assert _parser().parse_args(["--port", port]).port == int(port)


@pytest.mark.parametrize("where", ["missing-folder/out.jsonl", ".", "/dev/full"])
def test_a_bad_selfplay_out_is_a_message_and_exit_2(capsys, tmp_path, monkeypatch, where):
    monkeypatch.chdir(tmp_path)
    if where == "/dev/full" and not Path(where).exists():
        pytest.skip("no /dev/full here")
    code, out, err = run(capsys, "selfplay", "--deals", "2", "--out", where)
    assert code == 2 and out == ""
    assert f"--out {where}" in err and "Traceback" not in err


@pytest.mark.parametrize("where, why", [
    ("a-file/x.jsonl", errno.ENOTDIR),  # a folder that is a regular file
    ("x" * 300 + ".jsonl", errno.ENAMETOOLONG),
])
def test_an_out_that_no_user_can_create_is_a_message_and_exit_2(capsys, tmp_path, where, why):
    """Refused whoever runs it, root included (CI runs as root, and root may write into a
    read-only folder); nothing is created and the message says why."""
    import os

    (tmp_path / "a-file").write_text("a regular file\n")
    code, out, err = run(capsys, "selfplay", "--deals", "1", "--out", str(tmp_path / where))
    assert code == 2 and out == ""
    assert "cannot write there" in err and os.strerror(why) in err
    assert os.listdir(tmp_path) == ["a-file"]
    assert (tmp_path / "a-file").read_text() == "a regular file\n"


def test_replay_of_dev_zero_is_refused_at_once(capsys):
    if not Path("/dev/zero").exists():
        pytest.skip("no /dev/zero here")
    code, out, err = run(capsys, "replay", "/dev/zero")
    assert code == 2 and out == "" and "not a regular file" in err


def test_replay_of_a_fifo_does_not_hang(tmp_path):
    """In a child process, so that a regression fails (timeout) instead of hanging pytest."""
    import os

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "tarot_teach.cli", "replay", str(fifo)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr


def test_replay_of_a_file_too_large_for_a_record_is_refused_unread(capsys, tmp_path):
    from tarot_teach.cli import MAX_RECORD_BYTES

    big = tmp_path / "big.json"
    with open(big, "wb") as stream:  # sparse: nothing is really written
        stream.truncate(MAX_RECORD_BYTES + 1)
    code, _, err = run(capsys, "replay", str(big))
    assert code == 2 and "too large" in err


@pytest.mark.parametrize("command", [["deal", "--seed", "1"],
                                     ["selfplay", "--deals", "40", "--seed", "1"]])
def test_a_broken_pipe_ends_quietly(command):
    """``tarot-teach deal | true``: the reader is gone before the first line; no traceback."""
    script = installed_script()
    reader = subprocess.Popen(["true"], stdin=subprocess.PIPE)
    reader.wait(timeout=30)  # nobody reads the pipe any more: every write fails (EPIPE)
    writer = subprocess.run([str(script), *command], stdout=reader.stdin,
                            stderr=subprocess.PIPE, text=True, timeout=120)
    reader.stdin.close()
    assert "Traceback" not in writer.stderr and "Exception" not in writer.stderr, writer.stderr
    assert writer.returncode in (0, 1)


@pytest.mark.parametrize("command", [["deal", "--seed", "1"], ["replay", "RECORD"]])
@pytest.mark.parametrize("output", ["closed", "/dev/full"])
def test_output_closed_or_a_full_disk_is_a_message_and_exit_2(tmp_path, command, output):
    """Issue 27 (Low): ``tarot-teach deal >&-`` or ``> /dev/full`` printed a traceback."""
    if output == "/dev/full" and not Path(output).exists():
        pytest.skip("no /dev/full here")
    record = tmp_path / "record.json"
    record.write_text(json.dumps(finished_record()))
    argv = [str(record) if word == "RECORD" else word for word in command]
    stdout = open(output, "w") if output != "closed" else None
    try:
        finished = subprocess.run(
            [sys.executable, "-c", "import sys; from tarot_teach.cli import main; "
             "sys.exit(main(sys.argv[1:]))", *argv],
            stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=120,
            # closed: the child starts with descriptor 1 shut, as the shell's >&- does
            preexec_fn=(lambda: __import__("os").close(1)) if stdout is None else None)
    finally:
        if stdout is not None:
            stdout.close()
    assert finished.returncode == 2, finished.stderr
    assert "Traceback" not in finished.stderr and "tarot-teach:" in finished.stderr
