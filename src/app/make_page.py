#!/usr/bin/env python3
"""Builds the site's index.html from the repository's: the page's scripts inlined where it lists them.

The page's JavaScript is kept in web/page/, one file per part (the .wasm's loader, the error box,
the autosave, the faults, files and the address bar, ...), so that no source file is too long to
read. index.html lists them as <script src="web/page/NAME.js"></script> tags, each on a line of its
own. This script replaces every run of such lines with one inline <script> block holding the files
in the listed order, so that the built page is what it was as one file:

  - it asks for nothing besides kpg_app.js and kpg_app.wasm (web/tests/dist.test.mjs checks that);
  - make_dist.py's single file and instructor mode's exercise file (src/app/exercises/
    exercise_page.js, which inlines kpg_app.js and the .wasm into index.html as the server sends
    it) carry the script with the page, and open from disk where sibling files cannot be read;
  - the parts of one run execute as one script, in order, with no task of the page's between them
    (the .wasm compile that wasm.js starts cannot report back to a half-defined page).

Usage: make_page.py INDEX_HTML OUT_HTML
"""
import pathlib
import re
import sys

TAG = re.compile(r'^<script src="(web/page/[A-Za-z0-9_-]+\.js)"></script>$')


def script_text(root, name):
    path = root / name
    if not path.is_file():
        sys.exit(f"make_page: {path} is missing (index.html lists it)")
    text = path.read_text(encoding="utf-8")
    # Inline, only "</script" (any case) ends the element, and "<!--" can start the HTML parser's
    # escaped mode: the page's own code has neither.
    if re.search(r"</script|<!--", text, re.IGNORECASE):
        sys.exit(f"make_page: {path} contains '</script' or '<!--', which cannot be inlined")
    return text if text.endswith("\n") else text + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    page, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    root = page.parent
    lines = page.read_text(encoding="utf-8").split("\n")
    result, run = [], []
    for line in lines + [None]:  # None ends the last run
        match = TAG.match(line) if line is not None else None
        if match:
            run.append(script_text(root, match.group(1)))
            continue
        if run:
            result.append("<script>\n" + "".join(run) + "</script>")
            run = []
        if line is not None:
            result.append(line)
    html = "\n".join(result)
    if 'src="web/page/' in html:
        sys.exit("make_page: a web/page/ script tag is not on a line of its own; it cannot be inlined")
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(html, encoding="utf-8")
    tmp.replace(out)


if __name__ == "__main__":
    main()
