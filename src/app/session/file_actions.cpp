#include "session/file_actions.hpp"

#include "data/number_text.hpp"
#include "io/action_router.hpp"
#include "io/data_export.hpp"
#include "io/schema.hpp"

namespace kpg::app {
namespace {

using json::put;
using json::str;

struct Choice {
  std::optional<int> x, y;
  std::optional<double> positive, negative;
};

// The optional x, y, positive, negative fields of importData and chooseImport.
Choice readChoice(SchemaReader& r, const JsonValue& v) {
  Choice c;
  if (const JsonValue* x = v.find("x")) {
    if (auto n = r.integer(*x, "$.x", 1, 1000000)) c.x = static_cast<int>(*n);
  }
  if (const JsonValue* y = v.find("y")) {
    if (auto n = r.integer(*y, "$.y", 1, 1000000)) c.y = static_cast<int>(*n);
  }
  if (const JsonValue* p = v.find("positive")) {
    if (auto n = r.number(*p, "$.positive", -1e300, 1e300)) c.positive = *n;
  }
  if (const JsonValue* m = v.find("negative")) {
    if (auto n = r.number(*m, "$.negative", -1e300, 1e300)) c.negative = *n;
  }
  return c;
}

JsonValue importJson(const DataImport& d) {
  JsonValue o = JsonValue::object();
  put(o, "summary", str(importSummary(d)));
  put(o, "samples", json::integer(d.data.size()));
  put(o, "features", json::integer(d.data.dimension()));
  JsonValue classes = JsonValue::array();
  for (const ImportedClass& c : d.classes) {
    JsonValue item = JsonValue::object();
    put(item, "label", json::num(c.label));
    put(item, "name", str(c.name));
    put(item, "count", json::integer(c.count));
    classes.items().push_back(std::move(item));
  }
  put(o, "classes", std::move(classes));
  if (d.format == DataFormat::Csv) {
    put(o, "labelColumn", json::integer(static_cast<Index>(d.layout.labelColumn)));
    put(o, "label", str(describeLabelColumn(d.layout)));
  }
  JsonValue names = JsonValue::array();
  for (const std::string& name : d.data.featureNames) names.items().push_back(str(name));
  put(o, "featureNames", std::move(names));
  put(o, "x", json::integer(d.featureX + 1));
  put(o, "y", json::integer(d.featureY + 1));
  put(o, "positive", json::num(d.classes[static_cast<std::size_t>(d.positive)].label));
  put(o, "negative", json::num(d.classes[static_cast<std::size_t>(d.negative)].label));
  return o;
}

ActionReply withImport(const DataImport& d) {
  ActionReply reply;
  JsonValue fields = importJson(d);
  for (auto& member : fields.members()) reply.extra.members().push_back(std::move(member));
  return reply;
}

ActionReply textReply(std::string text) {
  ActionReply reply;
  put(reply.extra, "text", str(text));
  return reply;
}

}  // namespace

JsonValue importStateJson(const std::optional<DataImport>& imported, const LabState& lab) {
  const DataImport* shown = activeImport(imported, lab);
  if (!shown) return JsonValue::null();
  JsonValue o = JsonValue::object();
  put(o, "source", str(shown->source));
  put(o, "format", str(dataFormatName(shown->format)));
  JsonValue fields = importJson(*shown);
  for (auto& member : fields.members()) o.members().push_back(std::move(member));
  return o;
}

std::string importedClassWords(const DataImport* shown, int sign) {
  const char* plain = sign > 0 ? "class +1" : "class −1";
  if (shown == nullptr) return plain;
  const std::size_t k = static_cast<std::size_t>(sign > 0 ? shown->positive : shown->negative);
  if (k >= shown->classes.size()) return plain;
  const ImportedClass& c = shown->classes[k];
  const bool numeric = c.name == formatShort(c.label);  // a LIBSVM file, a numeric CSV class
  if (numeric && c.label == sign) return plain;
  return (numeric ? "class " + c.name : c.name) + (sign > 0 ? " (+1)" : " (−1)");
}

const DataImport* activeImport(const std::optional<DataImport>& imported, const LabState& lab) {
  if (!imported || lab.presetName != importPresetName(*imported)) return nullptr;
  return &*imported;
}

std::optional<std::string> chooseImport(DataImport& imported, LabState& lab, std::optional<int> x,
                                        std::optional<int> y, std::optional<double> positive,
                                        std::optional<double> negative) {
  DataImport next = imported;
  if (x || y) {
    if (auto error =
            chooseFeatures(next, x.value_or(next.featureX + 1), y.value_or(next.featureY + 1))) {
      return error;
    }
  }
  if (positive || negative) {
    const auto label = [&](int k) { return next.classes[static_cast<std::size_t>(k)].label; };
    if (auto error = chooseClasses(next, positive.value_or(label(next.positive)),
                                   negative.value_or(label(next.negative)))) {
      return error;
    }
  }
  if (auto error = apply(lab, importedSession(next, lab), false)) return error;
  imported = std::move(next);
  return std::nullopt;
}

std::optional<std::string> chooseImportLabel(DataImport& imported, LabState& lab, int column) {
  DataImport next = imported;
  if (auto error = chooseLabelColumn(next, column)) return error;
  if (auto error = chooseImport(next, lab, {}, {}, {}, {})) return error;
  imported = std::move(next);
  return std::nullopt;
}

JsonValue previewStateJson(const std::optional<DataImport>& preview) {
  if (!preview) return JsonValue::null();
  const ImportPreview p = importPreview(*preview);
  JsonValue o = JsonValue::object();
  put(o, "source", str(preview->source));
  JsonValue names = JsonValue::array();
  for (const std::string& name : p.names) names.items().push_back(str(name));
  put(o, "names", std::move(names));
  JsonValue rows = JsonValue::array();
  for (const auto& row : p.rows) {
    JsonValue cells = JsonValue::array();
    for (const std::string& cell : row) cells.items().push_back(str(cell));
    rows.items().push_back(std::move(cells));
  }
  put(o, "rows", std::move(rows));
  put(o, "labelColumn", json::integer(p.labelColumn + 1));
  put(o, "x", json::integer(p.columnX + 1));
  put(o, "y", json::integer(p.columnY + 1));
  put(o, "summary", str(p.summary));
  return o;
}

std::optional<std::string> confirmImport(std::optional<DataImport>& preview,
                                         std::optional<DataImport>& imported, LabState& lab) {
  if (!preview) return std::string("no file waiting to be imported");
  DataImport next = *preview;
  if (auto error = chooseImport(next, lab, {}, {}, {}, {})) return error;
  imported = std::move(next);
  preview.reset();
  return std::nullopt;
}

void addFileActions(ActionRouter& router, std::optional<DataImport>& imported,
                    std::optional<DataImport>& preview, LabState& lab) {
  router.add("importData", [&imported, &preview, &lab](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$",
             {"type", "text", "format", "source", "labelColumn", "labelName", "x", "y", "positive",
              "negative", "preview"});
    bool held = false;
    if (const JsonValue* h = v.find("preview")) {
      if (h->isBool())
        held = h->asBool();
      else
        r.fail("$.preview", "expected true or false");
    }
    std::optional<std::string> text, format, source, labelName;
    std::optional<std::int64_t> labelColumn;
    if (const JsonValue* c = v.find("labelColumn"))
      labelColumn = r.integer(*c, "$.labelColumn", 1, 1000000);
    if (const JsonValue* n = v.find("labelName")) labelName = r.string(*n, "$.labelName", 256);
    if (const JsonValue* t = r.required(v, "$", "text"))
      text = r.string(*t, "$.text", kMaxImportBytes);
    if (const JsonValue* f = r.required(v, "$", "format")) format = r.string(*f, "$.format", 16);
    if (const JsonValue* s = v.find("source")) source = r.string(*s, "$.source", 256);
    const Choice choice = readChoice(r, v);
    if (!r.ok()) return ActionReply::failed(r.error());
    const auto kind = dataFormatFromName(*format);
    if (!kind) return ActionReply::failed("$.format: must be \"csv\" or \"libsvm\"");
    DataImportOptions options;
    options.format = *kind;
    if (source && !source->empty()) options.source = *source;
    if (labelColumn) options.labelColumn = static_cast<int>(*labelColumn);
    if (labelName) options.labelName = *labelName;
    DataImportResult read = readDataImport(*text, options);
    if (!read.ok()) return ActionReply::failed(read.error);
    DataImport next = std::move(*read.value);
    if (held && next.format == DataFormat::Csv) {
      preview = std::move(next);
      ActionReply reply;
      put(reply.extra, "preview", previewStateJson(preview));
      return reply;
    }
    // chooseImport checks the choice and apply() the points before either changes anything.
    if (auto error =
            chooseImport(next, lab, choice.x, choice.y, choice.positive, choice.negative)) {
      return ActionReply::failed(*error);
    }
    imported = std::move(next);
    return withImport(*imported);
  });
  router.add("chooseImport", [&imported, &lab](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type", "labelColumn", "x", "y", "positive", "negative"});
    std::optional<std::int64_t> labelColumn;
    if (const JsonValue* c = v.find("labelColumn"))
      labelColumn = r.integer(*c, "$.labelColumn", 1, 1000000);
    const Choice choice = readChoice(r, v);
    if (!r.ok()) return ActionReply::failed(r.error());
    if (!activeImport(imported, lab)) {
      return ActionReply::failed("$: no imported data on the canvas (import a file first)");
    }
    // The file read again first, then the choice on it; nothing changes unless both succeed.
    DataImport next = *imported;
    if (labelColumn) {
      if (auto error = chooseLabelColumn(next, static_cast<int>(*labelColumn)))
        return ActionReply::failed(*error);
    }
    if (auto error =
            chooseImport(next, lab, choice.x, choice.y, choice.positive, choice.negative)) {
      return ActionReply::failed(*error);
    }
    imported = std::move(next);
    return withImport(*imported);
  });
  router.add("choosePreview", [&preview](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type", "labelColumn"});
    std::optional<std::int64_t> column;
    if (const JsonValue* c = r.required(v, "$", "labelColumn"))
      column = r.integer(*c, "$.labelColumn", 1, 1000000);
    if (!r.ok()) return ActionReply::failed(r.error());
    if (!preview) return ActionReply::failed("$: no file waiting to be imported");
    if (auto error = chooseLabelColumn(*preview, static_cast<int>(*column)))
      return ActionReply::failed(*error);
    ActionReply reply;
    put(reply.extra, "preview", previewStateJson(preview));
    return reply;
  });
  router.add("confirmImport", [&imported, &preview, &lab](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type"});
    if (!r.ok()) return ActionReply::failed(r.error());
    if (auto error = confirmImport(preview, imported, lab)) return ActionReply::failed(*error);
    return withImport(*imported);
  });
  router.add("cancelImport", [&preview](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type"});
    if (!r.ok()) return ActionReply::failed(r.error());
    preview.reset();
    return ActionReply{};
  });
  router.add("exportData", [&lab](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type", "format"});
    std::optional<std::string> format;
    if (const JsonValue* f = r.required(v, "$", "format")) format = r.string(*f, "$.format", 16);
    if (!r.ok()) return ActionReply::failed(r.error());
    const auto kind = dataFormatFromName(*format);
    if (!kind) return ActionReply::failed("$.format: must be \"csv\" or \"libsvm\"");
    return textReply(exportPoints(lab, *kind));
  });
  router.add("exportModel", [&lab](const JsonValue& v) {
    SchemaReader r;
    r.object(v, "$", {"type"});
    if (!r.ok()) return ActionReply::failed(r.error());
    ModelExport model = exportModel(lab);
    if (!model.ok()) return ActionReply::failed(model.error);
    return textReply(std::move(model.text));
  });
}

}  // namespace kpg::app
