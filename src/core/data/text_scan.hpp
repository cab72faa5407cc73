#pragma once
// Pieces shared by the text readers (LIBSVM data, CSV, LIBSVM model files): the binary-file check,
// line splitting that treats CRLF and CR like LF, whitespace tokens with their columns, and the
// `index:value` token of LIBSVM's sparse rows with every check of docs/bad-inputs.md D4-D11.

#include "data/read_error.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kpg::text {

ReadError makeError(std::string_view source, std::size_t line, std::size_t column,
                    std::string message, std::string hint = {});

// LIBSVM stores feature indices as int (svm.h struct svm_node): the largest index a file may hold.
inline constexpr long long kMaxLibsvmIndex = 2147483647;

// D13: a NUL byte or invalid UTF-8 means the input is not a text file (a .png, a binary dump).
// `what` names the expected format in the message ("LIBSVM data file"). A reader that checks its
// input piece by piece passes the piece's first line number and byte offset in the whole input,
// so that the message locates the byte in the file. Text saved as UTF-16 (Excel's "Unicode
// Text", Notepad's "Unicode": a byte order mark FF FE or FE FF, or ASCII with every other byte
// 0) is named as such at the start of the input, with how to save it as UTF-8.
std::optional<ReadError> checkIsText(std::string_view text, std::string_view source,
                                     std::string_view what, std::size_t firstLine = 1,
                                     std::size_t firstOffset = 0);

// A UTF-8 byte order mark at the start (spreadsheets write one) is dropped.
std::string_view stripBom(std::string_view text);

// Where the line starting at `from` ends: the first '\r' or '\n' at or after it, or npos.
std::size_t findLineEnd(std::string_view text, std::size_t from);
// The length of the terminator at `at` (a findLineEnd result): 2 for "\r\n", else 1.
inline std::size_t terminatorLength(std::string_view text, std::size_t at) {
  return text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n' ? 2 : 1;
}

// Yields lines without their terminator; "\r\n", "\n" and a "\r" alone (classic Mac OS, Excel
// for Mac's "CSV (Macintosh)") end a line, in any mix, and a last line without a terminator is a
// line (D14). A line longer than `maxLineBytes` stops the reader with an error.
class LineReader {
 public:
  LineReader(std::string_view text, std::size_t maxLineBytes)
      : text_(text), maxLineBytes_(maxLineBytes) {}
  // False at the end of the input or on a too-long line (then tooLong() is true).
  bool next(std::string_view& line);
  std::size_t lineNumber() const { return lineNumber_; }
  bool tooLong() const { return tooLong_; }
  bool lastLineTerminated() const { return lastTerminated_; }
  // The rest of the input after the current line, for "is everything after this blank?".
  std::string_view rest() const { return text_.substr(position_); }

 private:
  std::string_view text_;
  std::size_t maxLineBytes_;
  std::size_t position_ = 0;
  std::size_t lineNumber_ = 0;
  bool tooLong_ = false;
  bool lastTerminated_ = true;
};

bool isBlank(std::string_view line);

struct Token {
  std::string_view text;
  std::size_t column;  // 1-based
};

// Splits on spaces and tabs (D14: tabs and trailing spaces are separators like a space).
void splitTokens(std::string_view line, std::vector<Token>& tokens);

// The outcome of reading one `index:value` token.
struct FeatureError {
  std::size_t column;
  std::string message;
  std::string hint;
};

// Parses `index:value` where index must exceed `previousIndex` (D8, D9), be >= 1 (or >= 0 when
// zeroBased, D6), fit 32 bits (D10) and the dimension budget `maxIndex` (D11), and value must be a
// finite decimal number (D4, D15). `index` is returned as written in the file.
std::optional<FeatureError> parseFeature(const Token& token, bool zeroBased,
                                         long long previousIndex, long long maxIndex,
                                         long long& index, double& value);

}  // namespace kpg::text
