# lit configuration for Cotangent: lit tests of the dialects and passes, and
# end-to-end programs run by `cot run`.
import os
import sys

import lit.formats

config.name = "Cotangent"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Unit", "tools", "Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.cot_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.cot_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
tools = os.path.join(config.cot_src_root, "test", "tools")
config.substitutions.append(("%python", sys.executable))
# %expect EXPRS: compares the JSON lines on stdin with Python expressions.
config.substitutions.append(("%expect", sys.executable + " " + os.path.join(tools, "expect.py")))
# %reference: an independent state-vector simulator written for the tests.
config.substitutions.append(("%reference", sys.executable + " " + os.path.join(tools, "reference.py")))
config.substitutions.append(("%gradcheck", sys.executable + " " + os.path.join(tools, "gradcheck.py")))
config.substitutions.append(("%exitcode", sys.executable + " " + os.path.join(tools, "exitcode.py")))
config.substitutions.append(("%cot_src", config.cot_src_root))
# The callback plugin of the end-to-end callback tests.
config.substitutions.append(("%test_callbacks", os.path.join(config.cot_obj_root, "lib", "cot-test-callbacks.so")))
config.substitutions.append(("%cot_obj", config.cot_obj_root))
# The compiler that links test programs against libcotangent (with the
# sanitizers' runtime in the sanitizer build), and the same as arguments of
# a CMake configuration.
config.substitutions.append(("%host_cxx", config.host_cxx))
config.substitutions.append(("%host_cmake_args", config.host_cmake_args))

# 'fma': the host CPU has fused multiply-add, which compiled code uses.
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " fma " in cpuinfo.read():
            config.available_features.add("fma")
except OSError:
    pass

sys.path.insert(0, os.path.dirname(__file__))
import sanitizers  # noqa: E402

sanitizers.configure(config)
