#!/usr/bin/env python3
"""Serves the built site on 127.0.0.1 with the right MIME type for .wasm and no caching, so a reload
always gets the last build. Usage: static_server.py DIR PORT"""
import http.server
import socketserver
import sys


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):
        if "-q" not in sys.argv:
            super().log_message(fmt, *args)


def main():
    directory, port = sys.argv[1], int(sys.argv[2])

    def handler(*args, **kwargs):
        return Handler(*args, directory=directory, **kwargs)

    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.ThreadingTCPServer(("127.0.0.1", port), handler) as server:
        server.daemon_threads = True
        print(f"Kernel Playground is served at http://127.0.0.1:{port}/ (Ctrl-C stops)", flush=True)
        server.serve_forever()


if __name__ == "__main__":
    main()
