#!/usr/bin/env python3
"""Builds the two distribution forms of the app from the built site: a folder to unpack
anywhere and one file that opens with no server.

  OUT/kernel-playground/       index.html, kpg_app.js, kpg_app.wasm: relative paths only, so the folder
                               works from any static host under any sub-path (https://host/course/kpg/).
  OUT/kernel-playground.html   one self-contained page: kpg_app.js and the base64 of kpg_app.wasm inline,
                               for a double-click from a downloads folder, a USB stick or an e-mail.

The single file is index.html with two inert blocks put where index.html says
<!-- kpg:inline-app -->: <script type="application/octet-stream" id="kpg-inline-wasm"> (base64) and
<script type="text/plain" id="kpg-inline-app"> (the JavaScript). index.html's loader (web/page/wasm.js,
boot.js) sees them, compiles the decoded bytes for Emscripten (Module.instantiateWasm, so nothing is
fetched: file:// pages may not fetch) and runs the JavaScript. Same .wasm and .js bytes as the folder:
one link step serves both forms.
SITE_DIR's index.html is the built one (make_page.py): the page's own scripts (web/page/*.js) are
inline in it already, so both forms carry them and the folder holds no other file.

Usage: make_dist.py SITE_DIR OUT_DIR
"""
import base64
import pathlib
import shutil
import sys

FILES = ("index.html", "kpg_app.js", "kpg_app.wasm")
# The example course page: three iframes of index.html with address parameters.
EXTRAS = ("embed-example.html",)
MARKER = "<!-- kpg:inline-app -->"


def inline_block(kind, element_id, text):
    # Inside <script>, only "</script" (any case) ends the element, and "<!--" can start the HTML
    # parser's escaped mode; base64 has neither. In the JavaScript, "<\/script" means the same as
    # "</script" in a string or a regular expression, the only places it can occur.
    if "<!--" in text:
        sys.exit(f"make_dist: {element_id} contains '<!--', which cannot be inlined safely")
    text = text.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT")
    return f'<script type="{kind}" id="{element_id}">{text}</script>\n'


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    site, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    for name in FILES:
        if not (site / name).is_file():
            sys.exit(f"make_dist: {site / name} is missing; build the kpg_app target first")

    folder = out / "kernel-playground"
    staging = out / "kernel-playground.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    for name in FILES:
        shutil.copyfile(site / name, staging / name)
    for name in EXTRAS:
        if (site / name).is_file():
            shutil.copyfile(site / name, staging / name)

    page = (site / "index.html").read_text(encoding="utf-8")
    if page.count(MARKER) != 1:
        sys.exit(f"make_dist: index.html must contain the marker {MARKER} exactly once")
    if 'src="web/page/' in page:
        sys.exit(f"make_dist: {site / 'index.html'} still lists web/page/ scripts; the site's index.html "
                 "is made by src/app/make_page.py, which inlines them")
    script = (site / "kpg_app.js").read_text(encoding="utf-8")
    wasm = base64.b64encode((site / "kpg_app.wasm").read_bytes()).decode("ascii")
    blocks = (inline_block("application/octet-stream", "kpg-inline-wasm", wasm) +
              inline_block("text/plain", "kpg-inline-app", script))
    single = page.replace(MARKER, blocks.rstrip("\n"))
    single_tmp = out / "kernel-playground.html.tmp"
    single_tmp.write_text(single, encoding="utf-8")

    # Replace the outputs only once both are complete.
    shutil.rmtree(folder, ignore_errors=True)
    staging.rename(folder)
    single_tmp.replace(out / "kernel-playground.html")
    sizes = {name: (folder / name).stat().st_size for name in FILES}
    print(f"make_dist: {folder}/ ({', '.join(f'{n} {s}' for n, s in sizes.items())} bytes), "
          f"{out / 'kernel-playground.html'} ({len(single.encode('utf-8'))} bytes)")


if __name__ == "__main__":
    main()
