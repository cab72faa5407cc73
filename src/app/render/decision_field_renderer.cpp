#include "render/decision_field_renderer.hpp"

#include "render/shader_sources.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace kpg::app {
namespace {

// Okabe & Ito (2008), "Color Universal Design": vermillion (213, 94, 0) for class +1 and blue
// (0, 114, 178) for class −1, the pair that stays distinct under protan, deutan and tritan vision.
constexpr float kPositive[3] = {213.0f / 255, 94.0f / 255, 0.0f};
constexpr float kNegative[3] = {0.0f, 114.0f / 255, 178.0f / 255};
constexpr int kSvTextureWidth = 1024;

// The band budget follows what the field adds to the frame: the frame time while rendering minus
// the frame time without field work (a running average). On SwiftShader the UI alone can take
// 50–100 ms a frame, so absolute thresholds would starve the field.
constexpr double kSlowExtra = 0.030;
constexpr double kFastExtra = 0.012;
constexpr double kMinTermsPerFrame = 1.0e6;
constexpr double kMaxTermsPerFrame = 4.0e8;

}  // namespace

bool DecisionFieldRenderer::init() {
  fieldProgram_ =
      linkProgram(shaders::kFullscreenVert, shaders::kDecisionFieldFrag, "decision_field.frag");
  if (!fieldProgram_.ok()) {
    error_ = fieldProgram_.error;
    return false;
  }
  colourProgram_ =
      linkProgram(shaders::kFullscreenVert, shaders::kFieldColourFrag, "field_colour.frag");
  if (!colourProgram_.ok()) {
    error_ = colourProgram_.error;
    return false;
  }
  glGenVertexArrays(1, &vertexArray_);
  glGenTextures(1, &svTexture_);
  // Float render targets need EXT_color_buffer_float (WebGL2: Emscripten enables extensions by
  // default); a complete framebuffer is the real test.
  ensureTarget(fieldTargets_[0], 4, 4, GL_RGBA32F, GL_RGBA, GL_FLOAT);
  glBindFramebuffer(GL_FRAMEBUFFER, fieldTargets_[0].framebuffer);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (status != GL_FRAMEBUFFER_COMPLETE) {
    error_ =
        "this browser cannot render to float textures (EXT_color_buffer_float), so the "
        "decision field is not drawn";
    return false;
  }
  ready_ = true;
  return true;
}

void DecisionFieldRenderer::ensureTarget(Target& target, int width, int height,
                                         GLenum internalFormat, GLenum format, GLenum type) {
  if (target.texture == 0) {
    glGenTextures(1, &target.texture);
    glGenFramebuffers(1, &target.framebuffer);
  }
  if (target.width == width && target.height == height) return;
  glBindTexture(GL_TEXTURE_2D, target.texture);
  glTexImage2D(GL_TEXTURE_2D, 0, static_cast<GLint>(internalFormat), width, height, 0, format, type,
               nullptr);
  const GLint filter = type == GL_FLOAT ? GL_NEAREST : GL_LINEAR;
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target.texture, 0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  target.width = width;
  target.height = height;
}

void DecisionFieldRenderer::update(const FieldRequest& request) {
  if (!ready_ || request.model == nullptr || request.pixelWidth <= 0 || request.pixelHeight <= 0 ||
      !(request.rect.xMax > request.rect.xMin) || !(request.rect.yMax > request.rect.yMin)) {
    return;
  }
  // What the field work of the last frame cost: that frame's time minus the running average of
  // frames without field work. It sets the band budget and the preview throttle.
  if (renderedLastFrame_ && request.frameSeconds > 0 && baselineFrame_ > 0) {
    const double extra = std::max(0.0, request.frameSeconds - baselineFrame_);
    if (extra > kSlowExtra) termsPerFrame_ *= 0.7;
    if (extra < kFastExtra) termsPerFrame_ *= 1.3;
    termsPerFrame_ = std::clamp(termsPerFrame_, kMinTermsPerFrame, kMaxTermsPerFrame);
    if (job_.active) {
      jobExtraSeconds_ += extra;
    } else {
      lastJobCostMs_ += 1000 * extra;
    }
  } else if (!renderedLastFrame_ && request.frameSeconds > 0 && request.frameSeconds < 2.0) {
    baselineFrame_ = baselineFrame_ > 0 ? 0.9 * baselineFrame_ + 0.1 * request.frameSeconds
                                        : request.frameSeconds;
  }
  renderedLastFrame_ = false;

  const SvmModel& model = *request.model;
  const double dpr = std::max(0.25, static_cast<double>(request.devicePixelRatio));
  // Full resolution: one texel per CSS pixel (f is smooth; the contours are drawn at device
  // resolution by the colour pass from the interpolated field).
  const int fullWidth =
      std::clamp(static_cast<int>(std::lround(request.pixelWidth / dpr)), 1, kMaxSide);
  const int fullHeight =
      std::clamp(static_cast<int>(std::lround(request.pixelHeight / dpr)), 1, kMaxSide);
  int width = fullWidth;
  int height = fullHeight;
  // A changed model or view is first shown at preview resolution (fast feedback after a step),
  // then refined to full resolution once nothing moves.
  const bool stale = !finished_.valid || finished_.revision != request.revision ||
                     !(finished_.rect == request.rect);
  if (request.preview || stale) {
    const double terms = std::max<double>(1.0, static_cast<double>(model.supportVectorCount()));
    const double pixels = kPreviewTerms / terms;
    const double scale = std::sqrt(pixels / (static_cast<double>(fullWidth) * fullHeight));
    if (scale < 1) {
      const double minScale =
          static_cast<double>(kMinPreviewSide) / std::min(fullWidth, fullHeight);
      const double s = std::min(1.0, std::max(scale, minScale));
      width = std::max(1, static_cast<int>(std::lround(fullWidth * s)));
      height = std::max(1, static_cast<int>(std::lround(fullHeight * s)));
    }
  }
  const bool full = width == fullWidth && height == fullHeight;

  const bool upToDate = finished_.valid && finished_.revision == request.revision &&
                        finished_.rect == request.rect && (finished_.full || request.preview);
  if (job_.active) {
    const bool outdated = job_.revision != request.revision || !(job_.rect == request.rect);
    // A slow full-resolution render of an old model is not worth finishing; a preview is (else
    // nothing would ever appear while the model changes every frame).
    if (outdated && job_.full) job_.active = false;
  }
  const bool throttled =
      request.preview && finished_.valid &&
      request.nowMs - lastJobEndMs_ < std::min(kMaxPreviewWaitMs, 2 * lastJobCostMs_);
  if (!job_.active && !upToDate && !throttled) startJob(request, width, height, full);
  if (!job_.active) return;

  stats_.termsPerFrameBudget = termsPerFrame_;
  renderBands(request);
}

