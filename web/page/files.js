'use strict';
// ---- Files, sharing and the address bar ---------------------------------------------------------
// The browser-only half of the file toolbar (src/app/panels/file_toolbar.hpp): file pickers,
// downloads, the clipboard, drag-and-drop and paste, and the address bar that follows the state.
// The logic is C++ (src/app/io/data_import, data_export, file_actions, in the one
// window.kpg router); this part only moves bytes between the browser and it. Text only, never
// markup (docs/bad-inputs.md W4).
// Separate, and its own <script> block in index.html after the #data-file input it uses: it
// reaches the other parts only through window.Module (boot.js) and window.kpg.
(function () {
  if (typeof window.Module !== 'object') return;  // the page could not start the app (no WebGL2)
  const maxImportBytes = 3 << 20;       // io/data_import.hpp kMaxImportBytes (W10)
  const maxLinkChars = 1 << 20;         // io/share_link.hpp kMaxShareLinkChars (W1)
  const linkDebounceMs = 500;           // the address bar is written this long after the last change
  const dataFile = document.getElementById('data-file');

  // C strings on the heap (not ccall's stack: a 3 MB file does not fit there).
  function withString(text, use) {
    const size = Module.lengthBytesUTF8(text) + 1;
    const pointer = Module._malloc(size);
    if (!pointer) throw new Error('out of memory');
    try {
      Module.stringToUTF8(text, pointer, size);
      return use(pointer);
    } finally {
      Module._free(pointer);
    }
  }
  // The toolbar's message: 0 info, 1 "link copied", 3 error (files_bridge.cpp kpg_files_message).
  function message(kind, text) { withString(String(text), (p) => Module._kpg_files_message(kind, p)); }
  function filesUi() { return JSON.parse(call('kpg_files_ui_json')); }
  // boot.js's helpers (window.Module.kpgPage): one copy of each.
  const { download, call } = Module.kpgPage;

  // A file's format from its name, else from its first sample line ("+1 1:0.5" is LIBSVM).
  function guessFormat(name, text) {
    if (/\.csv$/i.test(name)) return 'csv';
    if (/\.(libsvm|svm|scale|t)$/i.test(name)) return 'libsvm';
    const line = String(text).split('\n').find((l) => l.trim() && !l.trim().startsWith('#')) || '';
    return /^\s*[^\s,]+\s+\d+:/.test(line) ? 'libsvm' : 'csv';
  }

  // kpg.importData(textOrFile, {format, labelColumn, labelName, x, y, positive, negative, source,
  // preview}): {ok:true, summary, ...} or {ok:false, error} ("file:line:column: ..."); a File or
  // Blob gives a Promise of it. preview: a CSV file waits in the app's import dialog
  // ({ok:true, preview}); the file chooser, a drop and a paste open files that way.
  function importText(text, options, source) {
    const action = { type: 'importData', text: String(text),
                     format: options.format || guessFormat(source, text), source };
    for (const key of ['labelColumn', 'labelName', 'x', 'y', 'positive', 'negative', 'preview']) {
      if (options[key] !== undefined) action[key] = options[key];
    }
    const result = window.kpg.dispatch(action);
    if (result.ok && result.preview) return result;  // the import dialog shows it
    if (result.ok) message(0, 'imported ' + result.summary);
    else message(3, 'could not import data: ' + result.error);
    return result;
  }
  function importData(input, options = {}) {
    if (!window.kpg.ready) throw new Error('kpg is not ready yet; wait for window.kpg.ready');
    if (typeof Blob !== 'undefined' && input instanceof Blob) {
      const name = input.name || options.source || 'data';
      const fail = (error) => {
        message(3, 'could not import data: ' + error);
        return Promise.resolve({ ok: false, error });
      };
      // W10: the size and the type before reading.
      if (input.size > maxImportBytes) {
        return fail(`${name}: the file is ${(input.size / 1048576).toFixed(1)} MB; at most ${maxImportBytes / 1048576} MB`);
      }
      if (/^(image|audio|video)\//.test(input.type) || /\.(png|jpe?g|gif|pdf|zip|gz)$/i.test(name)) {
        return fail(`${name}: not a text data file (type ${input.type || 'unknown'}); use CSV or LIBSVM`);
      }
      return input.text().then((text) => importText(text, options, options.source || name));
    }
    const text = String(input);
    if (text.length > maxImportBytes) {
      const error = `the text is longer than ${maxImportBytes} characters`;
      message(3, 'could not import data: ' + error);
      return { ok: false, error };
    }
    return importText(text, options, options.source || '<pasted text>');
  }
  function exportText(action) {
    if (!window.kpg.ready) throw new Error('kpg is not ready yet; wait for window.kpg.ready');
    const result = window.kpg.dispatch(action);
    if (!result.ok) throw new Error(result.error);
    return result.text;
  }
  const exportData = (format) => exportText({ type: 'exportData', format });
  const exportModel = () => exportText({ type: 'exportModel' });

  // Export PNG: the figure rendered offscreen at 2× by the app (files_bridge.cpp
  // kpg_export_figure), encoded by the browser.
  function exportPng(options = {}) {
    if (!window.kpg.ready) throw new Error('kpg is not ready yet; wait for window.kpg.ready');
    const scale = options.scale || 2;
    const figure = JSON.parse(Module.UTF8ToString(Module._kpg_export_figure(scale)));
    if (!figure.ok) {
      message(3, 'could not export the figure: ' + figure.error);
      return Promise.resolve(figure);
    }
    const pixels = new Uint8ClampedArray(figure.width * figure.height * 4);
    pixels.set(Module.HEAPU8.subarray(figure.pointer, figure.pointer + pixels.length));
    const canvas = document.createElement('canvas');
    canvas.width = figure.width;
    canvas.height = figure.height;
    canvas.getContext('2d').putImageData(new ImageData(pixels, figure.width, figure.height), 0, 0);
    return new Promise((resolve) => canvas.toBlob((blob) => {
      if (!blob) {
        message(3, 'could not export the figure: the browser could not encode the PNG');
        resolve({ ok: false, error: 'toBlob failed' });
        return;
      }
      if (options.download !== false) download(blob, 'kpg-figure.png');
      delete figure.pointer;
      resolve({ ...figure, bytes: blob.size, type: blob.type });
    }, 'image/png'));
  }

  // Share: the link of the state shown, in the address bar and the clipboard.
  function share() {
    const hash = call('kpg_share_hash');
    if (hash.length - 3 > maxLinkChars) {
      message(3, 'The session is too large for a link; use Save session instead.');
      return null;
    }
    const url = location.origin + location.pathname + location.search + hash;
    history.replaceState(history.state, '', location.pathname + location.search + hash);
    // Words only: the UI font is subset to the glyphs of the C++ sources (src/app/fonts), and a
    // glyph only this page names (✓) drew as "?".
    const copied = () => message(1, 'Link copied');
    const manual = () => message(0, 'The link is in the address bar: copy it from there.');
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(copied, manual);
    } else {
      manual();
    }
    return url;
  }

  // The address bar follows the state: the share link is written (replaceState, no history
  // entry) linkDebounceMs after the state stops changing (kpg_link_key: what the link depends on).
  function followStateInUrl() {
    let lastKey = null;
    let changedAt = 0;
    let writtenKey = null;
    let writtenHash = null;
    setInterval(() => {
      if (!window.kpg.ready) return;
      // What the bar holds once the start-up link is read (or left, on a reload) is not a
      // link still to open.
      if (writtenHash === null) writtenHash = location.hash;
      const key = call('kpg_link_key');
      const now = performance.now();
      if (key !== lastKey) {
        lastKey = key;
        changedAt = now;
        return;
      }
      if (now - changedAt < linkDebounceMs) return;
      // The same state: rewrite only an address the page cleared after reading a link; a hash
      // the user just put there (its hashchange still to come) is theirs.
      if (key === writtenKey && (location.hash === writtenHash || location.hash !== '')) return;
      // A link the user just put there and the page has not read yet is never written over
      // (the race of W1: its hashchange would then open the state's own link instead).
      if (location.hash.startsWith('#s=') && location.hash !== writtenHash) return;
      const hash = call('kpg_share_hash');
      writtenKey = key;
      writtenHash = hash.length - 3 > maxLinkChars ? '' : hash;
      if (location.hash !== writtenHash) {
        history.replaceState(history.state, '', location.pathname + location.search + writtenHash);
      }
    }, 100);
  }

  // A dropped or pasted file: a session (.json) or data.
  function openFile(file) {
    if (/\.json$/i.test(file.name) || file.type === 'application/json') return window.kpg.importSession(file);
    return importData(file, { preview: true });
  }
  function installInput() {
    dataFile.addEventListener('change', () => {
      const file = dataFile.files && dataFile.files[0];
      dataFile.value = '';
      if (file) importData(file, { preview: true });
    });
    window.addEventListener('dragover', (event) => {
      if (!event.dataTransfer) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    });
    window.addEventListener('drop', (event) => {
      if (!event.dataTransfer || !window.kpg.ready) return;
      event.preventDefault();
      const file = event.dataTransfer.files && event.dataTransfer.files[0];
      if (file) openFile(file);
      else if (event.dataTransfer.getData('text/plain')) importData(event.dataTransfer.getData('text/plain'), { preview: true });
    });
    // Paste (Ctrl+V) on the page: a file or the text of one; left to ImGui while it edits a field.
    document.addEventListener('paste', (event) => {
      if (!window.kpg.ready || !event.clipboardData || filesUi().typing) return;
      const file = event.clipboardData.files && event.clipboardData.files[0];
      const text = event.clipboardData.getData('text/plain');
      if (!file && !text.trim()) return;
      event.preventDefault();
      if (file) openFile(file);
      else if (text.trim().startsWith('{')) window.kpg.importSession(text);
      else importData(text, { preview: true });
    });
  }

  // The toolbar's buttons (js_bridge.hpp requestFiles).
  Module.onKpgFiles = function (what) {
    if (what === 'share') share();
    else if (what === 'save-session') window.kpg.exportSession();
    else if (what === 'open-session') document.getElementById('session-file').click();
    else if (what === 'import-data') dataFile.click();
    // After the frame that asked: the figure is drawn from the frame's finished draw lists.
    else if (what === 'export-png') setTimeout(exportPng, 0);
    else if (what === 'export-csv' || what === 'export-libsvm' || what === 'export-model') {
      const format = what.slice('export-'.length);
      try {
        const text = format === 'model' ? exportModel() : exportData(format);
        const name = format === 'model' ? 'kpg.model' : format === 'csv' ? 'kpg-data.csv' : 'kpg-data.libsvm';
        download(new Blob([text], { type: 'text/plain' }), name);
      } catch (e) {
        message(3, 'could not export: ' + e.message);
      }
    }
  };

  Object.assign(window.kpg, { importData, exportData, exportModel, exportPng, share });
  installInput();
  followStateInUrl();
})();
