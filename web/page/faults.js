'use strict';
// ---- Faults after start (reliability audit N1; docs/bad-inputs.md W8, W9) ----------------------
// Once the app runs, a wasm trap (WebAssembly.RuntimeError), an Emscripten abort, any exception out
// of the frame loop or a page timer, and the loss of the WebGL context stop it visibly: the main
// loop is paused, kpg.ready becomes false and kpg.error says what happened, and the error box
// offers the session (the last one the page could read) as a download, and a reload. The tab's
// autosave slot is marked 'crashed' (not for a lost context: the session is not at fault), so the
// next start offers it with Live off at step 0 instead of opening it into the same fault.
// Separate because it is what every other part falls back on once the app runs: the calls into
// the app (calls.js) on a trap, the error and rejection listeners and the lost context (boot.js).
(function (shell) {
  const { describeFailure, showError, download, hideBar, hideReplayBar } = shell;
  // The page's run state, on window.kpgShell for the parts that set or read it: boot.js sets
  // `started` at the first frame, calls.js reads `faulted`, autosave.js's saveNow sets
  // `lastGoodSession`.
  shell.started = false;           // the first frame was drawn
  shell.faulted = false;
  shell.lastGoodSession = null;    // the session JSON of the last autosave tick (saveNow)
  function isTrap(error) {
    return typeof WebAssembly === 'object' && typeof WebAssembly.RuntimeError === 'function' &&
           error instanceof WebAssembly.RuntimeError;
  }
  // The session as the app holds it now, if it still answers with a session; else the last copy.
  function readableSession() {
    try {
      const json = Module.UTF8ToString(Module._kpg_session_json());
      const session = JSON.parse(json);
      if (session && session.v === 1 && Array.isArray(session.points)) return json;
    } catch (e) { /* the module cannot answer any more */ }
    return shell.lastGoodSession;
  }
  function fault(what, graphics) {
    if (shell.faulted || window.kpg.error) return;  // the first failure is the cause
    shell.faulted = true;
    window.kpg.ready = false;
    try {
      if (typeof Module.pauseMainLoop === 'function') Module.pauseMainLoop();
    } catch (e) { /* already stopped */ }
    const detail = describeFailure(what);
    let session = null;
    try {
      session = readableSession();
      if (graphics) {
        shell.lastGoodSession = session;
        shell.saveUnlessSaved(session);  // autosave.js
      } else {
        shell.keepCrashedSession(session);  // autosave.js
        // The address bar follows the state (files.js): a reload or a copied address must
        // not open the session that stopped the app.
        if (location.hash.startsWith('#s=')) history.replaceState(null, '', location.pathname + location.search);
      }
    } catch (e) { /* the message below still shows */ }
    hideBar();
    hideReplayBar();
    const message = graphics
      ? 'The application stopped: the browser lost its graphics (WebGL) context, so the picture cannot be drawn any more.'
      : 'The application stopped because of an internal error: the picture is no longer updated and the controls do nothing.';
    const keep = session
      ? (graphics ? 'Your session is kept: download it, or reload the page, which offers it again.'
                  : 'Your session is kept: download it, or reload the page, which offers it again with Live off at step 0, so that it does not stop the same way.')
      : 'The application could not hand over the session, and none had been saved yet.';
    showError(message, detail, [
      { pieces: [{ text: keep }] },
      { tag: 'div', className: 'error-actions', pieces: [
        { text: 'Download your session', disabled: !session,
          button: () => download(new Blob([session], { type: 'application/json' }), 'kpg-session.json') },
        { text: 'Reload', button: () => location.reload() },
      ] },
    ], 'Kernel Playground stopped');
    window.kpg.error = 'The application stopped: ' + detail;
  }

  Object.assign(shell, { isTrap, fault });
})(window.kpgShell);
