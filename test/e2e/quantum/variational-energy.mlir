// The example examples/variational-energy.mlir against the
// reference simulator: energy and probabilities.
// RUN: cot run %cot_src/examples/variational-energy.mlir -- "[0.4, -0.7, 1.1]" | %expect \
// RUN:   "ref.expval(ref.run(3, [op for l in (1, 2) for op in [('RY', [0.4*l], [0]), ('RY', [-0.7*l], [1]), ('RY', [1.1*l], [2]), ('CNOT', [], [0, 1]), ('CNOT', [], [1, 2])]]), 3, [(-1, 'ZZI'), (-1, 'IZZ'), (-0.5, 'XII'), (-0.5, 'IXI'), (-0.5, 'IIX')])" \
// RUN:   "ref.probs(ref.run(3, [op for l in (1, 2) for op in [('RY', [0.4*l], [0]), ('RY', [-0.7*l], [1]), ('RY', [1.1*l], [2]), ('CNOT', [], [0, 1]), ('CNOT', [], [1, 2])]]), 3, [0, 1, 2])"
