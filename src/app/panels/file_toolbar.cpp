// The file toolbar: Share, Save / Open session, Import data, Export ▾, and the imported data's
// choice of features and classes (file_toolbar.hpp).

#include "panels/file_toolbar.hpp"

#include "data/number_text.hpp"
#include "js_bridge.hpp"
#include "panels/param_widgets.hpp"
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
  const int d = static_cast<int>(shown.data.dimension());
  const float startY = ImGui::GetCursorPosY();
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
  // Each label with its picker goes on the row if it fits, else on the next (a phone's 390 px);
  // the toolbar's height follows the rows drawn (fileToolbarLayout).
  const float featureWidth = ImGui::CalcTextSize("feature 0000").x + ImGui::GetFrameHeight();
  const float classWidth = ImGui::CalcTextSize("class 0000").x + ImGui::GetFrameHeight();
  const auto flow = [](const char* text, float after) {
    ImGui::SameLine();
    const float width = ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x + after;
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
  };
  flow("· x₁", featureWidth);
  featureCombo("##importx", "import-x", shown.featureX, x);
  flow("x₂", featureWidth);
  featureCombo("##importy", "import-y", shown.featureY, y);
  flow("· y = +1:", classWidth);
  classCombo("##importpositive", "import-positive", shown.positive, positive);
  flow("y = −1:", classWidth);
  classCombo("##importnegative", "import-negative", shown.negative, negative);
  // What the lab trains on, said in words.
  std::string words;
  if (d > 2) words += "training on these 2 of " + std::to_string(d) + " features";
  if (shown.classes.size() > 2) {
    words += std::string(words.empty() ? "" : "; ") + "one-vs-one: 2 of " +
             std::to_string(shown.classes.size()) + " classes";
  }
  // Only where they fit on the row: a row of their own would take the canvas's height on a
  // phone, and the file name's tooltip (importSummary) says the same.
  words = "(" + words + ")";
  ImGui::SameLine();
  if (words.size() > 2 && ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(words.c_str()).x)
    ImGui::TextDisabled("%s", words.c_str());
  else
    ImGui::NewLine();
  // The rows this took, for the next layout; a change is drawn at once (render on change).
  const float height = ImGui::GetCursorPosY() - startY;
  FilesUi& f = filesUi();
  if (height != f.importHeight) {
    f.importHeight = height;
    requestFrame(state);
  }
  if (x || y || positive || negative) {
    if (auto error = chooseImport(imported, state.lab, x, y, positive, negative)) {
      showFilesMessage(FilesMessageKind::Error, "could not show that choice: " + *error);
    }
  }
}

}  // namespace

