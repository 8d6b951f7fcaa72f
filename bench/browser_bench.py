"""What the benches that drive orbat studio in a real browser share: the
paths to the source tree's test modules, the browser (or a clear exit 2
without one), the release build, an exit with a message, and a figure's
median, minimum and maximum."""
import os
import statistics
import sys

# The modules it borrows live in the source tree: no __pycache__ there.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "studio"))

import run as bench_run  # noqa: E402  (the release build, shared with bench/run.sh)


class Bench:
    """One bench by its name, as its messages begin."""

    def __init__(self, name):
        self.name = name

    def browser(self):
        """browser_kit's headless Chromium; exit 2 when it cannot run."""
        try:
            from browser_kit import browser  # exits 77 without chromium
        except SystemExit:
            print("%s: needs chromium, chromium-driver and python3-selenium" % self.name, file=sys.stderr)
            sys.exit(2)
        return browser

    def die(self, msg, status=2):
        print("%s: %s" % (self.name, msg), file=sys.stderr)
        sys.exit(status)

    @staticmethod
    def release_build():
        """The release binary in build-release/, built as bench/run.sh does."""
        return bench_run.build_release(ROOT, os.path.join(ROOT, "build-release"))


def figures(values):
    """Median, minimum and maximum; not-a-number for no values."""
    return (statistics.median(values), min(values), max(values)) if values else (float("nan"),) * 3
