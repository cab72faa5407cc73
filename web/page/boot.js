'use strict';
// ---- Start-up: window.kpg, the browser checks, the WebGL context, Module and kpg_app.js -----------
// The last of the page's first scripts: it defines window.kpg from the parts before it, checks
// for WebAssembly and WebGL2 (making the app's context), watches that context, hands Emscripten
// its Module (the hooks the C++ side calls, js_bridge.hpp) and then adds kpg_app.js. Separate
// because it runs the start in order, once everything it wires together is defined; a browser
// without WebAssembly or WebGL2 stops here, and files.js then does nothing.
(function (shell) {
  const { timing, inlineApp, fromDisk, describeFailure, instantiateWasm, loading, loadingText, showError,
          showOpenedFromDisk, stopped, limits, requireReady, callWithStrings, call, download,
          showReplayProgress, openShareLink, shareLink, copyShareLink, exportSession, importSession,
          saveNow, restoreAutosave, slotEntries, publicEntry, startSession, fault } = shell;

  const fileInput = document.getElementById('session-file');
  fileInput.addEventListener('change', () => {
    const file = fileInput.files && fileInput.files[0];
    fileInput.value = '';
    if (file) importSession(file);
  });

  window.kpg = {
    ready: false,
    error: null,
    timing,
    limits,
    state() {
      requireReady();
      return JSON.parse(call('kpg_state_json'));
    },
    // An action object ({type: 'step', n: 3}, README.md) or its JSON text → {ok, error}.
    dispatch(action) {
      requireReady();
      const text = typeof action === 'string' ? action : JSON.stringify(action);
      return JSON.parse(callWithStrings('kpg_dispatch_json', [text]));
    },
    session() { requireReady(); return JSON.parse(call('kpg_session_json')); },
    shareLink,
    openShareLink,
    // Exercises (README): the built-in list with progress, and the open exercise's link.
    exercises() { requireReady(); return JSON.parse(call('kpg_exercises_json')); },
    exerciseLink() { requireReady(); return Module.kpgExercises.link(); },
    exerciseFile() { requireReady(); return Module.kpgExercises.file(); },
    downloadExercise() { requireReady(); return Module.kpgExercises.download(); },
    exportSession,
    importSession,
    // exportPng, importData, exportData, exportModel, share: files.js.
    // One autosave slot per tab (autosave.js; README "window.kpg").
    autosave: {
      save() { requireReady(); return saveNow(true); },
      restore: restoreAutosave,
      available() { return slotEntries().some((entry) => !entry.running); },
      list() { return slotEntries().map(publicEntry); },
    },
  };

  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showError('This browser does not support WebAssembly.');
    return;
  }
  // The WebGL2 check makes the app's own context: on its canvas, with the attributes
  // src/app/platform_web.cpp runPlatform asks for (keep the two in step; a test compares them),
  // so that the app's emscripten_webgl_create_context receives this context instead of making a
  // second one. In a new browser with software GL each context costs 0.2-0.4 s, and the first one
  // up to 1.5 s more (the GPU process starting), while the .wasm compiles (wasm.js).
  const probe = document.getElementById('canvas').getContext('webgl2', {
    alpha: false, depth: true, stencil: false, antialias: false, premultipliedAlpha: true,
    preserveDrawingBuffer: true,
  });
  if (!probe) {
    showError('This browser does not support WebGL2 (or it is turned off).');
    return;
  }
  // The first call that needs an answer from the GPU process waits for its side of the context
  // (0.2 s with software GL in a new browser). Made here, that wait overlaps the .wasm compile;
  // the app (platform_web.cpp) enables this same extension, the only one it uses, afterwards.
  probe.getExtension('EXT_color_buffer_float');

  // A lost WebGL context (the GPU process restarting, as a loaded machine with software GL can
  // make it while the page starts) is restored only when the page asks for it by preventing the
  // webglcontextlost event's default. Before main() runs, instantiateWasm waits for it: Emscripten
  // registers the context when main() makes it, reading MAX_VERTEX_ATTRIBS, which a lost context
  // answers with null; its table of vertex attributes stayed empty and the first frame threw
  // "Cannot set properties of undefined (setting 'enabled')" in glEnableVertexAttribArray
  // (web/tests/startup_stress.test.mjs). After main() has made the app's GL objects they are gone
  // with the context: before the first frame the page starts once more (the app has shown
  // nothing yet), after it the app stops with its session offered (fault()).
  const canvasElement = document.getElementById('canvas');
  const contextRetryKey = 'kpg.startRetry';  // sessionStorage: the start-up retried once
  const contextWaitMs = 20000;
  let contextRestored = null;
  timing.contextLosses = 0;
  let retriedStart = false;
  try {
    retriedStart = window.sessionStorage.getItem(contextRetryKey) !== null;
    window.sessionStorage.removeItem(contextRetryKey);
  } catch (e) { /* storage off: no retry */ }
  canvasElement.addEventListener('webglcontextlost', (event) => {
    event.preventDefault();
    timing.contextLosses += 1;
    if (shell.started) {
      fault('the WebGL context was lost', true);
    } else if (window.Module && Module.ctx && !window.kpg.error) {
      // The app's GL objects were made on the lost context.
      let retried = retriedStart;
      try {
        if (!retried) window.sessionStorage.setItem(contextRetryKey, String(Date.now()));
      } catch (e) { retried = true; }
      if (retried) {
        stopped('the WebGL context was lost while the application started; reload the page');
      } else {
        location.reload();
      }
    }
  });
  canvasElement.addEventListener('webglcontextrestored', () => {
    if (contextRestored) contextRestored();
  });
  function whenContextLive() {
    if (!probe.isContextLost()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(
        `the WebGL context was lost while the application started, and the browser did not restore it within ${contextWaitMs / 1000} s`)),
        contextWaitMs);
      contextRestored = () => {
        contextRestored = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }
  shell.whenContextLive = whenContextLive;  // wasm.js instantiateWasm waits for it

  window.Module = {
    // The page's download and C-string call helpers, shared with files.js (and exercise_page.js).
    kpgPage: { download, call },
    canvas: document.getElementById('canvas'),
    print: (text) => console.log(text),
    printErr: (text) => console.warn(text),
    setStatus: (text) => { if (text) loadingText.textContent = text; },
    instantiateWasm,
    onRuntimeInitialized() { timing.runtimeReady = performance.now(); },
    onKpgFirstFrame() {
      timing.firstFrame = performance.now();
      loading.hidden = true;
      window.kpg.ready = true;
      shell.started = true;
      startSession(retriedStart);
      window.dispatchEvent(new Event('kpg-ready'));
    },
    // Browser-only work the UI asks for (js_bridge.hpp).
    onKpgRequest(what) {
      if (what === 'export-session') exportSession();
      else if (what === 'import-session') fileInput.click();
      else if (what === 'export-png') window.kpg.exportPng();
      else if (what === 'share-link') copyShareLink();
    },
    onKpgReplayProgress: showReplayProgress,
    // The exercise panel's Copy link and Download file (src/app/exercises/exercise_bridge.cpp).
    onKpgExercise(what) { Module.kpgExercises.onRequest(what); },
    onKpgFatal(message) { showError(message); },
    onAbort(what) {
      if (shell.started) fault(`the runtime aborted (${describeFailure(what)})`);
      else stopped(describeFailure(what));
    },
  };
  // Uncaught errors and rejections: before the first frame the app could not start; after it,
  // the app stops (fault(); the page runs no one else's scripts).
  window.addEventListener('error', (event) => {
    if (window.kpg.error) return;
    const what = event.error || event.message;
    if (shell.started) fault(what);
    else showError('The application could not start.', describeFailure(what));
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (window.kpg.error) return;
    if (shell.started) fault(event.reason);
    else stopped(describeFailure(event.reason));
  });

  const script = document.createElement('script');
  if (inlineApp) {
    script.textContent = inlineApp.textContent;  // the single file: nothing is fetched
  } else {
    script.src = 'kpg_app.js';
    script.async = true;
    script.onerror = () => {
      if (fromDisk) showOpenedFromDisk();
      else showError('The application files could not be loaded.', 'kpg_app.js was not found beside this page.');
    };
  }
  document.body.appendChild(script);
})(window.kpgShell);
