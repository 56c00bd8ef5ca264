//===- MathRules.cpp - derivative rules of the math dialect ---------------===//
#include "../RuleRegistry.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace cotangent::autodiff;

using Partials = SmallVector<Value>;

static const ScalarRule kMathRules[] = {
    {math::SinOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.create<math::CosOp>(x[0])};
     }},
    {math::CosOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.neg(p.create<math::SinOp>(x[0]))};
     }},
    // 1 + tan^2
    {math::TanOp::getOperationName(), 0, true,
     [](PartialBuilder &p, ArrayRef<Value>, Value y) -> Partials {
       return {p.add(p.constant(1), p.mul(y, y))};
     }},
    {math::ExpOp::getOperationName(), 0, true,
     [](PartialBuilder &, ArrayRef<Value>, Value y) -> Partials {
       return {y};
     }},
    {math::Exp2Op::getOperationName(), 0, true,
     [](PartialBuilder &p, ArrayRef<Value>, Value y) -> Partials {
       return {p.mul(y, p.constant(M_LN2))};
     }},
    {math::ExpM1Op::getOperationName(), 0, true,
     [](PartialBuilder &p, ArrayRef<Value>, Value y) -> Partials {
       return {p.add(y, p.constant(1))};
     }},
    {math::LogOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.div(p.constant(1), x[0])};
     }},
    {math::Log2Op::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.div(p.constant(1), p.mul(x[0], p.constant(M_LN2)))};
     }},
    {math::Log10Op::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.div(p.constant(1), p.mul(x[0], p.constant(M_LN10)))};
     }},
    {math::Log1pOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.div(p.constant(1), p.add(x[0], p.constant(1)))};
     }},
    {math::SqrtOp::getOperationName(), 0, true,
     [](PartialBuilder &p, ArrayRef<Value>, Value y) -> Partials {
       return {p.div(p.constant(0.5), y)};
     }},
    // rsqrt(x) = x^-1/2: -1/2 x^-3/2 = -1/2 y^3
    {math::RsqrtOp::getOperationName(), 0, true,
     [](PartialBuilder &p, ArrayRef<Value>, Value y) -> Partials {
       return {p.mul(p.constant(-0.5), p.mul(y, p.mul(y, y)))};
     }},
    // a^b: b a^(b-1) and a^b log a
    {math::PowFOp::getOperationName(), reads({0, 1}), true,
     [](PartialBuilder &p, ArrayRef<Value> x, Value y) -> Partials {
       Value lower = p.create<math::PowFOp>(x[0], p.sub(x[1], p.constant(1)));
       return {p.mul(x[1], lower), p.mul(y, p.create<math::LogOp>(x[0]))};
     }},
    // a^n for an integer n: n a^(n-1)
    {math::FPowIOp::getOperationName(), reads({0, 1}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       Value one = arith::ConstantOp::create(
           p.b, p.loc, IntegerAttr::get(x[1].getType(), 1));
       Value lowered = p.create<arith::SubIOp>(x[1], one);
       Value power = p.create<math::FPowIOp>(x[0], lowered);
       Value n = p.create<arith::SIToFPOp>(p.type, x[1]);
       return {p.mul(n, power), Value()};
     }},
    {math::TanhOp::getOperationName(), 0, true,
     [](PartialBuilder &p, ArrayRef<Value>, Value y) -> Partials {
       return {p.sub(p.constant(1), p.mul(y, y))};
     }},
    {math::SinhOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.create<math::CoshOp>(x[0])};
     }},
    {math::CoshOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.create<math::SinhOp>(x[0])};
     }},
    {math::AtanOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.div(p.constant(1), p.add(p.constant(1), p.mul(x[0], x[0])))};
     }},
    // atan2(y, x): x/(x^2+y^2) and -y/(x^2+y^2)
    {math::Atan2Op::getOperationName(), reads({0, 1}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       Value norm = p.add(p.mul(x[0], x[0]), p.mul(x[1], x[1]));
       return {p.div(x[1], norm), p.neg(p.div(x[0], norm))};
     }},
    // 2/sqrt(pi) exp(-x^2)
    {math::ErfOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       Value gauss = p.create<math::ExpOp>(p.neg(p.mul(x[0], x[0])));
       return {p.mul(p.constant(M_2_SQRTPI), gauss)};
     }},
    // sign(x), taking +1 at 0.
    {math::AbsFOp::getOperationName(), reads({0}), false,
     [](PartialBuilder &p, ArrayRef<Value> x, Value) -> Partials {
       return {p.select(p.less(x[0], p.constant(0)), p.constant(-1),
                        p.constant(1))};
     }},
};

DialectRules cotangent::autodiff::mathRules() {
  return {kMathRules, {}, {}, {}};
}
