//===- QuantumOps.cpp - verifiers and interfaces of the quantum ops -------===//
#include "cotangent/Quantum/IR/QuantumOps.h"

#include "cotangent/Runtime/FusedGates.h"
#include "cotangent/Runtime/GateKind.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace cotangent::quantum;

#include "cotangent/Quantum/IR/QuantumEnums.cpp.inc"

/// A qubit index in brackets: `%i` (dynamic) or `0` (static).
static ParseResult
parseQubitIndex(OpAsmParser &parser,
                std::optional<OpAsmParser::UnresolvedOperand> &index,
                IntegerAttr &staticIndex) {
  int64_t value;
  OptionalParseResult integer = parser.parseOptionalInteger(value);
  if (integer.has_value()) {
    if (failed(*integer))
      return failure();
    staticIndex = parser.getBuilder().getI64IntegerAttr(value);
    return success();
  }
  index.emplace();
  return parser.parseOperand(*index);
}

static void printQubitIndex(OpAsmPrinter &printer, Operation *, Value index,
                            IntegerAttr staticIndex) {
  if (index)
    printer << index;
  else
    printer << staticIndex.getInt();
}

/// Gate parameters: f64 values. A value of another type gets a message saying
/// so, in place of the parser's own about a use that clashes with the value's
/// type: each operand is resolved here first, with that message captured.
static ParseResult
parseGateParams(OpAsmParser &parser,
                SmallVectorImpl<OpAsmParser::UnresolvedOperand> &params,
                SmallVectorImpl<Type> &types) {
  if (parser.parseOperandList(params))
    return failure();
  Type f64 = parser.getBuilder().getF64Type();
  for (const OpAsmParser::UnresolvedOperand &param : params) {
    Type actual;
    bool resolved;
    {
      ScopedDiagnosticHandler capture(
          parser.getContext(), [&](Diagnostic &diagnostic) {
            for (const DiagnosticArgument &argument : diagnostic.getArguments())
              if (argument.getKind() ==
                  DiagnosticArgument::DiagnosticArgumentKind::Type)
                actual = argument.getAsType(); // the value's own type is last
            return success();
          });
      SmallVector<Value, 1> scratch;
      resolved = succeeded(parser.resolveOperand(param, f64, scratch));
    }
    if (!resolved) {
      InFlightDiagnostic error = parser.emitError(param.location)
                                 << "gate parameter " << param.name;
      if (param.number != 0)
        error << "#" << param.number;
      error << " must be f64";
      if (actual)
        error << ", but it is " << actual;
      return error << " (convert it first, e.g. with arith.sitofp)";
    }
    types.push_back(f64);
  }
  return success();
}

static void printGateParams(OpAsmPrinter &printer, Operation *,
                            OperandRange params, TypeRange) {
  printer << params;
}

#define GET_OP_CLASSES
#include "cotangent/Quantum/IR/QuantumOps.cpp.inc"

std::pair<Value, int64_t> cotangent::quantum::qubitIdentity(Value qubit) {
  if (auto extract = qubit.getDefiningOp<ExtractOp>())
    if (std::optional<uint64_t> index = extract.getStaticIndex())
      return {extract.getReg(), static_cast<int64_t>(*index)};
  return {qubit, -1};
}

namespace {

LogicalResult verifyIndexForm(Operation *op, Value index,
                              std::optional<uint64_t> staticIndex) {
  if (static_cast<bool>(index) == staticIndex.has_value())
    return op->emitOpError("needs exactly one index, static or dynamic");
  return success();
}

LogicalResult verifyDistinctQubits(Operation *op, ValueRange qubits) {
  for (unsigned i = 0; i < qubits.size(); ++i)
    for (unsigned j = 0; j < i; ++j)
      if (qubitIdentity(qubits[i]) == qubitIdentity(qubits[j]))
        return op->emitOpError("uses the same qubit twice (operands ")
               << j << " and " << i << ")";
  return success();
}

LogicalResult verifyQubitsInOut(Operation *op, ValueRange in, ValueRange out) {
  if (in.size() != out.size())
    return op->emitOpError("takes ")
           << in.size() << " qubits but returns " << out.size();
  return verifyDistinctQubits(op, in);
}

bool isPowerOfTwo(int64_t size, size_t numQubits) {
  return numQubits < 63 && size == (int64_t{1} << numQubits);
}

} // namespace

LogicalResult AllocOp::verify() {
  // Walks forward from here once, rather than each extract and insert walking
  // back to here, which cost time quadratic in the length of a chain of
  // inserts (41 s to verify 20,000 gates on one register). Every insert has
  // one register operand, so the walk is a tree and visits each use once.
  // Indices read as signed: a negative one is its op's own error.
  const int64_t size = getNumQubits();
  SmallVector<Value> registers = {getReg()};
  while (!registers.empty()) {
    Value reg = registers.pop_back_val();
    for (Operation *user : reg.getUsers()) {
      IntegerAttr index;
      if (auto extract = dyn_cast<ExtractOp>(user)) {
        index = extract.getStaticIndexAttr();
      } else if (auto insert = dyn_cast<InsertOp>(user);
                 insert && insert.getReg() == reg) {
        index = insert.getStaticIndexAttr();
        registers.push_back(insert.getResult());
      }
      if (index && index.getInt() >= size)
        return user->emitOpError("qubit index ")
               << index.getInt() << " is outside the register of " << size
               << " qubits";
    }
  }
  return success();
}

