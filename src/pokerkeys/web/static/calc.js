// The odds calculator. The whole input lives in the query string (/?p=AhKh&p=QsQd&board=..,
// game=omaha for another game than hold'em, and rules=straight-beats-trips for short deck's
// other rule order): opening such a URL computes it at once.
// Every change restarts the calculation; the previous request is aborted, which cancels its job on the server. A link's value out of range or
// unknown is named in a notice above the panels (never NaN or a blank table); a failed or
// stopped run keeps the last good table on screen, marked as such and saying why.
import * as api from './api.js';
import { announce, rovingGrid } from './a11y.js';
import { DEFAULT_RULES, fitRangeGrid, guardOutCells, readRangesAs, RULES } from './games.js';
import { RangeEditor } from './grid.js';

const { cardsIn, getJSON, nav, pct, RANKS, streamEquity, SUITS, SUIT_SYMBOL } = api;

nav('/');
const $ = id => document.getElementById(id);
const playersBox = $('players');
const board = $('board');
const dead = $('dead');
const method = $('method');
const stderr = $('stderr');
const timeLimit = $('time-limit');
const table = $('results');
const game = $('game');
const rules = $('rules');
const MAX_PLAYERS = 10;
const STDERR_RANGE = [0.00001, 0.1];
const DEFAULT_STDERR = 0.0002;
let active = null;            // the text field the card picker writes into
let pending = null;           // {input, card}: the first card of a hand to add to a range field
let rangeTarget = null;       // the player field the range editor is bound to
let running = null;           // AbortController of the calculation in flight
let stoppedByUser = false;    // the run in flight was ended by the Stop button
// The server's longest run in seconds (/api/status reports it), the time limit's maximum.
let maxSeconds = 60;

// --- the games: hole cards, Omaha (ranges in the generic Omaha syntax, no 13 x 13 grid),
// hi/lo (the answer has the high and low halves and scoops), short deck (cards 6 to A).
const GAMES = {
  holdem: { hole: 2 },
  shortdeck: { hole: 2, short: true },
  omaha: { hole: 4, omaha: true },
  omaha5: { hole: 5, omaha: true },
  omaha6: { hole: 6, omaha: true },
  omaha8: { hole: 4, omaha: true, hilo: true },
  'omaha5-8': { hole: 5, omaha: true, hilo: true },
  'omaha6-8': { hole: 6, omaha: true, hilo: true },
};
const HOLDEM_HINT = 'a hand (AhKh), one card (Ah??), a range (QQ+,AKs, 15%) or random';
const currentGame = () => GAMES[game.value] || GAMES.holdem;
const gameName = () => game.selectedOptions[0]?.textContent || "Hold'em";
const SHORT_DECK_RANKS = 'AKQJT9876';
const inDeckOf = g => card => !g.short || SHORT_DECK_RANKS.includes(card[0]);
const inDeck = card => inDeckOf(currentGame())(card);
let lastGame = 'holdem';
// What the last change of game cleared or kept, said in the status line until the next edit.
let gameNote = '';

// The hint under the players and each player's placeholder, for the game.
function applyGame() {
  const g = currentGame();
  const example = 'AsKsQdJdTh9h'.slice(0, 2 * g.hole);
  $('hand-hint').textContent = g.omaha
    ? `${g.hole} hole cards (${example}), an Omaha range (AA:$ds, RRxx${g.hole === 4 ? ', 15%' : ''})`
      + ' or random'
    : g.short ? 'a hand of cards 6 to A (AhKh), one card (Ah??), a range (QQ+,AKs) or random'
      : HOLDEM_HINT;
  $('rules-box').hidden = !g.short;
  playerInputs().forEach(fitPlayer);
  fitGrid();
  if (g.omaha && rangeTarget) {  // the grid is hold'em's 169 classes
    $('range-editor').hidden = true;
    rangeTarget = null;
    markRangeButtons();
  }
}

// A player's placeholder and Range button (the grid is for hold'em and short deck) for the game.
function fitPlayer(input) {
  const g = currentGame();
  input.placeholder = g.omaha ? `${'AsKsQdJdTh9h'.slice(0, 2 * g.hole)}, AA:$ds, random`
    : 'AhKh, QQ+,AKs, random';
  input.closest('.player').querySelector('.range-btn').hidden = !!g.omaha;
}

