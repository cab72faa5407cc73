'use strict';
// ---- Autosave: one slot per tab (W5, W11; reliability audit N2) ---------------------------------
// Each page writes its session about once a second, when it changed, to its own slot in
// localStorage, so two tabs never write over each other:
//   kpg.autosave.v2.<id>        the session JSON (kpg.session())
//   kpg.autosave.v2.<id>.meta   {owner, state, savedAt, seenAt, points, method, kernel, dismissed}
// `state` is 'open' while a page writes the slot (seenAt: its last tick), 'closed' once it left
// (pagehide) and 'crashed' when the app stopped on a fault (fault() in faults.js). sessionStorage
// keeps the tab's slot id: a reload continues it when it holds no other work, and takes a new one
// otherwise, so the session the tab showed before is kept as it was and offered (W11: the fresh
// start-up session is never written over it). A session still as it started (the default, or
// the address's link) is not written: slots hold work. A duplicated tab copies sessionStorage:
// the slot's `owner` (one id per page load) tells the two pages apart. At start-up the slots
// of pages no longer running are offered: one as before ("Restore the session autosaved ...?"),
// several as a list; a slot that stopped the app ('crashed', or 'open' without a running page)
// opens with Live off at step 0, never straight back into the fault. At most maxSlots slots are
// kept, the oldest dropped first; a page's own slot and running pages' slots never are.
// The first version's single key (kpg.session.v1) is moved into a slot when found.
// Storage that is full or disabled leaves the in-memory session as it is and offers a download.
// Separate because it is the page's largest part and keeps its own state (the slot, what was
// saved): the other parts reach it through the functions it adds to window.kpgShell (saveNow,
// markSlot, startAutosave, keepCrashedSession, and window.kpg.autosave's).
(function (shell) {
  const { requireReady, callWithStrings, call, postNotice, download, showBar, hideBar, exportSession } = shell;
  const slotPrefix = 'kpg.autosave.v2.';
  const legacyKey = 'kpg.session.v1';
  const tabIdKey = 'kpg.autosave.tab';   // sessionStorage
  const maxSlots = 5;
  const staleMs = 5000;      // an 'open' slot whose page has not ticked for this long is not running
  const pingMs = 300;        // how long start-up waits for running pages to answer (BroadcastChannel)
  const pageId = Date.now().toString(36) + Math.random().toString(36).slice(2, 8);
  const methodNames = { svm: 'SVM', perceptron: 'perceptron', knn: 'k-NN', kmeans: 'k-means',
                        kpca: 'kernel PCA', kfd: 'kernel Fisher', lda: 'LDA', svr: 'ε-SVR' };
  let tabId = null;          // the slot this page writes; null: no autosave (embedded, or not started)
  let myMeta = null;
  let startupJson = null;    // the session shown at start-up, after the address's link
  let touched = false;       // the session was changed since start-up (an untouched one is not saved)
  let lastSaved = null;
  let lastLinkKey = null;
  let storageFailed = false;
  let offers = [];           // the slots offered at start-up, with their JSON as read then
  // Whether the session bar shows offers: with none left it closes, but not over another message
  // (a storage failure reported before the start-up offers were looked for stays shown).
  let barOffers = false;
  const answered = new Set();  // slot ids whose pages answered the start-up ping

  function store() {
    try { return window.localStorage; } catch (e) { return null; }
  }
  function newSlotId() { return Date.now().toString(36) + '-' + Math.random().toString(36).slice(2, 8); }
  function validSlotId(id) { return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id); }
  function readSlot(id) {
    try { return id === 'legacy' ? store().getItem(legacyKey) : store().getItem(slotPrefix + id); } catch (e) { return null; }
  }
  function readMeta(id) {
    try {
      if (id === 'legacy') {
        const savedAt = Number(store().getItem(legacyKey + '.savedAt')) || 0;
        return { state: 'closed', savedAt, seenAt: savedAt, method: 'svm' };
      }
      const meta = JSON.parse(store().getItem(slotPrefix + id + '.meta'));
      return meta && typeof meta === 'object' ? meta : {};
    } catch (e) {
      return {};
    }
  }
  function writeMeta(id, meta) {
    try {
      store().setItem(slotPrefix + id + '.meta', JSON.stringify(meta));
      return true;
    } catch (e) {
      return false;
    }
  }
  function removeSlot(id) {
    try {
      const s = store();
      if (id === 'legacy') {
        s.removeItem(legacyKey);
        s.removeItem(legacyKey + '.savedAt');
      } else {
        s.removeItem(slotPrefix + id);
        s.removeItem(slotPrefix + id + '.meta');
      }
    } catch (e) { /* storage disabled: nothing to remove */ }
  }
  function slotIds() {
    const ids = [];
    try {
      const s = store();
      for (let i = 0; i < s.length; i += 1) {
        const key = s.key(i);
        if (key && key.startsWith(slotPrefix) && !key.endsWith('.meta')) {
          const id = key.slice(slotPrefix.length);
          if (validSlotId(id)) ids.push(id);
        }
      }
      if (s.getItem(legacyKey) !== null) ids.push('legacy');
    } catch (e) { /* storage disabled: no slots */ }
    return ids;
  }
  // Points and kernel of a session JSON, for the offer's words.
  function describeJson(json) {
    try {
      const session = JSON.parse(json);
      return { points: Array.isArray(session.points) ? session.points.length : null,
               kernel: session.kernel && typeof session.kernel.type === 'string' ? session.kernel.type : null };
    } catch (e) {
      return { points: null, kernel: null };
    }
  }
  // Whether two session JSONs hold the same work: the view (zoom and pan; the first frames may
  // still fit it to the canvas) does not count.
  function sameWork(a, b) {
    if (a === b) return true;
    if (a === null || b === null) return false;
    try {
      const x = JSON.parse(a);
      const y = JSON.parse(b);
      delete x.view;
      delete y.view;
      return JSON.stringify(x) === JSON.stringify(y);
    } catch (e) {
      return false;
    }
  }
  // The method shown (the share link's `mode`, omitted for the SVM lab).
  function currentMethod() {
    try {
      const hash = call('kpg_share_hash');
      const mode = JSON.parse(new TextDecoder().decode(Uint8Array.from(
        atob(hash.slice(3).replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)))).mode;
      return typeof mode === 'string' ? mode : 'svm';
    } catch (e) {
      return 'svm';
    }
  }
  // Every slot with its state: running (another page writes it), stopped (it was open when its
  // page stopped: a fault, a freeze, a killed tab), thisTab (this page's own slot). Newest first.
  function slotEntries() {
    const now = Date.now();
    const entries = [];
    for (const id of slotIds()) {
      const meta = readMeta(id);
      const thisTab = id === tabId;
      const open = meta.state === 'open';
      const running = !thisTab && (answered.has(id) || (open && now - (Number(meta.seenAt) || 0) < staleMs));
      entries.push({ id, meta, thisTab, running, stopped: !thisTab && !running && (open || meta.state === 'crashed'),
                     savedAt: Number(meta.savedAt) || 0 });
    }
    entries.sort((a, b) => b.savedAt - a.savedAt);
    return entries;
  }
  function publicEntry(entry) {
    const m = entry.meta;
    return { id: entry.id, savedAt: entry.savedAt, points: typeof m.points === 'number' ? m.points : null,
             method: typeof m.method === 'string' ? m.method : 'svm', kernel: typeof m.kernel === 'string' ? m.kernel : null,
             state: entry.thisTab ? 'this page' : entry.running ? 'running' : entry.stopped ? 'stopped' : 'closed',
             crashed: m.state === 'crashed', dismissed: m.dismissed === true,
             offered: offers.some((o) => o.id === entry.id) };
  }
  // Drops the oldest slots beyond maxSlots; never this page's or a running page's.
  function prune() {
    const entries = slotEntries();
    let excess = entries.length - maxSlots;
    for (let k = entries.length - 1; k >= 0 && excess > 0; k -= 1) {
      if (entries[k].thisTab || entries[k].running) continue;
      removeSlot(entries[k].id);
      excess -= 1;
    }
  }
  function migrateLegacy() {
    const s = store();
    let json = null;
    try { json = s && s.getItem(legacyKey); } catch (e) { json = null; }
    if (!json) return;
    const savedAt = Number(s.getItem(legacyKey + '.savedAt')) || Date.now();
    const id = 'v1-' + savedAt.toString(36);
    try {
      s.setItem(slotPrefix + id, json);
      s.setItem(slotPrefix + id + '.meta', JSON.stringify({ state: 'closed', savedAt, seenAt: savedAt,
                                                             method: 'svm', ...describeJson(json) }));
      s.removeItem(legacyKey);
      s.removeItem(legacyKey + '.savedAt');
    } catch (e) {
      removeSlot(id);  // storage full: the old key stays and is read as it is ('legacy')
    }
  }
  function rememberTabId() {
    try { window.sessionStorage.setItem(tabIdKey, tabId); } catch (e) { /* the id lives in memory */ }
  }
  function setTabSlot(id, meta) {
    tabId = id;
    myMeta = { ...meta, owner: pageId, state: 'open', dismissed: false, seenAt: Date.now() };
    lastSaved = null;
    lastLinkKey = null;
    rememberTabId();
  }

  // `explicit` (kpg.autosave.save()) saves even the untouched start-up session.
  function saveNow(explicit) {
    const json = call('kpg_session_json');
    shell.lastGoodSession = json;  // faults.js: the copy a fault offers
    if (tabId === null) return { ok: true, unchanged: true };
    if (!touched && !explicit) {
      // The start-up session as it came (the default, or the address's link) is no work to keep.
      if (sameWork(json, startupJson)) return { ok: true, unchanged: true };
      touched = true;
    }
    const now = Date.now();
    // Another page took this slot (a duplicated tab, or this one restored elsewhere while it was
    // frozen): this page goes on in a slot of its own.
    const stored = readMeta(tabId);
    if (stored.owner && stored.owner !== pageId) setTabSlot(newSlotId(), {});
    const linkKey = call('kpg_link_key');
    if (json === lastSaved) {
      myMeta.seenAt = now;
      if (linkKey !== lastLinkKey) {
        lastLinkKey = linkKey;
        myMeta.method = currentMethod();
      }
      writeMeta(tabId, myMeta);
      return { ok: true, unchanged: true };
    }
    try {
      store().setItem(slotPrefix + tabId, json);
      myMeta = { ...myMeta, savedAt: now, seenAt: now, method: currentMethod(), ...describeJson(json) };
      lastLinkKey = linkKey;
      store().setItem(slotPrefix + tabId + '.meta', JSON.stringify(myMeta));
      lastSaved = json;
      storageFailed = false;
      prune();
      return { ok: true };
    } catch (e) {
      const reason = (e && e.name) || 'storage unavailable';
      if (!storageFailed) {
        storageFailed = true;
        barOffers = false;
        postNotice('warning', `Autosave failed (${reason}); your session is still open here. Export it to keep a copy.`);
        showBar(`Autosave failed (${reason}). Your session is still open.`,
                [{ label: 'Download session', run: exportSession }, { label: 'Dismiss', run: () => {} }]);
      }
      return { ok: false, error: reason };
    }
  }
  // The page leaves (pagehide) or stopped (fault): its slot says so; 'crashed' stays.
  function markSlot(state) {
    if (tabId === null || !myMeta || lastSaved === null) return;
    if (myMeta.state === 'crashed') return;
    myMeta.state = state;
    writeMeta(tabId, myMeta);
  }

  // A session that stopped the app opens in the lab with Live off at step 0: no warm start and no
  // replay, so nothing runs before the student chooses to.
  function safeSessionJson(json) {
    const session = JSON.parse(json);
    session.live = false;
    session.step = 0;
    return JSON.stringify(session);
  }
  function sessionWords(entry) {
    const m = entry.meta;
    const when = entry.savedAt ? new Date(entry.savedAt).toLocaleString() : 'an earlier visit';
    const points = typeof m.points === 'number' ? String(m.points) : '?';
    const method = methodNames[m.method] || methodNames.svm;
    const kernel = typeof m.kernel === 'string' ? `, ${m.kernel === 'rbf' ? 'RBF' : m.kernel} kernel` : '';
    return { when, points, what: method + kernel };
  }
  // Restores one autosaved slot (an offer, or kpg.autosave.restore(id)); this page then writes
  // that slot (no copy is left behind) and its own start-up slot, if untouched, is dropped.
  function restoreEntry(entry) {
    requireReady();
    hideBar();
    let json = entry.json || readSlot(entry.id);
    if (!json) return { ok: false, error: 'the autosaved session is no longer in storage' };
    let what = 'restore the autosaved session';
    if (entry.stopped || entry.meta.state === 'crashed') {
      what = 'open the session that stopped the app';
      try { json = safeSessionJson(json); } catch (e) { /* not JSON: the import says so */ }
    }
    const result = JSON.parse(callWithStrings('kpg_import_session', [json, what]));
    if (!result.ok) return result;
    const method = entry.meta.method;
    if (!entry.stopped && entry.meta.state !== 'crashed' && typeof method === 'string' && method !== 'svm' &&
        methodNames[method]) {
      window.kpg.dispatch({ type: 'setMode', mode: method });
    }
    offers = offers.filter((o) => o.id !== entry.id);
    touched = true;
    if (tabId !== null && entry.id !== tabId && entry.id !== 'legacy') {
      const own = readSlot(tabId);
      if (own === null || sameWork(own, startupJson)) removeSlot(tabId);
      else markSlot('closed');
      setTabSlot(entry.id, entry.meta);
      writeMeta(tabId, myMeta);
    } else if (entry.id === 'legacy') {
      removeSlot('legacy');
    }
    return result;
  }
  function discardEntry(entry) {
    removeSlot(entry.id);
    offers = offers.filter((o) => o.id !== entry.id);
  }
  function dismissOffers() {
    for (const entry of offers) {
      if (entry.id === 'legacy') continue;
      const meta = readMeta(entry.id);
      if (Object.keys(meta).length) writeMeta(entry.id, { ...meta, dismissed: true });
    }
    offers = [];
  }
  function downloadEntry(entry) {
    download(new Blob([entry.json], { type: 'application/json' }), 'kpg-session.json');
  }
  // The slots to offer after start-up: not this page's, not running, not dismissed, not the session
  // shown; this tab's previous slot first, then the newest.
  function offerRestore(previousTabSlot) {
    const current = call('kpg_session_json');
    offers = [];
    for (const entry of slotEntries()) {
      if (entry.thisTab || entry.running || entry.meta.dismissed === true) continue;
      const json = readSlot(entry.id);
      if (!json || sameWork(json, current)) continue;
      offers.push({ ...entry, json });
    }
    offers.sort((a, b) => (b.id === previousTabSlot) - (a.id === previousTabSlot));
    offers = offers.slice(0, maxSlots);
    showOffers();
  }
  function stoppedButtons(entry) {
    return [{ label: 'Open with Live off at step 0', run: () => restoreEntry(entry) },
            { label: 'Download it', keep: true, run: () => downloadEntry(entry) },
            { label: 'Discard it', run: () => { discardEntry(entry); showOffers(); } }];
  }
  function showOffers() {
    if (offers.length === 0) {
      if (barOffers) hideBar();
      barOffers = false;
      return;
    }
    barOffers = true;
    if (offers.length === 1) {
      const entry = offers[0];
      const w = sessionWords(entry);
      if (entry.stopped) {
        showBar(`This session stopped the app last time (autosaved ${w.when}, ${w.points} points; ${w.what}).`,
                stoppedButtons(entry));
      } else {
        showBar(`Restore the session autosaved ${w.when} (${w.points} points)? ${w.what}.`,
                [{ label: 'Restore', run: () => restoreEntry(entry) },
                 { label: 'Dismiss', run: dismissOffers }]);
      }
      return;
    }
    const rows = offers.map((entry) => {
      const w = sessionWords(entry);
      return entry.stopped
        ? { text: `This session stopped the app last time: ${w.when}, ${w.points} points, ${w.what}.`,
            buttons: stoppedButtons(entry) }
        : { text: `${w.when}: ${w.points} points, ${w.what}.`,
            buttons: [{ label: 'Restore', run: () => restoreEntry(entry) }] };
    });
    showBar(`${offers.length} sessions were autosaved on earlier visits (in this tab or others):`,
            [{ label: 'Dismiss', run: dismissOffers }], rows);
  }
  // kpg.autosave.restore(id): a slot by id; without one, the first offered, else this tab's.
  function restoreAutosave(id) {
    requireReady();
    let entry = null;
    if (id !== undefined) {
      entry = offers.find((o) => o.id === id) || slotEntries().find((e) => e.id === String(id)) || null;
      if (entry && entry.running) return { ok: false, error: `the session ${id} is open in another tab` };
    } else {
      entry = offers[0] || slotEntries().find((e) => !e.running) || null;
    }
    if (!entry) return { ok: false, error: id === undefined ? 'no autosaved session' : `no autosaved session ${id}` };
    return restoreEntry(entry);
  }

  // Decides the page's slot (after the address's link is applied), asks running pages to answer,
  // then offers the others.
  function startAutosave(reloaded) {
    migrateLegacy();
    startupJson = call('kpg_session_json');
    let previous = null;
    try { previous = window.sessionStorage.getItem(tabIdKey); } catch (e) { previous = null; }
    if (!validSlotId(previous)) previous = null;
    const meta = previous ? readMeta(previous) : {};
    const elsewhere = meta.owner && meta.state === 'open' && !reloaded &&
                      Date.now() - (Number(meta.seenAt) || 0) < staleMs;  // a duplicated tab
    // The tab's slot goes on when it holds nothing to offer (no slot: its page saved no work).
    const held = previous ? readSlot(previous) : null;
    const keep = previous && !elsewhere && meta.state !== 'crashed' && (held === null || sameWork(held, startupJson));
    setTabSlot(keep ? previous : newSlotId(), keep ? meta : {});
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('kpg.autosave') : null;
    if (channel) {
      channel.onmessage = (event) => {
        const message = event.data || {};
        if (message.type === 'who' && window.kpg.ready && tabId !== null) {
          channel.postMessage({ type: 'here', id: tabId });
        } else if (message.type === 'here' && validSlotId(message.id)) {
          answered.add(message.id);
        }
      };
      channel.postMessage({ type: 'who' });
    }
    setTimeout(() => { if (window.kpg.ready) offerRestore(previous); }, channel ? pingMs : 0);
  }

  // ---- For fault() (faults.js) ---------------------------------------------------------------------
  // The app stopped on a fault: the slot keeps the session as the app last held it, marked
  // 'crashed', so the next start offers it with Live off at step 0.
  function keepCrashedSession(json) {
    if (tabId === null || !myMeta) return;
    try {
      if (json && json !== lastSaved) {
        store().setItem(slotPrefix + tabId, json);
        myMeta = { ...myMeta, savedAt: Date.now(), ...describeJson(json) };
        lastSaved = json;
      }
    } catch (e) { /* storage full or off: the download fault() offers is the copy */ }
    if (lastSaved === null) return;
    myMeta.state = 'crashed';
    myMeta.seenAt = Date.now();
    writeMeta(tabId, myMeta);
  }
  // A lost context (the session is not at fault): the slot is written as on any tick, if the session
  // it holds is not the one shown.
  function saveUnlessSaved(session) {
    if (tabId !== null && session !== lastSaved) saveNow();
  }

  Object.assign(shell, { saveNow, markSlot, startAutosave, restoreAutosave, slotEntries, publicEntry,
                         keepCrashedSession, saveUnlessSaved });
})(window.kpgShell);
