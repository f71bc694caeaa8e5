// The range-analysis page: the hero and 1 to 5 villains (hands or ranges, a range edited on
// the shared 13 x 13 grid of grid.js), the board, dead cards, and five tabs, each one view
// of /api/analysis/{view}/stream: per-combo equity (the grid coloured by each starting
// hand's equity), equity by hand class and what wins, the equity distribution (the sorted
// curve and its quantiles), runouts (the 52 cards coloured by the equity change each turn or
// river card brings) and the flop report (a sortable table, filtered by texture). The state
// lives in the URL (/analysis?p=QQ%2B&p=JJ-99&board=Jh9h2c&player=0&tab=runouts); the page
// rebuilds itself from it. Long work streams its progress and can be stopped; results and
// errors are announced through the status line (a live region). The game selector (game= in
// the URL, as on the odds calculator) switches to Omaha with 4, 5 or 6 hole cards: hands and
// Omaha ranges in the text fields (no 13 x 13 grid), each range's hand count from
// /api/range/{game}, and every tab (the flop report of Omaha hands and narrow ranges: wide
// ones are refused with the sizes named). Heads-up on a flop, the runouts tab also draws the
// full turn x river grid (with a table for screen readers).
import { clientId, CLIENT_HEADER, getJSON, nav, pct, RANKS, SUIT_SYMBOL, cardsIn } from './api.js';
import { rovingGrid } from './a11y.js';
import { gridCells, RangeEditor } from './grid.js';
import { statusLine } from './status.js';

nav('/analysis');
const $ = id => document.getElementById(id);
const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
const say = statusLine($('state'));
const TABS = ['combos', 'classes', 'distribution', 'runouts', 'flops'];
const DEFAULTS = { p: ['QQ+,AK', 'JJ-88,AQs,KQs'], board: 'Jh9h2c' };
const GAMES = { holdem: { hole: 2, p: DEFAULTS.p },
                omaha: { hole: 4, p: ['AsKsQdJd', 'AA:$ds, JT98'] },
                omaha5: { hole: 5, p: ['AsKsQdJd9c', 'AA:$ds'] },
                omaha6: { hole: 6, p: ['AsKsQdJd9c8c', 'AA:$ds'] } };
const game = $('game');
const omaha = () => game.value !== 'holdem';
const MAX_PLAYERS = 6;
const FLOP_PAGE = 100;

// ---------------------------------------------------------------- the players and the grid
let target = 0;  // the player whose range the grid edits
const editor = new RangeEditor($('range-box'), text => {
  const input = $(`p${target}`);
  if (input) { input.value = text; schedule(); }
}, { label: 'Range grid' });

const playerName = i => (i === 0 ? 'Hero' : `Villain ${i}`);
const playerInputs = () => [...document.querySelectorAll('#players input')];

function renderPlayers(texts) {
  const holdem = !omaha();
  const hint = holdem ? (i => (i ? 'JJ-99,AQs' : 'AhKh or QQ+,AK'))
    : (i => (i ? 'AA:$ds, JT98' : `${'AsKsQdJd9c8c'.slice(0, 2 * GAMES[game.value].hole)}`));
  $('players').innerHTML = texts.map((t, i) => `<div class="an-player">
    <label for="p${i}">${playerName(i)}</label>
    <input type="text" id="p${i}" autocomplete="off" spellcheck="false" value="${esc(t)}"
      aria-describedby="players-help count${i}" placeholder="${hint(i)}">
    ${holdem ? `<button type="button" class="icon" data-edit="${i}" aria-pressed="${i === target}"
      aria-label="Edit the range of ${playerName(i).toLowerCase()} on the grid">Grid</button>`
      : '<span></span>'}
    ${i ? `<button type="button" class="icon" data-remove="${i}"
      aria-label="Remove ${playerName(i).toLowerCase()}">×</button>` : '<span></span>'}
    <span class="an-count hint" id="count${i}"></span></div>`).join('');
  $('players-help').textContent = holdem
    ? 'Hero and 1 to 5 villains: a hand (AhKh) or a range (QQ+,AKs, 15%). Edit a range on the grid with its Grid button.'
    : `Hero and 1 to 5 villains: a ${GAMES[game.value].hole}-card Omaha hand, random, or an Omaha range (AA:$ds, JT98, 15%).`;
  $('editor-box').hidden = !holdem;
  playerInputs().forEach(countRange);
  $('add-player').disabled = texts.length >= MAX_PLAYERS;
  const select = $('player');
  const chosen = Math.min(+select.value || 0, texts.length - 1);
  select.innerHTML = texts.map((_, i) => `<option value="${i}">${playerName(i)}</option>`).join('');
  select.value = String(chosen);
}

function setTarget(i, load = true) {
  target = i;
  document.querySelectorAll('[data-edit]').forEach(b =>
    b.setAttribute('aria-pressed', String(+b.dataset.edit === i)));
  $('editor-title').textContent = `Range of ${i ? `villain ${i}` : 'the hero'}`;
  if (load) editor.load($(`p${i}`)?.value || '');
}