void DecisionFieldRenderer::startJob(const FieldRequest& request, int width, int height,
                                     bool full) {
  const SvmModel& model = *request.model;
  const Index n = model.supportVectorCount();
  const bool usable = model.supportVectors.cols() >= 2 && model.coefficients.rows() >= 1 &&
                      model.coefficients.cols() == n && model.rho.size() >= 1;
  job_ = Job{};
  jobExtraSeconds_ = 0;
  job_.active = true;
  job_.revision = request.revision;
  job_.rect = request.rect;
  job_.width = width;
  job_.height = height;
  job_.full = full;
  job_.startedMs = request.nowMs;
  job_.kernel = model.kernel;
  job_.bias = usable ? -model.rho(0) : 0.0;
  job_.svCount = usable ? static_cast<int>(n) : 0;

  // Support vectors as (x, y, coef, 0) texels, kSvTextureWidth per row.
  const int count = std::max(job_.svCount, 1);
  const int texWidth = std::min(count, kSvTextureWidth);
  const int texHeight = (count + texWidth - 1) / texWidth;
  std::vector<float> texels(static_cast<std::size_t>(texWidth) * texHeight * 4, 0.0f);
  for (int i = 0; i < job_.svCount; ++i) {
    texels[4 * i + 0] = static_cast<float>(model.supportVectors(i, 0));
    texels[4 * i + 1] = static_cast<float>(model.supportVectors(i, 1));
    texels[4 * i + 2] = static_cast<float>(model.coefficients(0, i));
  }
  glBindTexture(GL_TEXTURE_2D, svTexture_);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, texWidth, texHeight, 0, GL_RGBA, GL_FLOAT,
               texels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  ensureTarget(fieldTargets_[1 - shown_], width, height, GL_RGBA32F, GL_RGBA, GL_FLOAT);
}

