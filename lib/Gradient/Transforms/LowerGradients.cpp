//===- LowerGradients.cpp - grad, jvp, vjp become derivative code ---------===//
//
// Works on tensors, before bufferization. Each user-facing op becomes:
//   - `gradient.backprop` (one reverse sweep) or `gradient.forward` (one
//     forward sweep) when a single sweep gives the answer (vjp, jvp, grad of a
//     scalar function);
//   - a loop of sweeps that assembles a Jacobian, row by row (reverse) or
//     column by column (forward), whichever needs fewer sweeps;
//   - central finite differences for method = "fd".
// A callee that itself takes reverse-mode derivatives is differentiated in
// forward mode (forward over reverse), the engine having no reverse mode of
// its own tape.
//
//===----------------------------------------------------------------------===//
#include "cotangent/Gradient/Transforms/Passes.h"

#include "cotangent/AutoDiff/CallGraph.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

namespace cotangent::gradient {
#define GEN_PASS_DEF_LOWERGRADIENTS
#include "cotangent/Gradient/Transforms/Passes.h.inc"
} // namespace cotangent::gradient

using namespace mlir;
using namespace cotangent::gradient;

namespace {

int64_t numElements(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getNumElements();
  return 1;
}

ArrayRef<int64_t> shapeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getShape();
  return {};
}

/// Tensor-level building blocks of derivative code.
class TensorBuilder {
public:
  TensorBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// A float scalar or tensor filled with `value`.
  Value splat(Type type, double value) {
    Type element = getElementTypeOrSelf(type);
    auto scalar = FloatAttr::get(element, value);
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return arith::ConstantOp::create(b, loc,
                                       DenseElementsAttr::get(tensor, scalar));
    return arith::ConstantOp::create(b, loc, scalar);
  }

  /// Row-major indices of the flat position `flat` in `shape`.
  SmallVector<Value> delinearize(Value flat, ArrayRef<int64_t> shape) {
    SmallVector<Value> indices(shape.size());
    for (size_t i = shape.size(); i-- > 0;) {
      Value dim = index(shape[i]);
      indices[i] =
          i == 0 ? flat : arith::RemUIOp::create(b, loc, flat, dim).getResult();
      if (i > 0)
        flat = arith::DivUIOp::create(b, loc, flat, dim);
    }
    return indices;
  }

  /// `base` with `delta` added at `indices` (all of it for a scalar).
  Value addAt(Value base, ArrayRef<Value> indices, Value delta) {
    if (indices.empty())
      return arith::AddFOp::create(b, loc, base, delta);
    Value old = tensor::ExtractOp::create(b, loc, base, indices);
    Value sum = arith::AddFOp::create(b, loc, old, delta);
    return tensor::InsertOp::create(b, loc, sum, base, indices);
  }

  /// Writes `block` (of shape `blockShape`) into `target` at `indices` along
  /// the dimensions not covered by the block: the block's dimensions come
  /// first (`blockFirst`) or last.
  Value insertBlock(Value target, Value block, ArrayRef<int64_t> blockShape,
                    ArrayRef<Value> indices, bool blockFirst) {
    if (indices.empty())
      return block;
    if (blockShape.empty())
      return tensor::InsertOp::create(b, loc, block, target, indices);
    SmallVector<OpFoldResult> offsets, sizes, strides;
    auto addBlockDims = [&] {
      for (int64_t dim : blockShape) {
        offsets.push_back(b.getIndexAttr(0));
        sizes.push_back(b.getIndexAttr(dim));
      }
    };
    auto addIndexDims = [&] {
      for (Value index : indices) {
        offsets.push_back(index);
        sizes.push_back(b.getIndexAttr(1));
      }
    };
    if (blockFirst) {
      addBlockDims();
      addIndexDims();
    } else {
      addIndexDims();
      addBlockDims();
    }
    strides.assign(offsets.size(), b.getIndexAttr(1));
    return tensor::InsertSliceOp::create(b, loc, block, target, offsets, sizes,
                                         strides);
  }

  /// Sum of the elementwise product of two equally typed values.
  Value dot(Value x, Value y) {
    Value product = arith::MulFOp::create(b, loc, x, y);
    auto tensor = dyn_cast<RankedTensorType>(product.getType());
    if (!tensor)
      return product;
    Type element = tensor.getElementType();
    auto scalarType = RankedTensorType::get({}, element);
    Value init = splat(scalarType, 0.0);
    SmallVector<int64_t> dims =
        llvm::to_vector(llvm::seq<int64_t>(0, tensor.getRank()));
    auto reduce = linalg::ReduceOp::create(
        b, loc, ValueRange{product}, ValueRange{init}, dims,
        [](OpBuilder &nb, Location nl, ValueRange args) {
          Value sum = arith::AddFOp::create(nb, nl, args[0], args[1]);
          linalg::YieldOp::create(nb, nl, sum);
        });
    return tensor::ExtractOp::create(b, loc, reduce.getResult(0), ValueRange{});
  }

