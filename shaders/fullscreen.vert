#version 300 es
// One triangle that covers the viewport (no vertex buffer: positions from gl_VertexID), carrying
// the plot coordinates of the covered rectangle [u_plotMin, u_plotMax] to the fragment stage.
// Pixel k of a w-pixel-wide target has its centre at u = (k + ½)/w, so its plot coordinate is
// plotMin + (k + ½)·(plotMax − plotMin)/w — the same formula the C++ readback uses.
uniform vec2 u_plotMin;
uniform vec2 u_plotMax;
out vec2 v_plot;
out vec2 v_uv;

void main() {
  // Vertices (0,0), (2,0), (0,2) in uv: the triangle's inside contains the unit square.
  vec2 uv = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_uv = uv;
  v_plot = mix(u_plotMin, u_plotMax, uv);
  gl_Position = vec4(uv * 2.0 - 1.0, 0.0, 1.0);
}
