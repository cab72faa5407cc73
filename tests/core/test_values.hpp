#pragma once
// Builders for small test data written as the notes write it: rows({{1, 3}, {2, 1}, {0, 1}}) is a
// 3×2 matrix with one sample per row, vec({1, 1, -1}) a vector; and readTextFile for the shared
// data sets.

#include <Eigen/Core>

#include <cmath>

#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>

namespace kpg::testing {

inline Eigen::MatrixXd rows(std::initializer_list<std::initializer_list<double>> values) {
  Eigen::MatrixXd m(static_cast<Eigen::Index>(values.size()),
                    static_cast<Eigen::Index>(values.begin()->size()));
  Eigen::Index i = 0;
  for (const auto& row : values) {
    Eigen::Index j = 0;
    for (double v : row) m(i, j++) = v;
    ++i;
  }
  return m;
}

inline Eigen::VectorXd vec(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v(i++) = x;
  return v;
}

// The whole file, bytes as they are (the shared data sets: heart_scale and the like).
inline std::string readTextFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Correlated 3-D data with deterministic jitter (no generator: the same numbers on every
// platform): kernel PCA's and the feature space's tests; a sigmoid kernel is significantly not
// PSD on it.
inline Eigen::MatrixXd cloud(int n) {
  Eigen::MatrixXd x(n, 3);
  for (int i = 0; i < n; ++i) {
    const double t = 0.37 * i;
    const double a = std::sin(1.3 * t) * 2.0;
    const double b = std::cos(2.9 * t + 0.4);
    x(i, 0) = 1.0 + a + 0.3 * b;
    x(i, 1) = -2.0 + 0.5 * a - b;
    x(i, 2) = 0.5 + 0.2 * std::sin(7.1 * t) + 0.1 * a;
  }
  return x;
}

}  // namespace kpg::testing
