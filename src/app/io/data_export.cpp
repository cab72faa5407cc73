#include "io/data_export.hpp"

#include "data/libsvm_format.hpp"
#include "data/number_text.hpp"
#include "svm/model_io.hpp"

namespace kpg::app {

std::string exportPoints(const LabState& lab, DataFormat format) {
  const PointSet& data = lab.data;
  if (format == DataFormat::Libsvm) {
    Dataset set;
    set.x = data.points;
    set.y = data.labels;
    return writeLibsvm(set);
  }
  std::string text = "label,x1,x2\n";
  for (Index i = 0; i < data.points.rows(); ++i) {
    text += formatExact(data.labels(i)) + "," + formatExact(data.points(i, 0)) + "," +
            formatExact(data.points(i, 1)) + "\n";
  }
  return text;
}

ModelExport exportModel(const LabState& lab) {
  ModelExport out;
  if (!lab.model.valid) {
    out.error = "no model to export: " +
                (lab.problemError ? lab.problemError->message : std::string("no solver"));
    return out;
  }
  out.text = writeModel(lab.model.model);
  return out;
}

}  // namespace kpg::app
