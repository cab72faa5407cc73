#!/usr/bin/python3
"""Subsets the UI font (DejaVu Sans) to the glyphs the app can draw, at build time.

The full DejaVuSans.ttf is 740 KB, a third of the WebAssembly file; the app draws a few hundred of its
6 000 glyphs. The subset keeps
  - printable ASCII and Latin-1 (U+0020-007E, U+00A0-00FF): typed text, file names, class names;
  - the Greek alphabet (U+0391-03A9, U+03B1-03C9 and the variants ϑ ϕ ϵ): the course's symbols;
  - every non-ASCII character that appears inside a string literal of the sources given (the
    tutorials' derivations, the panels' labels, the core's messages): found here, so a new symbol
    in a label reaches the font without anyone editing a list.
It fails the build, naming the file and line, when such a character is missing from the font (it would
draw as "?") or lies outside the ImGui glyph ranges of src/app/ui_setup.cpp uiGlyphRanges() (ImGui would
not rasterise it).

Usage: subset_font.py --font DejaVuSans.ttf --ranges-from ui_setup.cpp --output out.ttf SRC_DIR...
Needs Debian's fonttools (python3-fonttools; scripts/setup.sh installs the package `fonttools`).
"""
import argparse
import pathlib
import re
import sys

SOURCE_SUFFIXES = {".cpp", ".hpp", ".h", ".inc"}
BASE_RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x391, 0x3A9), (0x3B1, 0x3C9),
               (0x3D1, 0x3D1), (0x3D5, 0x3D5), (0x3F5, 0x3F5)]


def string_literal_characters(text):
    """Yields (line, character) for every non-ASCII character inside a C++ string or character
    literal of `text`, skipping comments. Handles escapes and raw strings R"delim(...)delim"."""
    i, line, n = 0, 1, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            line += text.count("\n", i, end)
            i = end
        elif c == '"' and i > 0 and text[i - 1] == "R":
            match = re.match(r'"([^()\\\s]{0,16})\(', text[i:])
            if not match:
                i += 1
                continue
            close = ")" + match.group(1) + '"'
            end = text.find(close, i + match.end())
            end = n if end < 0 else end + len(close)
            for k in range(i, end):
                if text[k] == "\n":
                    line += 1
                elif ord(text[k]) > 0x7E:
                    yield line, text[k]
            i = end
        elif c in "\"'":
            i += 1
            while i < n and text[i] != c and text[i] != "\n":
                if text[i] == "\\":
                    i += 1
                elif ord(text[i]) > 0x7E:
                    yield line, text[i]
                i += 1
            i += 1
        else:
            i += 1


def imgui_ranges(path):
    """The glyph ranges loadFonts() gives ImGui: `static const ImWchar ranges[] = {a, b, ..., 0};`."""
    text = pathlib.Path(path).read_text(encoding="utf-8")
    match = re.search(r"ranges\[\]\s*=\s*\{([^}]*)\}", text)
    if not match:
        sys.exit(f"subset_font: no `ranges[] = {{...}}` glyph range list found in {path}")
    values = [int(v, 0) for v in re.findall(r"0x[0-9A-Fa-f]+|\d+", match.group(1))]
    if not values or values[-1] != 0 or len(values) % 2 != 1:
        sys.exit(f"subset_font: the glyph range list in {path} is not pairs ending in 0")
    return list(zip(values[0:-1:2], values[1:-1:2]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--font", required=True)
    parser.add_argument("--ranges-from", required=True)
    parser.add_argument("--output", required=True)
    parser.add_argument("sources", nargs="+", help="folders scanned for string literals")
    args = parser.parse_args()
    try:
        from fontTools import subset
        from fontTools.ttLib import TTFont
    except ImportError:
        sys.exit("subset_font: Python's fontTools is missing; install Debian's package `fonttools` "
                 "(scripts/setup.sh does)")

    used = {}  # character -> first "file:line" that draws it
    for root in args.sources:
        for path in sorted(pathlib.Path(root).rglob("*")):
            if path.suffix in SOURCE_SUFFIXES and path.is_file():
                text = path.read_text(encoding="utf-8")
                for line, char in string_literal_characters(text):
                    used.setdefault(char, f"{path}:{line}")

    font = TTFont(args.font)
    cmap = font.getBestCmap()
    ranges = imgui_ranges(args.ranges_from)
    problems = []
    for char, where in sorted(used.items()):
        code = ord(char)
        if code not in cmap:
            problems.append(f"{where}: U+{code:04X} {char!r} is not in {args.font}; it would draw as '?'")
        elif not any(lo <= code <= hi for lo, hi in ranges):
            problems.append(f"{where}: U+{code:04X} {char!r} is outside the ImGui glyph ranges of "
                            f"{args.ranges_from} (loadFonts): add it there")
    if problems:
        sys.exit("subset_font: characters the app draws cannot be drawn:\n  " + "\n  ".join(problems))

    keep = {code for lo, hi in BASE_RANGES for code in range(lo, hi + 1)}
    keep |= {ord(char) for char in used}
    keep &= set(cmap)
    options = subset.Options()
    # ImGui 1.86 rasterises with stb_truetype, which runs no TrueType hinting instructions and
    # reads no OpenType layout (kerning, ligatures, mark positioning): the glyphs draw the same
    # without them, and the download is 18 KB (gzip) smaller.
    options.layout_features = []
    options.hinting = False
    options.drop_tables += ["GPOS", "GSUB", "GDEF", "MATH", "gasp"]
    options.name_IDs = ["*"]                    # the licence and copyright names stay
    options.notdef_outline = True
    options.ignore_missing_unicodes = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(keep))
    subsetter.subset(font)
    out = pathlib.Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(str(out))
    print(f"subset_font: {len(keep)} characters ({len(used)} non-ASCII found in string literals), "
          f"{pathlib.Path(args.font).stat().st_size} -> {out.stat().st_size} bytes")


if __name__ == "__main__":
    main()
