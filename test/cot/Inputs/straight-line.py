"""Prints a program whose @main runs a chain of LENGTH scalar additions and
multiplications and then multiplies two pairs of numbers (which the SLP
vectoriser packs into one vector product), all in one block.

usage: straight-line.py LENGTH
"""
import sys

length = int(sys.argv[1])
print("func.func @main(%x: tensor<2xf64>, %y: tensor<2xf64>, %a: f64)"
      " -> (tensor<2xf64>, f64) {")
print("  %c0 = arith.constant 0 : index")
print("  %c1 = arith.constant 1 : index")
last = "%a"
for i in range(length):
    op = "arith.mulf" if i % 2 else "arith.addf"
    print(f"  %s{i} = {op} {last}, %a : f64")
    last = f"%s{i}"
for name in "xy":
    for i in "01":
        print(f"  %{name}{i} = tensor.extract %{name}[%c{i}] : tensor<2xf64>")
print("  %p0 = arith.mulf %x0, %y0 : f64")
print("  %p1 = arith.mulf %x1, %y1 : f64")
print("  %r = tensor.from_elements %p0, %p1 : tensor<2xf64>")
print(f"  return %r, {last} : tensor<2xf64>, f64")
print("}")
