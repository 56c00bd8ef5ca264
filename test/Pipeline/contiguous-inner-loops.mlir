// contiguous-inner-loops: an op whose innermost loop is a reduction runs the
// loop along its output's rows innermost instead, when every operand indexed
// by that loop has it as its last dimension; otherwise it is left alone.
// RUN: cot-opt %s --pass-pipeline='builtin.module(func.func(contiguous-inner-loops))' | FileCheck %s

// i-j-k becomes i-k-j: A(i, k), B(k, j), C(i, j).
// CHECK-DAG: #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[B:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-LABEL: func.func @matmul
// CHECK: linalg.generic {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-NEXT: ^bb0
// CHECK-NEXT: arith.mulf
// CHECK-NEXT: arith.addf
func.func @matmul(%a: memref<4x3xf64>, %b: memref<3x5xf64>, %c: memref<4x5xf64>) {
  linalg.matmul ins(%a, %b : memref<4x3xf64>, memref<3x5xf64>) outs(%c : memref<4x5xf64>)
  return
}

// A sum over each row: moving i innermost would walk columns, so the
// reduction stays innermost.
// CHECK-LABEL: func.func @row_sums
// CHECK: iterator_types = ["parallel", "reduction"]
func.func @row_sums(%x: memref<4x3xf64>, %s: memref<4xf64>) {
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                  iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<4x3xf64>) outs(%s : memref<4xf64>) {
  ^bb0(%v: f64, %acc: f64):
    %a = arith.addf %acc, %v : f64
    linalg.yield %a : f64
  }
  return
}

// Already parallel innermost, and a full reduction: both untouched.
// CHECK-LABEL: func.func @untouched
// CHECK: linalg.matvec
// CHECK: iterator_types = ["reduction", "reduction"]
func.func @untouched(%a: memref<4x3xf64>, %x: memref<3xf64>, %y: memref<4xf64>, %t: memref<f64>) {
  linalg.matvec ins(%a, %x : memref<4x3xf64>, memref<3xf64>) outs(%y : memref<4xf64>)
  linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                  iterator_types = ["reduction", "reduction"]}
      ins(%a : memref<4x3xf64>) outs(%t : memref<f64>) {
  ^bb0(%v: f64, %acc: f64):
    %s = arith.addf %acc, %v : f64
    linalg.yield %s : f64
  }
  return
}

// A product written over one of its own inputs: the order of the loops
// decides which elements are read already updated, so it stays.
// CHECK-LABEL: func.func @in_place
// CHECK: linalg.matmul
func.func @in_place(%a: memref<4x4xf64>, %b: memref<4x4xf64>) {
  linalg.matmul ins(%a, %b : memref<4x4xf64>, memref<4x4xf64>) outs(%a : memref<4x4xf64>)
  return
}
