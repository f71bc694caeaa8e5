// Head-to-head: exact result of two classes, hands or ranges over every board: how often the
// first wins, they tie and the second wins, and the first one's equity; for two classes every
// suit-distinct matchup with its combo pairs (they add up to the class figures); the rank
// distributions side by side (by category, each opening onto its rank buckets). Hold'em or
// short deck (six-plus: cards 6 to A) in either rule order, chosen above the two sides. The
// input lives in the URL: /headsup?a=AKs&b=QQ (&game=shortdeck, &rules=straight-beats-trips
// for the other rule order); a game or rule order there that is unknown is named in the status
// line and the default shown. Results are announced through the status line (a live region);
// an error clears the previous result, so no stale figures stay on screen.
import { getJSON, nav, pct } from './api.js';
import { categoryBars } from './charts.js';
import { DEFAULT_RULES, fitRangeGrid, GAMES, guardOutCells, readRangesAs, RULES } from './games.js';
import { RangeEditor } from './grid.js';
import { statusLine } from './status.js';

nav('/headsup');
const $ = id => document.getElementById(id);
const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
const say = statusLine($('state'));
const game = $('game');
const rules = $('rules');
const short = () => game.value === 'shortdeck';
const gameLabel = () => (short() ? `Short deck (${RULES[rules.value]})` : "Hold'em");
const notes = [];  // what the address asked for that the page could not show

let target = null;
let opener = null;
const editor = new RangeEditor($('range-box'), text => { if (target) target.value = text; },
                               { label: 'Range grid' });
// In short deck the grid reads ranges as the server does in the page's rule order: its
// top-X% slider paints the top X% of the 630 hands in that order.
readRangesAs(editor, () => game.value, () => rules.value);
document.querySelectorAll('[data-range]').forEach(button => button.addEventListener('click', () => {
  const open = !$('range-editor').hidden && target === $(button.dataset.range);
  document.querySelectorAll('[data-range]').forEach(b => b.setAttribute('aria-expanded', 'false'));
  if (open) { closeEditor(); return; }
  target = $(button.dataset.range);
  opener = button;
  button.setAttribute('aria-expanded', 'true');
  $('range-editor').hidden = false;
  $('range-title').textContent = `Range of hand ${button.dataset.range === 'a' ? 1 : 2}`;
  editor.load(target.value);
  $('range-box').querySelector('[role=gridcell][tabindex="0"]')?.focus();  // Escape closes
}));

function closeEditor() {
  $('range-editor').hidden = true;
  document.querySelectorAll('[data-range]').forEach(b => b.setAttribute('aria-expanded', 'false'));
  if (opener) opener.focus();
}
$('range-close').addEventListener('click', () => { closeEditor(); compare(); });

// The page fitted to the game: short deck's range grid has the classes below the six out,
// and its rule order shows.
guardOutCells($('range-box'));
function fitGame() {
  fitRangeGrid($('range-box'), editor, game.value);
  $('rules-box').hidden = !short();
  $('b').placeholder = short() ? 'QQ or 9s9d' : 'QQ';
}
$('range-editor').addEventListener('keydown', e => {
  if (e.key === 'Escape') { e.preventDefault(); closeEditor(); }
});

// Back to the empty state: no figure of an earlier input stays on screen.
function clearResult(note = 'No result.') {
  $('totals-title').textContent = 'Exact result, all boards';
  for (const id of ['win-a', 'tie', 'win-b']) $(id).textContent = '–';
  $('name-a').textContent = 'hand 1';
  $('name-b').textContent = 'hand 2';
  $('equity').textContent = 'Equity (wins and half the ties): –';
  $('split').querySelectorAll('div').forEach(d => { d.style.width = '0'; });
  $('suits-title').textContent = 'By suit situation';
  $('suits').className = 'muted hu-suits';
  $('suits').textContent = note;
  $('distributions').className = 'muted';
  $('distributions').textContent = note;
  $('results').classList.remove('stale');
  delete $('results').dataset.for;
}

