# The environment of the tests in the sanitizer build (COT_SANITIZE), shared
# by both lit suites.


def configure(config):
    if not config.cot_sanitize:
        return
    config.available_features.add("sanitizers")
    # Leaks are errors; a failed allocation returns null, as without the
    # sanitizer, so that the out-of-memory tests see the program's own error.
    config.environment["ASAN_OPTIONS"] = ":".join([
        "detect_leaks=1",
        "allocator_may_return_null=1",
        "detect_stack_use_after_return=1",
        "strict_init_order=1",
    ])
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
