'use strict';
// ---- The loading overlay and the error box --------------------------------------------------------
// What the page shows while the app loads and when it cannot run or stops: the error box's text,
// advice and buttons. Separate because every other part reports through it: the .wasm's loader,
// the start-up checks (boot.js) and the faults after start (faults.js).
(function (shell) {
  const { fromDisk, inlineApp } = shell;
  const loading = document.getElementById('loading');
  const loadingText = document.getElementById('loading-text');

  // Text only (textContent, never innerHTML): messages may carry user data. `advice` replaces the
  // browser advice under the message: a list of {tag ('p', 'ul' or 'div'), pieces: [{text, code,
  // item, button (a function: a button labelled `text`), disabled}]}; `title` the heading.
  function showError(message, detail, advice, title) {
    loading.hidden = true;
    if (title) document.getElementById('error-title').textContent = title;
    document.getElementById('error-message').textContent = message;
    document.getElementById('error-detail').textContent = detail || '';
    if (advice) {
      const box = document.getElementById('error-advice');
      while (box.firstChild) box.removeChild(box.firstChild);
      for (const part of advice) {
        const element = document.createElement(part.tag || 'p');
        if (part.className) element.className = part.className;
        for (const piece of part.pieces) {
          const node = document.createElement(piece.button ? 'button' : piece.code ? 'code' : piece.item ? 'li' : 'span');
          node.textContent = piece.text;
          if (piece.button) {
            node.type = 'button';
            node.disabled = Boolean(piece.disabled);
            node.addEventListener('click', piece.button);
          }
          element.appendChild(node);
        }
        box.appendChild(element);
      }
    }
    document.getElementById('error').hidden = false;
    window.kpg.error = message + (detail ? ': ' + detail : '');
  }

  // The multi-file page opened from disk: browsers refuse file:// requests for the .wasm beside
  // it, so say what works instead.
  function showOpenedFromDisk() {
    showError('This page was opened from a file on disk, and the browser does not let such a page ' +
              'load the application file beside it (kpg_app.wasm).', '', [
      { pieces: [{ text: 'To use Kernel Playground, either:' }] },
      { tag: 'ul', pieces: [
        { item: true, text: 'open kernel-playground.html, the single-file version, which works ' +
                            'from disk without a network; or' },
        { item: true, text: 'serve this folder with a web server, for example run ' +
                            '"python3 -m http.server 8080" in this folder and open ' +
                            'http://127.0.0.1:8080/ (in the source repository: ./scripts/serve.sh).' },
      ] },
    ]);
  }
  // Loading failed or the runtime aborted. The first failure is the cause; what follows
  // (Emscripten's abort after it) is not shown.
  function stopped(detail) {
    window.kpg.ready = false;
    if (window.kpg.error) return;
    if (fromDisk && !inlineApp) showOpenedFromDisk();
    else showError('The application stopped unexpectedly.', detail);
  }

  Object.assign(shell, { loading, loadingText, showError, showOpenedFromDisk, stopped });
})(window.kpgShell);