// --- players
function addPlayer(text = '') {
  const n = playersBox.children.length + 1;
  if (n > MAX_PLAYERS) return null;
  const row = document.createElement('div');
  row.className = 'player';
  row.innerHTML = `<label class="num" for="player-${n}"><span class="sr-only">Player </span>${n}</label>
    <input type="text" class="hand" id="player-${n}" autocomplete="off" spellcheck="false"
      placeholder="AhKh, QQ+,AKs, random" aria-describedby="hand-hint">
    <div class="row buttons"><button type="button" class="icon range-btn" aria-expanded="false"
      aria-controls="range-editor">Range</button>
    <button type="button" class="icon random-btn">Random</button>
    <button type="button" class="icon remove-btn">✕</button></div>
    <div class="count"></div>`;
  const input = row.querySelector('input');
  input.value = text;
  fitPlayer(input);
  wireField(input);
  row.querySelector('.range-btn').addEventListener('click', () => openRange(input));
  row.querySelector('.random-btn').addEventListener('click', () => {
    input.value = 'random'; fieldChanged(input);
  });
  row.querySelector('.remove-btn').addEventListener('click', () => {
    if (playersBox.children.length <= 2) { input.value = ''; fieldChanged(input); return; }
    const next = row.nextElementSibling || row.previousElementSibling;
    row.remove();
    if (rangeTarget === input) closeRange();
    numberPlayers();
    if (active === input) setActive(null);
    next.querySelector('.remove-btn').focus();  // focus stays in the list, not on <body>
    changed(0, true);
  });
  playersBox.append(row);
  numberPlayers();
  return input;
}

// Numbers, ids and accessible names follow the players' order.
function numberPlayers() {
  [...playersBox.children].forEach((row, i) => {
    const n = i + 1;
    const label = row.querySelector('.num');
    label.lastChild.textContent = n;
    label.htmlFor = `player-${n}`;
    row.querySelector('input').id = `player-${n}`;
    row.querySelector('.count').id = `count-${n}`;
    row.querySelector('input').setAttribute('aria-describedby', `hand-hint count-${n}`);
    row.querySelector('.range-btn').setAttribute('aria-label', `Range for player ${n}`);
    row.querySelector('.range-btn').title = 'select a range on the grid';
    row.querySelector('.random-btn').setAttribute('aria-label', `Random hand for player ${n}`);
    row.querySelector('.random-btn').title = 'a random hand';
    row.querySelector('.remove-btn').setAttribute('aria-label', `Remove player ${n}`);
    row.querySelector('.remove-btn').title = 'remove this player';
  });
  $('add-player').disabled = playersBox.children.length >= MAX_PLAYERS;
}

const playerInputs = () => [...playersBox.querySelectorAll('input.hand')];
const playerNumber = input => playerInputs().indexOf(input) + 1;
const fieldName = input => (input === board ? 'the board' : input === dead ? 'the dead cards'
  : `player ${playerNumber(input)}`);

// Enter in a field goes to the card picker (that field stays the one it fills); Escape in the
// picker comes back.
function wireField(input) {
  input.addEventListener('focus', () => setActive(input));
  input.addEventListener('keydown', e => {
    if (e.key === 'Enter') { e.preventDefault(); deckFocus.focus(); }
  });
  input.addEventListener('input', () => {
    if (pending) { pending = null; drawDeck(); }
    if (input === rangeTarget) editor.load(input.value, { delay: 300 });
    countRange(input, currentGame().hole === 6 ? 700 : 300);  // every 6-card hand: ~1 s
    changed(300, true);
  });
}

// A field changed by a button or a card: the range editor follows it, the calculation restarts.
function fieldChanged(input) {
  if (input === rangeTarget) editor.load(input.value);
  countRange(input);
  changed(0, true);
}

// --- a player's range count: under the field, as the server counts it for the game
// (/api/range/{game}), or the parser's message naming the bad token and its position.
const counting = new WeakMap();  // input -> {timer, controller} of its latest count
const fmt = x => (+x.toFixed(2)).toLocaleString('en-US');
const share = p => `${p < 1 ? +p.toFixed(3) : p.toFixed(1)}%`;

function countText(info) {
  const g = GAMES[info.game] || GAMES.holdem;
  const weighted = Math.abs(info.combos - info.hands) > 1e-9;
  if (g.omaha) {
    return `${fmt(info.hands)} ${info.hands === 1 ? 'hand' : 'hands'}`
      + `${weighted ? ` (${fmt(info.combos)} weighted)` : ''}, ${share(info.percent)} of `
      + `${g.hole}-card hands`;
  }
  return `${fmt(info.combos)} combos${weighted ? ` of ${fmt(info.hands)}` : ''}, `
    + `${share(info.percent)} of hands`;
}

function countRange(input, delay = 0) {
  const box = input.closest?.('.player')?.querySelector('.count');
  if (!box) return;
  const last = counting.get(input);
  if (last) { clearTimeout(last.timer); last.controller.abort(); }
  const showCount = (text, error = false) => {
    box.textContent = text;
    box.classList.toggle('error', error);
    input.classList.toggle('invalid', error);
    if (error) input.setAttribute('aria-invalid', 'true'); else input.removeAttribute('aria-invalid');
  };
  if (!holdsRange(input)) { showCount(''); return; }
  const text = input.value.trim();
  const controller = new AbortController();
  const timer = setTimeout(async () => {
    try {
      const params = currentGame().short ? { text, rules: ruleOrder() } : { text };
      const info = await getJSON(`/api/range/${game.value}`, params, controller.signal);
      if (!controller.signal.aborted) showCount(countText(info));
    } catch (e) {
      if (!controller.signal.aborted) showCount(e.message, true);
    }
  }, delay);
  counting.set(input, { timer, controller });
}

