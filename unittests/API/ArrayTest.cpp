// Arrays and their types as the embedding API exposes them.
#include "cotangent/API/Cotangent.h"

#include <gtest/gtest.h>

using namespace cotangent;

TEST(ArrayTest, TypesPrintAsMLIR) {
  EXPECT_EQ((ArrayType{ElementType::F64, {}}).str(), "f64");
  EXPECT_EQ((ArrayType{ElementType::I1, {2, 3}}).str(), "tensor<2x3xi1>");
  EXPECT_EQ((ArrayType{ElementType::Complex128, {4}}).str(),
            "tensor<4xcomplex<f64>>");
}

TEST(ArrayTest, NewArraysAreZeroFilledAndSized) {
  Array array({ElementType::F64, {2, 3}});
  EXPECT_EQ(array.numElements(), 6);
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(array.as<double>()[i], 0.0);
}

TEST(ArrayTest, ScalarsKeepTheirType) {
  EXPECT_EQ(Array::scalar(int64_t{7}).type().element, ElementType::I64);
  EXPECT_EQ(*Array::scalar(int64_t{7}).as<int64_t>(), 7);
  EXPECT_EQ(*Array::scalar(true).as<uint8_t>(), 1);
  EXPECT_EQ(*Array::scalar(2.5f).as<float>(), 2.5f);
  Array v = Array::vector({1.0, 2.0});
  EXPECT_EQ(v.shape(), std::vector<int64_t>{2});
  EXPECT_EQ(v.as<double>()[1], 2.0);
}