// A range's hands as the server counts them for the game, or the parser's message.
const counting = new WeakMap();
function countRange(input) {
  const box = $(`count${input.id.slice(1)}`);
  const last = counting.get(input);
  if (last) { clearTimeout(last.timer); last.controller.abort(); }
  const text = input.value.trim();
  const g = GAMES[game.value];
  const isHand = cardsIn(text).length === g.hole && text.replace(/\s/g, '').length === 2 * g.hole;
  if (!box || !text || isHand || /^(random|any|\?+|xx|\*)$/i.test(text)) {
    if (box) box.textContent = '';
    return;
  }
  const controller = new AbortController();
  const timer = setTimeout(async () => {
    try {
      const info = await getJSON(`/api/range/${game.value}`, { text }, controller.signal);
      if (controller.signal.aborted) return;
      box.textContent = g.hole === 2
        ? `${(+info.combos.toFixed(2)).toLocaleString('en')} combos`
        : `${info.hands.toLocaleString('en')} ${info.hands === 1 ? 'hand' : 'hands'} of ${g.hole} cards`;
      box.classList.remove('error');
    } catch (e) {
      if (!controller.signal.aborted) { box.textContent = e.message; box.classList.add('error'); }
    }
  }, 250);
  counting.set(input, { timer, controller });
}

$('players').addEventListener('click', e => {
  const edit = e.target.closest('[data-edit]');
  const remove = e.target.closest('[data-remove]');
  if (edit) {
    setTarget(+edit.dataset.edit);
  } else if (remove) {
    const texts = playerInputs().map(x => x.value);
    texts.splice(+remove.dataset.remove, 1);
    renderPlayers(texts);
    setTarget(Math.min(target, texts.length - 1));
    $('add-player').focus();
    schedule();
  }
});
$('players').addEventListener('input', e => {
  const i = +e.target.id.slice(1);
  if (i === target && !omaha()) editor.load(e.target.value, { delay: 250, typed: true });
  countRange(e.target);
  schedule();
});
$('add-player').addEventListener('click', () => {
  const texts = playerInputs().map(x => x.value);
  texts.push('random');
  renderPlayers(texts);
  setTarget(texts.length - 1);
  $(`p${texts.length - 1}`).focus();
  schedule();
});
for (const id of ['board', 'dead']) $(id).addEventListener('input', () => schedule());
$('player').addEventListener('change', () => analyse());
// A change of game puts the game's example players in (hands of another size do not fit).
game.addEventListener('change', () => {
  renderPlayers(GAMES[game.value].p);
  setTarget(0, !omaha());
  say(`${game.selectedOptions[0].textContent}: example players put in.`, 'muted');
  schedule();
});

// ---------------------------------------------------------------- tabs
let tab = 'combos';
const tabButtons = TABS.map(t => $(`tab-${t}`));
function showTab(name, focus = false) {
  tab = name;
  tabButtons.forEach(b => {
    const on = b.dataset.view === name;
    b.setAttribute('aria-selected', String(on));
    b.tabIndex = on ? 0 : -1;
    $(b.getAttribute('aria-controls')).hidden = !on;
    if (on && focus) b.focus();
  });
}
tabButtons.forEach((b, k) => {
  b.addEventListener('click', () => { showTab(b.dataset.view); analyse(); });
  b.addEventListener('keydown', e => {
    const to = { ArrowRight: k + 1, ArrowLeft: k - 1, Home: 0, End: TABS.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    showTab(TABS[(to + TABS.length) % TABS.length], true);
    analyse();
  });
});

// ---------------------------------------------------------------- the state in the URL
function spot() {
  return { hands: playerInputs().map(x => x.value.trim()), board: $('board').value.trim(),
           dead: $('dead').value.trim(), player: +$('player').value || 0, game: game.value };
}

function writeUrl(s) {
  const q = new URLSearchParams();
  if (s.game !== 'holdem') q.set('game', s.game);
  s.hands.forEach(h => q.append('p', h));
  if (s.board) q.set('board', s.board);
  if (s.dead) q.set('dead', s.dead);
  if (s.player) q.set('player', s.player);
  if (tab !== 'combos') q.set('tab', tab);
  if (tab === 'flops') {  // the flop table's sort and filters
    if (flopState.sort !== 'weight' || !flopState.descending) {
      q.set('sort', flopState.sort);
      q.set('order', flopState.descending ? 'desc' : 'asc');
    }
    for (const [k, v] of Object.entries(flopState.filters)) if (v) q.set(k, v);
  }
  const text = `?${q.toString().replace(/%2C/g, ',')}`;
  history.replaceState(null, '', `/analysis${text}`);
  return text;
}

function readUrl() {
  const q = new URLSearchParams(location.search);
  const hands = q.getAll('p').slice(0, MAX_PLAYERS);
  const given = hands.length >= 2;
  game.value = GAMES[q.get('game')] ? q.get('game') : 'holdem';
  renderPlayers(given ? hands : GAMES[game.value].p);
  $('board').value = q.has('board') || given ? q.get('board') || ''
    : (omaha() ? 'Ts9s2d' : DEFAULTS.board);
  $('dead').value = q.get('dead') || '';
  const player = +q.get('player');
  if (Number.isInteger(player) && player > 0 && player < playerInputs().length) {
    $('player').value = String(player);
  }
  showTab(TABS.includes(q.get('tab')) ? q.get('tab') : 'combos');
  const sort = q.get('sort') || 'weight';
  if (/^(flop|weight|suits|high|equity_[1-6])$/.test(sort)) {
    flopState.sort = sort;
    flopState.descending = q.get('order') !== 'asc';
  }
  for (const [k, allowed] of Object.entries(FLOP_FILTERS)) {
    if (allowed.includes(q.get(k))) flopState.filters[k] = q.get(k);
  }
}

// ---------------------------------------------------------------- talking to the server
const cache = new Map();   // request key -> answer
let controller = null;     // the running request's AbortController
let serial = 0;

// The server-sent events of a response, as they come: {event, data} (comments skipped).
async function* serverEvents(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    const blocks = (pending + chunk.value).split('\n\n');
    pending = blocks.pop();  // an event not complete yet
    for (const block of blocks) {
      const fields = Object.fromEntries(block.split('\n').filter(l => !l.startsWith(':'))
        .map(l => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]));
      if (fields.data !== undefined) yield { event: fields.event, data: JSON.parse(fields.data) };
    }
  }
}

