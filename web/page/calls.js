'use strict';
// ---- Calls into the app -----------------------------------------------------------------------------
// How the page's JavaScript calls the app's exported C functions with strings on the heap, posts a
// notice to its banner and hands the browser a download. Separate because every later part (share
// links, session files, the autosave, window.kpg) calls the app through these few functions.
(function (shell) {
  // window.kpg: the page's JavaScript interface, for tests and for teachers' pages (README.md).
  // Limits (docs/bad-inputs.md W1, W3, W10); the C++ side checks them again.
  const limits = { maxShareLinkChars: 1 << 20, maxSessionBytes: 4 << 20, maxImportBytes: 4 << 20 };
  const noticeKind = { info: 0, warning: 2, error: 3 };

  function requireReady() {
    if (!window.kpg.ready) throw new Error('kpg is not ready yet; wait for window.kpg.ready');
  }
  // Calls an exported C function with string arguments copied to the heap (ccall would put them
  // on the stack, too small for a 4 MB session) and returns its string result.
  // A trap inside a call (a window.kpg function, the page's own timers) stops the app (fault(),
  // faults.js).
  function callWithStrings(name, texts) {
    const pointers = [];
    try {
      for (const text of texts) {
        const size = Module.lengthBytesUTF8(text) + 1;
        const pointer = Module._malloc(size);
        if (!pointer) throw new Error('out of memory');
        pointers.push(pointer);
        Module.stringToUTF8(text, pointer, size);
      }
      return Module.UTF8ToString(Module['_' + name](...pointers));
    } catch (e) {
      if (shell.isTrap(e)) shell.fault(e);
      throw e;
    } finally {
      if (!shell.faulted) for (const pointer of pointers) Module._free(pointer);
    }
  }
  function call(name) {
    try {
      return Module.UTF8ToString(Module['_' + name]());
    } catch (e) {
      if (shell.isTrap(e)) shell.fault(e);
      throw e;
    }
  }
  function postNotice(kind, text) {
    const pointerText = String(text);
    const size = Module.lengthBytesUTF8(pointerText) + 1;
    const pointer = Module._malloc(size);
    if (!pointer) return;
    Module.stringToUTF8(pointerText, pointer, size);
    Module._kpg_post_notice(noticeKind[kind], pointer);
    Module._free(pointer);
  }

  function download(blob, name) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  Object.assign(shell, { limits, requireReady, callWithStrings, call, postNotice, download });
})(window.kpgShell);