function showResult(r) {
  const [winA, winB] = r.win;
  const tie = r.tie[0];
  $('totals-title').textContent = r.game === 'shortdeck'
    ? `Exact result, all boards: short deck (${RULES[r.rules]})` : 'Exact result, all boards';
  $('win-a').textContent = pct(winA, 2);
  $('tie').textContent = pct(tie, 2);
  $('win-b').textContent = pct(winB, 2);
  $('name-a').textContent = r.hand1;
  $('name-b').textContent = r.hand2;
  const [a, t, b] = $('split').querySelectorAll('div');
  a.style.width = `${100 * winA}%`;
  t.style.width = `${100 * tie}%`;
  b.style.width = `${100 * winB}%`;
  $('equity').innerHTML = `Equity (wins and half the ties): <b>${esc(r.hand1)} ${
    pct(r.equity, 2)}</b> · <b>${esc(r.hand2)} ${pct(1 - r.equity, 2)}</b>`;
  if (r.matchups.length) {
    const [h1, h2] = [esc(r.hand1), esc(r.hand2)];
    $('suits-title').textContent = `By suit situation: ${r.matchups.length} suit-distinct matchup${
      r.matchups.length > 1 ? 's' : ''}`;
    $('suits').className = 'hu-suits';
    $('suits').innerHTML = `<div class="hu-scroll" tabindex="0" role="region" aria-labelledby="suits-title">
      <table class="plain" id="suit-table"><caption class="sr-only">Each suit-distinct matchup of
      ${h1} against ${h2}, exact over all boards, with how many combo pairs it stands for</caption>
      <thead><tr><th scope="col">${h1}</th><th scope="col">${h2}</th><th scope="col">combo pairs</th>
      <th scope="col">${h1} wins</th><th scope="col">tie</th><th scope="col">${h2} wins</th>
      <th scope="col">equity</th></tr></thead><tbody>${
      r.matchups.map(m => `<tr><td>${m.hand1}</td><td>${m.hand2}</td><td class="combos">${m.combos}</td>
        <td class="win">${pct(m.win, 2)}</td><td class="tie">${pct(m.tie, 2)}</td>
        <td class="loss">${pct(m.loss, 2)}</td>
        <td class="eq" data-equity="${m.equity}">${pct(m.equity, 2)}</td></tr>`).join('')
      }</tbody><tfoot><tr><th scope="row" colspan="2">weighted total</th>
      <td id="combo-total">${r.combo_pairs}</td><td id="class-win">${pct(winA, 2)}</td>
      <td id="class-tie">${pct(tie, 2)}</td><td id="class-loss">${pct(winB, 2)}</td>
      <td id="class-equity" data-equity="${r.equity}">${pct(r.equity, 2)}</td></tr></tfoot></table></div>
      <p class="hint">Shipped ${r.game === 'shortdeck' ? `81 × 81 table (${RULES[r.rules]})`
        : '169 × 169 table'}: ${h1} ${pct(r.shipped_equity, 4)} against ${h2}.</p>`;
  } else {
    $('suits-title').textContent = 'By suit situation';
    $('suits').className = 'muted hu-suits';
    $('suits').textContent = r.kind1 === 'hand' && r.kind2 === 'hand'
      ? 'Two exact hands are one suit situation: the figures above.'
      : 'Suit situations are shown for two classes.';
  }
  const dists = r.distributions.filter(d => d);
  if (dists.length) {
    $('distributions').className = '';
    categoryBars($('distributions'), dists);
  } else {
    $('distributions').className = 'muted';
    $('distributions').textContent = 'Ranges have no single distribution.';
  }
}

let serial = 0;
async function compare() {
  const a = $('a').value.trim(), b = $('b').value.trim();
  const mine = ++serial;
  for (const [id, text] of [['a', a], ['b', b]]) $(id).removeAttribute('aria-invalid');
  const missing = [['a', a, 1], ['b', b, 2]].filter(([, text]) => !text);
  if (missing.length) {
    missing.forEach(([id]) => $(id).setAttribute('aria-invalid', 'true'));
    clearResult();
    say([...notes.splice(0), `Type hand ${missing.map(m => m[2]).join(' and hand ')
    }: a class, two cards or a range.`].join(' '), 'error');
    return;
  }
  const params = { a, b };
  if (short()) params.game = game.value;
  if (short() && rules.value !== DEFAULT_RULES) params.rules = rules.value;
  const query = `?${new URLSearchParams(params).toString().replace(/%2C/g, ',')}`;
  history.replaceState(null, '', `/headsup${query}`);
  $('results').classList.add('stale');  // the old figures, greyed, until the new ones come
  $('results').setAttribute('aria-busy', 'true');
  say('Enumerating every board…', 'muted');
  let r;
  try {
    r = await getJSON('/api/headsup', short() ? { a, b, game: game.value, rules: rules.value }
      : { a, b });
  } catch (e) {
    if (mine !== serial) return;
    $('results').setAttribute('aria-busy', 'false');
    clearResult('No result: see the message above.');
    const side = /^hand ([12])\b/.exec(e.message);
    if (side) $(side[1] === '1' ? 'a' : 'b').setAttribute('aria-invalid', 'true');
    say([...notes.splice(0), `${short() ? `${gameLabel()}: ` : ''}${e.message}`].join(' '), 'error');
    return;
  }
  if (mine !== serial) return;
  $('results').setAttribute('aria-busy', 'false');
  $('results').classList.remove('stale');
  showResult(r);
  $('results').dataset.for = query;
  const told = notes.splice(0);
  say([...told, `${short() ? `${gameLabel()}: ` : ''}${r.hand1} wins ${pct(r.win[0], 2)}, ties ${
    pct(r.tie[0], 2)}, ${r.hand2} wins ${pct(r.win[1], 2)}; equity ${pct(r.equity, 2)} to ${
    pct(1 - r.equity, 2)}.`].join(' '), told.length ? 'error' : undefined);
}

$('form').addEventListener('submit', e => { e.preventDefault(); compare(); });
// A change of game or rule order compares the same two sides again (a side short deck lacks
// is named in the status line); an open grid reads its side again ('N%' ranks the hands of
// the game and rule order now chosen).
for (const select of [game, rules]) {
  select.addEventListener('change', () => {
    fitGame();
    if (!$('range-editor').hidden && target) editor.load(target.value);
    compare();
  });
}

// The address: every value checked, each problem named once in the status line.
const q = new URLSearchParams(location.search);
if (q.has('game')) {
  const raw = q.get('game');
  if (raw in GAMES) game.value = raw;
  else notes.push(`The address asks for game=${JSON.stringify(raw)}; head-to-head has holdem and shortdeck, so this shows Hold'em.`);
}
if (q.has('rules')) {
  const raw = q.get('rules');
  if (!short()) notes.push(`The address gives rules=${JSON.stringify(raw)}; rule orders are for short deck only, so they are ignored.`);
  else if (raw in RULES) rules.value = raw;
  else notes.push(`The address asks for rules=${JSON.stringify(raw)}; short deck's rule orders are trips-beat-straight and straight-beats-trips, so this uses trips beat straights.`);
}
fitGame();
$('a').value = q.has('a') ? q.get('a') : 'AKs';
$('b').value = q.has('b') ? q.get('b') : 'QQ';
compare();
