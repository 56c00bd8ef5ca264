//===- CircuitGradients.cpp - circuit gradients against simulation -------===//
//
// A layered circuit (each layer: RX and RY on every wire, then a CNOT
// ladder), measured by <Z_0> and by a 4-term Hamiltonian. Through the
// embedding API, in one run, it times:
//   - the forward simulation (the circuit function itself),
//   - its gradient by the adjoint method (gradient.grad, diff_method
//     "adjoint"),
// and prints adjoint time / forward time, at --qubits (default 20). The same
// layers at --shift-qubits (default 12) are also differentiated by
// parameter shifts (2 shifted circuits per parameter, so 2 x 2 x layers x
// wires circuit runs: too slow to repeat at 20 qubits), which prints shift
// time / adjoint time there. First it prints the peak memory of one adjoint
// gradient at --memory-qubits (default 24) as a multiple of one state vector,
// measured as the growth of the process's peak resident set over a forward
// simulation's.
//
//   cot-bench-circuit-gradients [--qubits N] [--shift-qubits S] [--layers L]
//                               [--memory-qubits M]
//
//===----------------------------------------------------------------------===//

#include "TimeReporter.h"
#include "cotangent/API/Cotangent.h"

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <sstream>
#include <string>

namespace {

/// The program: @circuit_<method>_<obs>(theta : tensor<2 L N xf64>) and
/// @grad_<method>_<obs> for obs in {z, h}.
std::string programText(int qubits, int layers) {
  const int params = 2 * layers * qubits;
  std::ostringstream s;
  for (const char *method : {"adjoint", "parameter-shift"})
    for (const char *obs : {"z", "h"}) {
      std::string name =
          std::string(method[0] == 'a' ? "adjoint" : "shift") + "_" + obs;
      s << "func.func @circuit_" << name << "(%t: tensor<" << params
        << "xf64>) -> f64 attributes {diff_method = \"" << method << "\"} {\n";
      s << "  %r = quantum.alloc(" << qubits << ") : !quantum.reg\n";
      for (int q = 0; q < qubits; ++q)
        s << "  %q" << q << "_0 = quantum.extract %r[" << q
          << "] : !quantum.reg -> !quantum.bit\n";
      std::vector<std::string> wire(qubits);
      for (int q = 0; q < qubits; ++q)
        wire[q] = "%q" + std::to_string(q) + "_0";
      int next = 0, value = 0;
      for (int l = 0; l < layers; ++l) {
        for (const char *gate : {"RX", "RY"})
          for (int q = 0; q < qubits; ++q) {
            s << "  %i" << next << " = arith.constant " << next << " : index\n";
            s << "  %a" << next << " = tensor.extract %t[%i" << next
              << "] : tensor<" << params << "xf64>\n";
            std::string out = "%g" + std::to_string(value++);
            s << "  " << out << " = quantum.custom \"" << gate << "\"(%a"
              << next << ") " << wire[q] << " : !quantum.bit\n";
            wire[q] = out;
            ++next;
          }
        for (int q = 0; q + 1 < qubits; ++q) {
          std::string out = "%g" + std::to_string(value++);
          s << "  " << out << ":2 = quantum.custom \"CNOT\"() " << wire[q]
            << ", " << wire[q + 1] << " : !quantum.bit, !quantum.bit\n";
          wire[q] = out + "#0";
          wire[q + 1] = out + "#1";
        }
      }
      if (obs[0] == 'z') {
        s << "  %o = quantum.namedobs " << wire[0]
          << "[PauliZ] : !quantum.obs\n";
      } else {
        // 0.5 Z0 Z1 - 0.8 X2 + 0.3 Y0 + 1.1 Z(N-1)
        s << "  %z0 = quantum.namedobs " << wire[0]
          << "[PauliZ] : !quantum.obs\n";
        s << "  %z1 = quantum.namedobs " << wire[1]
          << "[PauliZ] : !quantum.obs\n";
        s << "  %zz = quantum.tensor %z0, %z1 : !quantum.obs\n";
        s << "  %x2 = quantum.namedobs " << wire[2]
          << "[PauliX] : !quantum.obs\n";
        s << "  %y0 = quantum.namedobs " << wire[0]
          << "[PauliY] : !quantum.obs\n";
        s << "  %zn = quantum.namedobs " << wire[qubits - 1]
          << "[PauliZ] : !quantum.obs\n";
        s << "  %c = arith.constant dense<[0.5, -0.8, 0.3, 1.1]> : "
             "tensor<4xf64>\n";
        s << "  %o = quantum.hamiltonian(%c : tensor<4xf64>) %zz, %x2, %y0, "
             "%zn "
             ": !quantum.obs\n";
      }
      s << "  %e = quantum.expval %o : f64\n";
      s << "  quantum.dealloc %r : !quantum.reg\n";
      s << "  return %e : f64\n}\n";
      s << "func.func @grad_" << name << "(%t: tensor<" << params
        << "xf64>) -> tensor<" << params << "xf64> {\n"
        << "  %g = gradient.grad @circuit_" << name << "(%t) : (tensor<"
        << params << "xf64>) -> tensor<" << params << "xf64>\n"
        << "  return %g : tensor<" << params << "xf64>\n}\n";
    }
  return s.str();
}

struct Circuit {
  cotangent::Program program;
  std::vector<cotangent::Array> arguments;
};

Circuit compile(int qubits, int layers) {
  auto program = cotangent::Program::compile(programText(qubits, layers),
                                             "layered-circuit");
  if (!program) {
    std::fprintf(stderr, "%s\n", program.error().message.c_str());
    std::exit(1);
  }
  std::mt19937_64 generator(7);
  std::uniform_real_distribution<double> angle(-3, 3);
  std::vector<double> theta(2 * layers * qubits);
  for (double &t : theta)
    t = angle(generator);
  std::vector<cotangent::Array> arguments;
  arguments.push_back(cotangent::Array::vector(theta));
  return {std::move(*program), std::move(arguments)};
}

void call(Circuit &c, const std::string &entry) {
  auto results = c.program.call(entry, c.arguments, {uint64_t{1}});
  if (!results) {
    std::fprintf(stderr, "%s: %s\n", entry.c_str(),
                 results.error().message.c_str());
    std::exit(1);
  }
  benchmark::DoNotOptimize(results->front().data());
}

double peakResidentBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_maxrss) * 1024; // kilobytes on Linux
}

