// The feature space's window.kpg: its setModeParams members, its state().mode members, the
// top-level state().featureSpace, and its own actions (README.md "window.kpg"):
//   {"type":"setFeatureSpace", "map":"quadratic"|"product"|"squares"|"paraboloid"|"kpca"|"off"}
//     opens the view with that lift (the notes' four maps, then kernel PCA), or closes it back to
//     the SVM lab ("off");
//   {"type":"featureSpaceCamera", "yaw":deg, "pitch":deg, "distance":d, "autoRotate":bool,
//    "reset":true}   the 3-D view's camera (members optional; reset first, then the others).
// setModeParams for "featurespace": map (as above, without "off"), checkA, checkB (the kernel
// check card's points, numbered from 1), plane: {"azimuth": deg, "elevation": deg, "offset": d}
// (the student's own plane n·φ = offset, members optional: shown, keeping the others) or null
// (hidden).

#include "modes/featurespace/featurespace_mode.hpp"
#include "modes/mode_json_helpers.hpp"

#include "io/action_router.hpp"

#include "svm/optimality.hpp"

#include <cmath>
#include <string>

namespace kpg::app {
namespace {

std::string mapNames(bool withOff) {
  std::string names;
  for (std::string_view n : kFeatureSpaceViewNames) names += "\"" + std::string(n) + "\", ";
  return withOff ? names + "\"off\"" : names.substr(0, names.size() - 2);
}

// The map member of an action: its view, or an error naming the accepted values.
std::optional<FeatureSpaceView> readMap(const JsonValue& v, SchemaReader& r, bool withOff,
                                        bool& off) {
  off = false;
  const JsonValue* x = v.find("map");
  if (!x) return std::nullopt;
  const auto name = r.string(*x, "$.map", 32);
  if (!name) return std::nullopt;
  if (withOff && *name == "off") {
    off = true;
    return std::nullopt;
  }
  if (auto view = featureSpaceViewFromName(*name)) return view;
  r.fail("$.map", "must be one of " + mapNames(withOff) + ", got \"" + name->substr(0, 32) + "\"");
  return std::nullopt;
}

JsonValue planeJson(const StudentPlane& plane) {
  JsonValue o = JsonValue::object();
  put(o, "azimuth", num(plane.azimuth));
  put(o, "elevation", num(plane.elevation));
  put(o, "offset", num(plane.offset));
  return o;
}

JsonValue point3(const Matrix& m, Index i) {
  JsonValue p = JsonValue::array();
  for (Index k = 0; k < 3; ++k) p.items().push_back(num(m(i, k)));
  return p;
}

ActionReply setFeatureSpaceAction(ModesState& modes, LabState& lab, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "map"});
  r.required(v, "$", "map");
  bool off = false;
  const auto view = readMap(v, r, true, off);
  if (!r.ok()) return ActionReply::failed(r.error());
  if (off) {
    if (modes.mode == Mode::FeatureSpace) setMode(modes, lab, Mode::Svm);
    return {};
  }
  FeaturespaceMode& m = modes.featurespace;
  if (*view != m.view) {
    m.view = *view;
    invalidateMode(modes, Mode::FeatureSpace);
  }
  setMode(modes, lab, Mode::FeatureSpace);
  ensureBuilt(modes, lab);
  ++modes.revision;
  return {};
}

ActionReply featureSpaceCameraAction(ModesState& modes, LabState&, const JsonValue& v) {
  SchemaReader r;
  r.object(v, "$", {"type", "yaw", "pitch", "distance", "autoRotate", "reset"});
  OrbitCamera next = modes.featurespace.camera;
  if (const JsonValue* x = v.find("reset")) {
    if (!x->isBool())
      r.fail("$.reset", "must be true or false");
    else if (x->asBool())
      resetCamera(next);
  }
  if (const JsonValue* x = v.find("yaw"))
    if (auto d = r.number(*x, "$.yaw", -180, 180)) next.yaw = *d * kPi / 180;
  if (const JsonValue* x = v.find("pitch"))
    if (auto d = r.number(*x, "$.pitch", -kMaxPitch * 180 / kPi, kMaxPitch * 180 / kPi))
      next.pitch = *d * kPi / 180;
  if (const JsonValue* x = v.find("distance"))
    if (auto d = r.number(*x, "$.distance", next.minDistance, next.maxDistance)) next.distance = *d;
  if (const JsonValue* x = v.find("autoRotate")) {
    if (!x->isBool())
      r.fail("$.autoRotate", "must be true or false");
    else
      next.autoRotate = x->asBool();
  }
  if (!r.ok()) return ActionReply::failed(r.error());
  modes.featurespace.camera = next;
  ++modes.revision;
  return {};
}

}  // namespace