  OpBuilder &b;
  Location loc;
};

/// The derivatives of one call of `callee` with respect to `diffArgs`.
class DerivativeEmitter {
public:
  DerivativeEmitter(OpBuilder &b, Location loc, func::FuncOp callee,
                    ValueRange args, ArrayRef<int64_t> diffArgs, double h)
      : t(b, loc), b(b), loc(loc), callee(callee), args(args),
        diffArgs(diffArgs), h(h) {}

  SmallVector<Value> callPrimal(ValueRange operands) {
    return func::CallOp::create(b, loc, callee, operands).getResults();
  }

  Type argType(size_t j) { return callee.getArgumentTypes()[diffArgs[j]]; }
  TypeRange resultTypes() { return callee.getResultTypes(); }

  /// The unit tangent of differentiated argument `j` along the element at
  /// flat position `flat` (all of it for a scalar), and that element's
  /// indices.
  Value basisDirection(size_t j, Value flat, SmallVector<Value> &indices) {
    if (!flat)
      return t.splat(argType(j), 1.0);
    indices = t.delinearize(flat, shapeOf(argType(j)));
    return tensor::InsertOp::create(
        b, loc, t.splat(getElementTypeOrSelf(argType(j)), 1.0),
        t.splat(argType(j), 0.0), indices);
  }

  /// Result tangents for the tangent `direction` of differentiated argument
  /// `j` alone, by forward mode or by central differences.
  SmallVector<Value> tangents(size_t j, Value direction,
                              bool finiteDifferences) {
    if (!finiteDifferences) {
      SmallVector<Type> types(resultTypes());
      llvm::append_range(types, resultTypes());
      auto forward = ForwardOp::create(b, loc, types, callee.getSymName(), args,
                                       ValueRange{direction},
                                       b.getDenseI64ArrayAttr({diffArgs[j]}));
      return forward.getResults().drop_front(resultTypes().size());
    }
    return centralDifferences({diffArgs[j]}, {direction});
  }

  /// (f(x + h d) - f(x - h d)) / 2h for directions `d` of the arguments
  /// `indices`.
  SmallVector<Value> centralDifferences(ArrayRef<int64_t> indices,
                                        ValueRange directions) {
    auto shifted = [&](double sign) {
      SmallVector<Value> operands(args);
      for (auto [index, direction] : llvm::zip(indices, directions)) {
        Value step = t.splat(direction.getType(), sign * h);
        Value delta = arith::MulFOp::create(b, loc, direction, step);
        operands[index] = arith::AddFOp::create(b, loc, operands[index], delta);
      }
      return callPrimal(operands);
    };
    SmallVector<Value> plus = shifted(1.0), minus = shifted(-1.0);
    SmallVector<Value> result;
    for (auto [p, m] : llvm::zip(plus, minus)) {
      Value difference = arith::SubFOp::create(b, loc, p, m);
      result.push_back(arith::DivFOp::create(
          b, loc, difference, t.splat(difference.getType(), 2 * h)));
    }
    return result;
  }

  /// Result-major Jacobian blocks, one column (argument element) at a time.
  SmallVector<Value> jacobianByColumns(bool finiteDifferences) {
    size_t numResults = resultTypes().size();
    SmallVector<Value> blocks(numResults * diffArgs.size());
    for (size_t j = 0; j < diffArgs.size(); ++j) {
      auto column = [&](Value flat, ValueRange current) {
        SmallVector<Value> indices;
        Value direction = basisDirection(j, flat, indices);
        SmallVector<Value> columnValues =
            tangents(j, direction, finiteDifferences);
        SmallVector<Value> updated;
        for (size_t k = 0; k < numResults; ++k)
          updated.push_back(t.insertBlock(current[k], columnValues[k],
                                          shapeOf(resultTypes()[k]), indices,
                                          /*blockFirst=*/true));
        return updated;
      };
      SmallVector<Value> init;
      for (size_t k = 0; k < numResults; ++k)
        init.push_back(
            t.splat(derivativeType(resultTypes()[k], argType(j)), 0.0));
      SmallVector<Value> filled = loopOverElements(argType(j), init, column);
      for (size_t k = 0; k < numResults; ++k)
        blocks[k * diffArgs.size() + j] = filled[k];
    }
    return blocks;
  }

