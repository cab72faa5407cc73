// The file toolbar: Share, Save / Open session, Import data, Export ▾, and the imported data's
// choice of features and classes (file_toolbar.hpp).

#include "panels/file_toolbar.hpp"

#include "data/number_text.hpp"
#include "js_bridge.hpp"
#include "session/file_actions.hpp"

#include <algorithm>
#include <string>

namespace kpg::app {
namespace {

constexpr double kMessageSeconds = 6.0;

float rowHeight() {
  return ImGui::GetFrameHeight() + 6;
}

void remember(const char* name) {
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  filesUi().rects.emplace_back(name, ImVec4(a.x, a.y, b.x, b.y));
}

bool toolButton(const char* label, const char* name, const char* tooltip) {
  const bool pressed = ImGui::Button(label);
  remember(name);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  return pressed;
}

bool menuItem(const char* label, const char* name, const char* tooltip) {
  const bool pressed = ImGui::Selectable(label);
  remember(name);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  return pressed;
}

// The header's name of the feature, else its number.
std::string featureLabel(const DataImport& shown, int column) {
  const auto& names = shown.data.featureNames;
  if (static_cast<std::size_t>(column) < names.size())
    return names[static_cast<std::size_t>(column)];
  return "feature " + std::to_string(column + 1);
}

// x₁ / x₂ pickers and the y = +1 / y = −1 class pickers of the import on the canvas.
void importRow(AppState& state, const DataImport& shown) {
  DataImport& imported = *state.dataImport;
  std::optional<int> x, y;
  std::optional<double> positive, negative;
  std::optional<int> labelColumn;
  const int d = static_cast<int>(shown.data.dimension());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(shown.source.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", importSummary(shown).c_str());
  const auto featureCombo = [&](const char* id, const char* name, int current,
                                std::optional<int>& pick) {
    ImGui::SameLine();
    const std::string label = featureLabel(shown, current);
    // A fixed width keeps the class pickers on a 1280 px row; a longer name is clipped.
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("feature 0000").x + ImGui::GetFrameHeight());
    const bool open = ImGui::BeginCombo(id, label.c_str());
    comboTabStop(name);
    if (open) {
      for (int f = 0; f < d; ++f) {
        if (ImGui::Selectable(featureLabel(shown, f).c_str(), f == current)) pick = f + 1;
        remember((std::string(name) + "/" + std::to_string(f + 1)).c_str());
      }
      ImGui::EndCombo();
    }
    remember(name);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "The file's feature drawn on this axis. With more than two features the "
          "lab trains on the two shown.");
    }
  };
  const auto classCombo = [&](const char* id, const char* name, int current,
                              std::optional<double>& pick) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("class 0000").x + ImGui::GetFrameHeight());
    const std::string preview = shown.classes[static_cast<std::size_t>(current)].name;
    const bool open = ImGui::BeginCombo(id, preview.c_str());
    comboTabStop(name);
    if (open) {
      for (std::size_t k = 0; k < shown.classes.size(); ++k) {
        const ImportedClass& c = shown.classes[k];
        const std::string item = c.name + " (" + std::to_string(c.count) + ")";
        if (ImGui::Selectable(item.c_str(), static_cast<int>(k) == current)) pick = c.label;
        remember((std::string(name) + "/" + formatDisplay(c.label)).c_str());
      }
      ImGui::EndCombo();
    }
    remember(name);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip(
          "With more than two classes the lab steps the one-vs-one sub-problem of "
          "the two classes picked here (LIBSVM trains one per pair).");
    }
  };
  ImGui::SameLine();
  ImGui::TextUnformatted("· x₁");
  featureCombo("##importx", "import-x", shown.featureX, x);
  ImGui::SameLine();
  ImGui::TextUnformatted("x₂");
  featureCombo("##importy", "import-y", shown.featureY, y);
  ImGui::SameLine();
  ImGui::TextUnformatted("· y = +1:");
  classCombo("##importpositive", "import-positive", shown.positive, positive);
  ImGui::SameLine();
  ImGui::TextUnformatted("y = −1:");
  classCombo("##importnegative", "import-negative", shown.negative, negative);
  // CSV: the column read as the label, another one read again through chooseImportLabel (after
  // the class pickers, so that they stay on a 1280 px row).
  if (shown.format == DataFormat::Csv && shown.layout.columns > 1) {
    const CsvLayout& layout = shown.layout;
    const auto column = [&](std::size_t c) {
      return c <= layout.names.size() ? layout.names[c - 1] : "column " + std::to_string(c);
    };
    const std::string current = column(layout.labelColumn);
    ImGui::SameLine();
    ImGui::TextUnformatted("· label");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::CalcTextSize("column 00").x + ImGui::GetFrameHeight());
    const bool open = ImGui::BeginCombo("##importlabel", current.c_str());
    comboTabStop("import-label");
    if (open) {
      for (std::size_t c = 1; c <= layout.columns; ++c) {
        if (ImGui::Selectable(column(c).c_str(), c == layout.labelColumn))
          labelColumn = static_cast<int>(c);
        remember(("import-label/" + std::to_string(c)).c_str());
      }
      ImGui::EndCombo();
    }
    remember("import-label");
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("The file's column read as the class label: %s",
                        describeLabelColumn(layout).c_str());
    }
  }
  // What the lab trains on, said in words.
  std::string words;
  if (d > 2) words += "training on these 2 of " + std::to_string(d) + " features";
  if (shown.classes.size() > 2) {
    words += std::string(words.empty() ? "" : "; ") + "one-vs-one: 2 of " +
             std::to_string(shown.classes.size()) + " classes";
  }
  if (!words.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("(%s)", words.c_str());
  }
  if (labelColumn) {
    if (auto error = chooseImportLabel(imported, state.lab, *labelColumn)) {
      showFilesMessage(FilesMessageKind::Error, "could not read that label column: " + *error);
    }
    return;
  }
  if (x || y || positive || negative) {
    if (auto error = chooseImport(imported, state.lab, x, y, positive, negative)) {
      showFilesMessage(FilesMessageKind::Error, "could not show that choice: " + *error);
    }
  }
}

}  // namespace