function setActive(input) {
  document.querySelectorAll('input.active').forEach(i => i.classList.remove('active'));
  if (input !== active) pending = null;
  active = input;
  if (input) input.classList.add('active');
  drawDeck();
}

// --- the card picker: a 4 x 13 ARIA grid (one tab stop, arrow keys, Enter or Space picks)
const RANK_NAMES = { A: 'Ace', K: 'King', Q: 'Queen', J: 'Jack', T: 'Ten', 9: 'Nine', 8: 'Eight',
                     7: 'Seven', 6: 'Six', 5: 'Five', 4: 'Four', 3: 'Three', 2: 'Two' };
const SUIT_NAMES = { s: 'spades', h: 'hearts', d: 'diamonds', c: 'clubs' };
const deck = $('deck');
deck.setAttribute('role', 'grid');
deck.setAttribute('aria-label', 'Cards');
deck.setAttribute('aria-describedby', 'deck-hint');
deck.setAttribute('aria-multiselectable', 'true');
deck.innerHTML = SUITS.slice().reverse().map(s => `<div role="row" class="deck-row">${[...RANKS].map(r =>
  `<div role="gridcell" aria-selected="false" class="card ${s}" data-card="${r}${s}"
    aria-label="${RANK_NAMES[r]} of ${SUIT_NAMES[s]}">${r}${SUIT_SYMBOL[s]}</div>`).join('')}</div>`)
  .join('');
const cards = [...deck.querySelectorAll('.card')];
const deckFocus = rovingGrid(cards, 13, { activate: cell => pick(cell.dataset.card) });
deck.addEventListener('keydown', e => { if (e.key === 'Escape' && active) active.focus(); });

function capacity(input) {
  if (input === board) return 5;
  if (input === dead) return 40;
  return currentGame().hole;
}

// A player field holding a range (not cards, not empty, not "random"): a card click there
// builds a hand of two cards to add to the range, instead of replacing the range. Text that
// is only rank-and-suit pairs with a typo ('QsQx') is a hand being typed, not a range.
function holdsRange(input) {
  if (!input || input === board || input === dead) return false;
  const text = input.value.trim();
  return text !== '' && !/^random$/i.test(text) && cardsIn(text).length === 0
    && !/^((10|[2-9TJQKA])[a-z?])+$/.test(text.replace(/[\s,]/g, ''));
}

deck.addEventListener('click', e => {
  const card = e.target.closest('.card')?.dataset.card;
  if (card) pick(card);
});

function pick(card) {
  if (!active) setActive(playerInputs().find(i => !i.value.trim()) || board);
  if (!inDeck(card)) {
    announce(`${cardName(card)} is not in the short deck, which plays 6 through A`);
    return;
  }
  if (holdsRange(active)) { pickForRange(card); return; }
  if (/^random$/i.test(active.value.trim())) active.value = '';
  const mine = cardsIn(active.value);
  if (mine.includes(card)) {
    active.value = mine.filter(c => c !== card).join('');
    announce(`${cardName(card)} taken back from ${fieldName(active)}`);
  } else {
    if (usedCards().has(card)) {
      announce(`${cardName(card)} is already in use`);
      return;
    }
    const keep = cardsIn(active.value);
    if (keep.length >= capacity(active)) {
      announce(`${fieldName(active)} is full: take a card back first`);
      return;
    }
    active.value = keep.join('') + card;
    announce(`${cardName(card)} to ${fieldName(active)}`);
    // A full hand moves on to the next empty field, as a dealer would.
    if (active !== board && active !== dead && keep.length + 1 === capacity(active)) {
      const next = playerInputs().find(i => !i.value.trim());
      if (next) setActive(next);
    }
  }
  fieldChanged(active);
}

const cardName = card => `${RANK_NAMES[card[0]]} of ${SUIT_NAMES[card[1]]}`;

