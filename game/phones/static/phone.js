// The phone page: shows what the table sends for this seat and sends back what is pressed.
// It knows no game: rows of cards (some to press, some to pick), buttons, odds, undo, the tiger.
"use strict";
(function () {
  const base = location.pathname.replace(/\/$/, "");
  const $ = (id) => document.getElementById(id);
  let ws = null, state = null, picked = {}, pickKey = "", wait = 500, asking = null, fails = 0;

  function img(name) { return base + "/img/" + encodeURIComponent(name) + ".png"; }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }
  function send(msg) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(msg));
  }
  function act(action, confirmText) {
    if (confirmText) { ask(confirmText, () => send({ t: "act", a: action, v: state.rev })); return; }
    send({ t: "act", a: action, v: state.rev });
  }
  function ask(text, yes) {
    asking = yes;
    $("ask-text").textContent = text;
    $("ask").showModal();
  }

  // The turn nudge: a vibration where the browser has one, a short chime once a tap has let the
  // page make sounds, the page's title, and the screen kept awake while the game is on.
  let audio = null, wake = null, waking = false, wasMine = false;
  function unlock() {
    if (!audio && (window.AudioContext || window.webkitAudioContext)) {
      audio = new (window.AudioContext || window.webkitAudioContext)();
    }
    if (audio && audio.state === "suspended") audio.resume();   // in the tap itself (iOS asks)
    keepAwake();
  }
  function chime() {
    if (!audio) return;
    if (audio.state === "suspended") audio.resume();
    const now = audio.currentTime;
    [660, 880].forEach((hz, i) => {
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, now + i * 0.14);
      gain.gain.exponentialRampToValueAtTime(0.25, now + i * 0.14 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.14 + 0.13);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.14);
      osc.stop(now + i * 0.14 + 0.14);
    });
  }
  function keepAwake() {
    const on = state && !state.over;
    if (on && !wake && !waking && navigator.wakeLock && !document.hidden) {
      waking = true;                                 // one request at a time
      navigator.wakeLock.request("screen").then((lock) => {
        wake = lock;
        lock.addEventListener("release", () => { wake = null; });
      }).catch(() => {}).finally(() => { waking = false; });
    } else if (!on && wake) { wake.release(); wake = null; }
  }
  function nudge(s) {
    const mine = !!s.mine;
    document.title = (mine ? "\u25CF " + ((s.words || {}).your_turn || "") + " \u2013 " : "") +
                     (s.name ? s.name + " \u2013 " : "") + (s.title || "");
    if (mine && !wasMine) {
      if (navigator.vibrate) navigator.vibrate([120, 60, 120]);
      chime();
      window.meowcade.nudges += 1;
    }
    wasMine = mine;
    keepAwake();
  }

  function language(s) {                          // this phone's own language, not the TV's
    if (s.lang) document.documentElement.lang = s.lang.replace("_", "-");
    const langs = s.langs || [], at = langs.findIndex((l) => l[0] === s.lang);
    const next = langs.length > 1 ? langs[(at + 1) % langs.length] : null;
    $("lang").hidden = !next;
    if (next) { $("lang").textContent = next[1]; $("lang").dataset.lang = next[0]; }
  }

  function render() {
    const s = state;
    if (!s) return;
    nudge(s);
    language(s);
    $("cat").src = s.cat ? img(s.cat) : "";
    $("name").textContent = s.name || "";
    $("game").textContent = s.title || "";
    $("prompt").className = s.mine ? "mine" : "";
    $("line").textContent = s.prompt || "";
    $("sub").textContent = s.sub || "";
    $("sub").className = s.sub_tone || "";
    $("note").textContent = s.note || "";
    const hint = $("hint");
    hint.hidden = !s.hint;
    hint.textContent = s.hint || "";
    // keep a selection only while the rows it was made in are the same
    const key = JSON.stringify((s.rows || []).map((r) => [r.id, r.cells.map((c) => c.img)]));
    if (key !== pickKey) { picked = {}; pickKey = key; }
    const rows = $("rows"), pinned = $("pinned");
    rows.replaceChildren();
    pinned.replaceChildren();
    for (const row of s.rows || []) {
      const box = el("div", "row" + (row.big ? " big" : "") + (row.compact ? " compact" : "") +
                     (row.centre ? " centre" : ""));
      box.dataset.row = row.id;
      if (row.label || row.compact) box.appendChild(el("h2", "", row.label || ""));   // compact: a column
      const cells = el("div", "cells");
      const sel = picked[row.id] || [];
      row.cells.forEach((c, i) => {
        const b = el("button", "cell");
        b.type = "button";
        b.dataset.index = i;
        if (c.img) { const im = el("img"); im.src = img(c.img); im.alt = c.alt || ""; b.appendChild(im); }
        else b.classList.add("hole");
        if (c.act) {
          b.classList.add("act");
          b.dataset.act = c.act;
          b.onclick = () => act(c.act, c.confirm);
          if (c.act === s.tiger_act) {                 // the card the tiger's words are about
            b.classList.add("tiger");
            b.appendChild(el("span", "mark", (s.words || {}).tiger_mark || "Tiger"));
          }
        } else if (row.pick && c.pick) {
          b.classList.add("act");
          if (sel.includes(i)) {
            b.classList.add("on");
            if (row.pick.ordered) b.appendChild(el("span", "tag", String(sel.indexOf(i) + 1)));
          }
          b.onclick = () => toggle(row, i);
        } else b.disabled = !c.img;
        b.setAttribute("aria-label", c.alt || "");
        cells.appendChild(b);
      });
      box.appendChild(cells);
      (row.pin ? pinned : rows).appendChild(box);
    }
    // the pinned hand stands over the page's foot: the page keeps room for it
    document.body.classList.toggle("pinned", pinned.childElementCount > 0);
    document.body.style.paddingBottom = pinned.childElementCount ? (pinned.offsetHeight + 12) + "px" : "";
    const buttons = $("buttons");
    buttons.replaceChildren();
    for (const btn of s.buttons || []) {
      const b = el("button", btn.primary ? "primary" : "", btn.label);
      b.type = "button";
      if (btn.act) b.dataset.act = btn.act;           // tests find a choice by its action
      if (btn.act && btn.act === s.tiger_act) b.classList.add("tiger");
      if (btn.pick) b.dataset.pick = btn.pick.b;
      if (btn.imgs) {
        const strip = el("div", "strip");
        for (const n of btn.imgs) { const im = el("img"); im.src = img(n); im.alt = ""; strip.appendChild(im); }
        b.appendChild(strip);
      }
      if (btn.pick) {
        const n = (picked[btn.pick.row] || []).length;
        b.disabled = n < (btn.pick.min || 1) || (btn.pick.max && n > btn.pick.max);
        b.onclick = () => {
          const cards = picked[btn.pick.row] || [];
          const go = () => send({ t: "pick", b: btn.pick.b, cards: cards, v: state.rev });
          if (btn.confirm) ask(btn.confirm, go); else go();
        };
      } else if (btn.act) b.onclick = () => act(btn.act, btn.confirm);
      else b.disabled = true;
      buttons.appendChild(b);
    }
    const w = s.words || {};
    $("undo").textContent = w.undo || "Undo";
    $("undo").hidden = !s.undo;
    $("tiger").textContent = s.tiger === "thinking" ? (w.thinking || "…") : (w.tiger || "Ask the tiger");
    $("tiger").hidden = !s.tiger;
    $("tiger").disabled = s.tiger === "thinking";
    $("ask-yes").textContent = w.yes || "Yes";
    $("ask-no").textContent = w.no || "No";
    const odds = $("odds");
    odds.replaceChildren();
    for (const line of s.odds || []) odds.appendChild(el("div", "", line));
  }

  function toggle(row, i) {
    const sel = picked[row.id] || [];
    const at = sel.indexOf(i);
    if (at >= 0) sel.splice(at, 1);
    else if (row.pick.max === 1) sel.splice(0, sel.length, i);
    else if (sel.length < row.pick.max) sel.push(i);
    picked[row.id] = sel;
    render();
  }

  function connect() {
    if (ws && ws.readyState <= 1) return;
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + base + "/ws");
    ws.onopen = () => { $("link").className = ""; wait = 500; fails = 0; lost(""); };
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.t === "state") { state = m; render(); }
      else if (m.t === "error") { $("note").textContent = m.text || m.code; }
    };
    ws.onclose = (e) => {
      $("link").className = "off";
      if (e.code === 4003) {                     // released on the big screen: this phone stops
        $("note").textContent = (state && state.words && state.words.released) || "";
        return;
      }
      fails += 1;
      if (fails >= 3) check();
      setTimeout(connect, wait);
      wait = Math.min(wait * 2, 2000);           // a restarted game is back within a second or two
    };
  }

  // The socket keeps failing: ask the page's own address what became of the link, and say it in
  // words (the game restarted elsewhere, the link is over, another phone has the seat).
  function check() {
    fetch(location.href, { cache: "no-store", credentials: "same-origin" })
      .then((r) => lost(r.status === 200 ? "" : r.status === 409 ? "held" : "over"))
      .catch(() => lost("away"));
  }
  function lost(why) {
    document.body.classList.toggle("lost", !!why);
    const words = (state && state.words) || {};
    if (why) $("note").textContent = words[why] || why;
    else if (document.body.dataset.lost) $("note").textContent = "";
    document.body.dataset.lost = why;
  }

  $("lang").onclick = () => send({ t: "lang", l: $("lang").dataset.lang });
  $("undo").onclick = () => send({ t: "undo", v: state.rev });
  $("tiger").onclick = () => send({ t: "tiger", v: state.rev });
  $("ask-yes").onclick = () => { $("ask").close(); if (asking) asking(); asking = null; };
  $("ask-no").onclick = () => { $("ask").close(); asking = null; };
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { connect(); keepAwake(); } });
  document.addEventListener("pointerdown", unlock, { passive: true });
  window.addEventListener("online", connect);
  window.meowcade = { get state() { return state; }, get socket() { return ws; }, nudges: 0,   // tests
                     get awake() { return !!wake; }, get sounding() { return !!audio; } };
  connect();
})();
