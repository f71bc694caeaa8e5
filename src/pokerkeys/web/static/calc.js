// The odds calculator. The whole input lives in the query string (/?p=AhKh&p=QsQd&board=..):
// opening such a URL computes it at once. Every change restarts the calculation; the previous
// request is aborted, which cancels its job on the server.
import { cardsIn, nav, pct, RANKS, streamEquity, SUITS, SUIT_SYMBOL } from './api.js';
import { RangeEditor } from './grid.js';

nav('/');
const $ = id => document.getElementById(id);
const playersBox = $('players');
const board = $('board');
const dead = $('dead');
const method = $('method');
const stderr = $('stderr');
let active = null;            // the text field the card picker writes into
let rangeTarget = null;       // the player field the range editor is bound to
let running = null;           // AbortController of the calculation in flight

// --- players
function addPlayer(text = '') {
  const n = playersBox.children.length + 1;
  if (n > 10) return;
  const row = document.createElement('div');
  row.className = 'player';
  row.innerHTML = `<div class="num">${n}</div>
    <input type="text" class="hand" autocomplete="off" placeholder="AhKh, QQ+,AKs, random">
    <div class="row"><button class="icon range-btn" title="select a range on the grid">Range</button>
    <button class="icon random-btn" title="a random hand">Random</button>
    <button class="icon remove-btn" title="remove this player">✕</button></div>`;
  const input = row.querySelector('input');
  input.value = text;
  wireField(input);
  row.querySelector('.range-btn').addEventListener('click', () => openRange(input));
  row.querySelector('.random-btn').addEventListener('click', () => {
    input.value = 'random'; changed();
  });
  row.querySelector('.remove-btn').addEventListener('click', () => {
    if (playersBox.children.length <= 2) { input.value = ''; changed(); return; }
    row.remove();
    [...playersBox.children].forEach((r, i) => { r.querySelector('.num').textContent = i + 1; });
    if (active === input) setActive(null);
    changed();
  });
  playersBox.append(row);
  return input;
}

const playerInputs = () => [...playersBox.querySelectorAll('input.hand')];

function wireField(input) {
  input.addEventListener('focus', () => setActive(input));
  input.addEventListener('input', () => changed(300));
}

function setActive(input) {
  document.querySelectorAll('input.active').forEach(i => i.classList.remove('active'));
  active = input;
  if (input) input.classList.add('active');
  drawDeck();
}

// --- the card picker
const deck = $('deck');
deck.innerHTML = SUITS.slice().reverse().map(s => [...RANKS].map(r =>
  `<div class="card ${s}" data-card="${r}${s}">${r}${SUIT_SYMBOL[s]}</div>`).join('')).join('');

function capacity(input) {
  if (input === board) return 5;
  if (input === dead) return 40;
  return 2;
}

deck.addEventListener('click', e => {
  const card = e.target.closest('.card')?.dataset.card;
  if (!card) return;
  if (!active) setActive(playerInputs().find(i => !i.value.trim()) || board);
  const mine = cardsIn(active.value);
  if (mine.includes(card)) {
    active.value = mine.filter(c => c !== card).join('');
  } else {
    if (usedCards().has(card)) return;
    const keep = cardsIn(active.value);
    if (keep.length >= capacity(active)) return;
    active.value = keep.join('') + card;
    // A full hand moves on to the next empty field, as a dealer would.
    if (active !== board && active !== dead && keep.length + 1 === 2) {
      const next = playerInputs().find(i => !i.value.trim());
      if (next) setActive(next);
    }
  }
  changed();
});

function usedCards() {
  const used = new Set();
  for (const input of [...playerInputs(), board, dead]) cardsIn(input.value).forEach(c => used.add(c));
  return used;
}

function drawDeck() {
  const used = usedCards();
  const mine = new Set(active ? cardsIn(active.value) : []);
  for (const el of deck.children) {
    el.classList.toggle('used', used.has(el.dataset.card) && !mine.has(el.dataset.card));
    el.classList.toggle('mine', mine.has(el.dataset.card));
  }
}

// --- the range editor
const editor = new RangeEditor($('range-box'), text => {
  if (rangeTarget) { rangeTarget.value = text; changed(); }
});

function openRange(input) {
  rangeTarget = input;
  $('range-editor').hidden = false;
  const n = playerInputs().indexOf(input) + 1;
  $('range-title').textContent = `Range of player ${n}`;
  editor.load(cardsIn(input.value).length ? '' : input.value.replace(/^random$/i, ''));
}
$('range-close').addEventListener('click', () => { $('range-editor').hidden = true; rangeTarget = null; });