// One view of the analysis, streamed: progress events move the bar; resolves to the answer
// (the result event's data), rejects with the server's message.
async function stream(view, body, query, signal) {
  const key = JSON.stringify([view, body, query]);
  if (cache.has(key)) return cache.get(key);
  const response = await fetch(`/api/analysis/${view}/stream?${new URLSearchParams(query)}`, {
    method: 'POST', body: JSON.stringify(body), signal,
    headers: { 'Content-Type': 'application/json', [CLIENT_HEADER]: clientId() } });
  if (!response.ok) {
    const error = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
    throw new Error(error.error || `HTTP ${response.status}`);
  }
  for await (const { event, data } of serverEvents(response)) {
    if (event === 'error') throw new Error(data.error);
    if (event === 'result') {
      cache.set(key, data);
      return data;
    }
    $('progress').hidden = false;
    $('progress').value = data.total ? data.done / data.total : 0;
    say(`Working: ${data.done.toLocaleString('en')}${
      data.total ? ` of ${data.total.toLocaleString('en')}` : ''}…`, 'muted');
  }
  throw new Error('the connection closed before the result came');
}

// An edit: the panel's result no longer answers the input, so it greys at once, and the run
// of the older input stops (its result, if it came in the wait, would show as current).
let timer = null;
function schedule() {
  clearTimeout(timer);
  serial++;
  controller?.abort();
  const panel = $(`panel-${tab}`);
  delete panel.dataset.for;
  panel.classList.add('stale');
  timer = setTimeout(() => analyse(), 600);
}

function markInvalid(message) {
  document.querySelectorAll('#form [aria-invalid]').forEach(x => x.removeAttribute('aria-invalid'));
  const who = /\bplayer (\d)\b/.exec(message);
  if (who && $(`p${+who[1] - 1}`)) $(`p${+who[1] - 1}`).setAttribute('aria-invalid', 'true');
  if (/^board\b|\bboard\b/.test(message) && !who) $('board').setAttribute('aria-invalid', 'true');
  if (/^dead\b/.test(message)) $('dead').setAttribute('aria-invalid', 'true');
}

async function analyse() {
  clearTimeout(timer);
  const s = spot();
  const where = writeUrl(s);
  const mine = ++serial;
  controller?.abort();
  controller = new AbortController();
  const { signal } = controller;
  const body = { hands: s.hands };
  if (s.game !== 'holdem') body.game = s.game;
  if (s.board && tab !== 'flops') body.board = s.board;
  if (s.dead) body.dead = s.dead;
  const panel = $(`panel-${tab}`);
  if (!panel.childElementCount || panel.querySelector(':scope > .an-no-result')) {
    panel.innerHTML = '<p class="muted an-no-result">Working…</p>';
  }
  panel.classList.add('stale');
  panel.setAttribute('aria-busy', 'true');
  $('stop').disabled = false;
  $('progress').value = 0;
  say(tab === 'flops' ? 'Dealing every flop…' : 'Analysing…', 'muted');
  const views = { combos: ['distribution'], distribution: ['distribution'],
                  classes: ['classes', 'what-wins'], runouts: ['runouts'], flops: ['flops'] }[tab];
  const results = {};
  const failures = {};
  try {
    for (const view of views) {
      const query = ['distribution', 'classes'].includes(view) ? { player: s.player } : {};
      if (view === 'runouts' && s.hands.length === 2 && cardsIn(s.board).length === 3) query.grid = 1;
      try {
        results[view] = await stream(view, body, query, signal);
      } catch (e) {
        if (signal.aborted) throw e;
        failures[view] = e.message;
      }
    }
  } catch (e) {
    if (mine === serial) finish(where);
    if (mine === serial) say('Stopped.', 'muted');
    return;
  }
  if (mine !== serial) return;
  finish(where);
  const failed = views.filter(v => failures[v]);
  if (failed.length === views.length) {
    markInvalid(failures[views[0]]);
    panel.innerHTML = '<p class="muted an-no-result">No result: see the message above.</p>';
    say(failures[views[0]], 'error');
    return;
  }
  markInvalid('');
  const summary = DRAW[tab](panel, results, failures, s);
  panel.dataset.for = where;
  say(summary);
}

function finish(where) {
  const panel = $(`panel-${tab}`);
  panel.classList.remove('stale');
  panel.setAttribute('aria-busy', 'false');
  $('stop').disabled = true;
  $('progress').hidden = true;
  delete panel.dataset.for;
  panel.dataset.asked = where;
}

