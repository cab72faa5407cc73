#pragma once
// The two leaves of every JSON writer (data/json_writer.hpp writeJson, the tutorials' renderJson):
// one string escaper and one number format, so all of them read back the same way.

#include <string>
#include <string_view>

namespace kpg {

// A JSON string literal with its quotes; ", \ and control characters escaped (RFC 8259 §7).
// Other bytes are copied as they are: UTF-8 text stays UTF-8.
std::string jsonQuote(std::string_view text);

// The shortest decimal that reads back to the same double (formatExact, number_text.hpp). JSON has
// no ∞ and no NaN; the project's one policy for them (json_writer.hpp):
//   +∞ → "inf" and −∞ → "-inf" (JSON strings, with their quotes), NaN → null.
std::string jsonNumber(double value);

}  // namespace kpg