void drawImportDialog(AppState& state, UiState& ui) {
  const char* id = "###importdialog";
  if (state.importPreview && !ImGui::IsPopupOpen(id)) {
    ImGui::OpenPopup(id);
    filesUi().previewError.clear();  // an earlier file's refused column
    filesUi().previewScrolledTo = -1;
    filesUi().previewFrames = 0;
  }
  // Centred, and never larger than the window less a margin: the table scrolls instead
  // (a 390 px phone, a 1280 × 800 laptop).
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const ImVec2 size(std::min(display.x - 16, 720.0f), std::min(display.y - 16, 460.0f));
  ImGui::SetNextWindowPos(ImVec2(display.x / 2, display.y / 2), ImGuiCond_Always,
                          ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  const std::string title =
      "Import " + (state.importPreview ? state.importPreview->source : std::string()) + id;
  if (!ImGui::BeginPopupModal(
          title.c_str(), nullptr,
          ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings)) {
    return;
  }
  FilesUi& f = filesUi();
  if (!state.importPreview) {  // cancelled or imported by window.kpg
    ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
    return;
  }
  DataImport& held = *state.importPreview;
  const ImportPreview preview = importPreview(held);
  if (++f.previewFrames < 3) requestFrame(state);  // the table's widths, then its scroll
  const int columns = static_cast<int>(preview.names.size());
  ImGui::TextWrapped("%s", preview.summary.c_str());
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Label column");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, 240.0f));
  const bool open = ImGui::BeginCombo(
      "##labelcolumn", preview.names[static_cast<std::size_t>(preview.labelColumn)].c_str());
  if (open) {
    for (int c = 0; c < columns; ++c) {
      if (ImGui::Selectable(preview.names[static_cast<std::size_t>(c)].c_str(),
                            c == preview.labelColumn) &&
          c != preview.labelColumn) {
        // The same reading as window.kpg's choosePreview; a refused column changes nothing.
        auto error = chooseLabelColumn(held, c + 1);
        f.previewError = error ? *error : std::string();
      }
      markItem(ui, "import-label/" + std::to_string(c + 1));
    }
    ImGui::EndCombo();
  }
  markItem(ui, "import-label");  // after EndCombo: the combo's own rectangle again
  if (!f.previewError.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.7f, 0.1f, 0.1f, 1));
    ImGui::TextWrapped("%s", f.previewError.c_str());
    ImGui::PopStyleColor();
  }
  // The first rows as the file has them: the label column tinted, x₁ and x₂ named.
  const float buttons = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  const float tableHeight = std::max(ImGui::GetContentRegionAvail().y - buttons, 60.0f);
  if (columns > 0 && ImGui::BeginTable("##rows", std::min(columns, 64),
                                       ImGuiTableFlags_Borders | ImGuiTableFlags_ScrollX |
                                           ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit,
                                       ImVec2(0, tableHeight))) {
    const int shown = std::min(columns, 64);
    ImGui::TableSetupScrollFreeze(0, 1);
    for (int c = 0; c < shown; ++c) {
      std::string name = preview.names[static_cast<std::size_t>(c)];
      if (c == preview.labelColumn) name += " (label)";
      if (c == preview.columnX) name += " (x₁)";
      if (c == preview.columnY) name += " (x₂)";
      ImGui::TableSetupColumn(name.c_str());
    }
    // TableHeadersRow's own steps, with the label's header cell tinted like its column.
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < shown; ++c) {
      ImGui::TableSetColumnIndex(c);
      if (c == preview.labelColumn)
        ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(240, 170, 40, 200));
      ImGui::TableHeader(ImGui::TableGetColumnName(c));
      if (c != preview.labelColumn) continue;
      markItem(ui, "import-label-header");
      // A narrow window (a phone) scrolls the label column into view, once per choice: from the
      // table's second frame on, when its columns have their widths.
      if (f.previewFrames > 1 && f.previewScrolledTo != c) {
        ImGui::SetScrollHereX(1.0f);
        f.previewScrolledTo = c;
        requestFrame(state);  // the scroll is applied by the next frame
      }
    }
    for (const auto& row : preview.rows) {
      ImGui::TableNextRow();
      for (int c = 0; c < shown && c < static_cast<int>(row.size()); ++c) {
        ImGui::TableSetColumnIndex(c);
        if (c == preview.labelColumn)
          ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(255, 214, 120, 150));
        ImGui::TextUnformatted(row[static_cast<std::size_t>(c)].c_str());
      }
    }
    ImGui::EndTable();
  }
  bool done = false;
  if (ImGui::Button("Import")) {
    if (auto error = confirmImport(state.importPreview, state.dataImport, state.lab)) {
      f.previewError = *error;
    } else {
      showFilesMessage(FilesMessageKind::Info, "imported " + importSummary(*state.dataImport));
      done = true;
    }
  }
  markItem(ui, "import-confirm");
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) {
    state.importPreview.reset();
    done = true;
  }
  markItem(ui, "import-cancel");
  if (done) {
    f.previewError.clear();
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
}

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
  const float importHeight = importShown ? std::max(rowHeight(), f.importHeight) : 0.0f;
  const float height = rowHeight() * (1.0f + (errorShown ? 1.0f : 0.0f)) + importHeight + 4;
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