// A card for a range field: the first cards wait (shown selected, the hint says what comes
// next); the last of a hand (the second in hold'em, the fourth to sixth in Omaha) makes a
// hand, added to the range, or taken out of it when the range already lists that exact hand.
// A waiting card again lets it go.
function pickForRange(card) {
  const input = active;
  const need = currentGame().hole;
  if (pending?.cards.includes(card)) {
    pending.cards = pending.cards.filter(c => c !== card);
    if (!pending.cards.length) pending = null;
    announce(`${cardName(card)} let go`);
    drawDeck();
    return;
  }
  if (usedCards().has(card)) { announce(`${cardName(card)} is already in use`); return; }
  if (!pending || pending.cards.length + 1 < need) {
    pending = pending || { input, cards: [] };
    pending.cards.push(card);
    const more = need - pending.cards.length;
    announce(`${cardName(card)} chosen: pick ${more === 1 && need === 2 ? 'a second card'
      : `${more} more ${more === 1 ? 'card' : 'cards'}`} to add the hand to the range of `
             + `player ${playerNumber(input)}`);
    drawDeck();
    return;
  }
  const handCards = [...pending.cards, card];
  const hand = handCards.join('');
  pending = null;
  const items = input.value.split(',').map(t => t.trim()).filter(Boolean);
  const same = items.findIndex(item => {
    const cs = cardsIn(item.replace(/:[\d.]+$/, ''));
    return cs.length === need && handCards.every(c => cs.includes(c));
  });
  if (same >= 0) {
    items.splice(same, 1);
    announce(`${hand} taken out of the range of player ${playerNumber(input)}`);
  } else {
    items.push(hand);
    announce(`${hand} added to the range of player ${playerNumber(input)}`);
  }
  input.value = items.join(',');
  fieldChanged(input);
}

function usedCards() {
  const used = new Set();
  for (const input of [...playerInputs(), board, dead]) cardsIn(input.value).forEach(c => used.add(c));
  return used;
}

function drawDeck() {
  const used = usedCards();
  const mine = new Set(active ? cardsIn(active.value) : []);
  if (pending) pending.cards.forEach(c => mine.add(c));
  for (const el of cards) {
    const card = el.dataset.card;
    const isUsed = used.has(card) && !mine.has(card);
    const out = !inDeck(card);
    el.classList.toggle('used', isUsed);
    el.classList.toggle('out', out);
    el.classList.toggle('mine', mine.has(card));
    el.setAttribute('aria-selected', String(mine.has(card)));
    if (isUsed || out) el.setAttribute('aria-disabled', 'true');
    else el.removeAttribute('aria-disabled');
  }
  const hint = $('deck-hint');
  const need = currentGame().hole;
  if (pending) {
    const chosen = pending.cards.join(' ');
    const more = need - pending.cards.length;
    hint.textContent = `${chosen} chosen: pick ${need === 2 ? 'a second card'
      : `${more} more ${more === 1 ? 'card' : 'cards'}`} to add that hand to the range `
      + `of player ${playerNumber(pending.input)} (a hand it already lists is taken out; `
      + `${need === 2 ? chosen : 'a chosen card'} again lets go).`;
  } else if (holdsRange(active)) {
    hint.textContent = `Player ${playerNumber(active)} holds a range: pick ${need === 2 ? 'two'
      : need} cards to add that hand to it (the range stays).`;
  } else {
    hint.textContent = 'Pick a card to put it in the highlighted field; pick it again to take '
      + 'it back. Keyboard: Enter in a field goes to the cards, arrow keys move, Enter picks, '
      + 'Escape goes back.';
  }
}

// --- the range editor
const editor = new RangeEditor($('range-box'), text => {
  if (rangeTarget) { rangeTarget.value = text; countRange(rangeTarget, 300); changed(0, true); }
});

// Short deck: the grid's classes holding a card below the six are out (greyed, and neither
// clicks, drags nor Enter paint them). The grid reads a range as the server does for short
// deck, in the rule order the calculator's equity plays (the rules select, sent to
// /api/equity as rules): the top-X% slider paints the top X% of the 630 short-deck hands in
// that order, as pk.Range('X%', game='shortdeck', rules=...) selects (15%: 92 hands when
// trips beat straights, 94 when straights beat trips), and typed text with a card below the
// six is refused under the grid with the server's message.
const rangeBox = $('range-box');
const ruleOrder = () => rules.value;
readRangesAs(editor, () => (currentGame().short ? 'shortdeck' : 'holdem'), ruleOrder);
function fitGrid() { fitRangeGrid(rangeBox, editor, currentGame().short ? 'shortdeck' : 'holdem'); }
guardOutCells(rangeBox);

// The Range buttons say which of them has the editor open.
function markRangeButtons() {
  for (const input of playerInputs()) {
    input.closest('.player').querySelector('.range-btn')
      .setAttribute('aria-expanded', String(input === rangeTarget));
  }
}

function openRange(input) {
  rangeTarget = input;
  markRangeButtons();
  $('range-editor').hidden = false;
  $('range-title').textContent = `Range of player ${playerNumber(input)}`;
  loadEditor(input);
  $('range-box').querySelector('.cell[tabindex="0"]').focus();
}

// The editor shows a player's range (nothing for cards or random), read as the game reads it.
function loadEditor(input) {
  editor.load(cardsIn(input.value).length ? '' : input.value.replace(/^random$/i, ''));
}

