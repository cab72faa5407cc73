#version 300 es
// The SVM decision function at every pixel (course-notes 000 "classification"; LIBSVM
// svm_predict_values):
//   f(x) = Σ_i coef_i k(sv_i, x) + b,   coef_i = α_i y_i,  b = −ρ
// with the four kernels of src/core/kernels/kernel.hpp (LIBSVM's -t 0..3). This is the GPU's own
// copy of the formulas: on the CPU every kernel matrix and Q column is computed by kernelColumn
// (src/core/kernels/kernel_block.hpp), scalar reference kernelValue (kernel.hpp). A change to a
// kernel changes all three; web/tests/lab.test.mjs compares this shader with the core.
//   0 linear      x·x'
//   1 polynomial  (γ x·x' + r)^p      (integer p ≥ 0, by repeated product: pow() is undefined for a
//                                      negative base in GLSL)
//   2 RBF         exp(−γ‖x − x'‖²)
//   3 sigmoid     tanh(γ x·x' + r)
// The support vectors come in an RGBA32F texture, one per texel (x, y, coef, 0), row-major in
// rows of u_svWidth texels, read with texelFetch (no filtering, exact floats).
// The output is f itself (a float render target, EXT_color_buffer_float); colouring and the
// contour lines are a second pass (field_colour.frag), so f can be read back and compared with
// the core's CPU value (web/tests/lab.test.mjs).
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_svs;
uniform int u_svCount;
uniform int u_svWidth;
uniform int u_kernel;
uniform float u_gamma;
uniform float u_coef0;
uniform int u_degree;
uniform float u_bias;

in vec2 v_plot;
out vec4 o_value;

float kernelValue(vec2 sv, vec2 x) {
  if (u_kernel == 0) return dot(sv, x);
  if (u_kernel == 1) {
    float base = u_gamma * dot(sv, x) + u_coef0;
    float value = 1.0;
    for (int k = 0; k < u_degree; ++k) value *= base;
    return value;
  }
  if (u_kernel == 2) {
    vec2 d = sv - x;
    return exp(-u_gamma * dot(d, d));
  }
  return tanh(u_gamma * dot(sv, x) + u_coef0);
}

void main() {
  float f = u_bias;
  for (int i = 0; i < u_svCount; ++i) {
    vec4 t = texelFetch(u_svs, ivec2(i % u_svWidth, i / u_svWidth), 0);
    f += t.z * kernelValue(t.xy, v_plot);
  }
  o_value = vec4(f, 0.0, 0.0, 1.0);
}
