#pragma once
// JSON text written by hand (the tutorials' renderJson, the app's state and session): one string
// escaper and one number format for every writer, so all of them read back the same way.

#include <string>
#include <string_view>

namespace kpg {

// A JSON string literal with its quotes; ", \ and control characters escaped (RFC 8259 §7).
// Other bytes are copied as they are: UTF-8 text stays UTF-8.
std::string jsonQuote(std::string_view text);

// The shortest decimal that reads back to the same double (formatDouble, number_text.hpp), or
// null for NaN and ±∞, which JSON cannot write.
std::string jsonNumber(double value);

}  // namespace kpg