function closeRange() {
  const target = rangeTarget;
  $('range-editor').hidden = true;
  rangeTarget = null;
  markRangeButtons();
  if (target) target.focus();
}
$('range-close').addEventListener('click', closeRange);
// Escape in the editor closes it too (focus goes back to the player's field).
$('range-editor').addEventListener('keydown', e => { if (e.key === 'Escape') closeRange(); });

// --- the URL: read once (every problem named in the notice), written after every change
const KNOWN = new Set(['game', 'rules', 'p', 'board', 'dead', 'exact', 'stderr', 'time']);
const quote = s => (s.length > 24 ? `"${s.slice(0, 24)}…"` : `"${s}"`);

function readUrl() {
  const q = new URLSearchParams(location.search);
  const problems = [];
  for (const name of new Set(q.keys())) {
    if (!KNOWN.has(name)) problems.push(`${quote(name)} is not a setting of this page; it is ignored.`);
  }
  const named = q.get('game');
  if (named !== null && GAMES[named]) game.value = named;
  else if (named !== null) {
    problems.push(`game=${quote(named)} is not a game of this calculator (${Object.keys(GAMES)
      .join(', ')}); Hold'em is used.`);
  }
  lastGame = game.value;
  const order = q.get('rules');
  if (order !== null && !currentGame().short) {
    problems.push(`rules=${quote(order)} is a rule order of short deck; this link plays `
                  + `${gameName()}, so it is ignored.`);
  } else if (order !== null && RULES[order]) {
    rules.value = order;
  } else if (order !== null) {
    problems.push(`rules=${quote(order)} is not a rule order of short deck (`
                  + `${Object.keys(RULES).join(', ')}); ${RULES[DEFAULT_RULES]} is used.`);
  }
  const players = q.getAll('p');
  if (players.length > MAX_PLAYERS) {
    problems.push(`The link gives ${players.length} players; the calculator takes `
                  + `${MAX_PLAYERS} at most, so the first ${MAX_PLAYERS} are used.`);
  }
  while (players.length < 2) players.push('');
  players.slice(0, MAX_PLAYERS).forEach(p => addPlayer(p));
  board.value = q.get('board') || '';
  dead.value = q.get('dead') || '';
  const exact = q.get('exact');
  if (exact === '1') method.value = 'exact';
  else if (exact === '0') method.value = 'mc';
  else if (exact !== null) {
    problems.push(`exact=${quote(exact)}: use exact=1 (exact) or exact=0 (Monte Carlo); the `
                  + 'method is automatic.');
  }
  const [lo, hi] = STDERR_RANGE;
  const se = number(q.get('stderr'), lo, hi, 'stderr', `${lo} to ${hi}`, DEFAULT_STDERR, problems);
  if (se !== null) stderr.value = se;
  const time = Number(q.get('time'));
  if (time > 0) timeLimit.value = time;  // checked against the server's limit in readTime
  return problems;
}

// The link's time limit, once the server's longest run is known.
function readTime(problems) {
  const q = new URLSearchParams(location.search);
  const time = number(q.get('time'), 1, maxSeconds, 'time',
                      `1 to ${maxSeconds} (seconds, this server's longest run)`, maxSeconds,
                      problems);
  timeLimit.max = maxSeconds;
  timeLimit.value = time ?? maxSeconds;
}

// A number of the link in [lo, hi]; null when absent; the fallback (and a problem) when not.
function number(text, lo, hi, name, range, fallback, problems) {
  if (text === null) return null;
  const x = Number(text.trim());
  if (text.trim() !== '' && Number.isFinite(x) && x >= lo && x <= hi) return x;
  problems.push(`${name}=${quote(text)} is not a number from ${range}; ${fallback} is used.`);
  return fallback;
}

function showNotice(problems) {
  const notice = $('notice');
  notice.hidden = !problems.length;
  notice.innerHTML = problems.length
    ? `<strong>This link has ${problems.length === 1 ? 'a problem' : 'problems'}:</strong>
       <ul>${problems.map(p => `<li>${escapeHtml(p)}</li>`).join('')}</ul>` : '';
}

function writeUrl() {
  const q = new URLSearchParams();
  if (game.value !== 'holdem') q.set('game', game.value);
  if (currentGame().short && ruleOrder() !== DEFAULT_RULES) q.set('rules', ruleOrder());
  playerInputs().forEach(i => q.append('p', i.value.trim()));
  if (board.value.trim()) q.set('board', board.value.trim());
  if (dead.value.trim()) q.set('dead', dead.value.trim());
  if (method.value !== 'auto') q.set('exact', method.value === 'exact' ? '1' : '0');
  if (method.value === 'mc') {
    q.set('stderr', stderr.value);
    if (+timeLimit.value !== maxSeconds) q.set('time', timeLimit.value);
  }
  history.replaceState(null, '', `/?${q.toString().replace(/%2C/g, ',')}`);
}

