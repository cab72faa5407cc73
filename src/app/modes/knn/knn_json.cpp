// Kernel k-NN's setModeParams members and its state().mode (modes/mode_json.hpp lists them).

#include "modes/knn/knn_mode.hpp"
#include "modes/mode_json_helpers.hpp"

namespace kpg::app {

bool readKnnParams(ModesState& next, const JsonValue& v, SchemaReader& r) {
  ParamsReader in{v, r};
  r.object(v, "$", {"type", "mode", "K", "query"});
  in.parameter(ParamId::KnnK, next.knn.k);
  if (const JsonValue* q = v.find("query")) {
    if (r.array(*q, "$.query", 2, 2)) {
      const auto x = r.number(q->items()[0], "$.query[0]", -1e6, 1e6);
      const auto y = r.number(q->items()[1], "$.query[1]", -1e6, 1e6);
      if (x && y) {  // the query point for state().mode.query
        next.knn.hasQuery = true;
        next.knn.queryX = *x;
        next.knn.queryY = *y;
      }
    }
  }
  return v.find("K") != nullptr;  // a query alone asks the fitted model: no rebuild
}

void writeKnnState(JsonValue& o, const ModesState& modes, const LabState&) {
  const KnnMode& m = modes.knn;
  put(o, "error", m.error.empty() ? JsonValue::null() : str(m.error));
  put(o, "K", integer(m.knn.fitted() ? m.knn.k() : m.k));
  if (m.hasQuery && m.knn.fitted()) {
    Vector q(2);
    q << m.queryX, m.queryY;
    const KnnQuery r = m.knn.query(q);
    JsonValue qo = JsonValue::object();
    put(qo, "x", num(m.queryX));
    put(qo, "y", num(m.queryY));
    put(qo, "prediction", num(r.prediction));
    JsonValue idx = JsonValue::array();
    for (const KnnNeighbor& nb : r.neighbors) idx.items().push_back(integer(nb.index));
    put(qo, "neighbors", std::move(idx));
    put(qo, "voteTie", JsonValue::boolean(r.voteTie));
    put(o, "query", std::move(qo));
  }
}

void writeKnnParams(JsonValue& o, const ModesState& modes) {
  const KnnMode& m = modes.knn;
  put(o, "K", integer(m.k));
  if (m.hasQuery) {
    JsonValue q = JsonValue::array();
    q.items().push_back(num(m.queryX));
    q.items().push_back(num(m.queryY));
    put(o, "query", std::move(q));
  }
}

}  // namespace kpg::app
