#include "reproduce/ida_data.hpp"

#include "data/number_text.hpp"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace kpg::cli {

namespace {

std::string fileName(const std::string& folder, const std::string& name, const char* part,
                     const char* kind, int k) {
  return folder + "/" + name + "_" + part + "_" + kind + "_" + std::to_string(k) + ".asc";
}

// Reads a whitespace-separated numeric table; every row must have the same number of columns.
std::optional<Matrix> readTable(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open the file; check the --data folder";
    return std::nullopt;
  }
  std::vector<double> values;
  Eigen::Index columns = -1;
  Eigen::Index rows = 0;
  std::string line;
  int lineNumber = 0;
  while (std::getline(in, line)) {
    ++lineNumber;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    Eigen::Index count = 0;
    size_t position = 0;
    while (position < line.size()) {
      while (position < line.size() && (line[position] == ' ' || line[position] == '\t')) {
        ++position;
      }
      if (position >= line.size()) break;
      size_t end = position;
      while (end < line.size() && line[end] != ' ' && line[end] != '\t') ++end;
      const NumberParse number =
          parseDecimal(std::string_view(line).substr(position, end - position));
      if (number.status != NumberStatus::Ok) {
        error = path + ":" + std::to_string(lineNumber) + ":" + std::to_string(position + 1) +
                ": not a number: '" + line.substr(position, end - position) + "'; " +
                numberHint(number.status);
        return std::nullopt;
      }
      values.push_back(number.value);
      ++count;
      position = end;
    }
    if (count == 0) continue;  // a blank last line
    if (columns >= 0 && count != columns) {
      error = path + ":" + std::to_string(lineNumber) + ": " + std::to_string(count) +
              " values where the rows above have " + std::to_string(columns) +
              "; the file is damaged";
      return std::nullopt;
    }
    columns = count;
    ++rows;
  }
  if (rows == 0) {
    error = path + ": no rows; the file is empty";
    return std::nullopt;
  }
  Matrix table(rows, columns);
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index c = 0; c < columns; ++c) table(r, c) = values[r * columns + c];
  }
  return table;
}

std::optional<Vector> readLabels(const std::string& path, Eigen::Index expected,
                                 std::string& error) {
  std::optional<Matrix> table = readTable(path, error);
  if (!table) return std::nullopt;
  if (table->cols() != 1 || table->rows() != expected) {
    error = path + ": expected " + std::to_string(expected) + " labels in one column, found " +
            std::to_string(table->rows()) + "×" + std::to_string(table->cols());
    return std::nullopt;
  }
  for (Eigen::Index i = 0; i < table->rows(); ++i) {
    const double v = (*table)(i, 0);
    if (v != 1.0 && v != -1.0) {
      error =
          path + ":" + std::to_string(i + 1) + ": label " + formatDouble(v) + " is not −1 or +1";
      return std::nullopt;
    }
  }
  return Vector(table->col(0));
}

}  // namespace

std::vector<int> availableRealizations(const std::string& folder, const std::string& name) {
  std::vector<int> found;
  for (int k = 1; k <= 100; ++k) {
    bool all = true;
    for (const char* part : {"train", "test"}) {
      for (const char* kind : {"data", "labels"}) {
        all = all && std::filesystem::exists(fileName(folder, name, part, kind, k));
      }
    }
    if (all) found.push_back(k);
  }
  return found;
}

IdaLoad loadIdaRealization(const std::string& folder, const std::string& name, int k) {
  IdaLoad load;
  IdaRealization r;
  r.index = k;
  std::optional<Matrix> trainX = readTable(fileName(folder, name, "train", "data", k), load.error);
  if (!trainX) return load;
  std::optional<Matrix> testX = readTable(fileName(folder, name, "test", "data", k), load.error);
  if (!testX) return load;
  if (testX->cols() != trainX->cols()) {
    load.error = fileName(folder, name, "test", "data", k) + ": " + std::to_string(testX->cols()) +
                 " features, the training data has " + std::to_string(trainX->cols());
    return load;
  }
  std::optional<Vector> trainY =
      readLabels(fileName(folder, name, "train", "labels", k), trainX->rows(), load.error);
  if (!trainY) return load;
  std::optional<Vector> testY =
      readLabels(fileName(folder, name, "test", "labels", k), testX->rows(), load.error);
  if (!testY) return load;
  r.trainX = std::move(*trainX);
  r.trainY = std::move(*trainY);
  r.testX = std::move(*testX);
  r.testY = std::move(*testY);
  load.realization = std::move(r);
  return load;
}

}  // namespace kpg::cli