LogicalResult ExtractOp::verify() {
  return verifyIndexForm(*this, getIndex(), getStaticIndex());
}

LogicalResult InsertOp::verify() {
  return verifyIndexForm(*this, getIndex(), getStaticIndex());
}

LogicalResult CustomOp::verify() {
  namespace rt = cotangent::runtime;
  std::optional<rt::GateKind> kind = rt::gateByName(getGateName().str());
  if (!kind)
    return emitOpError("unknown gate '") << getGateName() << "'";
  const rt::GateInfo &info = rt::gateInfo(*kind);
  if (static_cast<int>(getParams().size()) != info.numParams)
    return emitOpError("gate '")
           << getGateName() << "' takes " << info.numParams
           << " parameter(s) but " << getParams().size() << " were given";
  size_t numQubits = getInQubits().size();
  if (info.numWires == 0 ? numQubits == 0
                         : static_cast<int>(numQubits) != info.numWires)
    return emitOpError("gate '")
           << getGateName() << "' acts on "
           << (info.numWires == 0 ? std::string("at least 1")
                                  : std::to_string(info.numWires))
           << " qubit(s) but " << numQubits << " were given";
  return verifyQubitsInOut(*this, getInQubits(), getOutQubits());
}

LogicalResult FusedGatesOp::verify() {
  std::vector<cotangent::runtime::FusedGate> gates;
  int64_t numParams = 0;
  const std::string problem = cotangent::runtime::decodeFusedGates(
      getGates().data(), getGates().size(), getInQubits().size(), gates,
      numParams);
  if (!problem.empty())
    return emitOpError("has a malformed 'gates' descriptor: ") << problem;
  if (gates.empty())
    return emitOpError("needs at least one gate");
  if (std::optional<ArrayAttr> locations = getGateLocations()) {
    if (locations->size() != gates.size())
      return emitOpError("has ") << gates.size() << " gates but "
                                 << locations->size() << " gate locations";
    if (!llvm::all_of(*locations, llvm::IsaPred<LocationAttr>))
      return emitOpError("needs locations in 'gate_locations'");
  }
  if (static_cast<int64_t>(getParams().size()) != numParams)
    return emitOpError("has gates taking ")
           << numParams << " parameter(s) but " << getParams().size()
           << " were given";
  return verifyQubitsInOut(*this, getInQubits(), getOutQubits());
}

OperandRange CustomOp::getDiffParams() { return getParams(); }

// The matrix is data the gate applies, not a parameter of a gate family.
OperandRange UnitaryOp::getDiffParams() {
  return getOperation()->getOperands().take_front(0);
}

LogicalResult UnitaryOp::verify() {
  auto type = cast<ShapedType>(getMatrix().getType());
  size_t numQubits = getInQubits().size();
  if (numQubits == 0 || !type.hasStaticShape() ||
      type.getDimSize(0) != type.getDimSize(1) ||
      !isPowerOfTwo(type.getDimSize(0), numQubits))
    return emitOpError("needs a static 2^n x 2^n matrix for ")
           << numQubits << " qubit(s), got " << type;
  return verifyQubitsInOut(*this, getInQubits(), getOutQubits());
}

LogicalResult TensorOp::verify() {
  if (getTerms().empty())
    return emitOpError("needs at least one observable");
  return success();
}

LogicalResult HamiltonianOp::verify() {
  auto type = cast<ShapedType>(getCoeffs().getType());
  if (getTerms().empty())
    return emitOpError("needs at least one observable");
  if (!type.hasStaticShape() ||
      type.getDimSize(0) != static_cast<int64_t>(getTerms().size()))
    return emitOpError("has ")
           << getTerms().size() << " observables but coefficients of type "
           << type;
  return success();
}

template <typename MeasurementOp>
static LogicalResult verifyArrayMeasurement(MeasurementOp op) {
  if (static_cast<bool>(op.getOut()) == static_cast<bool>(op.getResult()))
    return op.emitOpError("needs either a tensor result or an output buffer");
  size_t numQubits = op.getQubits().size();
  if (numQubits == 0)
    return op.emitOpError("needs at least one qubit");
  Value array = op.getOut() ? Value(op.getOut()) : Value(op.getResult());
  auto type = cast<ShapedType>(array.getType());
  if (!type.hasStaticShape() || !isPowerOfTwo(type.getDimSize(0), numQubits))
    return op.emitOpError("on ")
           << numQubits << " qubit(s) yields "
           << (int64_t{1} << std::min<size_t>(numQubits, 62)) << " values, not "
           << type;
  return verifyDistinctQubits(op, op.getQubits());
}

LogicalResult ProbsOp::verify() { return verifyArrayMeasurement(*this); }
LogicalResult StateOp::verify() { return verifyArrayMeasurement(*this); }
