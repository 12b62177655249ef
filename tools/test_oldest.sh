#!/usr/bin/env bash
# The README's test command on the oldest versions pyproject.toml allows: every dependency
# with a lower bound (jax 0.10.0, flax 0.12.0, optax, grain, numpy, ...) pinned to it.
#   tools/test_oldest.sh            # the whole suite
#   tools/test_oldest.sh tests/engine -x    # arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${MSCOMPAT_OLDEST_VENV:-.venv-oldest}
python3 -m venv "$venv"
python3 tools/lowest_pins.py > "$venv/constraints.txt"
"$venv/bin/pip" install -q -e ".[test]" -c "$venv/constraints.txt"
"$venv/bin/pip" list 2>/dev/null | grep -iE '^(jax|jaxlib|flax|optax|grain|numpy|protobuf) '
"$venv/bin/python" -m pytest -q -n 2 "$@"