// Stop (also the run an edit is waiting to start): a panel that had no result yet says so
// (not "Working…"); one that has a result keeps it greyed, as it answers an older input (the
// input's own result would have come from the cache, with nothing to stop).
$('stop').addEventListener('click', () => {
  clearTimeout(timer);
  serial++;
  controller?.abort();
  finish(location.search);
  const panel = $(`panel-${tab}`);
  if (panel.querySelector(':scope > .an-no-result')) {
    panel.innerHTML = '<p class="muted an-no-result">Stopped: no result yet. Analyse to run it again.</p>';
  } else if (panel.childElementCount) {
    panel.classList.add('stale');
  }
  say('Stopped.', 'muted');
});
$('form').addEventListener('submit', e => { e.preventDefault(); analyse(); });

// ---------------------------------------------------------------- drawing
// An equity change in whole points, with its sign ('+12', '−3', '0').
const signed = d => {
  const points = Math.round(100 * d);
  return points > 0 ? `+${points}` : points < 0 ? `−${-points}` : '0';
};
function colour(t) {  // t in [0, 1]: red, white, blue
  const mix = (a, b, u) => Math.round(a + (b - a) * u);
  return t < 0.5
    ? [mix(214, 248, t * 2), mix(72, 248, t * 2), mix(64, 250, t * 2)]
    : [mix(248, 25, (t - 0.5) * 2), mix(248, 90, (t - 0.5) * 2), mix(250, 200, (t - 0.5) * 2)];
}
function ink([r, g, b]) {  // black or white text, whichever contrasts more (WCAG luminance)
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.179 ? '#000' : '#fff';
}
const paint = (el, t) => {
  const rgb = colour(Math.max(0, Math.min(1, t)));
  el.style.background = `rgb(${rgb.join(', ')})`;
  el.style.color = ink(rgb);
};
const label = (players, i) => esc(players[i]);
const others = (players, p) => players.filter((_, i) => i !== p).map(esc).join(', ');
const className = combo => {  // 'AdKd' -> 'AKs'
  const [r1, s1, r2, s2] = combo;
  const [hi, lo] = RANKS.indexOf(r1) <= RANKS.indexOf(r2) ? [r1, r2] : [r2, r1];
  return hi === lo ? hi + lo : hi + lo + (s1 === s2 ? 's' : 'o');
};

function drawOmahaCombos(panel, data) {
  const who = data.players[data.player];
  const shown = data.rows.slice(0, 200);
  panel.innerHTML = `<p class="an-lead">Each hand of <b>${esc(who)}</b> with its equity against
    ${others(data.players, data.player)}${data.board ? ` on ${esc(data.board)}` : ' preflop'}
    (${data.exact ? 'exact' : 'Monte Carlo'}), best first; mean <b>${pct(data.summary.mean, 2)}</b>.</p>
    <div class="an-scroll an-tall" tabindex="0" role="region" aria-label="Hands by equity"><table class="plain an-table" id="combo-table"><caption class="sr-only">
    Each hand of ${esc(who)} with its probability and equity, best first</caption><thead><tr>
    <th scope="col">hand</th><th scope="col">probability</th><th scope="col">equity</th></tr></thead><tbody>${
    shown.map(r => `<tr><td class="mono">${esc(r.combo)}</td><td>${pct(r.weight, 2)}</td><td class="an-eq"><span
      class="an-bar" aria-hidden="true"><i style="width:${100 * r.equity}%"></i></span>${pct(r.equity, 1)}</td></tr>`).join('')}
    </tbody></table></div>${data.rows.length > shown.length ? `<p class="hint">The best ${shown.length} of
    ${data.rows.length.toLocaleString('en')} hands; the distribution tab shows them all as a curve.</p>` : ''}`;
  return `${who}: mean equity ${pct(data.summary.mean, 2)} over ${data.rows.length} hands.`;
}

function drawCombos(panel, { distribution: d }) {
  const data = d.data;
  if (!data.hands) return drawOmahaCombos(panel, data);
  const who = data.players[data.player];
  panel.innerHTML = `<p class="an-lead">Each starting hand of <b>${esc(who)}</b> coloured by its
    equity against ${others(data.players, data.player)}${data.board ? ` on ${esc(data.board)}` : ' preflop'}
    (${data.exact ? 'exact' : 'Monte Carlo'}); mean <b>${pct(data.summary.mean, 2)}</b>.</p>
    <div id="combo-grid" class="an-grid" aria-describedby="combo-hint"></div>
    <p class="hint" id="combo-hint">Red below 50%, blue above; grey: not in the range. Pick a
      starting hand (click, or arrow keys and Enter) to list its combos.</p>
    <p id="combo-detail" class="an-detail" aria-live="polite"></p>`;
  const byHand = new Map(data.hands.map(h => [h.hand, h]));
  const combos = new Map();
  for (const r of data.rows) {
    const name = className(r.combo);
    if (!combos.has(name)) combos.set(name, []);
    combos.get(name).push(r);
  }
  const cells = gridCells($('combo-grid'), name => {
    const h = byHand.get(name);
    cells.forEach(c => c.classList.toggle('sel', c.dataset.class === name));
    $('combo-detail').textContent = h
      ? `${name}: ${h.combos} combo${h.combos > 1 ? 's' : ''}, equity ${pct(h.equity, 2)} — ${
        (combos.get(name) || []).map(r => `${r.combo} ${pct(r.equity, 1)}`).join(', ')}`
      : `${name} is not in the range.`;
  }, { label: `Equity of each starting hand of ${who}` });
  for (const cell of cells) {
    const h = byHand.get(cell.dataset.class);
    if (h && h.equity !== null) {
      paint(cell, h.equity);
      cell.innerHTML = `${cell.dataset.class}<span class="an-value">${(100 * h.equity).toFixed(0)}</span>`;
      cell.setAttribute('aria-label', `${cell.dataset.class}, equity ${pct(h.equity, 1)}`);
      cell.title = `${cell.dataset.class}: ${h.combos} combos, equity ${pct(h.equity, 2)}`;
    } else {
      cell.classList.add('out');
      cell.setAttribute('aria-label', `${cell.dataset.class}, not in the range`);
    }
  }
  return `${who}: mean equity ${pct(data.summary.mean, 2)} over ${data.rows.length} combos.`;
}


