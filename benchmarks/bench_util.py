"""Shared timing helper for the benchmarks."""


def run(benchmark, fn, *, rounds=7, per_call=1, unit="evals"):
    """Time fn with one warm-up round; record the median throughput in extra_info."""
    fn()
    result = benchmark.pedantic(fn, rounds=rounds, iterations=1, warmup_rounds=1)
    median = benchmark.stats.stats.median
    benchmark.extra_info[f"{unit}_per_s"] = per_call / median
    benchmark.extra_info["ns_per_" + unit.rstrip("s")] = median / per_call * 1e9
    return result