int intFlag(int &argc, char **argv, const char *name, int fallback) {
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], name) == 0) {
      int value = std::atoi(argv[i + 1]);
      for (int j = i; j + 2 <= argc; ++j)
        argv[j] = argv[j + 2];
      argc -= 2;
      return value;
    }
  return fallback;
}

} // namespace

int main(int argc, char **argv) {
  const int qubits = intFlag(argc, argv, "--qubits", 20);
  const int shiftQubits = intFlag(argc, argv, "--shift-qubits", 12);
  const int layers = intFlag(argc, argv, "--layers", 10);
  const int memoryQubits = intFlag(argc, argv, "--memory-qubits", 24);
  benchmark::Initialize(&argc, argv);

  // Peak memory first, while the process's high-water mark is still low:
  // a forward simulation sets it to about one state vector over the
  // baseline, then the gradient raises it to its own peak.
  {
    Circuit small = compile(memoryQubits, 1);
    const double stateBytes = 16.0 * static_cast<double>(1ull << memoryQubits);
    const double baseline = peakResidentBytes();
    call(small, "circuit_adjoint_h");
    const double forward = peakResidentBytes();
    call(small, "grad_adjoint_h");
    const double gradient = peakResidentBytes();
    std::printf("peak memory at %d qubits (one state vector = %.0f MiB): "
                "forward %.2f, adjoint gradient %.2f state vectors\n\n",
                memoryQubits, stateBytes / (1 << 20),
                (forward - baseline) / stateBytes,
                (gradient - baseline) / stateBytes);
  }

  Circuit large = compile(qubits, layers), small = compile(shiftQubits, layers);
  struct Size {
    const char *label;
    Circuit *circuit;
    int qubits;
    bool shift;
  };
  const Size sizes[] = {{"large", &large, qubits, false},
                        {"small", &small, shiftQubits, true}};
  for (const Size &size : sizes)
    for (const char *obs : {"z", "h"})
      for (const char *entry :
           {"circuit_adjoint_", "grad_adjoint_", "grad_shift_"}) {
        const bool shift = std::strncmp(entry, "grad_shift", 10) == 0;
        if (shift && !size.shift)
          continue;
        std::string call_name = std::string(entry) + obs;
        std::string name = std::string(size.label) + "/" + call_name;
        Circuit *c = size.circuit;
        auto *registered = benchmark::RegisterBenchmark(
            name.c_str(), [c, call_name](benchmark::State &state) {
              for (auto _ : state)
                call(*c, call_name);
            });
        registered->Unit(benchmark::kMillisecond)->UseRealTime();
        if (shift)
          registered->Iterations(1);
      }
  TimeReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\n%d layers; times in ms of one call (same run)\n", layers);
  std::printf("%-7s %-10s %8s %11s %11s %11s %16s %14s\n", "qubits",
              "observable", "params", "forward", "adjoint", "shift",
              "adjoint/forward", "shift/adjoint");
  for (const Size &size : sizes)
    for (const char *obs : {"z", "h"}) {
      auto time = [&](const char *entry) {
        return reporter.secondsOf(std::string(size.label) + "/" + entry + obs);
      };
      double forward = time("circuit_adjoint_"),
             adjoint = time("grad_adjoint_"), shift = time("grad_shift_");
      if (forward == 0 || adjoint == 0)
        continue;
      std::printf("%-7d %-10s %8d %11.2f %11.2f %11.2f %16.2f %14.2f\n",
                  size.qubits, obs[0] == 'z' ? "Z0" : "4-term H",
                  2 * layers * size.qubits, forward * 1e3, adjoint * 1e3,
                  shift * 1e3, adjoint / forward, shift / adjoint);
    }
  benchmark::Shutdown();
  return 0;
}