FilesUi& filesUi() {
  return mutableUi().files;
}

void showFilesMessage(FilesMessageKind kind, std::string text) {
  FilesUi& f = filesUi();
  f.message = std::move(text);
  f.messageKind = kind;
  f.messageSince = -1;
}

void fileToolbarLayout(const AppState& state, Layout& layout) {
  FilesUi& f = filesUi();
  // Rows: the buttons; an error on its own row (a file:line message is long); the import shown.
  const bool importShown = activeImport(state.dataImport, state.lab) != nullptr;
  const bool errorShown = !f.message.empty() && f.messageKind == FilesMessageKind::Error;
  const float height =
      rowHeight() * (1.0f + (errorShown ? 1.0f : 0.0f) + (importShown ? 1.0f : 0.0f)) + 4;
  f.rect = {layout.canvas.pos, ImVec2(layout.canvas.size.x, height)};
  layout.canvas.pos.y += height;
  layout.canvas.size.y = std::max(layout.canvas.size.y - height, 100.0f);
}

void drawFileToolbar(AppState& state, UiState& ui) {
  FilesUi& f = filesUi();
  f.rects.clear();
  f.typing = ImGui::GetIO().WantTextInput;
  ImGui::SetNextWindowPos(f.rect.pos, ImGuiCond_Always);
  ImGui::SetNextWindowSize(f.rect.size, ImGuiCond_Always);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.93f, 0.94f, 0.96f, 1));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(6, 4));
  if (ImGui::Begin("##files", nullptr, flags)) {
    // Where the full labels do not fit on one row (a phone), the buttons keep one row with
    // one-word labels; the tooltips say the rest.
    const ImGuiStyle& style = ImGui::GetStyle();
    float fullWidth = 2 * 6 + 4 * style.ItemSpacing.x;  // the window padding, four gaps
    for (const char* label : {"Share", "Save session", "Open session", "Import data", "Export ▾"})
      fullWidth += ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x;
    const bool brief = fullWidth > f.rect.size.x;
    if (toolButton("Share", "share",
                   "Copy a link that opens this lab as it is now: the points, the kernel k(x, x′), "
                   "C, ε, the SMO step and the view. The address bar always holds it too.")) {
      requestFiles("share");
    }
    ImGui::SameLine();
    if (toolButton(brief ? "Save" : "Save session", "save-session",
                   "Download the session (points, kernel, C, eps, step, view) as "
                   "kpg-session.json")) {
      requestFiles("save-session");
    }
    ImGui::SameLine();
    if (toolButton(brief ? "Open" : "Open session", "open-session",
                   "Open a session file saved earlier")) {
      requestFiles("open-session");
    }
    ImGui::SameLine();
    if (toolButton(brief ? "Import" : "Import data", "import-data",
                   "Your own data: a CSV file (the label y in the first column, then the "
                   "features) or a LIBSVM file (y index:value …). You can also drop a file on the "
                   "page or paste its text. At most 5 000 samples.")) {
      requestFiles("import-data");
    }
    ImGui::SameLine();
    if (toolButton("Export ▾", "export", "The figure, the model or the data as files")) {
      ImGui::OpenPopup("##export");
    }
    if (ImGui::BeginPopup("##export")) {
      if (menuItem("Figure (PNG, 2×)", "export-png",
                   "The canvas as a figure: the decision function f(x) with the boundary f = 0 "
                   "and the margins f = ±1, the points, axes with ticks, the legend and a colour "
                   "bar for f(x), at twice the screen's resolution")) {
        requestFiles("export-png");
      }
      if (menuItem("Model (LIBSVM)", "export-model",
                   "The SVM at this step, f(x) = Σ αᵢyᵢ k(xᵢ, x) + b, as a LIBSVM model file: "
                   "svm-predict and kpg predict read it")) {
        requestFiles("export-model");
      }
      if (menuItem("Data (CSV)", "export-csv", "The points (x₁, x₂) and their labels y as CSV")) {
        requestFiles("export-csv");
      }
      if (menuItem("Data (LIBSVM)", "export-libsvm",
                   "The points as LIBSVM data: y 1:x₁ 2:x₂, one point a line")) {
        requestFiles("export-libsvm");
      }
      ImGui::EndPopup();
    }
    // The message: "link copied", or an import's file:line error (kept until dismissed).
    if (!f.message.empty()) {
      if (f.messageSince < 0) f.messageSince = ui.nowSeconds;
      const bool fades = f.messageKind != FilesMessageKind::Error;
      if (fades && ui.nowSeconds - f.messageSince > kMessageSeconds) {
        f.message.clear();
      } else {
        // Render on change: the frame that removes the message has no input to wake it.
        if (fades) requestFrameAt(state.render, f.messageSince + kMessageSeconds + 0.05);
        if (f.messageKind != FilesMessageKind::Error) ImGui::SameLine();
        const ImVec4 colour = f.messageKind == FilesMessageKind::Error ? ImVec4(0.7f, 0.1f, 0.1f, 1)
                              : f.messageKind == FilesMessageKind::Copied
                                  ? ImVec4(0.0f, 0.45f, 0.2f, 1)
                                  : ImVec4(0.2f, 0.2f, 0.25f, 1);
        if (f.messageKind == FilesMessageKind::Error) {
          if (ImGui::SmallButton("×##filesmessage")) f.message.clear();
          remember("dismiss-message");
          ImGui::SameLine();
        }
        ImGui::PushStyleColor(ImGuiCol_Text, colour);
        ImGui::AlignTextToFramePadding();
        // Literal text: an error may quote the user's file (docs/bad-inputs.md W4).
        ImGui::TextUnformatted(f.message.c_str());
        ImGui::PopStyleColor();
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.message.c_str());
      }
    }
    if (const DataImport* shown = activeImport(state.dataImport, state.lab)) {
      importRow(state, *shown);  // reads the import first, then applies the student's pick
    }
  }
  ImGui::End();
  ImGui::PopStyleVar();
  ImGui::PopStyleColor();
}

}  // namespace kpg::app
