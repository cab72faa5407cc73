#include "kernels/composite_kernel.hpp"

#include "data/number_text.hpp"
#include "kernels/mercer.hpp"

#include <cmath>
#include <limits>

namespace kpg {

double Warp::operator()(const VectorRef& x) const {
  switch (kind) {
    case Kind::Constant:
      return value;
    case Kind::Gaussian:
      return std::exp(-value * x.squaredNorm());
    case Kind::InverseNorm: {
      const double n = x.norm();
      return n > 0 ? 1.0 / n : 0.0;
    }
    case Kind::Callable:
      return function ? function(x) : std::numeric_limits<double>::quiet_NaN();
  }
  return std::numeric_limits<double>::quiet_NaN();
}

struct Kernel::Node {
  enum class Kind { Base, Sum, Product, Polynomial, Exp, Warped, QuadraticForm, Features };
  Kind kind = Kind::Base;
  KernelParams params;
  std::vector<double> weights;  // Sum: c_i; Polynomial: a_m
  std::vector<Kernel> children;
  Warp warp;
  Matrix a;
  std::vector<Index> features;
  std::optional<ParameterError> error;  // this node's own construction error
};

Kernel::Kernel(const KernelParams& params) {
  auto node = std::make_shared<Node>();
  node->params = params;
  node->error = kpg::validate(params);
  node_ = std::move(node);
}

Kernel::Kernel(std::shared_ptr<const Node> node) : node_(std::move(node)) {}

Kernel Kernel::sum(const std::vector<std::pair<double, Kernel>>& weightedTerms) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::Sum;
  if (weightedTerms.empty())
    node->error = ParameterError{"terms", "a sum of kernels needs at least one term"};
  for (const auto& [c, k] : weightedTerms) {
    if (!(c > 0) || !std::isfinite(c)) {
      node->error = ParameterError{
          "weight", "kernel weights must be finite and > 0 (000 \"Building Kernel\"), got " +
                        formatDisplay(c)};
    }
    node->weights.push_back(c);
    node->children.push_back(k);
  }
  return Kernel(std::move(node));
}

Kernel Kernel::product(const std::vector<Kernel>& factors) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::Product;
  if (factors.empty())
    node->error = ParameterError{"factors", "a product of kernels needs at least one factor"};
  node->children = factors;
  return Kernel(std::move(node));
}

Kernel Kernel::scaled(double c) const {
  return sum({{c, *this}});
}

Kernel Kernel::polynomialOf(const Kernel& inner, const std::vector<double>& coefficients) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::Polynomial;
  node->children = {inner};
  node->weights = coefficients;
  if (coefficients.empty())
    node->error = ParameterError{"coefficients", "the polynomial needs at least one coefficient"};
  for (double a : coefficients) {
    if (!(a >= 0) || !std::isfinite(a)) {
      node->error = ParameterError{
          "coefficients",
          "a polynomial of a kernel must have finite non-negative coefficients, got " +
              formatDisplay(a)};
    }
  }
  return Kernel(std::move(node));
}

Kernel Kernel::expOf(const Kernel& inner) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::Exp;
  node->children = {inner};
  return Kernel(std::move(node));
}

Kernel Kernel::warped(const Kernel& inner, Warp f) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::Warped;
  node->children = {inner};
  if (f.kind == Warp::Kind::Callable && !f.function)
    node->error = ParameterError{"f", "the callable f(x) is empty"};
  if (f.kind != Warp::Kind::Callable && !std::isfinite(f.value))
    node->error = ParameterError{"f", "the parameter of f(x) must be finite"};
  node->warp = std::move(f);
  return Kernel(std::move(node));
}

Kernel Kernel::quadraticForm(const Matrix& a) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::QuadraticForm;
  node->a = a;
  if (a.rows() != a.cols() || a.rows() == 0) {
    node->error = ParameterError{"A", "A must be a non-empty square matrix"};
  } else if (!a.allFinite()) {
    node->error = ParameterError{"A", "A must have finite entries"};
  } else if ((a - a.transpose()).cwiseAbs().maxCoeff() > 1e-12 * (1.0 + a.cwiseAbs().maxCoeff())) {
    node->error = ParameterError{"A", "A must be symmetric"};
  } else {
    const MercerReport report = mercerCheck(a);
    if (!report.positiveSemidefinite) {
      node->error =
          ParameterError{"A", "A must be positive semi-definite; its smallest eigenvalue is " +
                                  formatDisplay(report.mostNegativeEigenvalue)};
    }
  }
  return Kernel(std::move(node));
}

