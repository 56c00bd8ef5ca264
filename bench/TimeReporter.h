//===- TimeReporter.h - benchmark times kept for a summary ------*- C++ -*-===//
//
// Google Benchmark's console output, plus the real time per iteration of
// every run, so a benchmark can print ratios of runs measured in the same
// process.
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_BENCH_TIMEREPORTER_H
#define COTANGENT_BENCH_TIMEREPORTER_H

#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <string>
#include <unistd.h>
#include <vector>

class TimeReporter : public benchmark::ConsoleReporter {
public:
  TimeReporter()
      : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_Defaults : OO_Tabular) {}
  void ReportRuns(const std::vector<Run> &runs) override {
    for (const Run &run : runs)
      if (run.run_type == Run::RT_Iteration && !run.error_occurred) {
        const double time = run.GetAdjustedRealTime() /
                            benchmark::GetTimeUnitMultiplier(run.time_unit);
        const std::string &args = run.run_name.args;
        double &best = seconds[run.run_name.function_name +
                               (args.empty() ? "" : "/" + args)];
        best = best == 0 ? time : std::min(best, time);
      }
    ConsoleReporter::ReportRuns(runs);
  }
  /// Seconds per iteration by benchmark name (with its arguments, if any),
  /// the best over repetitions; absent for runs filtered out or failed.
  double secondsOf(const std::string &name) const {
    auto it = seconds.find(name);
    return it == seconds.end() ? 0.0 : it->second;
  }

private:
  std::map<std::string, double> seconds;
};

#endif // COTANGENT_BENCH_TIMEREPORTER_H
