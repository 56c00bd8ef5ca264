# Runs every GoogleTest executable in the unit-test directory, one lit test per
# GoogleTest case, so one lit run reports the whole project.
import os
import sys

import lit.formats

config.name = "Cotangent-Unit"
config.suffixes = []
config.test_source_root = config.unittest_dir
config.test_exec_root = config.unittest_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
import sanitizers  # noqa: E402

sanitizers.configure(config)