// --- the calculation
let timer = null;
let edited = false;  // has any input changed since the page loaded?
function changed(delay = 0, byUser = false, keepGameNote = false) {
  edited = true;
  if (byUser) $('notice').hidden = true;  // the link's problems are gone with its input
  if (!keepGameNote && gameNote) {  // the note goes with the edit, at once
    gameNote = '';
    setStatus(...shownStatus);
  }
  drawDeck();
  writeUrl();
  clearTimeout(timer);
  timer = setTimeout(calculate, delay);
}

function showMethod() { $('mc-box').hidden = method.value !== 'mc'; }

// A number box's value kept in [lo, hi] (an empty or wrong entry goes back to the fallback).
function clampBox(box, lo, hi, fallback) {
  const x = Number(box.value);
  box.value = box.value.trim() === '' || !Number.isFinite(x) ? fallback : Math.min(hi, Math.max(lo, x));
}

function request() {
  const body = { hands: playerInputs().map(i => i.value.trim()) };
  if (game.value !== 'holdem') body.game = game.value;
  if (currentGame().short) body.rules = ruleOrder();
  if (board.value.trim()) body.board = board.value.trim();
  if (dead.value.trim()) body.dead = dead.value.trim();
  if (method.value === 'exact') body.exact = true;
  if (method.value === 'mc') {
    body.exact = false;
    body.target_stderr = +stderr.value;
    body.time_limit = +timeLimit.value;
  }
  return body;
}

function stop() {
  if (running) running.abort();
  running = null;
  $('stop').disabled = true;
}

// The table shows a result for another input than the fields': say so, and why.
let staleTimer = null;
function markStale(reason, delay = 0) {
  clearTimeout(staleTimer);
  if (!table.querySelector('tbody tr')) return;
  const mark = () => {
    table.classList.add('stale');
    $('stale-note').hidden = false;
    $('stale-note').textContent = `The table still shows the last result, for an earlier `
      + `input or setting: ${reason}`;
  };
  if (delay) staleTimer = setTimeout(mark, delay); else mark();
}

function markFresh() {
  clearTimeout(staleTimer);
  table.classList.remove('stale');
  $('stale-note').hidden = true;
}

async function calculate() {
  stop();
  const body = request();
  if (body.hands.filter(h => h).length < body.hands.length || body.hands.length < 2) {
    const text = 'Give every player a hand, a range or "random".';
    setStatus('', text);
    markStale('not every player has a hand yet.');
    return;
  }
  const controller = new AbortController();
  running = controller;
  stoppedByUser = false;
  const query = location.search;  // the input these results answer, for readers and tests
  $('stop').disabled = false;
  setStatus('', 'Calculating…');
  if (table.dataset.for !== query) markStale('the new one is being calculated.', 500);
  let last = null;
  const order = body.rules || null;  // the rule order these results play, said with them
  try {
    await streamEquity(body, result => {
      last = result;
      show(result, order);
      table.dataset.for = query;
    }, controller.signal);
    if (last) announceResult(last, order);
  } catch (e) {
    if (controller.signal.aborted) {
      if (stoppedByUser && last) {
        setStatus('mc', `Stopped by you: ${last.trials.toLocaleString()} trials in `
                        + `${last.elapsed.toFixed(1)} s; the table shows that estimate`);
        announce(`Stopped by you. ${resultText(last, order)}`);
      } else if (stoppedByUser) {
        setStatus('', 'Stopped by you before a first estimate.');
        markStale('the new input was stopped before a first estimate.');
      }
      return;
    }
    setStatus('err', e.message);
    if (last) {
      // Partial results of this very input: keep them, the error says why they stopped.
      $('stale-note').hidden = false;
      $('stale-note').textContent = `The run ended early after ${last.trials.toLocaleString()} `
        + 'trials: the table shows its estimate at that point.';
    } else {
      markStale(`the new input gave an error (${e.message}).`);
    }
    announce(`Error: ${e.message}`);
  } finally {
    if (running === controller) { running = null; $('stop').disabled = true; }
  }
}

// What ended a Monte Carlo run, in words ('' for an enumeration or a partial result).
function stoppedBy(r) {
  const why = r.stopped_by || '';
  if (why.includes('time')) return `stopped by the time limit (${Math.round(r.elapsed)} s)`;
  if (why === 'target_stderr') return 'reached the ± target';
  if (why === 'trials') return 'ran its trials';
  return why ? `stopped by ${why.replace(/_/g, ' ')}` : '';
}