// How a what-wins answer was counted: exact, on a sample of boards, or (Omaha, too many
// matchups to list) on a sample of matchups, each on every board to come or, preflop, on
// the sampled boards.
function winsHow(w) {
  const n = (x) => x.toLocaleString('en');
  if (w.exact) return 'Exact';
  if (w.samples) {
    const boards = w.board ? `all ${n(w.boards)} boards` : `${n(w.boards)} sampled boards`;
    return `Monte Carlo: ${n(w.samples)} matchups sampled, each on ${boards}`;
  }
  return `${n(w.boards)} sampled boards`;
}

function drawClasses(panel, results, failures) {
  let html = '';
  let summary = '';
  const c = results.classes?.data;
  if (c) {
    const who = c.players[c.player];
    html += `<h3>Equity of ${esc(who)} by made hand and draw</h3>
      <div class="an-scroll"><table class="plain an-table" id="class-table"><caption class="sr-only">
      The range of ${esc(who)} on ${esc(c.board)} by class, with each class's equity against
      ${others(c.players, c.player)}</caption><thead><tr><th scope="col">class</th><th scope="col">kind</th>
      <th scope="col">combos</th><th scope="col">share</th><th scope="col">equity</th></tr></thead><tbody>${
      c.classes.map(r => `<tr><td>${esc(r.class)}</td><td>${r.kind}</td><td>${r.combos}</td>
        <td>${pct(r.share, 1)}</td><td class="an-eq"><span class="an-bar" aria-hidden="true"><i style="width:${
        100 * (r.equity ?? 0)}%"></i></span>${r.equity === null ? '–' : pct(r.equity, 1)}</td></tr>`).join('')}
      </tbody><tfoot><tr><td>whole range</td><td></td><td></td><td>100%</td><td>${pct(c.equity, 2)}</td></tr></tfoot></table></div>
      <p class="hint">A combo is in one made-hand class; draws are counted beside (a combo may
      have several, or none), so the draws' shares need not add up to 100%.</p>`;
    summary = `${who}: equity ${pct(c.equity, 2)} on ${c.board}, ${c.classes.length} classes.`;
  } else {
    html += `<h3>Equity by made hand and draw</h3><p class="muted">${esc(failures.classes)}</p>`;
  }
  const w = results['what-wins']?.data;
  if (w) {
    html += `<h3>What wins: each player's final hands and the pot won with each</h3>
      <p class="hint">${winsHow(w)}. held: how
      often the player ends with the class; won: the pot share won with it (adds up to the
      player's equity); won if held: won / held.</p>
      <div class="an-scroll"><table class="plain an-table" id="wins-table"><caption class="sr-only">
      What wins: per player and final hand class, how often it is held and the pot won with it</caption>
      <thead><tr><th scope="col">player</th><th scope="col">final hand</th><th scope="col">held</th>
      <th scope="col">won</th><th scope="col">won if held</th></tr></thead><tbody>${
      w.rows.map(r => `<tr><td>${esc(r.label)}</td><td>${esc(r.class)}</td><td>${pct(r.held, 1)}</td>
        <td>${pct(r.won, 1)}</td><td>${pct(r.won_if_held, 1)}</td></tr>`).join('')}</tbody></table></div>`;
    summary ||= `What wins: equity ${w.players.map((p, i) => `${p} ${pct(w.equity[i], 1)}`).join(', ')}.`;
  } else {
    html += `<h3>What wins</h3><p class="muted">${esc(failures['what-wins'])}</p>`;
  }
  panel.innerHTML = html;
  return summary;
}

