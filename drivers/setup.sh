#!/usr/bin/env bash
# Creates the Python drivers' virtual environment (target/drivers-venv, or
# $TWINMUL_DRIVERS_VENV) and installs their pinned dependencies, each
# checked against its hash. Prints the environment's python.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${TWINMUL_DRIVERS_VENV:-target/drivers-venv}
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check --require-hashes -r drivers/requirements.txt
echo "$venv/bin/python"