  /// Result-major Jacobian blocks, one row (result element) at a time.
  SmallVector<Value> jacobianByRows() {
    size_t numResults = resultTypes().size();
    SmallVector<Value> blocks;
    for (size_t k = 0; k < numResults; ++k) {
      Type resultType = resultTypes()[k];
      auto row = [&](Value flat, ValueRange current) {
        SmallVector<Value> indices, cotangents;
        for (size_t other = 0; other < numResults; ++other)
          cotangents.push_back(
              t.splat(resultTypes()[other], other == k ? 1.0 : 0.0));
        if (flat) {
          indices = t.delinearize(flat, shapeOf(resultType));
          cotangents[k] = tensor::InsertOp::create(
              b, loc, t.splat(getElementTypeOrSelf(resultType), 1.0),
              t.splat(resultType, 0.0), indices);
        }
        SmallVector<Value> gradients = backprop(cotangents);
        SmallVector<Value> updated;
        for (size_t j = 0; j < diffArgs.size(); ++j)
          updated.push_back(t.insertBlock(current[j], gradients[j],
                                          shapeOf(argType(j)), indices,
                                          /*blockFirst=*/false));
        return updated;
      };
      SmallVector<Value> init;
      for (size_t j = 0; j < diffArgs.size(); ++j)
        init.push_back(t.splat(derivativeType(resultType, argType(j)), 0.0));
      llvm::append_range(blocks, loopOverElements(resultType, init, row));
    }
    return blocks;
  }

  /// Cotangents of the differentiated arguments for the given result
  /// cotangents (one reverse sweep).
  SmallVector<Value> backprop(ValueRange cotangents) {
    SmallVector<Type> types(resultTypes());
    for (size_t j = 0; j < diffArgs.size(); ++j)
      types.push_back(argType(j));
    auto op = BackpropOp::create(b, loc, types, callee.getSymName(), args,
                                 cotangents, b.getDenseI64ArrayAttr(diffArgs));
    return op.getResults().drop_front(resultTypes().size());
  }

  /// Vector-Jacobian product assembled from columns (forward sweeps or finite
  /// differences): cotangent of argument element e = <cotangents, column e>.
  SmallVector<Value> vjpByColumns(ValueRange cotangents,
                                  bool finiteDifferences) {
    SmallVector<Value> result;
    for (size_t j = 0; j < diffArgs.size(); ++j) {
      auto column = [&](Value flat, ValueRange current) {
        SmallVector<Value> indices;
        Value direction = basisDirection(j, flat, indices);
        SmallVector<Value> columnValues =
            tangents(j, direction, finiteDifferences);
        Value sum;
        for (auto [cotangent, value] : llvm::zip(cotangents, columnValues)) {
          Value term = t.dot(cotangent, value);
          Type element = getElementTypeOrSelf(argType(j));
          if (term.getType() != element)
            term = arith::TruncFOp::create(b, loc, element, term);
          sum =
              sum ? arith::AddFOp::create(b, loc, sum, term).getResult() : term;
        }
        return SmallVector<Value>{t.addAt(current[0], indices, sum)};
      };
      result.push_back(
          loopOverElements(argType(j), {t.splat(argType(j), 0.0)}, column)[0]);
    }
    return result;
  }

private:
  /// Runs `body(flatIndex, current)` for every element of `type` (once, with
  /// a null index, for a scalar), threading `init` through as loop values.
  SmallVector<Value> loopOverElements(
      Type type, ValueRange init,
      llvm::function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    if (!isa<ShapedType>(type))
      return body(Value(), init);
    auto loop = scf::ForOp::create(
        b, loc, t.index(0), t.index(numElements(type)), t.index(1), init);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value> next =
        body(loop.getInductionVar(), loop.getRegionIterArgs());
    scf::YieldOp::create(b, loc, next);
    return loop.getResults();
  }

  TensorBuilder t;
  OpBuilder &b;
  Location loc;
  func::FuncOp callee;
  SmallVector<Value> args;
  SmallVector<int64_t> diffArgs;
  double h;
};

/// Whether `function` (or anything it calls) takes reverse-mode derivatives.
bool takesReverseDerivatives(func::FuncOp function) {
  return cotangent::autodiff::reachesOp(function, [](Operation *op) {
    return isa<GradOp, ValueAndGradOp, VJPOp, BackpropOp>(op);
  });
}

