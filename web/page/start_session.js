'use strict';
// ---- The session at the first frame ------------------------------------------------------------------
// What the page does once the app has drawn its first frame (boot.js onKpgFirstFrame): the
// exercise progress and the address's parameters and share link are applied, the autosave starts,
// and the page's timers and listeners (hash changes, the autosave tick, leaving the page) begin.
// Separate because it is the one place where the parts meet in order at start-up: the link before
// the autosave, which compares its offers with the session shown.
(function (shell) {
  const { callWithStrings, openShareLink, startAutosave, saveNow, markSlot } = shell;

  // retriedStart: this load is the page's own second start after a lost context (the
  // context-loss handling in boot.js), which counts as the first load: its link is opened.
  function startSession(retriedStart) {
    // A reload shows the start-up session and offers the autosave (W11), even though the address
    // bar follows the state (files.js): only a link opened anew is applied.
    const navigation = performance.getEntriesByType('navigation')[0];
    const reloaded = Boolean(navigation && navigation.type === 'reload') && !retriedStart;
    // A course page's address parameters (?preset=moons&lock=all&unlock=gamma&embed=1, README
    // "Address parameters"; src/app/session/url_params.hpp), read at every start: a bad one is
    // shown in the banner and ignored. A share link in the hash is applied after them.
    Module.kpgExercises.loadProgress();  // src/app/exercises/exercise_page.js
    window.kpg.urlParams = JSON.parse(callWithStrings('kpg_open_url_params', [location.search]));
    // An embedded copy (embed=1) neither offers nor writes the autosave: the iframes of a course
    // page share one localStorage with each other and with the full app.
    const embedded = window.kpg.urlParams.embed;
    if (location.hash && !reloaded) {
      openShareLink(location.hash);
      // The link has been read: a reload should show the autosave, not re-apply the link.
      history.replaceState(null, '', location.pathname + location.search);
    } else if (window.kpgStartLink) {
      openShareLink(window.kpgStartLink);  // an exercise's own file (exerciseFile)
    }
    // After the link: the session the offers are compared with is the one shown.
    if (!embedded) startAutosave(reloaded);
    // The hash the user put there (event.newURL), not location.hash: the address-bar writer
    // (files.js) may have replaced it between the change and this event.
    window.addEventListener('hashchange', (event) => {
      const hash = new URL(event.newURL).hash;
      if (!hash.startsWith('#s=')) return;
      openShareLink(hash);
      history.replaceState(null, '', location.pathname + location.search);
    });
    setInterval(Module.kpgExercises.saveProgress, 1000);
    // Every tick keeps the session in memory too (lastGoodSession, for the download after a fault).
    setInterval(() => { if (window.kpg.ready) saveNow(); }, 1000);
    window.addEventListener('pagehide', () => {
      if (window.kpg.ready) saveNow();
      markSlot('closed');
    });
    window.addEventListener('pageshow', (event) => {
      if (event.persisted && window.kpg.ready) markSlot('open');  // back from the back-forward cache
    });
  }

  shell.startSession = startSession;
})(window.kpgShell);
