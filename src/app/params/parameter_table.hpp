#pragma once
// One row per number a student or a page can set, in the spirit of TensorFlow Playground's PROPS:
// its JSON and address names, the values every path accepts, the slider's span and scale, and
// the help the control shows. The lab's validateParams, the action and session readers, the
// methods' setModeParams, the address reader and the controls all read their ranges here, so
// that the UI and window.kpg accept exactly the same values, and an error names the range the
// row gives (tests/app/parameter_table_test.cpp sets every row at its bounds both ways).

#include "kernels/kernel.hpp"  // ParameterError
#include "params/param_input.hpp"

#include <optional>
#include <string>
#include <vector>

namespace kpg::app {

enum class ParamId {
  // The SMO lab (LabParams, its playback and the point generator).
  Gamma,
  Coef0,
  Degree,
  C,
  Eps,
  MaxSteps,
  StepsPerSecond,
  GenerateCount,
  GenerateNoise,
  // The other methods (setModeParams).
  PerceptronLearningRate,
  PerceptronMaxEpochs,
  KnnK,
  KmeansK,
  KmeansMaxIterations,
  KfdMu,
  SvrC,
  SvrEpsilon,
  SvrEps,
};

struct ParameterSpec {
  ParamId id;
  const char* key;         // its JSON field in actions and setModeParams: "gamma"
  const char* sessionKey;  // its field in a saved session, where it differs ("speed"), or key
  const char* label;       // the control's label on screen, the course's symbol: "γ"
  const char* words;       // how a message names it: "γ (gamma)"
  double min;              // every path accepts [min, max] ...
  double max;
  bool infinityAllowed;  // ... and ∞ (C: hard margin), written "inf" in JSON and the address
  bool integer;          // whole numbers only
  double sliderMin;      // the slider's span, inside [min, max]: the values a student tries
  double sliderMax;
  bool logarithmic;  // ten nice rungs a decade (param_input.hpp), else steps of `step`
  double step;
  const char* help;  // the control's tooltip
};

// Every row, in the order of ParamId.
const std::vector<ParameterSpec>& parameterTable();
const ParameterSpec& parameter(ParamId id);

// The control's range: typed values accepted within [min, max], the slider over its span.
ParamRange controlRange(ParamId id);

// "between 1e-06 and 1e+06, or inf" as errors state it (the JSON form of the numbers).
std::string rangeWords(const ParameterSpec& p);

// Whether `value` lies in the row's range; if not, the error every path gives:
// {key, "<words> must be <rangeWords>; got <value>"}.
std::optional<ParameterError> checkParameter(ParamId id, double value);

}  // namespace kpg::app
