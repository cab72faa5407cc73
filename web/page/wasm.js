'use strict';
// ---- The .wasm: start-up timing, the single file's inline copies, the early compile -------------
// The first of the page's scripts (index.html lists them; src/app/make_page.py inlines them there
// as one <script> block, in that order). First because the .wasm's download and compile start here,
// before anything else the page does (the WebGL2 check in boot.js). The parts share one namespace,
// window.kpgShell: each file adds what the later ones use, and a part that calls one defined in a
// later file looks it up there when it runs (shell.stopped, shell.whenContextLive).
(function (shell) {
  // Start-up times in ms since the navigation started (README.md, window.kpg.timing).
  const timing = { scriptStart: performance.now(), wasmReady: null, runtimeReady: null, firstFrame: null };
  // The single file (scripts/dist.sh) carries kpg_app.js and the .wasm inline (src/app/make_dist.py).
  const inlineApp = document.getElementById('kpg-inline-app');
  const inlineWasm = document.getElementById('kpg-inline-wasm');
  const fromDisk = location.protocol === 'file:';

  // A sentence for whatever a failure hands over: an Error, a string, an Event (the ProgressEvent
  // of a refused file request), anything else. Never "[object ProgressEvent]".
  function describeFailure(what) {
    if (what === undefined || what === null || what === '') return 'no details were given';
    if (typeof what === 'string') return what;
    if (what instanceof Error) {
      if (!what.message) return what.name;
      return what.name === 'Error' ? what.message : `${what.name}: ${what.message}`;
    }
    if (typeof Event !== 'undefined' && what instanceof Event) {
      const target = what.target || {};
      const url = target.responseURL || target.src || '';
      return `a file request failed${url ? ' (' + url + ')' : ''}: the browser reported a "${what.type}" event`;
    }
    if (typeof what === 'object') {
      if (typeof what.message === 'string' && what.message) return what.message;
      try {
        const text = JSON.stringify(what);
        if (text && text !== '{}') return text;
      } catch (e) { /* fall through */ }
      const kind = what.constructor && what.constructor.name;
      return `an unexpected ${kind || 'object'} value`;
    }
    return String(what);
  }

  // Loads and compiles the .wasm for Emscripten (its Module.instantiateWasm hook): the single
  // file's inline bytes, or kpg_app.wasm beside the page, compiled while it downloads. Every
  // failure becomes a sentence naming the file and the cause.
  const wasmFile = 'kpg_app.wasm';
  function wasmBytesInline() {
    const text = atob(inlineWasm.textContent.trim());
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  function compileWasm() {
    if (inlineWasm) return WebAssembly.compile(wasmBytesInline());
    return fetch(wasmFile, { credentials: 'same-origin' }).then((response) => {
      if (!response.ok) {
        const status = `HTTP ${response.status}${response.statusText ? ' ' + response.statusText : ''}`;
        throw new Error(`${wasmFile} could not be downloaded (${status})`);
      }
      const type = (response.headers.get('Content-Type') || '').split(';')[0].trim();
      if (typeof WebAssembly.compileStreaming === 'function' && type === 'application/wasm') {
        return WebAssembly.compileStreaming(response);
      }
      return response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
    }, (error) => {
      throw new Error(`${wasmFile} could not be downloaded (${describeFailure(error)})`);
    });
  }
  // The compile starts here, before the WebGL2 check (boot.js), in the browser's own threads: the
  // check's context is the GPU process's cold start in a new browser (0.4-1.8 s measured with
  // software GL), which the download and compile now overlap instead of following. A failure is
  // reported once Emscripten asks for the module (instantiateWasm), as before. A page opened
  // from disk without the single file's inline copy fetches nothing (showOpenedFromDisk).
  const compiledWasm = typeof WebAssembly === 'object' && typeof WebAssembly.compile === 'function' &&
                       (inlineWasm || !fromDisk) ? compileWasm() : null;
  if (compiledWasm) compiledWasm.catch(() => {});  // handled in instantiateWasm
  function instantiateWasm(imports, receiveInstance) {
    (compiledWasm || compileWasm()).then((module) =>
      WebAssembly.instantiate(module, imports).then((instance) => ({ instance, module })),
    ).then((result) => {
      timing.wasmReady = performance.now();
      // main() registers the canvas's context with Emscripten at once: it must be live then.
      return shell.whenContextLive().then(() => receiveInstance(result.instance, result.module),
                                          (error) => shell.stopped(describeFailure(error)));
    }, (error) => {
      const damaged = typeof WebAssembly.CompileError === 'function' && error instanceof WebAssembly.CompileError;
      shell.stopped(damaged ? `${wasmFile} is damaged or not a WebAssembly file (${describeFailure(error)})`
                               : describeFailure(error));
    });
    return {};  // the exports arrive through receiveInstance
  }

  Object.assign(shell, { timing, inlineApp, fromDisk, describeFailure, instantiateWasm });
})(window.kpgShell = {});