// --- the URL and the calculation
function readUrl() {
  const q = new URLSearchParams(location.search);
  const players = q.getAll('p');
  while (players.length < 2) players.push('');
  players.slice(0, 10).forEach(p => addPlayer(p));
  board.value = q.get('board') || '';
  dead.value = q.get('dead') || '';
  if (q.get('exact') === '1') method.value = 'exact';
  if (q.get('exact') === '0') method.value = 'mc';
  if (q.get('stderr')) stderr.value = q.get('stderr');
}

function writeUrl() {
  const q = new URLSearchParams();
  playerInputs().forEach(i => q.append('p', i.value.trim()));
  if (board.value.trim()) q.set('board', board.value.trim());
  if (dead.value.trim()) q.set('dead', dead.value.trim());
  if (method.value !== 'auto') q.set('exact', method.value === 'exact' ? '1' : '0');
  if (method.value === 'mc') q.set('stderr', stderr.value);
  history.replaceState(null, '', `/?${q.toString().replace(/%2C/g, ',')}`);
}

let timer = null;
function changed(delay = 0) {
  drawDeck();
  writeUrl();
  clearTimeout(timer);
  timer = setTimeout(calculate, delay);
}

function showMethod() { $('stderr-box').hidden = method.value !== 'mc'; }

function request() {
  const body = { hands: playerInputs().map(i => i.value.trim()) };
  if (board.value.trim()) body.board = board.value.trim();
  if (dead.value.trim()) body.dead = dead.value.trim();
  if (method.value === 'exact') body.exact = true;
  if (method.value === 'mc') {
    body.exact = false;
    body.target_stderr = Math.max(1e-5, +stderr.value || 0.0002);
    body.time_limit = 60;
  }
  return body;
}

function stop() {
  if (running) running.abort();
  running = null;
  $('stop').disabled = true;
}

async function calculate() {
  stop();
  const body = request();
  const rows = document.querySelector('#results tbody');
  if (body.hands.filter(h => h).length < body.hands.length || body.hands.length < 2) {
    rows.innerHTML = '';
    setStatus('', 'Give every player a hand, a range or "random".');
    return;
  }
  const controller = new AbortController();
  running = controller;
  const query = location.search;  // the input these results answer, for readers and tests
  $('stop').disabled = false;
  setStatus('', 'Calculating…');
  let last = null;
  try {
    await streamEquity(body, result => {
      last = result;
      show(result);
      $('results').dataset.for = query;
    }, controller.signal);
  } catch (e) {
    if (controller.signal.aborted) {
      if (last) setStatus('mc', `Stopped: ${last.trials.toLocaleString()} trials`);
      return;
    }
    rows.innerHTML = '';
    setStatus('err', e.message);
    $('results').dataset.for = query;
  } finally {
    if (running === controller) { running = null; $('stop').disabled = true; }
  }
}

function show(r) {
  const rows = document.querySelector('#results tbody');
  rows.innerHTML = r.players.map((name, i) => `<tr>
    <td class="hand">${i + 1}. ${escapeHtml(name)}</td>
    <td class="equity">${pct(r.equity[i], 2)}<div class="bar"><div style="width:${100 * r.equity[i]}%"></div></div></td>
    <td>${pct(r.win[i], 2)}</td><td>${pct(r.tie[i], 2)}</td>
    <td>${r.exact ? 'exact' : '± ' + pct(r.stderr[i], 3)}</td></tr>`).join('');
  if (r.exact) {
    setStatus('exact', `exact: ${Math.round(r.boards).toLocaleString()} showdowns in ${r.elapsed.toFixed(3)} s`);
  } else {
    setStatus('mc', `${r.final ? 'Monte Carlo' : 'running'}: ${r.trials.toLocaleString()} trials in ${r.elapsed.toFixed(1)} s`);
  }
}

function setStatus(kind, text) {
  const badge = $('badge');
  badge.className = kind ? `badge ${kind}` : '';
  badge.textContent = { exact: 'EXACT', mc: 'MONTE CARLO', err: 'ERROR' }[kind] || '';
  $('status').textContent = text;
  $('status').className = kind === 'err' ? 'error' : '';
}

function escapeHtml(s) {
  return s.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

$('add-player').addEventListener('click', () => { setActive(addPlayer()); changed(); });
$('stop').addEventListener('click', stop);
[board, dead].forEach(wireField);
method.addEventListener('change', () => { showMethod(); changed(); });
stderr.addEventListener('change', () => changed());
window.addEventListener('pagehide', stop);

readUrl();
showMethod();
setActive(playerInputs().find(i => !i.value.trim()) || null);
// A shareable URL's result, computed by the server with the page (app.initial_result), is
// shown at once; otherwise the page asks for it.
const initial = JSON.parse(document.getElementById('initial-result')?.textContent || 'null');
if (initial) {
  drawDeck();
  writeUrl();
  show(initial);
  $('results').dataset.for = location.search;
} else {
  changed();
}
