#include "data/text_scan.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace kpg;
using namespace kpg::text;

TEST_CASE("Text scan: lines end at LF or CRLF; a last line without one is a line (D14)", "[data]") {
  LineReader reader("a b\r\n\nlast", 100);
  std::string_view line;
  REQUIRE(reader.next(line));
  CHECK(line == "a b");
  CHECK(reader.lineNumber() == 1);
  CHECK(reader.lastLineTerminated());
  REQUIRE(reader.next(line));
  CHECK(line.empty());
  CHECK(reader.lineNumber() == 2);
  CHECK(reader.rest() == "last");
  REQUIRE(reader.next(line));
  CHECK(line == "last");
  CHECK(reader.lineNumber() == 3);
  CHECK_FALSE(reader.lastLineTerminated());
  CHECK_FALSE(reader.next(line));
  CHECK_FALSE(reader.tooLong());
}

TEST_CASE("Text scan: a line over the byte limit stops the reader at its number (D12)", "[data]") {
  LineReader reader("12345\n123456\n1\n", 5);
  std::string_view line;
  REQUIRE(reader.next(line));
  CHECK_FALSE(reader.next(line));
  CHECK(reader.tooLong());
  CHECK(reader.lineNumber() == 2);
  CHECK_FALSE(reader.next(line));
}

TEST_CASE("Text scan: tokens carry their 1-based column; tabs separate like spaces", "[data]") {
  std::vector<Token> tokens;
  splitTokens("  +1\t3:0.5  12:-1 \t", tokens);
  REQUIRE(tokens.size() == 3);
  CHECK(tokens[0].text == "+1");
  CHECK(tokens[0].column == 3);
  CHECK(tokens[1].text == "3:0.5");
  CHECK(tokens[1].column == 6);
  CHECK(tokens[2].text == "12:-1");
  CHECK(tokens[2].column == 13);
  splitTokens(" \t ", tokens);
  CHECK(tokens.empty());
  CHECK(isBlank(" \t\r"));
  CHECK_FALSE(isBlank(" x"));
}

TEST_CASE("Text scan: a bad index:value token is located at the offending character", "[data]") {
  long long index = 0;
  double value = 0;
  const auto at = [&](std::string_view token, std::size_t column, long long previous = 0) {
    return parseFeature(Token{token, column}, false, previous, 1000, index, value);
  };
  REQUIRE_FALSE(at("7:2.5", 10));
  CHECK(index == 7);
  CHECK(value == 2.5);
  // "1:2:3" at column 4: the second ':' is the token's 4th character, column 4 + 3.
  auto e = at("1:2:3", 4);
  REQUIRE(e);
  CHECK(e->column == 7);
  CHECK(e->message == "more than one ':' in '1:2:3'");
  // The value of "5:abc" starts after the colon, column 20 + 2.
  e = at("5:abc", 20);
  REQUIRE(e);
  CHECK(e->column == 22);
  e = at("5:1", 8, 5);
  REQUIRE(e);
  CHECK(e->column == 8);
  CHECK(e->message == "duplicate feature index 5");
  e = at("1001:1", 1);
  REQUIRE(e);
  CHECK(e->message == "feature index 1001 exceeds the budget of 1000 features");
  e = at("2147483648:1", 1);
  REQUIRE(e);
  CHECK(e->message == "index out of range: 2147483648 is above 2147483647");
  REQUIRE_FALSE(parseFeature(Token{"2147483647:1", 1}, false, 0, kMaxLibsvmIndex, index, value));
  CHECK(index == 2147483647);
}

TEST_CASE("Text scan: binary input is located by line and byte offset (D13)", "[data]") {
  auto e = checkIsText(std::string("ab\ncd\0", 6), "f", "LIBSVM data file");
  REQUIRE(e);
  CHECK(e->toString() ==
        "f:2: not a text LIBSVM data file (NUL byte at byte offset 5) "
        "(pass a text file; binary files and images cannot be read)");
  // A piece of a larger input: line 40, starting at byte 1000 of the file.
  e = checkIsText("x\xC3(", "f", "LIBSVM data file", 40, 1000);
  REQUIRE(e);
  CHECK(e->line == 40);
  CHECK(e->message == "not a text LIBSVM data file (invalid UTF-8 at byte offset 1001)");
  CHECK_FALSE(checkIsText("caf\xC3\xA9 \xE2\x82\xAC\n", "f", "LIBSVM data file"));
  CHECK(stripBom("\xEF\xBB\xBF+1 1:1") == "+1 1:1");
  CHECK(stripBom("+1") == "+1");
}

TEST_CASE("Text scan: CR alone ends a line too, in any mix with LF and CRLF (D14)", "[data]") {
  // Excel for Mac's "CSV (Macintosh)" ends lines with CR only; read as one line, its header was
  // taken for data ("invalid number 'x1'").
  LineReader reader("a\rb\r\nc\nd\r\re", 100);
  std::string_view line;
  for (const char* expected : {"a", "b", "c", "d", "", "e"}) {
    REQUIRE(reader.next(line));
    CHECK(line == expected);
  }
  CHECK(reader.lineNumber() == 6);
  CHECK_FALSE(reader.lastLineTerminated());
  CHECK_FALSE(reader.next(line));
  LineReader last("x\r", 100);
  REQUIRE(last.next(line));
  CHECK(line == "x");
  CHECK(last.lastLineTerminated());
  CHECK_FALSE(last.next(line));
  // Lines are counted the same way where binary input is located.
  const auto e = checkIsText("ok\r\nok\r\xC3(", "f", "CSV file");
  REQUIRE(e);
  CHECK(e->line == 3);
}

TEST_CASE("Text scan: UTF-16 is named, with or without a byte order mark (D13)", "[data]") {
  // Notepad's and Excel's "Unicode" files: ASCII text as two bytes a character.
  const auto utf16 = [](const std::string& ascii, bool bigEndian, bool bom) {
    std::string s = bom ? (bigEndian ? "\xFE\xFF" : "\xFF\xFE") : "";
    for (const char c : ascii) s += bigEndian ? std::string{'\0', c} : std::string{c, '\0'};
    return s;
  };
  const std::string text = "label,a\r\n1,0.5\r\n";
  for (const bool bom : {true, false}) {
    INFO("byte order mark " << bom);
    auto e = checkIsText(utf16(text, false, bom), "f.csv", "CSV file");
    REQUIRE(e);
    CHECK(e->toString() ==
          "f.csv:1:1: the file is UTF-16 (little-endian) text; a CSV file is read as UTF-8 "
          "(save it as UTF-8, e.g. Excel's \"CSV UTF-8 (Comma delimited)\", or convert it with "
          "iconv -f UTF-16 -t UTF-8)");
    e = checkIsText(utf16(text, true, bom), "f.csv", "CSV file");
    REQUIRE(e);
    CHECK(e->toString() ==
          "f.csv:1:1: the file is UTF-16 (big-endian) text; a CSV file is read as UTF-8 "
          "(save it as UTF-8, e.g. Excel's \"CSV UTF-8 (Comma delimited)\", or convert it with "
          "iconv -f UTF-16 -t UTF-8)");
  }
  // A piece past the start of a file is not where a byte order mark can be.
  CHECK(checkIsText(utf16("1 1:1\n", false, false), "f", "LIBSVM data file", 2, 6)->message ==
        "not a text LIBSVM data file (NUL byte at byte offset 7)");
}