function drawDistribution(panel, { distribution: d }) {
  const data = d.data;
  const who = data.players[data.player];
  const w = 560, h = 260, left = 44, bottom = 30, top = 10, right = 22;
  const x = v => left + v * (w - left - right);
  const y = v => top + (1 - v) * (h - top - bottom);
  let path = `M${x(0)},${y(data.rows[0]?.equity ?? 0)}`;
  let at = 0;
  for (const r of data.rows) {
    path += `L${x(at).toFixed(2)},${y(r.equity).toFixed(2)}L${x(r.cumulative).toFixed(2)},${y(r.equity).toFixed(2)}`;
    at = r.cumulative;
  }
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  const grid = ticks.map(v => `<line x1="${left}" x2="${w - right}" y1="${y(v)}" y2="${y(v)}" stroke="#eef0f4"/>
    <text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${100 * v}%</text>
    <text x="${x(v)}" y="${h - 10}" text-anchor="middle">${100 * v}%</text>`).join('');
  const s = data.summary;
  const text = `The equity of each combo of ${who}, best first, against the share of the range:
    mean ${pct(s.mean, 1)}; ${pct(s.at_least['0.5'], 1)} of the range has at least 50% equity,
    ${pct(s.at_least['0.75'], 1)} at least 75%.`;
  panel.innerHTML = `<p class="an-lead">${esc(who)} against ${others(data.players, data.player)}${
    data.board ? ` on ${esc(data.board)}` : ' preflop'}: mean equity <b>${pct(s.mean, 2)}</b>.</p>
    <svg class="curve an-curve" viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-labelledby="dist-summary">
      ${grid}<line x1="${left}" x2="${w - right}" y1="${y(0.5)}" y2="${y(0.5)}" stroke="#e0822b" stroke-dasharray="4 3"/>
      <path d="${path}" fill="none" stroke="#1f6feb" stroke-width="2"/></svg>
    <p class="sr-only" id="dist-summary">${esc(text)}</p>
    <p class="legend" aria-hidden="true">share of the range (best combos first) → · equity ↑ · dashed: 50%</p>
    <div class="an-quantiles">
      <table class="plain an-table" id="at-least"><caption>Share of the range with at least</caption>
        <thead><tr><th scope="col">equity</th><th scope="col">share of the range</th></tr></thead><tbody>${
        Object.entries(s.at_least).map(([k, v]) => `<tr><td>${pct(+k, 0)}</td><td>${pct(v, 1)}</td></tr>`).join('')}</tbody></table>
      <table class="plain an-table" id="quantiles"><caption>Equity that the best share of the range reaches</caption>
        <thead><tr><th scope="col">share of the range</th><th scope="col">equity at least</th></tr></thead><tbody>${
        Object.entries(s.quantiles).map(([k, v]) => `<tr><td>${pct(+k, 0)}</td><td>${pct(v, 1)}</td></tr>`).join('')}</tbody></table>
    </div>`;
  return `${who}: mean equity ${pct(s.mean, 2)}; ${pct(s.at_least['0.5'], 1)} of the range has at least 50%.`;
}

