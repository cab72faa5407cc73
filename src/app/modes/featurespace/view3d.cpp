#include "modes/featurespace/view3d.hpp"

#include "panels/plot.hpp"

#include <Eigen/Geometry>

#include <imgui_internal.h>  // SetItemUsingMouseWheel: the wheel zooms, the window stays put

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace kpg::app {

namespace {

constexpr float kDimAlpha = 0.35f;  // a point behind the decision plane
constexpr ImU32 kSurfaceBase = IM_COL32(96, 112, 140, 64);
constexpr ImU32 kPlaneFill = IM_COL32(40, 40, 48, 46);   // w·φ + b = 0: neutral ink
constexpr ImU32 kMarginFill = IM_COL32(40, 40, 48, 18);  // ±1: lighter, dashed outline
constexpr ImU32 kEdge = IM_COL32(0, 0, 0, 40);
// The student's plane and the exercise's picks: the exercise panel's green.
constexpr ImU32 kStudentFill = IM_COL32(20, 140, 60, 60);
constexpr ImU32 kStudentInk = IM_COL32(20, 140, 60, 255);
constexpr ImU32 kAxisEdge = IM_COL32(90, 90, 100, 220);
constexpr ImU32 kMissingColour = IM_COL32(110, 110, 120, 255);
// DOM keyCodes (platform_web.cpp maps io.KeysDown by keyCode; ui_setup.cpp).
constexpr int kKeyEscape = 27, kKeyHome = 36, kKeyLeft = 37, kKeyUp = 38, kKeyRight = 39,
              kKeyDown = 40, kKeyZero = 48, kKeyNumpadZero = 96;

// The unit octagon: a point is 8 vertices around its centre, without a sin/cos per point
// (AddCircleFilled with a segment count calls both per segment).
constexpr float kOctagon[8][2] = {
    {1, 0},  {0.70710678f, 0.70710678f},   {0, 1},  {-0.70710678f, 0.70710678f},
    {-1, 0}, {-0.70710678f, -0.70710678f}, {0, -1}, {0.70710678f, -0.70710678f}};

// Edge e of the cube runs along axis e / 4; its other two coordinates are ±1 by the bits of e % 4.
Eigen::Vector3d edgeEnd(int e, double along) {
  const int k = e / 4, i = (k + 1) % 3, j = (k + 2) % 3;
  Eigen::Vector3d p;
  p[k] = along;
  p[i] = (e & 1) ? 1.0 : -1.0;
  p[j] = (e & 2) ? 1.0 : -1.0;
  return p;
}

ImU32 scaled(ImU32 colour, float brightness) {
  auto channel = [&](int shift) {
    const float v = static_cast<float>((colour >> shift) & 0xFF) * brightness;
    return static_cast<ImU32>(std::min(255.0f, std::max(0.0f, v))) << shift;
  };
  return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) |
         (colour & IM_COL32_A_MASK);
}

ImU32 dimmed(ImU32 colour) {
  const float alpha = static_cast<float>((colour >> IM_COL32_A_SHIFT) & 0xFF) * kDimAlpha;
  return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

// A float's bits as an unsigned number in the float's order (negative values too).
std::uint32_t orderedBits(float value) {
  std::uint32_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  return (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u;
}

// By layer descending, then depth descending: an LSD radix sort (three 11-bit passes over the
// depth's bits, then one over the layer, each stable), linear in the count. std::sort on a
// two-key comparator took half the view's time at 5 000 points.
void sortBackToFront(std::vector<Prim3d>& order, std::vector<Prim3d>& scratch) {
  scratch.resize(order.size());
  constexpr int kBits = 11;
  constexpr std::uint32_t kBuckets = 1u << kBits;
  std::array<std::uint32_t, kBuckets> start{};
  auto pass = [&](auto digitOf) {
    start.fill(0);
    for (const Prim3d& p : order) ++start[digitOf(p)];
    std::uint32_t sum = 0;
    for (std::uint32_t& s : start) {
      const std::uint32_t count = s;
      s = sum;
      sum += count;
    }
    for (const Prim3d& p : order) scratch[start[digitOf(p)]++] = p;
    order.swap(scratch);
  };
  for (int shift = 0; shift < 32; shift += kBits)
    pass([shift](const Prim3d& p) { return (~orderedBits(p.depth) >> shift) & (kBuckets - 1); });
  pass([](const Prim3d& p) { return static_cast<std::uint32_t>(255 - p.layer); });
}

ImVec2 toVec(const Projection& p) {
  return ImVec2(p.x, p.y);
}

// ImGui's anti-aliased fill puts its fringe outside a polygon wound clockwise on screen (y down),
// inside one wound the other way.
bool clockwise(ImVec2 a, ImVec2 b, ImVec2 c) {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) >= 0;
}

// The parallel planes w·p + b = level, level −1, 0, +1, in scene coordinates, and which side of
// each the eye is on.
struct PlaneSet {
  bool valid = false;
  Eigen::Vector3d n = Eigen::Vector3d::Zero();
  std::array<double, 3> c{};
  std::array<double, 3> eyeValue{};

  // 2 × the number of planes strictly between the eye and a point whose n·q is `nq`.
  unsigned char layerOf(double nq) const {
    if (!valid) return 0;
    int between = 0;
    for (int l = 0; l < 3; ++l)
      if ((nq + c[static_cast<std::size_t>(l)]) * eyeValue[static_cast<std::size_t>(l)] < 0)
        ++between;
    return static_cast<unsigned char>(2 * between);
  }
};

PlaneSet planeSet(const Scene3d& scene, const Eigen::Vector3d& eye) {
  PlaneSet set;
  if (!scene.hasPlane || !scene.w.allFinite() || !std::isfinite(scene.b)) return set;
  for (int l = 0; l < 3; ++l) {
    const ScenePlane plane = toScenePlane(scene.box, scene.w, scene.b, l - 1.0);
    set.n = plane.n;
    set.c[static_cast<std::size_t>(l)] = plane.c;
  }
  if (!(set.n.squaredNorm() > 0) || !set.n.allFinite()) return set;
  for (int l = 0; l < 3; ++l)
    set.eyeValue[static_cast<std::size_t>(l)] = set.n.dot(eye) + set.c[static_cast<std::size_t>(l)];
  set.valid = true;
  return set;
}

void drawPoint(ImDrawList* draw, const View3dLayout& layout, const Scene3d& scene, int i,
               float radius) {
  const std::size_t k = static_cast<std::size_t>(i);
  const ImVec2 c = toVec(layout.points[k]);
  ImU32 fill = k < scene.colours.size() ? scene.colours[k] : kMissingColour;
  ImU32 ink = plot::kInk;
  if (layout.dimmed[k]) {
    fill = dimmed(fill);
    ink = dimmed(ink);
  }
  const unsigned char mark = k < scene.marks.size() ? scene.marks[k] : 0;
  if (mark == 1 || mark == 2) {
    plot::marker(draw, c, mark == 1 ? plot::Marker::Diamond : plot::Marker::Square, radius + 1,
                 fill, ink, 1.5f);
    return;
  }
  ImVec2 p[8];
  for (int s = 0; s < 8; ++s)
    p[s] = ImVec2(c.x + radius * kOctagon[s][0], c.y + radius * kOctagon[s][1]);
  draw->AddConvexPolyFilled(p, 8, fill);
}

// A plain point (not a support vector's marker) of a crowded scene: an octagon without the
// anti-aliased fringe.
bool batchedPoint(const Scene3d& scene, int i) {
  const std::size_t k = static_cast<std::size_t>(i);
  return scene.points.size() > 1000 && (k >= scene.marks.size() || scene.marks[k] == 0);
}

// The plain points order[from, to) as octagons written straight into the draw list: one
// PrimReserve for the run, the vertices and indices through ImGui's inline PrimWrite*, compiled
// here at -O3. Through AddConvexPolyFilled (ImGui is compiled for size in the browser build) each
// point cost a call chain, a buffer check and a reserve of its own. Same triangles as
// AddConvexPolyFilled without anti-aliasing: a fan from vertex 0.
void drawPointRun(ImDrawList* draw, const View3dLayout& layout, const Scene3d& scene,
                  const std::vector<Prim3d>& order, std::size_t from, std::size_t to,
                  float radius) {
  const int count = static_cast<int>(to - from);
  draw->PrimReserve(count * 18, count * 8);
  const ImVec2 uv = draw->_Data->TexUvWhitePixel;
  ImDrawVert* vertex = draw->_VtxWritePtr;
  ImDrawIdx* index = draw->_IdxWritePtr;
  ImDrawIdx base = static_cast<ImDrawIdx>(draw->_VtxCurrentIdx);
  ImVec2 offset[8];
  for (int s = 0; s < 8; ++s) offset[s] = ImVec2(radius * kOctagon[s][0], radius * kOctagon[s][1]);
  for (std::size_t o = from; o < to; ++o) {
    const std::size_t k = static_cast<std::size_t>(order[o].index);
    const Projection& c = layout.points[k];
    ImU32 fill = k < scene.colours.size() ? scene.colours[k] : kMissingColour;
    if (layout.dimmed[k]) fill = dimmed(fill);
    for (int s = 0; s < 8; ++s) {
      vertex->pos = ImVec2(c.x + offset[s].x, c.y + offset[s].y);
      vertex->uv = uv;
      vertex->col = fill;
      ++vertex;
    }
    for (ImDrawIdx s = 2; s < 8; ++s) {
      index[0] = base;
      index[1] = static_cast<ImDrawIdx>(base + s - 1);
      index[2] = static_cast<ImDrawIdx>(base + s);
      index += 3;
    }
    base = static_cast<ImDrawIdx>(base + 8);
  }
  draw->_VtxWritePtr = vertex;
  draw->_IdxWritePtr = index;
  draw->_VtxCurrentIdx = base;
}

// The surface triangles order[from, to) written straight into the draw list, as drawPointRun
// does for points: one reserve for the run, three vertices each. Without the anti-aliased fringe
// neighbouring translucent triangles meet edge to edge instead of overlapping by a fringe.
void drawTriangleRun(ImDrawList* draw, const View3dLayout& layout, int surfaceV,
                     const std::vector<Prim3d>& order, std::size_t from, std::size_t to) {
  const int count = static_cast<int>(to - from);
  draw->PrimReserve(count * 3, count * 3);
  const ImVec2 uv = draw->_Data->TexUvWhitePixel;
  for (std::size_t o = from; o < to; ++o) {
    const int t = order[o].index;
    const int cell = t / 2, half = t % 2;
    const int i = cell / (surfaceV - 1), j = cell % (surfaceV - 1);
    const int a = i * surfaceV + j, b = (i + 1) * surfaceV + j + 1;
    const int c = half == 0 ? (i + 1) * surfaceV + j : i * surfaceV + j + 1;
    const ImU32 colour = layout.triangleColour[static_cast<std::size_t>(t)];
    const ImDrawIdx base = static_cast<ImDrawIdx>(draw->_VtxCurrentIdx);
    for (int v : {a, b, c})
      draw->PrimWriteVtx(toVec(layout.surface[static_cast<std::size_t>(v)]), uv, colour);
    draw->PrimWriteIdx(base);
    draw->PrimWriteIdx(static_cast<ImDrawIdx>(base + 1));
    draw->PrimWriteIdx(static_cast<ImDrawIdx>(base + 2));
  }
}

void drawPlane(ImDrawList* draw, const View3dLayout& layout, int l) {
  const std::size_t k = static_cast<std::size_t>(l);
  const int count = layout.planeCount[k];
  std::array<ImVec2, 6> wound = layout.planePolygon[k];
  if (!clockwise(wound[0], wound[1], wound[2])) std::reverse(wound.begin(), wound.begin() + count);
  const ImVec2* poly = wound.data();
  if (l == 1) {
    draw->AddConvexPolyFilled(poly, count, kPlaneFill);
    draw->AddPolyline(poly, count, plot::kInk, ImDrawFlags_Closed, 1.5f);
    return;
  }
  draw->AddConvexPolyFilled(poly, count, kMarginFill);
  for (int v = 0; v < count; ++v)
    plot::dashedLine(draw, poly[v], poly[(v + 1) % count], plot::kMuted);
}

ImVec2 outward(ImVec2 from, ImVec2 to) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float len = std::sqrt(dx * dx + dy * dy);
  return len > 1e-3f ? ImVec2(dx / len, dy / len) : ImVec2(0, 1);
}

// The screen boxes of the labels drawn this frame: a label that would cover another, or leave the
// view, is not drawn (where the floor's two axes meet, their end ticks fall on one spot).
struct LabelBoxes {
  ImVec2 min, max;  // the view
  std::array<ImVec4, 64> boxes{};
  int count = 0;

  bool fits(const ImVec4& b) const {
    if (b.x < min.x || b.y < min.y || b.z > max.x || b.w > max.y) return false;
    for (int i = 0; i < count; ++i) {
      const ImVec4& o = boxes[static_cast<std::size_t>(i)];
      if (b.x < o.z && o.x < b.z && b.y < o.w && o.y < b.w) return false;
    }
    return true;
  }
  void add(const ImVec4& b) {
    if (count < static_cast<int>(boxes.size())) boxes[static_cast<std::size_t>(count++)] = b;
  }
};

// The box of a text centred `gap` pixels beyond `at` in the direction `dir`, 2 px of padding.
ImVec4 labelBox(ImVec2 at, ImVec2 dir, float gap, ImVec2 size) {
  const float reach = gap + 0.5f * (std::abs(dir.x) * size.x + std::abs(dir.y) * size.y);
  const float x = std::floor(at.x + dir.x * reach - 0.5f * size.x);
  const float y = std::floor(at.y + dir.y * reach - 0.5f * size.y);
  return ImVec4(x - 2, y - 1, x + size.x + 2, y + size.y + 1);
}

// On a white box (plot::label): readable over the planes and the surface, and never upside down
// (ImGui's text is screen-aligned).
void drawLabel(ImDrawList* draw, const ImVec4& box, const char* text, ImU32 colour) {
  plot::label(draw, ImVec2(box.x + 2, box.y + 1), colour, text);
}

// Ticks at 1, 2, 5 × 10^k inside [lo, hi], about `target` of them, into a fixed array (no
// allocation per frame). Returns the count and sets the spacing.
int niceTicks(double lo, double hi, int target, std::array<double, 16>& ticks, double& spacing) {
  const double span = hi - lo;
  if (!(span > 0) || !std::isfinite(span)) return 0;
  const double raw = span / target;
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  const double f = raw / decade;
  spacing = (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * decade;
  int count = 0;
  for (double k = std::ceil(lo / spacing); k * spacing <= hi * (1 + 1e-12) && count < 16; ++k)
    ticks[static_cast<std::size_t>(count++)] = std::abs(k) < 0.5 ? 0.0 : k * spacing;
  return count;
}

void drawAxes(ImDrawList* draw, const View3dLayout& layout, const Scene3d& scene,
              const Projector& toScreen, ImVec2 min, ImVec2 max) {
  const ImVec2 centre = toVec(toScreen(Eigen::Vector3d::Zero()));
  const float lineHeight = ImGui::GetTextLineHeight();
  LabelBoxes placed;
  placed.min = min;
  placed.max = max;
  for (int k = 0; k < 3; ++k) {
    const int e = layout.axisEdge[static_cast<std::size_t>(k)];
    const ImVec2 a = layout.edges[static_cast<std::size_t>(e)][0];
    const ImVec2 b = layout.edges[static_cast<std::size_t>(e)][1];
    const ImVec2 mid((a.x + b.x) / 2, (a.y + b.y) / 2);
    const ImVec2 out = outward(centre, mid);
    const float length = std::hypot(b.x - a.x, b.y - a.y);
    // Ticks in data units; an axis seen end-on (shorter than 48 px) keeps only its name.
    std::array<double, 16> ticks{};
    double spacing = 1;
    const double lo = scene.box.centre[k] - scene.box.halfSize[k];
    const double hi = scene.box.centre[k] + scene.box.halfSize[k];
    const int count = length >= 48 ? niceTicks(lo, hi, length >= 160 ? 5 : 3, ticks, spacing) : 0;
    std::array<std::string, 16> texts;  // short: kept in the strings themselves, no allocation
    float widest = 0;
    for (int t = 0; t < count; ++t) {
      texts[static_cast<std::size_t>(t)] =
          plot::formatTick(ticks[static_cast<std::size_t>(t)], spacing);
      widest = std::max(widest, ImGui::CalcTextSize(texts[static_cast<std::size_t>(t)].c_str()).x);
    }
    // The axis's name beside its middle, beyond the tick labels (as matplotlib places it): at an
    // end it would meet the other floor axis's ticks. Kept inside the view.
    const char* name = scene.axisLabels[static_cast<std::size_t>(k)];
    if (name == nullptr) name = "";
    const ImVec2 nameSize = ImGui::CalcTextSize(name);
    const float beyondTicks =
        count > 0 ? 7 + std::abs(out.x) * widest + std::abs(out.y) * lineHeight + 6 : 8;
    ImVec4 box = labelBox(mid, out, beyondTicks, nameSize);
    const float dx = std::max(min.x - box.x, 0.0f) - std::max(box.z - max.x, 0.0f);
    const float dy = std::max(min.y - box.y, 0.0f) - std::max(box.w - max.y, 0.0f);
    box = ImVec4(box.x + dx, box.y + dy, box.z + dx, box.w + dy);
    placed.add(box);
    drawLabel(draw, box, name, plot::kInk);
    for (int t = 0; t < count; ++t) {
      const double along =
          (ticks[static_cast<std::size_t>(t)] - scene.box.centre[k]) / scene.box.halfSize[k];
      if (std::abs(along) > 1) continue;
      const ImVec2 p = toVec(toScreen(edgeEnd(e, along)));
      draw->AddLine(p, ImVec2(p.x + out.x * 4, p.y + out.y * 4), kAxisEdge, 1.0f);
      const char* text = texts[static_cast<std::size_t>(t)].c_str();
      const ImVec4 tickBox = labelBox(p, out, 7, ImGui::CalcTextSize(text));
      if (!placed.fits(tickBox)) continue;
      placed.add(tickBox);
      drawLabel(draw, tickBox, text, plot::kMuted);
    }
  }
}

}  // namespace

void layoutView3d(View3dLayout& out, const OrbitCamera& camera, const Scene3d& scene, ImVec2 min,
                  ImVec2 max) {
  const Projector toScreen(camera, min.x, min.y, max.x - min.x, max.y - min.y);
  const PlaneSet planes = planeSet(scene, toScreen.eye());
  const SceneBox& box = scene.box;
  out.order.clear();

  // Points.
  const std::size_t n = scene.points.size();
  out.points.resize(n);
  out.dimmed.assign(n, 0);
  out.dimmedCount = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Eigen::Vector3d q = box.toScene(scene.points[i]);
    Projection& p = out.points[i];
    p = toScreen(q);
    if (!q.allFinite() || !p.inFront) {
      p.inFront = false;
      continue;
    }
    unsigned char layer = 0;
    if (planes.valid) {
      const double nq = planes.n.dot(q);
      layer = planes.layerOf(nq);
      if ((nq + planes.c[1]) * planes.eyeValue[1] < 0) {
        out.dimmed[i] = 1;
        ++out.dimmedCount;
      }
    }
    out.order.push_back(Prim3d{p.depth, layer, Prim3dKind::Point, static_cast<int>(i)});
  }

  // The surface: two triangles per grid cell, shaded by how squarely they face the eye.
  const int nu = scene.surfaceU, nv = scene.surfaceV;
  const bool hasSurface =
      nu >= 2 && nv >= 2 &&
      scene.surface.size() == static_cast<std::size_t>(nu) * static_cast<std::size_t>(nv);
  out.surface.resize(hasSurface ? scene.surface.size() : 0);
  out.triangleColour.resize(hasSurface ? static_cast<std::size_t>(2 * (nu - 1) * (nv - 1)) : 0);
  if (hasSurface) {
    for (std::size_t v = 0; v < scene.surface.size(); ++v) {
      const Eigen::Vector3d q = box.toScene(scene.surface[v]);
      out.surface[v] = toScreen(q);
      if (!q.allFinite()) out.surface[v].inFront = false;
    }
    auto scene3 = [&](int i, int j) {
      return box.toScene(scene.surface[static_cast<std::size_t>(i * nv + j)]);
    };
    for (int i = 0; i + 1 < nu; ++i) {
      for (int j = 0; j + 1 < nv; ++j) {
        const int corner[2][3][2] = {{{i, j}, {i + 1, j}, {i + 1, j + 1}},
                                     {{i, j}, {i + 1, j + 1}, {i, j + 1}}};
        for (int half = 0; half < 2; ++half) {
          const int t = 2 * (i * (nv - 1) + j) + half;
          Eigen::Vector3d q[3];
          float depth = 0;
          bool visible = true;
          for (int c = 0; c < 3; ++c) {
            const int vi = corner[half][c][0], vj = corner[half][c][1];
            const Projection& p = out.surface[static_cast<std::size_t>(vi * nv + vj)];
            visible = visible && p.inFront;
            depth += p.depth / 3;
            q[c] = scene3(vi, vj);
          }
          if (!visible) continue;
          const Eigen::Vector3d centroid = (q[0] + q[1] + q[2]) / 3;
          // Parts of φ(ℝ²) outside the data's box are left out, as the planes are clipped to it.
          if (centroid.cwiseAbs().maxCoeff() > 1.02) continue;
          const Eigen::Vector3d normal = (q[1] - q[0]).cross(q[2] - q[0]);
          const double norm = normal.norm();
          const double facing = norm > 0 ? std::abs(normal.dot(toScreen.forward())) / norm : 0.0;
          out.triangleColour[static_cast<std::size_t>(t)] =
              scaled(kSurfaceBase, static_cast<float>(0.55 + 0.45 * facing));
          const unsigned char layer = planes.valid ? planes.layerOf(planes.n.dot(centroid)) : 0;
          out.order.push_back(Prim3d{depth, layer, Prim3dKind::Triangle, t});
        }
      }
    }
  }

  // The planes, clipped to the cube. Plane l lies beyond plane m (from the eye) when its points,
  // where n·q = −c_l, are on the other side of m than the eye.
  for (int l = 0; l < 3; ++l) {
    const std::size_t lk = static_cast<std::size_t>(l);
    out.planeCount[lk] = 0;
    if (!planes.valid) continue;
    std::array<Eigen::Vector3d, 6> vertices;
    const int count = clipPlaneToCube(planes.n, planes.c[lk], vertices);
    float depth = 0;
    bool visible = count >= 3;
    for (int v = 0; v < count; ++v) {
      const Projection p = toScreen(vertices[static_cast<std::size_t>(v)]);
      visible = visible && p.inFront;
      out.planePolygon[lk][static_cast<std::size_t>(v)] = toVec(p);
      depth += p.depth / static_cast<float>(count);
    }
    if (!visible) continue;
    out.planeCount[lk] = count;
    int between = 0;
    for (int m = 0; m < 3; ++m) {
      const std::size_t mk = static_cast<std::size_t>(m);
      if (m != l && (planes.c[mk] - planes.c[lk]) * planes.eyeValue[mk] < 0) ++between;
    }
    out.order.push_back(
        Prim3d{depth, static_cast<unsigned char>(2 * between + 1), Prim3dKind::Plane, l});
  }

  // The student's plane, drawn over the painter's list (it is not parallel to the SVM's planes,
  // so their layers do not order it; translucent, it reads on top).
  out.studentCount = 0;
  if (scene.hasStudentPlane && scene.studentNormal.allFinite() &&
      std::isfinite(scene.studentOffset)) {
    const ScenePlane plane =
        toScenePlane(scene.box, scene.studentNormal, -scene.studentOffset, 0.0);
    std::array<Eigen::Vector3d, 6> vertices;
    const int count = clipPlaneToCube(plane.n, plane.c, vertices);
    bool visible = count >= 3;
    for (int v = 0; v < count; ++v) {
      const Projection p = toScreen(vertices[static_cast<std::size_t>(v)]);
      visible = visible && p.inFront;
      out.studentPolygon[static_cast<std::size_t>(v)] = toVec(p);
    }
    if (visible) out.studentCount = count;
  }

  // The cube's edges; per axis, the one that carries the ticks: the lowest on screen for the two
  // horizontal axes (the front of the floor, seen from above), the leftmost for the vertical one.
  std::array<float, 3> best{{-1e30f, -1e30f, -1e30f}};
  for (int e = 0; e < 12; ++e) {
    const Eigen::Vector3d a = edgeEnd(e, -1), b = edgeEnd(e, 1);
    const Projection pa = toScreen(a), pb = toScreen(b);
    out.edges[static_cast<std::size_t>(e)] = {toVec(pa), toVec(pb)};
    const unsigned char layer = planes.valid ? planes.layerOf(planes.n.dot((a + b) / 2)) : 0;
    out.order.push_back(Prim3d{(pa.depth + pb.depth) / 2, layer, Prim3dKind::Edge, e});
    const int k = e / 4;
    const float score = k == 2 ? -(pa.x + pb.x) : pa.y + pb.y;
    if (score > best[static_cast<std::size_t>(k)]) {
      best[static_cast<std::size_t>(k)] = score;
      out.axisEdge[static_cast<std::size_t>(k)] = e;
    }
  }

  // Back to front: more planes between the eye and it first, then farther first.
  sortBackToFront(out.order, out.scratch);
}