struct LowerGradients
    : cotangent::gradient::impl::LowerGradientsBase<LowerGradients> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTableCollection symbols;
    recordCustomGradients(module, symbols);
    // Decide every op's mode before rewriting any: rewriting changes what
    // the callees contain.
    SmallVector<std::pair<Operation *, bool>> work;
    module.walk([&](Operation *op) {
      if (!isa<GradOp, ValueAndGradOp, JVPOp, VJPOp>(op))
        return;
      auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
          op, op->getAttrOfType<FlatSymbolRefAttr>("callee"));
      work.push_back({op, takesReverseDerivatives(callee)});
    });
    for (auto [op, nested] : work) {
      OpBuilder b(op);
      auto callee = symbols.lookupNearestSymbolFrom<func::FuncOp>(
          op, op->getAttrOfType<FlatSymbolRefAttr>("callee"));
      SmallVector<Value> results =
          llvm::TypeSwitch<Operation *, SmallVector<Value>>(op)
              .Case<GradOp>(
                  [&](auto grad) { return lowerGrad(b, grad, callee, nested); })
              .Case<ValueAndGradOp>([&](auto vg) {
                DerivativeEmitter emitter(b, vg.getLoc(), callee, vg.getArgs(),
                                          vg.getDiffArgIndices(), vg.getStep());
                SmallVector<Value> values = emitter.callPrimal(vg.getArgs());
                llvm::append_range(values,
                                   jacobian(emitter, callee, vg.getDiffMethod(),
                                            vg.getDiffArgIndices(), nested));
                return values;
              })
              .Case<JVPOp>([&](auto jvp) { return lowerJVP(b, jvp, callee); })
              .Case<VJPOp>(
                  [&](auto vjp) { return lowerVJP(b, vjp, callee, nested); });
      op->replaceAllUsesWith(results);
      op->erase();
    }
  }

  /// Custom gradients must survive bufferization and inlining: record the
  /// tensor-level types, and keep calls of the function as calls.
  static void recordCustomGradients(ModuleOp module,
                                    SymbolTableCollection &symbols) {
    module.walk([&](CustomGradOp op) {
      SmallVector<Attribute> types;
      for (FlatSymbolRefAttr name :
           {op.getCalleeAttr(), op.getForwardAttr(), op.getReverseAttr()}) {
        auto function = symbols.lookupNearestSymbolFrom<func::FuncOp>(op, name);
        types.push_back(TypeAttr::get(function.getFunctionType()));
        if (name == op.getCalleeAttr())
          function.setNoInline(true);
      }
      op.setTensorTypesAttr(ArrayAttr::get(op.getContext(), types));
    });
  }

  static SmallVector<Value> jacobian(DerivativeEmitter &emitter,
                                     func::FuncOp callee, StringRef method,
                                     ArrayRef<int64_t> diffArgs, bool nested) {
    if (method == "fd")
      return emitter.jacobianByColumns(/*finiteDifferences=*/true);
    int64_t rows = 0, columns = 0;
    for (Type result : callee.getResultTypes())
      rows += numElements(result);
    for (int64_t index : diffArgs)
      columns += numElements(callee.getArgumentTypes()[index]);
    if (nested || columns < rows)
      return emitter.jacobianByColumns(/*finiteDifferences=*/false);
    return emitter.jacobianByRows();
  }

  static SmallVector<Value> lowerGrad(OpBuilder &b, GradOp op,
                                      func::FuncOp callee, bool nested) {
    DerivativeEmitter emitter(b, op.getLoc(), callee, op.getArgs(),
                              op.getDiffArgIndices(), op.getStep());
    return jacobian(emitter, callee, op.getDiffMethod(), op.getDiffArgIndices(),
                    nested);
  }

  static SmallVector<Value> lowerJVP(OpBuilder &b, JVPOp op,
                                     func::FuncOp callee) {
    SmallVector<int64_t> diffArgs = op.getDiffArgIndices();
    DerivativeEmitter emitter(b, op.getLoc(), callee, op.getArgs(), diffArgs,
                              op.getStep());
    if (op.getDiffMethod() == "fd") {
      SmallVector<Value> values = emitter.callPrimal(op.getArgs());
      llvm::append_range(
          values, emitter.centralDifferences(diffArgs, op.getTangents()));
      return values;
    }
    return ForwardOp::create(b, op.getLoc(), op.getResultTypes(),
                             op.getCallee(), op.getArgs(), op.getTangents(),
                             b.getDenseI64ArrayAttr(diffArgs))
        .getResults();
  }

  static SmallVector<Value> lowerVJP(OpBuilder &b, VJPOp op,
                                     func::FuncOp callee, bool nested) {
    DerivativeEmitter emitter(b, op.getLoc(), callee, op.getArgs(),
                              op.getDiffArgIndices(), op.getStep());
    bool finiteDifferences = op.getDiffMethod() == "fd";
    if (!finiteDifferences && !nested)
      return BackpropOp::create(b, op.getLoc(), op.getResultTypes(),
                                op.getCallee(), op.getArgs(),
                                op.getCotangents(),
                                b.getDenseI64ArrayAttr(op.getDiffArgIndices()))
          .getResults();
    SmallVector<Value> values = emitter.callPrimal(op.getArgs());
    llvm::append_range(
        values, emitter.vjpByColumns(op.getCotangents(), finiteDifferences));
    return values;
  }
};

} // namespace
