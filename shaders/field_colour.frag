#version 300 es
// Colours the decision field f (a float texture written by decision_field.frag) for the canvas:
//   - a diverging map: f > 0 towards the +1 class colour, f < 0 towards the −1 class colour
//     (Okabe–Ito vermillion / blue, readable with the common colour-vision deficiencies), pale
//     enough that the points drawn on top stay the strongest marks;
//   - the decision boundary f = 0 as a solid dark line and the margins f = ±1 as dashed lines in
//     the class colours (course-notes 000: the margin hyperplanes w·x + b = ±1).
// Lines are drawn at a constant width in screen pixels: the distance of a pixel to the level
// set f = c is about |f − c| / |∇f|, and fwidth(f) ≈ |∇f| per pixel (GLSL ES 3.0 derivatives).
// f is sampled bilinearly by hand with texelFetch (float textures are not filterable everywhere).
// u_sourceMin/Max: the plot rectangle the f texture covers; v_plot: this pixel's plot point.
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_field;
uniform vec2 u_sourceMin;
uniform vec2 u_sourceMax;
uniform vec3 u_positive;  // class +1
uniform vec3 u_negative;  // class −1
uniform float u_lineScale;  // device pixels per CSS pixel: line widths in CSS pixels

in vec2 v_plot;
out vec4 o_colour;

float fieldAt(vec2 plot) {
  ivec2 size = textureSize(u_field, 0);
  // Texel centres are at (k + ½): shift by ½ to interpolate between the four nearest.
  vec2 p = (plot - u_sourceMin) / (u_sourceMax - u_sourceMin) * vec2(size) - 0.5;
  vec2 base = floor(p);
  vec2 w = p - base;
  ivec2 b = ivec2(base);
  ivec2 hi = size - 1;
  float f00 = texelFetch(u_field, clamp(b, ivec2(0), hi), 0).r;
  float f10 = texelFetch(u_field, clamp(b + ivec2(1, 0), ivec2(0), hi), 0).r;
  float f01 = texelFetch(u_field, clamp(b + ivec2(0, 1), ivec2(0), hi), 0).r;
  float f11 = texelFetch(u_field, clamp(b + ivec2(1, 1), ivec2(0), hi), 0).r;
  return mix(mix(f00, f10, w.x), mix(f01, f11, w.x), w.y);
}

// Coverage of a line of half-width `halfWidth` pixels at `distance` pixels, anti-aliased.
float line(float distance, float halfWidth) {
  return 1.0 - smoothstep(halfWidth - 0.5, halfWidth + 0.5, distance);
}

void main() {
  float f = fieldAt(v_plot);
  vec2 gradient = vec2(dFdx(f), dFdy(f));
  float perPixel = max(length(gradient), 1e-8);
  // A flat field (all α = 0 at step 0: f ≡ b) has no level lines to draw.
  float lines = step(1e-7, length(gradient));

  // Pale tints: |f| = 1 (the margin) reaches ~60% of the full tint, far away ~85%.
  float strength = 0.85 * (1.0 - exp(-0.9 * abs(f)));
  vec3 tint = f >= 0.0 ? u_positive : u_negative;
  vec3 colour = mix(vec3(1.0), mix(vec3(1.0), tint, 0.55), strength);

  // Margins f = ±1: dashed, in the class colour. The dash runs along the contour: the pixel's
  // position projected on the tangent (perpendicular to ∇f) advances steadily along the line.
  vec2 tangent = vec2(-gradient.y, gradient.x) / perPixel;
  float along = dot(gl_FragCoord.xy, tangent) / u_lineScale;
  float dash = step(0.45, fract(along / 10.0));
  float plus = line(abs(f - 1.0) / perPixel, 1.0 * u_lineScale) * dash * lines;
  float minus = line(abs(f + 1.0) / perPixel, 1.0 * u_lineScale) * dash * lines;
  colour = mix(colour, u_positive * 0.8, plus);
  colour = mix(colour, u_negative * 0.8, minus);

  // The boundary f = 0: solid, dark.
  float zero = line(abs(f) / perPixel, 1.1 * u_lineScale) * lines;
  colour = mix(colour, vec3(0.13), zero);
  o_colour = vec4(colour, 1.0);
}
