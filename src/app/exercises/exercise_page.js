// The exercises' side of the page, linked into kpg_app.js with --post-js (so the
// single file carries it too); index.html calls Module.kpgExercises:
//   loadProgress() / saveProgress()  the student's progress (solved / attempted per exercise) in
//                                    localStorage; the app holds it while the page runs
//                                    (exercise_state.hpp); saved when its revision changes
//   link()                           the link opening exactly the open exercise (null: none open)
//   file() / download()              instructor mode: one HTML file that opens exactly the open
//                                    exercise, offline and without a server — the single-file
//                                    form of the app (src/app/make_dist.py's layout) with the
//                                    exercise's link as its start link (window.kpgStartLink)
//   onRequest(what)                  the panel's Copy link ("copy-link") and Download file
//                                    ("download") buttons (exercise_bridge.cpp)
Module['kpgExercises'] = (function () {
  'use strict';
  const progressKey = 'kpg-exercise-progress-v1';
  let progressRevision = -1;

  function call(name, text) {
    if (text === undefined) return Module.UTF8ToString(Module['_' + name]());
    const size = Module.lengthBytesUTF8(text) + 1;
    const pointer = Module._malloc(size);
    if (!pointer) throw new Error('out of memory');
    try {
      Module.stringToUTF8(text, pointer, size);
      return Module.UTF8ToString(Module['_' + name](pointer));
    } finally {
      Module._free(pointer);
    }
  }
  // 0 info, 2 warning, 3 error (js_bridge.cpp kpg_post_notice).
  function notice(kind, text) {
    const size = Module.lengthBytesUTF8(text) + 1;
    const pointer = Module._malloc(size);
    if (!pointer) return;
    Module.stringToUTF8(text, pointer, size);
    Module._kpg_post_notice(kind, pointer);
    Module._free(pointer);
  }

  function loadProgress() {
    let saved = null;
    try { saved = localStorage.getItem(progressKey); } catch (e) { saved = null; }
    if (!saved) return;
    const error = call('kpg_load_exercise_progress', saved);
    if (error) notice(2, `Your saved exercise progress could not be read (${error}); it starts afresh.`);
  }
  function saveProgress() {
    if (!window.kpg || !window.kpg.ready) return;
    const saved = JSON.parse(call('kpg_exercise_progress_json'));
    if (saved.revision === progressRevision) return;
    progressRevision = saved.revision;
    try {
      localStorage.setItem(progressKey, JSON.stringify(saved.progress));
    } catch (e) {
      // Storage full or off: the progress stays for this visit.
    }
  }

  function link() {
    const hash = call('kpg_exercise_hash');
    return hash ? location.href.split('#')[0].split('?')[0] + hash : null;
  }
  function copyLink() {
    const url = link();
    if (!url) return;
    const done = () => notice(0, 'Exercise link copied to the clipboard.');
    const fallback = () => {
      history.replaceState(null, '', url.slice(url.indexOf('#')));
      notice(0, 'Exercise link placed in the address bar: copy it from there.');
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, fallback);
    else fallback();
  }

  async function file() {
    const hash = call('kpg_exercise_hash');
    if (!hash) throw new Error('no exercise is open');
    const close = '</' + 'script>';
    const start = '<script id="kpg-start-link">window.kpgStartLink = ' + JSON.stringify(hash) + ';' + close + '\n';
    const inlineWasm = document.getElementById('kpg-inline-wasm');
    if (inlineWasm && document.getElementById('kpg-inline-app')) {
      // This page is the single file: itself, with the new start link.
      const html = '<!doctype html>\n' + document.documentElement.outerHTML
        .replace(/<script id="kpg-start-link">[^<]*<\/script>\n?/, '');
      const at = html.indexOf('<script type="application/octet-stream" id="kpg-inline-wasm">');
      return html.slice(0, at) + start + html.slice(at);
    }
    // The folder: its three files, inlined as make_dist.py does.
    const base = location.href.split('#')[0].split('?')[0].replace(/[^/]*$/, '');
    const get = async (name, bytes) => {
      const response = await fetch(base + name);
      if (!response.ok) throw new Error(name + ': ' + response.status);
      return bytes ? new Uint8Array(await response.arrayBuffer()) : response.text();
    };
    const [page, script, wasm] = await Promise.all([get('index.html'), get('kpg_app.js'), get('kpg_app.wasm', true)]);
    let binary = '';
    for (let k = 0; k < wasm.length; k += 0x8000) binary += String.fromCharCode.apply(null, wasm.subarray(k, k + 0x8000));
    const blocks = '<script type="application/octet-stream" id="kpg-inline-wasm">' + btoa(binary) + close + '\n' +
      '<script type="text/plain" id="kpg-inline-app">' + script.replace(/<\/script/gi, '<\\/script') + close;
    // The marker written in two parts, so that this file never holds it.
    return page.replace('<' + '!-- kpg:inline-app --' + '>', () => start + blocks);
  }
  async function download() {
    const html = await file();
    const id = (JSON.parse(call('kpg_state_json')).exercise || {}).id || 'exercise';
    Module.kpgPage.download(new Blob([html], { type: 'text/html' }), 'kpg-exercise-' + id + '.html');
    return html.length;
  }

  function onRequest(what) {
    if (what === 'copy-link') copyLink();
    else if (what === 'download') download().catch((e) => notice(3, 'could not make the exercise file: ' + e.message));
  }

  return { loadProgress, saveProgress, link, file, download, onRequest };
})();