function drawRunouts(panel, { runouts: r }, failures, s) {
  const data = r.data;
  const p = Math.min(s.player, data.players.length - 1);
  const rows = new Map(data.cards.map(c => [c.card, c]));
  const board = new Set(cardsIn(data.board));
  const dead = new Set(cardsIn(s.dead));
  const held = new Set(s.hands.flatMap(h => cardsIn(h)));
  const suits = ['s', 'h', 'd', 'c'];
  const cards = suits.flatMap(su => [...RANKS].map(rk => rk + su));
  const now = data.equity_now[p];
  const sampled = data.exact === false;  // Omaha beyond the exact limit: sampled matchups
  const se = i => (sampled ? `\u00a0${plusMinus(data.stderr_now[i])}` : '');
  const cardSe = row => (sampled ? `\u00a0${plusMinus(row[`stderr_${p + 1}`])}` : '');
  panel.innerHTML = `<p class="an-lead">Equity now (before the ${data.next}): ${data.players.map((n, i) =>
    `${esc(n)} <b>${pct(data.equity_now[i], 1)}</b>${se(i)}`).join(' · ')}. Each ${data.next} card coloured
    by the change of <b>${esc(data.players[p])}</b>'s equity (${pct(now, 1)} now).</p>${
    sampled ? `<p class="an-method" id="runout-method"><span class="badge mc">Monte Carlo</span>
      ${data.samples.toLocaleString('en')} matchups sampled, each played out on every ${data.next}
      card: every figure is an estimate, ± one standard error.</p>` : ''}
    <div id="runout-cards" class="an-cards" role="grid" aria-label="Each ${data.next} card and the equity of ${
    esc(data.players[p])} after it">${suits.map(su => `<div role="row" class="an-card-row">${[...RANKS].map(rk => {
      const card = rk + su;
      const row = rows.get(card);
      const why = board.has(card) ? 'on the board' : dead.has(card) ? 'dead' : held.has(card) ? 'in a hand' : 'cannot come';
      if (!row) {
        return `<div role="gridcell" class="an-card used ${su}" aria-label="${rk}${SUIT_SYMBOL[su]}, ${why}">${
          rk}${SUIT_SYMBOL[su]}<span class="an-value">–</span></div>`;
      }
      const delta = row[`delta_${p + 1}`];
      const after = row[`equity_${p + 1}`];
      return `<div role="gridcell" class="an-card ${su}${row.leader_changed ? ' lead' : ''}" data-card="${card}"
        data-delta="${delta}" aria-label="${rk}${SUIT_SYMBOL[su]}: ${pct(after, 1)}${cardSe(row)}, ${delta >= 0 ? 'up' : 'down'} ${
        (100 * Math.abs(delta)).toFixed(1)} points${row.leader_changed ? ', the lead changes' : ''}"
        title="${card}: ${pct(after, 2)}${cardSe(row)} (${delta >= 0 ? '+' : ''}${(100 * delta).toFixed(1)})">${rk}${SUIT_SYMBOL[su]}<span
        class="an-value">${signed(delta)}</span></div>`;
    }).join('')}</div>`).join('')}</div>
    <p class="hint">The figure under a card: the change in equity points. Red: down, blue: up;
      grey cards cannot come (board, dead or in a known hand); an outlined card changes the leader.</p>${
    sampled ? `<p class="hint" id="runout-card-errors">Standard errors of ${esc(data.players[p])}'s equity
      after a card: ${errorSpan(data.cards.map(c => c[`stderr_${p + 1}`]))} (a card's own shows when
      pointed at; pick a card for every player's figures).</p>
      <p id="runout-detail" class="an-detail" aria-live="polite"></p>` : ''}
    <h3>By card class</h3>
    <div class="an-scroll" tabindex="0" role="region" aria-label="Equity by card class"><table class="plain an-table" id="runout-classes"><caption class="sr-only">
      Each player's equity given the class of the ${data.next} card</caption><thead><tr>
      <th scope="col">${data.next} card</th><th scope="col">cards</th><th scope="col">probability</th>${
      data.players.map(n => `<th scope="col">${esc(n)}</th>`).join('')}</tr></thead><tbody>${
      data.by_class.map(c => `<tr><td>${esc(c.class)}</td><td>${c.cards}</td><td>${pct(c.weight, 1)}</td>${
        c.equity.map((e, i) => `<td>${pct(e, 1)}${c.stderr ? `\u00a0${plusMinus(c.stderr[i])}` : ''}</td>`).join('')}</tr>`).join('')}</tbody></table></div>`;
  if (data.grid) panel.insertAdjacentHTML('beforeend', runoutGrid(data, p));
  for (const el of panel.querySelectorAll('.an-card[data-delta]')) paint(el, 0.5 + +el.dataset.delta);
  for (const el of panel.querySelectorAll('.an-tr[data-eq]')) paint(el, +el.dataset.eq);
  // Sampled, picking a card lists every player's equity after it with its standard error.
  const detail = el => {
    const row = el && rows.get(el.dataset.card);
    if (!sampled || !row) return;
    $('runout-detail').textContent = `${row.card}: ${data.players.map((n, i) =>
      `${n} ${pct(row[`equity_${i + 1}`], 2)}\u00a0${plusMinus(row[`stderr_${i + 1}`])}`).join(', ')}.`;
  };
  const cardCells = [...panel.querySelectorAll('.an-card')];
  rovingGrid(cardCells, 13, { activate: detail });
  if (sampled) panel.querySelector('#runout-cards').addEventListener('click', e => detail(e.target.closest('.an-card')));
  const moved = data.cards.filter(c => c.moved).length;
  return `${data.cards.length} ${data.next} cards; ${moved} move a player's equity by more than ${
    pct(data.threshold, 0)}${sampled ? ` (Monte Carlo: ${data.samples.toLocaleString('en')} matchups sampled)` : ''}.`;
}

// A standard error as shown beside its figure: '± 0.07%' (a no-break space: one line).
const plusMinus = se => `±\u00a0${pct(se, 2)}`;
// The range of some standard errors, in words ('± 0.05% to ± 0.09%').
function errorSpan(values) {
  const known = values.filter(v => v !== null && v !== undefined);
  if (!known.length) return '–';
  const lo = Math.min(...known), hi = Math.max(...known);
  return pct(lo, 2) === pct(hi, 2) ? plusMinus(lo) : `${plusMinus(lo)} to ${plusMinus(hi)}`;
}

// The turn x river grid of a flop (heads-up): one player's equity on every final board, a
// matrix of small coloured cells (hidden from screen readers) and the same as a table.
function runoutGrid(data, p) {
  const g = data.grid;
  const name = esc(data.players[p]);
  // Sampled (g.stderr): each board's equity with its standard error.
  const se = (t, r) => (g.stderr ? `\u00a0${plusMinus(g.stderr[p][t][r])}` : '');
  const cell = (t, r) => {
    const e = g.equity[p][t][r];
    return e === null ? '<i class="an-tr none"></i>'
      : `<i class="an-tr" data-eq="${e}" title="${g.cards[t]} ${g.cards[r]}: ${pct(e, 1)}${se(t, r)}"></i>`;
  };
  const n = g.cards.length;
  return `<h3>Every turn and river</h3>
    <p class="hint">${name}'s equity on each final board: turn down, river across; red below 50%,
      blue above, grey: the same card twice.${g.stderr ? ` Monte Carlo: standard errors ${
      errorSpan(g.stderr[p].flat())} (a board's own shows when pointed at).` : ''}</p>
    <div class="an-scroll" tabindex="0" role="region" aria-label="Turn and river grid"><div class="an-turn-river" id="turn-river" aria-hidden="true"
      style="grid-template-columns: 2.2em repeat(${n}, minmax(5px, 1fr))"><b></b>${
      g.cards.map(c => `<b class="an-tr-head">${c}</b>`).join('')}${
      g.cards.map((c, t) => `<b class="an-tr-head">${c}</b>${
        g.cards.map((_, r) => cell(t, r)).join('')}`).join('')}</div></div>
    <div class="sr-only"><table id="turn-river-table"><caption>${name}'s equity on every turn (rows)
      and river (columns)${g.stderr ? ', Monte Carlo, ± one standard error' : ''}</caption><thead><tr><th scope="col">turn</th>${
      g.cards.map(c => `<th scope="col">${c}</th>`).join('')}</tr></thead><tbody>${
      g.cards.map((c, t) => `<tr><th scope="row">${c}</th>${g.cards.map((_, r) => {
        const e = g.equity[p][t][r];
        return `<td>${e === null ? '–' : g.stderr ? `${pct(e, 1)}\u00a0${plusMinus(g.stderr[p][t][r])}` : pct(e, 0)}</td>`;
      }).join('')}</tr>`).join('')}</tbody></table></div>`;
}

// The flop report: filters by texture, a sortable table (first FLOP_PAGE rows, more on ask).
const FLOP_FILTERS = { paired: ['1', '0'], suits: ['rainbow', 'two-tone', 'monotone'],
                       connected: ['1', '0'], high: [...RANKS] };
const flopState = { sort: 'weight', descending: true, shown: FLOP_PAGE,
                    filters: { paired: '', suits: '', connected: '', high: '' } };
function drawFlops(panel, { flops: f }) {
  const data = f.data;
  const n = data.players.length;
  const columns = [['flop', 'flop'], ['weight', 'probability'],
    ...data.players.map((p, i) => [`equity_${i + 1}`, `${p}`]), ['suits', 'suits'], ['high', 'high']];
  panel.innerHTML = `<p class="an-lead">Every flop of ${data.players.map(esc).join(' vs ')} (preflop:
    ${data.players.map((p, i) => `${esc(p)} <b>${pct(data.overall[i], 1)}</b>`).join(' · ')}).</p>
    <div class="row an-filters">
      <label class="small">paired <select id="f-paired"><option value="">any</option><option value="1">yes</option><option value="0">no</option></select></label>
      <label class="small">suits <select id="f-suits"><option value="">any</option><option>rainbow</option><option>two-tone</option><option>monotone</option></select></label>
      <label class="small">connected <select id="f-connected"><option value="">any</option><option value="1">yes</option><option value="0">no</option></select></label>
      <label class="small">high card <select id="f-high"><option value="">any</option>${[...RANKS].map(r => `<option>${r}</option>`).join('')}</select></label>
    </div>
    <p id="flop-count" class="an-detail" aria-live="polite"></p>
    <div class="an-scroll"><table class="plain an-table" id="flop-table"><caption class="sr-only">Each flop
      class with its probability, each player's equity and its texture; sort by a column's button</caption>
      <thead><tr>${columns.map(([key, name]) => `<th scope="col" data-key="${key}"><button type="button"
        class="an-sort" data-key="${key}">${esc(name)}</button></th>`).join('')}</tr></thead><tbody></tbody></table></div>
    <button type="button" id="flop-more" hidden>Show more flops</button>`;
  const filters = Object.keys(FLOP_FILTERS).map(k => $(`f-${k}`));
  filters.forEach(x => { x.value = flopState.filters[x.id.slice(2)]; });
  const draw = () => {
    const { paired, suits, connected, high } = flopState.filters;
    let rows = data.rows.filter(r => (paired === '' || r.paired === (paired === '1'))
      && (suits === '' || r.suits === suits) && (connected === '' || r.connected === (connected === '1'))
      && (high === '' || r.high === high));
    const { sort, descending } = flopState;
    const value = r => (sort === 'high' ? -RANKS.indexOf(r.high) : r[sort]);
    rows = [...rows].sort((a, b) => {
      const va = value(a), vb = value(b);
      return (va < vb ? -1 : va > vb ? 1 : 0) * (descending ? -1 : 1);
    });
    const weight = rows.reduce((t, r) => t + r.weight, 0);
    const eq = data.players.map((_, i) => (weight ? rows.reduce((t, r) => t + r.weight * r[`equity_${i + 1}`], 0) / weight : 0));
    $('flop-count').textContent = `${rows.length.toLocaleString('en')} flop classes, probability ${
      pct(weight, 1)}${weight ? `; equity given them: ${data.players.map((p, i) => `${p} ${pct(eq[i], 1)}`).join(', ')}` : ''}.`;
    panel.querySelector('tbody').innerHTML = rows.slice(0, flopState.shown).map(r => `<tr><td>${esc(r.flop)}</td>
      <td>${pct(r.weight, 3)}</td>${[...Array(n)].map((_, i) => {
        const e = r[`equity_${i + 1}`];
        return `<td class="an-eq"><span class="an-bar" aria-hidden="true"><i style="width:${100 * e}%"></i></span>${pct(e, 1)}</td>`;
      }).join('')}<td>${r.suits}${r.paired ? ', paired' : ''}${r.connected ? ', connected' : ''}</td><td>${r.high}</td></tr>`).join('');
    panel.querySelectorAll('th[data-key]').forEach(th => {
      th.setAttribute('aria-sort', th.dataset.key === sort ? (descending ? 'descending' : 'ascending') : 'none');
    });
    $('flop-more').hidden = rows.length <= flopState.shown;
  };
  // A change of the table's sort or filters goes into the address, which the result still fits.
  const redraw = () => {
    draw();
    panel.dataset.for = writeUrl(spot());
  };
  filters.forEach(x => x.addEventListener('change', () => {
    flopState.filters[x.id.slice(2)] = x.value;
    flopState.shown = FLOP_PAGE;
    redraw();
  }));
  panel.querySelectorAll('button.an-sort').forEach(b => b.addEventListener('click', () => {
    const key = b.dataset.key;
    flopState.descending = flopState.sort === key ? !flopState.descending : key !== 'flop';
    flopState.sort = key;
    redraw();
  }));
  $('flop-more').addEventListener('click', () => { flopState.shown += FLOP_PAGE; draw(); });
  draw();
  return `${data.rows.length.toLocaleString('en')} flop classes; preflop equity ${data.players.map((p, i) =>
    `${p} ${pct(data.overall[i], 1)}`).join(', ')}.`;
}

const DRAW = { combos: drawCombos, classes: drawClasses, distribution: drawDistribution,
               runouts: drawRunouts, flops: drawFlops };

// ---------------------------------------------------------------- start
readUrl();
setTarget(0, !omaha());
analyse();
