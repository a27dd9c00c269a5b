"""Running the command line in tests: output, and the one-line error contract for bad input."""

from __future__ import annotations

from click.testing import CliRunner

from analyzer.cli import cli


def run(*args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``baccarat ARGS``."""
    result = CliRunner().invoke(cli, list(args), prog_name="baccarat")
    return result.exit_code, result.stdout, result.stderr


def assert_refused(args: list[str], message: str) -> None:
    """Bad input: nothing on stdout, one line on stderr naming the problem, exit status 2."""
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ")
    assert message in err


def verdict_of(out: str) -> str:
    """The verdict line ``verify`` leads with, unwrapped."""
    head = out.split("Verdict: ", 1)[1]
    lines = [head.splitlines()[0]]
    for line in head.splitlines()[1:]:
        if not line.startswith("  "):
            break
        lines.append(line.strip())
    return " ".join(lines)
