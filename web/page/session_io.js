'use strict';
// ---- Share links and session files --------------------------------------------------------------
// The session into and out of the page: share links (#s=...) opened and copied, the session file
// exported and imported. The page checks sizes and types before anything is copied or read; the
// C++ side decodes, validates and applies. Separate because window.kpg, the app's buttons
// (boot.js onKpgRequest), the start-up (start_session.js) and the autosave's bar all use them.
(function (shell) {
  const { limits, requireReady, callWithStrings, call, postNotice, download } = shell;

  // Share links (#s=<base64url of the session JSON>): the length is checked here, before the
  // text is copied or decoded (W1); the C++ side decodes, validates and applies it whole or not.
  function openShareLink(hashOrUrl) {
    requireReady();
    let hash = String(hashOrUrl);
    const at = hash.indexOf('#');
    hash = at >= 0 ? hash.slice(at) : '#' + hash;
    if (!hash.startsWith('#s=')) return { ok: true, present: false };
    if (hash.length - 3 > limits.maxShareLinkChars) {
      const error = `the link is too long (${hash.length - 3} characters; at most ${limits.maxShareLinkChars})`;
      postNotice('error', 'could not open shared session: ' + error);
      return { ok: false, present: true, error };
    }
    const result = JSON.parse(callWithStrings('kpg_open_share_hash', [hash]));
    result.present = true;
    return result;
  }
  function shareLink() {
    requireReady();
    const hash = call('kpg_share_hash');
    // The address without its hash (location.origin is "null" for a file:// page).
    return location.href.split('#')[0] + hash;
  }
  function copyShareLink() {
    const hash = call('kpg_share_hash');
    if (hash.length - 3 > limits.maxShareLinkChars) {
      postNotice('error', 'The session is too large for a link; use Export session instead.');
      return;
    }
    history.replaceState(null, '', location.pathname + location.search + hash);
    const url = location.href;
    const done = () => postNotice('info', 'Share link copied to the clipboard (it is also in the address bar).');
    const fallback = () => postNotice('info', 'Share link placed in the address bar: copy it from there.');
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url).then(done, fallback);
    } else {
      fallback();
    }
  }

  function exportSession() {
    requireReady();
    const json = call('kpg_session_json');
    download(new Blob([json], { type: 'application/json' }), 'kpg-session.json');
    return json;
  }
  // Text, a File or a Blob. Files are checked by size and type before they are read (W10).
  async function importSession(input) {
    requireReady();
    const fail = (error) => {
      postNotice('error', 'could not import session file: ' + error);
      return { ok: false, error };
    };
    let text = input;
    if (typeof Blob !== 'undefined' && input instanceof Blob) {
      const name = input.name || '';
      if (input.size > limits.maxImportBytes) {
        return fail(`the file is ${(input.size / 1048576).toFixed(1)} MB; at most ${limits.maxImportBytes / 1048576} MB`);
      }
      const typeOk = input.type === '' || input.type === 'application/json' || input.type === 'text/plain' ||
                     /\.json$/i.test(name);
      if (!typeOk) return fail(`not a JSON session file (type ${input.type})`);
      text = await input.text();
    }
    text = String(text);
    if (text.length > limits.maxSessionBytes) return fail(`the text is longer than ${limits.maxSessionBytes} characters`);
    return JSON.parse(callWithStrings('kpg_import_session', [text, 'import session file']));
  }

  Object.assign(shell, { openShareLink, shareLink, copyShareLink, exportSession, importSession });
})(window.kpgShell);