// The table's columns: Win and Tie, or for hi/lo the High and Low halves and the Scoop.
const COLUMNS = {
  plain: ['Player', 'Equity', 'Win', 'Tie', '± std. error'],
  hilo: ['Player', 'Pot share', 'High', 'Low', 'Scoop', '± std. error'],
};
function setColumns(kind) {
  if (table.dataset.columns === kind || (!table.dataset.columns && kind === 'plain')) return;
  table.dataset.columns = kind;
  table.querySelector('thead').innerHTML = `<tr>${COLUMNS[kind].map(h =>
    `<th scope="col">${h}</th>`).join('')}</tr>`;
  table.querySelector('caption').textContent = kind === 'hilo'
    ? 'Each player\'s share of the pot, of its high and low halves, and scoops'
    : 'Equity of each player';
}

// Short deck's rule order a result plays, in words ('' for the other games).
const orderText = order => (order ? `Short deck, ${RULES[order]}: ${order === DEFAULT_RULES
  ? 'three of a kind beats a straight' : 'a straight beats three of a kind'}.` : '');

// A result in the table; `order` is the short-deck rule order it plays (null for the other
// games), said under the table.
function show(r, order = null) {
  markFresh();
  const rulesNote = $('rules-note');
  rulesNote.hidden = !order;
  rulesNote.textContent = orderText(order);
  const rows = table.querySelector('tbody');
  const hilo = Array.isArray(r.high);
  setColumns(hilo ? 'hilo' : 'plain');
  const cells = (i) => (hilo ? [r.high[i], r.low[i], r.scoop[i]] : [r.win[i], r.tie[i]])
    .map(x => `<td>${pct(x, 2)}</td>`).join('');
  rows.innerHTML = r.players.map((name, i) => `<tr>
    <td class="hand">${i + 1}. ${handHtml(name)}</td>
    <td class="equity">${pct(r.equity[i], 2)}<div class="bar" aria-hidden="true"><div style="width:${100 * r.equity[i]}%"></div></div></td>
    ${cells(i)}
    <td>${r.exact ? 'exact' : '± ' + pct(r.stderr[i], 3)}</td></tr>`).join('');
  const lowNote = $('low-note');
  lowNote.hidden = !hilo;
  lowNote.textContent = hilo ? `A qualifying low (eight or better) in ${pct(r.low_qualifies, 2)} `
    + 'of showdowns; without one the high hand takes the whole pot.' : '';
  if (r.exact) {
    setStatus('exact', `exact: ${Math.round(r.boards).toLocaleString()} showdowns in ${r.elapsed.toFixed(3)} s`);
  } else {
    const why = stoppedBy(r);
    const state = r.final ? 'Monte Carlo' : 'running';
    setStatus(why.startsWith('stopped') ? 'limit' : 'mc',
              `${state}: ${r.trials.toLocaleString()} trials in ${r.elapsed.toFixed(1)} s${why ? `, ${why}` : ''}`);
  }
}

// A player's name in the table: an Omaha hand may wrap between its cards, never inside one.
function handHtml(name) {
  const cs = cardsIn(name);
  return cs.length > 2 && cs.join('') === name
    ? cs.map(c => `<span class="card-text">${c}</span>`).join('<wbr>') : escapeHtml(name);
}

function resultText(r, order = null) {
  const who = r.players.map((name, i) => `player ${i + 1}, ${name}: ${pct(r.equity[i], 2)}`
    + (Array.isArray(r.high) ? ` of the pot (high ${pct(r.high[i], 2)}, low ${pct(r.low[i], 2)}, `
      + `scoop ${pct(r.scoop[i], 2)})` : ''));
  const how = r.exact ? 'exact' : `Monte Carlo, ${r.trials.toLocaleString()} trials`
    + (stoppedBy(r) ? `, ${stoppedBy(r)}` : '');
  return `${orderText(order) ? `${orderText(order)} ` : ''}Equity ${who.join('; ')} (${how}).`;
}

function announceResult(r, order = null) { announce(resultText(r, order)); }

let shownStatus = ['', ''];  // the status line's kind and text, without the game's note
function setStatus(kind, text) {
  shownStatus = [kind, text];
  const badge = $('badge');
  badge.className = kind ? `badge ${kind}` : '';
  badge.textContent = { exact: 'EXACT', mc: 'MONTE CARLO', limit: 'MONTE CARLO', err: 'ERROR',
                        wait: 'BUSY' }[kind] || '';
  $('status').textContent = [gameNote, text].filter(Boolean).join(' ');
  $('status').className = kind === 'err' ? 'error' : '';
}

