'use strict';
// ---- The session bar and the replay bar -------------------------------------------------------------
// The two bars over the canvas (index.html #session-bar, #replay-bar): the session bar offers
// autosaved sessions and reports storage problems; the replay bar shows a long replay's progress
// with its Cancel. Separate because they are plain DOM, shared by the autosave (autosave.js) and
// the faults (faults.js, which hides both), and know nothing of either.
(function (shell) {
  // The bar under the canvas: a message and buttons, all as text nodes; `rows` (optional): one line
  // per offered session, {text, buttons}, above the buttons. A button closes the bar unless `keep`.
  const bar = document.getElementById('session-bar');
  const barText = document.getElementById('session-bar-text');
  function barButton(parent, { label, run, keep }) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => {
      if (!keep) hideBar();
      run();
    });
    parent.appendChild(button);
  }
  function showBar(message, buttons, rows) {
    while (bar.children.length > 1) bar.removeChild(bar.lastChild);
    barText.textContent = message;
    bar.classList.toggle('list', Boolean(rows));
    for (const row of rows || []) {
      const line = document.createElement('div');
      line.className = 'session-row';
      const text = document.createElement('span');
      text.textContent = row.text;
      line.appendChild(text);
      for (const button of row.buttons) barButton(line, button);
      bar.appendChild(line);
    }
    const actions = rows ? document.createElement('div') : bar;
    if (rows) {
      actions.className = 'session-row';
      bar.appendChild(actions);
    }
    for (const button of buttons) barButton(actions, button);
    bar.hidden = false;
  }
  function hideBar() { bar.hidden = true; }

  // The replay bar (js_bridge.hpp reportReplayProgress): shown while a step / seek / session
  // replay goes on over several frames (F5); Cancel stops it where it is.
  const replayBar = document.getElementById('replay-bar');
  const replayText = document.getElementById('replay-text');
  const replayProgress = document.getElementById('replay-progress');
  document.getElementById('replay-cancel').addEventListener('click', () => {
    if (window.kpg.ready) window.kpg.dispatch({ type: 'cancelReplay' });
  });
  function showReplayProgress(done, total, text) {
    if (done < 0) {
      replayBar.hidden = true;
      return;
    }
    replayText.textContent = text.charAt(0).toUpperCase() + text.slice(1);
    replayProgress.value = total > 0 ? Math.min(1, done / total) : 0;
    replayBar.hidden = false;
  }
  function hideReplayBar() { replayBar.hidden = true; }

  Object.assign(shell, { showBar, hideBar, showReplayProgress, hideReplayBar });
})(window.kpgShell);
