"""Runs a command and fails unless it exits with the given code.

usage: exitcode.py CODE COMMAND [ARG...]
The command's stdout and stderr pass through unchanged.
"""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.run(sys.argv[2:]).returncode
if got != want:
    sys.stderr.write(f"exitcode.py: {sys.argv[2:]} exited {got}, expected {want}\n")
    sys.exit(1)
