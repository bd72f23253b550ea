"""The shared corpus the benchmarks measure on: ../shared beside the repository (fixtures/ and the
peer harness bench/). The tests never read it (they read Tests/Fixtures). A benchmark run where it
is missing says so and measures nothing: it exits 0, as there is nothing wrong with the code."""
import os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared")


def require(script, *parts):
    """The path ../shared/PARTS, or a message and exit 0 when it is not there."""
    path = os.path.join(SHARED, *parts)
    if not os.path.exists(path):
        print(f"{script}: the shared benchmark corpus is not at {os.path.normpath(path)} (a checkout of the "
              f"shared folder beside the repository); nothing was measured.")
        sys.exit(0)
    return path