Kernel Kernel::onFeatures(const Kernel& inner, const std::vector<Index>& features) {
  auto node = std::make_shared<Node>();
  node->kind = Node::Kind::Features;
  node->children = {inner};
  node->features = features;
  if (features.empty())
    node->error = ParameterError{"features", "the sub-vector must select at least one feature"};
  for (Index f : features)
    if (f < 0) node->error = ParameterError{"features", "feature indices must be >= 0"};
  return Kernel(std::move(node));
}

double Kernel::operator()(const VectorRef& x, const VectorRef& y) const {
  const Node& n = *node_;
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  if (n.error) return nan;
  switch (n.kind) {
    case Node::Kind::Base:
      return kernelValue(n.params, x, y);
    case Node::Kind::Sum: {
      double s = 0;
      for (std::size_t t = 0; t < n.children.size(); ++t) s += n.weights[t] * n.children[t](x, y);
      return s;
    }
    case Node::Kind::Product: {
      double p = 1;
      for (const Kernel& k : n.children) p *= k(x, y);
      return p;
    }
    case Node::Kind::Polynomial: {
      // Horner: a0 + k(a1 + k(a2 + ...)).
      const double k = n.children[0](x, y);
      double v = 0;
      for (auto it = n.weights.rbegin(); it != n.weights.rend(); ++it) v = v * k + *it;
      return v;
    }
    case Node::Kind::Exp:
      return std::exp(n.children[0](x, y));
    case Node::Kind::Warped:
      return n.warp(x) * n.children[0](x, y) * n.warp(y);
    case Node::Kind::QuadraticForm:
      if (x.size() != n.a.rows() || y.size() != n.a.rows()) return nan;
      return x.dot(n.a * y);
    case Node::Kind::Features: {
      Vector xa(static_cast<Index>(n.features.size()));
      Vector ya(xa.size());
      for (std::size_t t = 0; t < n.features.size(); ++t) {
        const Index f = n.features[t];
        if (f >= x.size() || f >= y.size()) return nan;
        xa(static_cast<Index>(t)) = x(f);
        ya(static_cast<Index>(t)) = y(f);
      }
      return n.children[0](xa, ya);
    }
  }
  return nan;
}

std::optional<ParameterError> Kernel::validate() const {
  if (node_->error) return node_->error;
  for (const Kernel& k : node_->children)
    if (auto e = k.validate()) return e;
  return std::nullopt;
}

std::string Kernel::describe() const {
  const Node& n = *node_;
  switch (n.kind) {
    case Node::Kind::Base:
      return kpg::describe(n.params);
    case Node::Kind::Sum: {
      std::string s;
      for (std::size_t t = 0; t < n.children.size(); ++t) {
        if (t > 0) s += " + ";
        s += formatDisplay(n.weights[t]) + "·(" + n.children[t].describe() + ")";
      }
      return s.empty() ? "(empty sum)" : s;
    }
    case Node::Kind::Product: {
      std::string s;
      for (std::size_t t = 0; t < n.children.size(); ++t) {
        if (t > 0) s += " · ";
        s += "(" + n.children[t].describe() + ")";
      }
      return s.empty() ? "(empty product)" : s;
    }
    case Node::Kind::Polynomial: {
      std::string s;
      for (std::size_t m = 0; m < n.weights.size(); ++m) {
        if (m > 0) s += " + ";
        s += formatDisplay(n.weights[m]) + "·k^" + std::to_string(m);
      }
      return "q(k) = " + s + ", k = " + n.children[0].describe();
    }
    case Node::Kind::Exp:
      return "exp(" + n.children[0].describe() + ")";
    case Node::Kind::Warped:
      return "f(x)·(" + n.children[0].describe() + ")·f(x')";
    case Node::Kind::QuadraticForm:
      return "xᵀAx'";
    case Node::Kind::Features: {
      std::string s;
      for (std::size_t t = 0; t < n.features.size(); ++t)
        s += (t > 0 ? "," : "") + std::to_string(n.features[t]);
      return "(" + n.children[0].describe() + ") on features {" + s + "}";
    }
  }
  return "unknown";
}

Matrix gramMatrix(const Kernel& kernel, const Matrix& x) {
  const Index n = x.rows();
  Matrix g(n, n);
  for (Index j = 0; j < n; ++j) {
    const Vector xj = x.row(j).transpose();
    for (Index i = 0; i <= j; ++i) {
      g(i, j) = kernel(x.row(i).transpose(), xj);
      g(j, i) = g(i, j);
    }
  }
  return g;
}

}  // namespace kpg
