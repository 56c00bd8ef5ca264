//===- Engine.h - the automatic-differentiation engine ----------*- C++ -*-===//
//
// Generates derivative functions of bufferized functions (func, arith, math,
// scf, memref), once per function and pattern of active arguments:
//
//   tangent (forward mode):
//     f.tangent(args..., tangents of active args...)
//        -> (results..., tangents of float results...)
//   reverse mode, a pair sharing one tape:
//     f.fwd(args...) -> (results...)        runs f and saves on the tape
//                                           what the reverse sweep needs
//     f.rev(re-read buffer args..., shadows of active buffer args...,
//           cotangents of float results...)
//        -> (adjoints of active float args...)
//                                           consumes that tape; shadows
//                                           receive adjoints, result shadows
//                                           hold the result cotangents
//
// The tape is a stack: f.fwd pushes, f.rev pops in reverse order, so calls
// and loop iterations nest naturally (one tape segment per dynamic call).
//
//===----------------------------------------------------------------------===//
#ifndef COTANGENT_AUTODIFF_ENGINE_H
#define COTANGENT_AUTODIFF_ENGINE_H

#include "cotangent/AutoDiff/CustomGradients.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

#include <map>

namespace cotangent::autodiff {

struct ReverseFunctions {
  mlir::func::FuncOp forward;
  mlir::func::FuncOp reverse;
  /// Active arguments (given ones plus buffers that receive active data).
  llvm::SmallVector<unsigned> activeArgs;
  /// Buffer arguments nothing writes, which the reverse sweep reads again
  /// instead of saving what the forward sweep loads from them; their primal
  /// buffers lead the reverse sweep's arguments.
  llvm::SmallVector<unsigned> rereadArgs;
};

struct TangentFunction {
  mlir::func::FuncOp function;
  llvm::SmallVector<unsigned> activeArgs;
};

class Engine {
public:
  Engine(mlir::ModuleOp module, CustomGradientTable customGradients);

  /// The custom gradient registered for `function`, if any.
  const CustomGradient *customGradient(llvm::StringRef function) const;

  /// Whether `function`, or anything it calls, pushes to or pops from the
  /// derivative tape: such calls carry derivatives through the tape even
  /// when none of their arguments is active.
  bool usesTape(mlir::func::FuncOp function);

  /// A function that just calls `function`: differentiating it uses
  /// `function`'s custom gradient at that call.
  mlir::func::FuncOp callingWrapper(mlir::func::FuncOp function);

  /// `requester` is the op asking (for diagnostics: the chain of calls that
  /// reached an op without a derivative rule).
  mlir::FailureOr<TangentFunction> tangent(mlir::func::FuncOp function,
                                           llvm::ArrayRef<unsigned> activeArgs,
                                           mlir::Operation *requester);
  /// `outermost`: called from outside any differentiated code, with argument
  /// buffers that nothing else writes until the reverse sweep has run, so
  /// the reverse sweep may read them again.
  mlir::FailureOr<ReverseFunctions> reverse(mlir::func::FuncOp function,
                                            llvm::ArrayRef<unsigned> activeArgs,
                                            mlir::Operation *requester,
                                            bool outermost = false);

  /// The derivatives of the callee of a call met inside code being
  /// differentiated (the call joins the chain reported by errors).
  mlir::FailureOr<TangentFunction>
  tangentOfCall(mlir::func::CallOp call, llvm::ArrayRef<unsigned> activeArgs);
  mlir::FailureOr<ReverseFunctions>
  reverseOfCall(mlir::func::CallOp call, llvm::ArrayRef<unsigned> activeArgs);

  /// Reports that `op` cannot be differentiated, with the call chain.
  mlir::InFlightDiagnostic emitError(mlir::Operation *op);

  /// Calls that led to the function being differentiated now, outermost
  /// first (the op that requested the derivative, then call sites).
  llvm::SmallVector<mlir::Operation *> callChain;

private:
  /// Fills `target`, the tangent of `function` for the pattern `active`,
  /// with a call of its custom tangent `custom` (zeros for inactive
  /// tangents).
  void emitCustomTangentCall(mlir::func::FuncOp function,
                             mlir::func::FuncOp custom,
                             llvm::ArrayRef<unsigned> active,
                             mlir::func::FuncOp target);

  mlir::ModuleOp module;
  CustomGradientTable customGradients;
  llvm::DenseMap<mlir::Operation *, bool> tapeUsers;
  std::map<std::pair<std::string, llvm::SmallVector<unsigned>>, TangentFunction>
      tangents;
  std::map<std::pair<std::string, llvm::SmallVector<unsigned>>,
           ReverseFunctions>
      reverses;
};

} // namespace cotangent::autodiff

#endif