View3dInput drawView3d(ImDrawList* draw, ImVec2 min, ImVec2 max, View3dState& view,
                       const Scene3d& scene, const PinchDelta* pinch) {
  View3dInput input;
  ImGuiIO& io = ImGui::GetIO();
  OrbitCamera& camera = view.camera;
  const OrbitCamera before = camera;
  const ImVec2 size(std::max(1.0f, max.x - min.x), std::max(1.0f, max.y - min.y));

  ImGui::SetCursorScreenPos(min);
  ImGui::InvisibleButton("##view3d", size, ImGuiButtonFlags_MouseButtonLeft);
  ImGui::SetItemUsingMouseWheel();
  const bool hovered = ImGui::IsItemHovered();
  const bool active = ImGui::IsItemActive();
  const bool dragging = active && io.MouseDragMaxDistanceSqr[0] >= 16;
  bool touched = false;
  if (ImGui::IsItemActivated()) {
    view.focused = true;  // clicked, or activated by Tab + Space (panels/keyboard_focus.hpp)
    touched = true;
  } else if (ImGui::IsMouseClicked(0) && !hovered) {
    view.focused = false;
  }

  // A second finger releases the one-finger press (platform.hpp), so the drag does not fight it.
  const bool pinching = pinch != nullptr && pinch->active;
  if (active && !pinching && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
    if (view.dragTurnsPlane) {
      input.planeDx = io.MouseDelta.x;
      input.planeDy = io.MouseDelta.y;
    } else {
      orbitBy(camera, static_cast<double>(io.MouseDelta.x), static_cast<double>(io.MouseDelta.y),
              static_cast<double>(size.y));
    }
    input.dragged = true;
  }
  if (hovered && io.MouseWheel != 0) {
    zoomBy(camera, std::pow(1.1, static_cast<double>(io.MouseWheel)));
    input.zoomed = true;
  }
  if (pinch != nullptr) {
    const bool inside = pinch->centreX >= min.x && pinch->centreX <= max.x &&
                        pinch->centreY >= min.y && pinch->centreY <= max.y;
    if (inside && pinch->zoom != 1 && std::isfinite(pinch->zoom) && pinch->zoom > 0) {
      zoomBy(camera, static_cast<double>(pinch->zoom));
      input.zoomed = true;
    }
    touched = touched || (inside && pinching);
  }

  if (!io.WantTextInput && !io.KeyCtrl && !io.KeyAlt && !io.KeySuper) {
    if (view.focused) {
      if (ImGui::IsKeyPressed(kKeyEscape, false)) view.focused = false;
      const int dx = (ImGui::IsKeyPressed(kKeyRight, true) ? 1 : 0) -
                     (ImGui::IsKeyPressed(kKeyLeft, true) ? 1 : 0);
      const int dy = (ImGui::IsKeyPressed(kKeyDown, true) ? 1 : 0) -
                     (ImGui::IsKeyPressed(kKeyUp, true) ? 1 : 0);
      if (dx != 0 || dy != 0) {
        rotateByKey(camera, dx, dy);
        input.keyUsed = true;
      }
    }
    if ((view.focused || hovered) &&
        (ImGui::IsKeyPressed(kKeyHome, false) || ImGui::IsKeyPressed(kKeyZero, false) ||
         ImGui::IsKeyPressed(kKeyNumpadZero, false))) {
      resetCamera(camera);
      input.reset = true;
      input.keyUsed = true;
    }
  }

  if (camera.autoRotate && (touched || input.dragged || input.zoomed || input.keyUsed)) {
    camera.autoRotate = false;  // stops on the first touch, as OrbitControls' autoRotate does not
    input.stopAutoRotate = true;
  }
  advanceAutoRotate(camera, static_cast<double>(io.DeltaTime));
  input.moved = camera.yaw != before.yaw || camera.pitch != before.pitch ||
                camera.distance != before.distance || camera.target != before.target;

  View3dLayout& layout = view.layout;
  layoutView3d(layout, camera, scene, min, max);

  // The point under the pointer: the front-most of those it covers.
  const float radius = std::max(1.0f, scene.pointRadius);
  if (hovered && !dragging) {
    const ImVec2 m = io.MousePos;
    const float reach = (radius + 2) * (radius + 2);
    float nearest = 1e30f;
    for (std::size_t i = 0; i < layout.points.size(); ++i) {
      const Projection& p = layout.points[i];
      if (!p.inFront) continue;
      const float dx = p.x - m.x, dy = p.y - m.y;
      if (dx * dx + dy * dy <= reach && p.depth < nearest) {
        nearest = p.depth;
        input.hoveredPoint = static_cast<int>(i);
      }
    }
  }
  if (ImGui::IsItemDeactivated() && io.MouseDragMaxDistanceSqr[0] < 16)
    input.clickedPoint = input.hoveredPoint;

  // Draw, back to front, then what must stay on top: the linked highlight and the labels.
  draw->PushClipRect(min, max, true);
  // Runs of surface triangles and of a crowded scene's plain points go in one reserve each
  // (drawTriangleRun, drawPointRun); the rest through ImGui's calls.
  const std::vector<Prim3d>& order = layout.order;
  auto runEnd = [&order](std::size_t o, auto same) {
    while (o < order.size() && same(order[o])) ++o;
    return o;
  };
  const auto isTriangle = [](const Prim3d& p) { return p.kind == Prim3dKind::Triangle; };
  const auto isPlainPoint = [&scene](const Prim3d& p) {
    return p.kind == Prim3dKind::Point && batchedPoint(scene, p.index);
  };
  for (std::size_t o = 0; o < order.size();) {
    const Prim3d& prim = order[o];
    std::size_t next = o + 1;
    switch (prim.kind) {
      case Prim3dKind::Triangle:
        next = runEnd(o, isTriangle);
        drawTriangleRun(draw, layout, scene.surfaceV, order, o, next);
        break;
      case Prim3dKind::Plane:
        drawPlane(draw, layout, prim.index);
        break;
      case Prim3dKind::Edge: {
        const auto& edge = layout.edges[static_cast<std::size_t>(prim.index)];
        const bool axis = std::find(layout.axisEdge.begin(), layout.axisEdge.end(), prim.index) !=
                          layout.axisEdge.end();
        draw->AddLine(edge[0], edge[1], axis ? kAxisEdge : kEdge, axis ? 1.5f : 1.0f);
        break;
      }
      case Prim3dKind::Point:
        // Above 1 000 points the plain octagons go without their anti-aliased fringe: half the
        // vertices, which a CPU rasterizer (SwiftShader) feels, at 2 px radius where the fringe
        // is hardly seen. A support vector's marker, and every point of a smaller scene, keeps it.
        if (isPlainPoint(prim)) {
          next = runEnd(o, isPlainPoint);
          drawPointRun(draw, layout, scene, order, o, next, radius);
        } else {
          drawPoint(draw, layout, scene, prim.index, radius);
        }
        break;
    }
    o = next;
  }
  if (layout.studentCount >= 3) {
    std::array<ImVec2, 6> wound = layout.studentPolygon;
    const int count = layout.studentCount;
    if (!clockwise(wound[0], wound[1], wound[2]))
      std::reverse(wound.begin(), wound.begin() + count);
    draw->AddConvexPolyFilled(wound.data(), count, kStudentFill);
    draw->AddPolyline(wound.data(), count, kStudentInk, ImDrawFlags_Closed, 2.0f);
  }
  for (int picked : scene.picked) {
    if (picked < 0 || static_cast<std::size_t>(picked) >= layout.points.size()) continue;
    const Projection& p = layout.points[static_cast<std::size_t>(picked)];
    if (p.inFront) draw->AddCircle(toVec(p), radius + 6, kStudentInk, 20, 3.0f);
  }
  for (int ring : {scene.highlighted, input.hoveredPoint}) {
    if (ring < 0 || static_cast<std::size_t>(ring) >= layout.points.size()) continue;
    const Projection& p = layout.points[static_cast<std::size_t>(ring)];
    if (p.inFront) draw->AddCircle(toVec(p), radius + 4, plot::kAccent, 16, 2.5f);
  }
  drawAxes(draw, layout, scene, Projector(camera, min.x, min.y, size.x, size.y), min, max);
  if (view.focused) draw->AddRect(min, max, plot::withAlpha(plot::kAccent, 0.8f), 0, 0, 2.0f);
  draw->PopClipRect();
  return input;
}

}  // namespace kpg::app
