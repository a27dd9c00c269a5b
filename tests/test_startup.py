"""What `baccarat analyze` does not do at start-up once its rule set is kept (issue 31, item 5): no timing here
(benchmarks/startup.py measures), only the modules a run imports and the collector it leaves on."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer.cli import cli

PARSER = ("tomllib", "analyzer.game.rulefile", "analyzer.game.strict", "analyzer.game.wagerfile", "html")
REPORT = (
    "import atexit, sys; atexit.register(lambda: print(' '.join(m for m in {!r} if m in sys.modules), file=sys.stderr))"
)


def _analyze(cache: Path) -> str:
    """Run `baccarat analyze --rules punto-banco` in a new process; the parser's modules it imported."""
    program = REPORT.format(PARSER) + (
        "; import runpy; sys.argv = ['baccarat', 'analyze', '--rules', 'punto-banco']; "
        "runpy.run_module('analyzer', run_name='__main__')"
    )
    env = {k: v for k, v in os.environ.items() if k != "BACCARAT_NO_CACHE"}
    env["BACCARAT_CACHE_DIR"] = str(cache)
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "punto-banco" in run.stdout
    return run.stderr.strip()


@pytest.mark.slow
def test_a_kept_rule_set_is_analyzed_without_the_parser_or_tomllib(tmp_path: Path) -> None:
    first = _analyze(tmp_path / "cache")
    assert "tomllib" in first and "analyzer.game.rulefile" in first  # the first run loads and checks the file
    assert _analyze(tmp_path / "cache") == ""  # the second reads it back: none of them imported


def test_the_collector_is_on_after_a_command_as_it_was_before() -> None:
    """Loading a command's modules pauses the cyclic garbage collector, and only that."""
    assert gc.isenabled()
    result = CliRunner().invoke(cli, ["analyze", "--rules", "punto-banco", "--wager", "tie"])
    assert result.exit_code == 0, result.output
    assert gc.isenabled()


def test_the_objects_a_command_load_leaves_are_frozen_only_when_modules_were_loaded() -> None:
    """What a command's modules bring lives to the end of the process: the load moves it to the collector's
    permanent generation, so no later collection (nor the full one at exit) walks it; a load that imports nothing
    freezes nothing."""
    from analyzer.cli.app import _collection_paused

    gc.unfreeze()
    try:
        with _collection_paused():
            pass  # nothing imported
        assert gc.get_freeze_count() == 0
        with _collection_paused():
            sys.modules["analyzer_test_loaded_module"] = type(sys)("analyzer_test_loaded_module")
        assert gc.get_freeze_count() > 0
        assert gc.isenabled()
    finally:
        sys.modules.pop("analyzer_test_loaded_module", None)
        gc.unfreeze()