bool readFeaturespaceParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$", {"type", "mode", "map", "checkA", "checkB", "plane"});
  FeaturespaceMode& m = next.featurespace;
  bool off = false;
  const FeatureSpaceView before = m.view;
  if (auto view = readMap(v, r, false, off)) m.view = *view;
  long long a = m.checkA + 1, b = m.checkB + 1;
  in.integerField("checkA", 1, kMaxLabPoints, a);
  in.integerField("checkB", 1, kMaxLabPoints, b);
  m.checkA = static_cast<Index>(a - 1);
  m.checkB = static_cast<Index>(b - 1);
  if (const JsonValue* p = v.find("plane")) {
    if (p->isNull()) {
      m.studentPlane.shown = false;
    } else if (r.object(*p, "$.plane", {"azimuth", "elevation", "offset"})) {
      StudentPlane& plane = m.studentPlane;
      plane.shown = true;
      if (const JsonValue* x = p->find("azimuth"))
        plane.azimuth = r.number(*x, "$.plane.azimuth", -180, 180).value_or(plane.azimuth);
      if (const JsonValue* x = p->find("elevation"))
        plane.elevation = r.number(*x, "$.plane.elevation", -90, 90).value_or(plane.elevation);
      if (const JsonValue* x = p->find("offset"))
        plane.offset = r.number(*x, "$.plane.offset", -1e6, 1e6).value_or(plane.offset);
    }
  }
  return m.view != before;  // the kernel check's points alone change no model
}

void writeFeaturespaceState(JsonValue& o, const ModesState& modes, const LabState&) {
  const FeaturespaceMode& m = modes.featurespace;
  put(o, "map", str(featureSpaceViewName(m.view)));
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  put(o, "checkA", integer(m.checkA + 1));
  put(o, "checkB", integer(m.checkB + 1));
  const SmoSolver* s = m.solver();
  if (!s) return;
  put(o, "step", integer(s->iteration()));
  put(o, "status", str(smoStatusName(s->status())));
  put(o, "objective", num(s->objective()));
}

JsonValue featureSpaceStateJson(const ModesState& modes, const LabState& lab) {
  if (modes.mode != Mode::FeatureSpace) return JsonValue::null();
  const FeaturespaceMode& m = modes.featurespace;
  JsonValue o = JsonValue::object();
  put(o, "map", str(featureSpaceViewName(m.view)));
  const bool kpca = m.view == FeatureSpaceView::Kpca;
  if (kpca) {
    put(o, "kernel", str("k(x, z) = " + describe(lab.params.kernel)));
    put(o, "coordinates", str("the first three kernel-PCA coordinates"));
  } else {
    const FeatureMapLabel label = featureMapLabel(m.map.kind);
    put(o, "kernel", str(label.kernel));
    put(o, "coordinates", str(describe(m.map)));
    put(o, "scale", num(m.map.scale));
  }
  put(o, "note", m.note.empty() ? JsonValue::null() : str(m.note));
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  JsonValue points = JsonValue::array();
  for (Index i = 0; i < m.lifted.rows(); ++i) points.items().push_back(point3(m.lifted, i));
  put(o, "points", std::move(points));
  if (m.hasPlane()) {
    put(o, "w", vec(Vector(m.plane.w)));
    put(o, "b", num(m.plane.bias));
    put(o, "step", integer(m.solver()->iteration()));
    put(o, "alpha", vec(m.solver()->alpha()));
  } else {
    put(o, "w", JsonValue::null());
    put(o, "b", JsonValue::null());
    put(o, "alpha", JsonValue::null());
  }
  put(o, "explained", kpca ? vec(Vector(m.explained)) : JsonValue::null());
  const PlaneScore score = scoreStudentPlane(m);
  if (m.studentPlane.shown && score.valid) {
    JsonValue plane = planeJson(m.studentPlane);
    put(plane, "normal", vec(Vector(studentNormal(m.studentPlane))));
    put(plane, "wrong", list(std::vector<Index>(score.wrong)));
    put(plane, "margin", num(score.margin));
    put(o, "studentPlane", std::move(plane));
  } else {
    put(o, "studentPlane", JsonValue::null());
  }
  JsonValue camera = JsonValue::object();
  put(camera, "yaw", num(m.camera.yaw * 180 / kPi));
  put(camera, "pitch", num(m.camera.pitch * 180 / kPi));
  put(camera, "distance", num(m.camera.distance));
  put(camera, "autoRotate", JsonValue::boolean(m.camera.autoRotate));
  put(o, "camera", std::move(camera));
  return o;
}

const MethodAction kFeaturespaceActions[] = {
    {"setFeatureSpace", setFeatureSpaceAction},
    {"featureSpaceCamera", featureSpaceCameraAction},
    {nullptr, nullptr},
};

void writeFeaturespaceAppState(JsonValue& state, const ModesState& modes, const LabState& lab) {
  put(state, "featureSpace", featureSpaceStateJson(modes, lab));
}

void writeFeaturespaceParams(JsonValue& o, const ModesState& modes) {
  const FeaturespaceMode& m = modes.featurespace;
  put(o, "map", str(featureSpaceViewName(m.view)));
  put(o, "checkA", integer(m.checkA + 1));
  put(o, "checkB", integer(m.checkB + 1));
  put(o, "plane", m.studentPlane.shown ? planeJson(m.studentPlane) : JsonValue::null());
}

}  // namespace kpg::app