void DecisionFieldRenderer::renderBands(const FieldRequest& request) {
  Target& target = fieldTargets_[1 - shown_];
  const double termsPerRow =
      static_cast<double>(job_.width) * static_cast<double>(std::max(job_.svCount, 1));
  const int rows = std::clamp(static_cast<int>(termsPerFrame_ / termsPerRow), 1, job_.height);
  const int first = job_.nextRow;
  const int last = std::min(job_.height, first + rows);

  renderedLastFrame_ = true;
  glBindFramebuffer(GL_FRAMEBUFFER, target.framebuffer);
  glViewport(0, 0, job_.width, job_.height);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, first, job_.width, last - first);
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glUseProgram(fieldProgram_.id);
  glBindVertexArray(vertexArray_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, svTexture_);
  glUniform1i(fieldProgram_.uniform("u_svs"), 0);
  glUniform1i(fieldProgram_.uniform("u_svCount"), job_.svCount);
  glUniform1i(fieldProgram_.uniform("u_svWidth"),
              std::min(std::max(job_.svCount, 1), kSvTextureWidth));
  glUniform1i(fieldProgram_.uniform("u_kernel"), static_cast<int>(job_.kernel.type));
  glUniform1f(fieldProgram_.uniform("u_gamma"), static_cast<float>(job_.kernel.gamma));
  glUniform1f(fieldProgram_.uniform("u_coef0"), static_cast<float>(job_.kernel.coef0));
  glUniform1i(fieldProgram_.uniform("u_degree"), job_.kernel.degree);
  glUniform1f(fieldProgram_.uniform("u_bias"), static_cast<float>(job_.bias));
  glUniform2f(fieldProgram_.uniform("u_plotMin"), static_cast<float>(job_.rect.xMin),
              static_cast<float>(job_.rect.yMin));
  glUniform2f(fieldProgram_.uniform("u_plotMax"), static_cast<float>(job_.rect.xMax),
              static_cast<float>(job_.rect.yMax));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  job_.nextRow = last;
  ++job_.frames;
  if (job_.nextRow < job_.height) return;

  // Done: show it.
  shown_ = 1 - shown_;
  finished_.valid = true;
  finished_.revision = job_.revision;
  finished_.rect = job_.rect;
  finished_.full = job_.full;
  finished_.width = job_.width;
  finished_.height = job_.height;
  job_.active = false;
  stats_.completed += 1;
  lastJobCostMs_ = 1000 * jobExtraSeconds_;
  jobExtraSeconds_ = 0;
  lastJobEndMs_ = request.nowMs;
  stats_.lastRenderMs = request.nowMs - job_.startedMs;
  stats_.lastRenderFrames = job_.frames;
  stats_.lastWidth = job_.width;
  stats_.lastHeight = job_.height;
  stats_.lastFull = job_.full;
  stats_.lastTerms = static_cast<std::uint64_t>(job_.width) * job_.height *
                     static_cast<std::uint64_t>(std::max(job_.svCount, 1));
  colourize(request);
}

void DecisionFieldRenderer::colourize(const FieldRequest& request) {
  const int width = std::clamp(request.pixelWidth, 1, 2 * kMaxSide);
  const int height = std::clamp(request.pixelHeight, 1, 2 * kMaxSide);
  ensureTarget(colourTarget_, width, height, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
  colourRect_ = finished_.rect;

  glBindFramebuffer(GL_FRAMEBUFFER, colourTarget_.framebuffer);
  glViewport(0, 0, width, height);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glUseProgram(colourProgram_.id);
  glBindVertexArray(vertexArray_);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, fieldTargets_[shown_].texture);
  glUniform1i(colourProgram_.uniform("u_field"), 0);
  const PlotRect& r = finished_.rect;
  glUniform2f(colourProgram_.uniform("u_plotMin"), static_cast<float>(r.xMin),
              static_cast<float>(r.yMin));
  glUniform2f(colourProgram_.uniform("u_plotMax"), static_cast<float>(r.xMax),
              static_cast<float>(r.yMax));
  glUniform2f(colourProgram_.uniform("u_sourceMin"), static_cast<float>(r.xMin),
              static_cast<float>(r.yMin));
  glUniform2f(colourProgram_.uniform("u_sourceMax"), static_cast<float>(r.xMax),
              static_cast<float>(r.yMax));
  glUniform3f(colourProgram_.uniform("u_positive"), kPositive[0], kPositive[1], kPositive[2]);
  glUniform3f(colourProgram_.uniform("u_negative"), kNegative[0], kNegative[1], kNegative[2]);
  glUniform1f(colourProgram_.uniform("u_lineScale"), std::max(0.5f, request.devicePixelRatio));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glBindVertexArray(0);
  glUseProgram(0);
}

FieldImage DecisionFieldRenderer::image() const {
  FieldImage out;
  if (!finished_.valid || colourTarget_.texture == 0) return out;
  out.texture = colourTarget_.texture;
  out.rect = colourRect_;
  out.revision = finished_.revision;
  out.current = !job_.active;
  return out;
}

std::optional<FieldProbe> DecisionFieldRenderer::probe(double x, double y) const {
  if (!finished_.valid || !std::isfinite(x) || !std::isfinite(y)) return std::nullopt;
  const PlotRect& r = finished_.rect;
  const double u = (x - r.xMin) / (r.xMax - r.xMin);
  const double v = (y - r.yMin) / (r.yMax - r.yMin);
  if (!(u >= 0 && u < 1 && v >= 0 && v < 1)) return std::nullopt;
  FieldProbe out;
  out.width = finished_.width;
  out.height = finished_.height;
  out.column = std::min(out.width - 1, static_cast<int>(u * out.width));
  out.row = std::min(out.height - 1, static_cast<int>(v * out.height));
  out.x = r.xMin + (out.column + 0.5) * (r.xMax - r.xMin) / out.width;
  out.y = r.yMin + (out.row + 0.5) * (r.yMax - r.yMin) / out.height;
  out.revision = finished_.revision;
  out.full = finished_.full;
  float texel[4] = {0, 0, 0, 0};
  glBindFramebuffer(GL_FRAMEBUFFER, fieldTargets_[shown_].framebuffer);
  glReadPixels(out.column, out.row, 1, 1, GL_RGBA, GL_FLOAT, texel);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  out.f = texel[0];
  return out;
}

}  // namespace kpg::app
