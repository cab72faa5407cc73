#pragma once
// The decision field f(x) = Σ coef_i k(sv_i, x) + b of the current model, drawn on the GPU
// (shaders/decision_field.frag) into an offscreen float texture, then coloured with the contours
// f = 0 and f = ±1 (shaders/field_colour.frag) into a colour texture the canvas shows under the
// points.
//
// Why offscreen, banded and lazy: on a CPU rasterizer (SwiftShader: ~160 M kernel terms/s) 500
// support vectors at 512² take ~0.8 s. So:
//   - the field is only re-rendered when the model (its revision) or the view changed;
//   - while the solver runs or the view moves it is rendered at a reduced "preview" resolution
//     (≈ kPreviewTerms kernel terms per field), at full canvas resolution once things are still;
//   - a render is cut into horizontal bands, at most a frame budget of kernel terms per frame
//     (adapted to the measured frame time), so the UI keeps its own frame rate whatever the field
//     costs; the previous complete image stays on screen until the new one is done;
//   - a preview render in progress finishes before the next starts (so a field always appears
//     while the solver runs at full speed); a full-resolution one is abandoned when outdated.
// The float texture is kept for readback: probe() returns f at a texel, which the browser test
// compares with the core's CPU value (kpg::decisionValues).

#include "plot_rect.hpp"
#include "render/field_image.hpp"
#include "render/gl_program.hpp"
#include "svm/svm_model.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace kpg::app {

// What the canvas wants to see this frame.
struct FieldRequest {
  const SvmModel* model = nullptr;  // nullptr: no model (nothing drawn)
  std::uint64_t revision = 0;       // changes whenever the model does
  PlotRect rect;                    // the visible plot rectangle
  int pixelWidth = 0;               // the canvas area in device pixels
  int pixelHeight = 0;
  float devicePixelRatio = 1;
  bool preview = false;     // solver running or view moving: reduced resolution
  double frameSeconds = 0;  // last frame's duration, for the band budget
  double nowMs = 0;         // a clock, for timing completed renders
};

struct FieldProbe {
  double f = 0;
  double x = 0, y = 0;  // the plot coordinates of the texel centre read
  int column = 0, row = 0;
  int width = 0, height = 0;
  std::uint64_t revision = 0;
  bool full = false;  // full resolution (not a preview)
};

struct FieldStats {
  std::uint64_t completed = 0;  // fields finished since start
  double lastRenderMs = 0;      // wall time from start to finish of the last field
  double lastRenderFrames = 0;  // frames it spanned
  int lastWidth = 0, lastHeight = 0;
  bool lastFull = false;
  double termsPerFrameBudget = 0;  // the adaptive band budget
  std::uint64_t lastTerms = 0;     // pixels × support vectors of the last field
};

class DecisionFieldRenderer {
 public:
  static constexpr double kPreviewTerms = 2.0e6;
  // While previewing (the solver running), a new field starts at most this often, scaled by what
  // the last one cost: on a GPU it costs nothing and there is no wait; on SwiftShader the UI then
  // keeps most frames free of field work.
  static constexpr double kMaxPreviewWaitMs = 250;
  static constexpr int kMinPreviewSide = 48;
  static constexpr int kMaxSide = 1024;

  // Compiles the programs and checks float render targets; false with a message when the field
  // cannot be drawn here (the rest of the app keeps working).
  bool init();
  const std::string& error() const { return error_; }
  bool ready() const { return ready_; }

  // Once per frame, before the UI is built: continues or starts a field render.
  void update(const FieldRequest& request);

  FieldImage image() const;
  // f at the texel of the finished field nearest to (x, y); nullopt when none covers it.
  std::optional<FieldProbe> probe(double x, double y) const;
  const FieldStats& stats() const { return stats_; }
  bool busy() const { return job_.active; }

 private:
  struct Target {
    GLuint texture = 0;
    GLuint framebuffer = 0;
    int width = 0, height = 0;
  };
  struct Job {
    bool active = false;
    std::uint64_t revision = 0;
    PlotRect rect;
    int width = 0, height = 0;
    int nextRow = 0;
    int svCount = 0;
    bool full = false;
    int colourWidth = 0, colourHeight = 0;
    double startedMs = 0;
    int frames = 0;
    KernelParams kernel;  // the model's, copied when the job starts
    double bias = 0;
  };
  struct Finished {
    bool valid = false;
    std::uint64_t revision = 0;
    PlotRect rect;
    bool full = false;
    int width = 0, height = 0;
  };

  void startJob(const FieldRequest& request, int width, int height, bool full);
  void renderBands(const FieldRequest& request);
  void colourize(const FieldRequest& request);
  static void ensureTarget(Target& target, int width, int height, GLenum internalFormat,
                           GLenum format, GLenum type);

  bool ready_ = false;
  std::string error_;
  GlProgram fieldProgram_;
  GlProgram colourProgram_;
  GLuint vertexArray_ = 0;
  GLuint svTexture_ = 0;
  Target fieldTargets_[2];  // [shown_] complete, the other in progress
  int shown_ = 0;
  // Rewritten when a field completes; update() runs before the UI is built, so the frame's draw
  // list always shows the texture's current content.
  Target colourTarget_;
  PlotRect colourRect_;
  Job job_;
  Finished finished_;
  double termsPerFrame_ = 6.0e6;
  double baselineFrame_ = 0;
  double jobExtraSeconds_ = 0;  // the running job's summed extra frame time
  double lastJobCostMs_ = 0;    // extra frame time the last job cost in all
  double lastJobEndMs_ = 0;
  bool renderedLastFrame_ = false;  // seconds: running average of frames without field work
  FieldStats stats_;
};

}  // namespace kpg::app