// A change of game keeps what still fits it and clears what does not: hands of another size
// (and partly known hands, which Omaha lacks), ranges of the other syntax (hold'em's or
// Omaha's), a top-N% Omaha range for 5 or 6 cards, and in short deck the cards below the six
// (a board holding one is cleared; dead cards lose them). The status line says which.
function switchGame(from, to) {
  const g = GAMES[to] || GAMES.holdem, was = GAMES[from] || GAMES.holdem;
  const fits = inDeckOf(g);
  const cleared = [];
  playerInputs().forEach((input, i) => {
    const text = input.value.trim();
    if (!text || /^random$/i.test(text)) return;
    let what = null;
    if (!holdsRange(input)) {
      const cs = cardsIn(text);
      if (cs.length !== g.hole || text.includes('?') || !cs.every(fits)) what = `hand ${text}`;
    } else if (!!was.omaha !== !!g.omaha || (g.omaha && g.hole !== 4 && text.includes('%'))) {
      what = `range ${text}`;
    }
    if (what) {
      cleared.push(`player ${i + 1}'s ${what}`);
      input.value = '';
    }
  });
  const boardCards = cardsIn(board.value);
  if (!boardCards.every(fits)) {
    cleared.push(`the board ${board.value.trim()}`);
    board.value = '';
  }
  const deadCards = cardsIn(dead.value);
  if (!deadCards.every(fits)) {
    cleared.push(`the dead ${deadCards.filter(c => !fits(c)).join(' ')}`);
    dead.value = deadCards.filter(fits).join('');
  }
  if (pending) pending = null;
  applyGame();
  if (rangeTarget) loadEditor(rangeTarget);  // 'N%' ranks the new game's hands
  const list = cleared.length > 1
    ? `${cleared.slice(0, -1).join(', ')} and ${cleared[cleared.length - 1]}` : cleared[0];
  gameNote = cleared.length
    ? `${gameName()}: cleared ${list} (${cleared.length > 1 ? 'they do' : 'it does'} not fit `
      + 'this game); kept the rest.'
    : `${gameName()}: every field kept.`;
  announce(gameNote);
  setStatus('', '');  // the note shows at once, not the old game's result until the new run
  playerInputs().forEach(i => countRange(i));
  changed(0, true, true);
}
game.addEventListener('change', () => {
  const from = lastGame;
  lastGame = game.value;
  switchGame(from, game.value);
});
// A change of short deck's rule order: the open grid reads its player's range again ('N%'
// ranks the hands in the new order), every range is counted again, and the equity follows.
rules.addEventListener('change', () => {
  if (rangeTarget) loadEditor(rangeTarget);
  playerInputs().forEach(i => countRange(i));
  changed(0, true);
});

function escapeHtml(s) {
  return s.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

// A busy server: api.js waits and retries by itself, calling this once a second with the
// seconds left and its message, and with (0, '') when the wait ends.
let waiting = false;
api.setWaitHandler?.((secondsLeft, message) => {
  if (secondsLeft > 0) {
    setStatus('wait', message);
    markStale('the server is busy; the new input waits for its turn.');
    if (!waiting) announce(`${message.replace(/ in \d+ s…$/, '')}; the page retries by itself.`);
    waiting = true;
  } else if (waiting) {
    waiting = false;
    if (running) setStatus('', 'Calculating…');
  }
});

$('add-player').addEventListener('click', () => {
  const input = addPlayer();
  if (input) { input.focus(); changed(0, true); }
});
$('stop').addEventListener('click', () => { stoppedByUser = true; stop(); });
[board, dead].forEach(wireField);
method.addEventListener('change', () => { showMethod(); changed(0, true); });
stderr.addEventListener('change', () => {
  clampBox(stderr, ...STDERR_RANGE, DEFAULT_STDERR); changed(0, true);
});
timeLimit.addEventListener('change', () => {
  clampBox(timeLimit, 1, maxSeconds, maxSeconds); changed(0, true);
});
window.addEventListener('pagehide', stop);

const problems = readUrl();
applyGame();
playerInputs().forEach(i => countRange(i));
showMethod();
setActive(playerInputs().find(i => !i.value.trim()) || null);
// A shareable URL's result, computed by the server with the page (app.initial_result), is
// shown at once (an exact result: the time limit plays no part); otherwise the page asks for
// it once it knows the server's longest run (/api/status; 60 s if it does not say).
const initial = JSON.parse(document.getElementById('initial-result')?.textContent || 'null');
if (initial) {
  drawDeck();
  const order = currentGame().short ? ruleOrder() : null;  // the link's, as the server read it
  show(initial, order);
  table.dataset.for = location.search;
  announceResult(initial, order);
}
try {
  const cap = Number((await getJSON('/api/status')).max_time_limit);
  if (Number.isFinite(cap) && cap > 0) maxSeconds = cap;
} catch { /* an older server: 60 s */ }
readTime(problems);
showNotice(problems);
if (initial) {
  // The link in its written form (',' for '%2C'), and the table follows it, unless an edit
  // made while /api/status answered has written the URL and started a run of its own.
  if (!edited) {
    writeUrl();
    table.dataset.for = location.search;
  }
} else {
  changed();
}
