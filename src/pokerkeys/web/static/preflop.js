// The preflop explorer: the 169 classes coloured by equity, or equity without ties (win
// only), against N random hands; a class's figures, its exact distribution of best hands
// (by category, each opening onto its rank buckets) and its curve against 1..9 opponents.
// Short deck (game=shortdeck, rules=straight-beats-trips for the other rule order): its 81
// classes on a 9 x 9 grid drawn from the answer's grid_size, figures and figures without ties
// against 1..5 hands, each class's distribution of best hands built from the answer's
// `distributions` (every class's boards per rank bucket: no request per class), its figures
// as a table, and its exact heads-up matrix as a view: the chosen class's equity against each
// class (measure=vs). The state lives in the URL (/preflop?class=AKs&n=3&measure=win&
// game=shortdeck); a value there that is out of range or unknown is named in the status line
// (a live region) and replaced by the default.
import { rovingGrid } from './a11y.js';
import { getJSON, nav, pct } from './api.js';
import { categoryBars, equityCurve } from './charts.js';
import { DEFAULT_RULES, GAMES, RULES } from './games.js';
import { CLASS_NAMES } from './grid.js';
import { statusLine } from './status.js';

nav('/preflop');
const $ = id => document.getElementById(id);
const opponents = $('opponents');
const measure = $('measure');
const game = $('game');
const rules = $('rules');
const MEASURES = { equity: 'equity', win: 'equity without ties', vs: 'heads-up equity' };
const short = () => game.value === 'shortdeck';
const gameLabel = () => (short() ? `Short deck (${RULES[rules.value]})` : "Hold'em");
opponents.innerHTML = [...Array(9)].map((_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
let table = null;
let selected = null;  // the class shown in the detail panel (its normalised name)
let info = null;      // its /api/preflop/class answer
const notes = [];     // what the address asked for that the page could not show

const say = statusLine($('state'));

// The classes of a game in grid order (short deck's: Hold'em's grid without the ranks 2-5),
// drawn before its table comes and checked against the table's when it does.
const SHORT_DECK_RANKS = 'AKQJT9876';
const gameClasses = () => (short()
  ? CLASS_NAMES.filter(n => SHORT_DECK_RANKS.includes(n[0]) && SHORT_DECK_RANKS.includes(n[1]))
  : CLASS_NAMES);

// The grid of `names`, `size` to a side (13 for Hold'em, whose answer has no grid_size; 9 for
// short deck): an ARIA grid with one tab stop (arrow keys move, Enter or Space picks). Kept
// as it is if it already shows those names.
let cells = [];
function buildGrid(names, size) {
  if (cells.length === names.length && cells.every((c, k) => c.dataset.class === names[k])) return;
  const grid = $('grid');
  grid.classList.add('grid');
  grid.classList.toggle('grid-9', size === 9);
  grid.setAttribute('role', 'grid');
  grid.replaceChildren();
  cells = names.map(name => {
    const cell = document.createElement('div');
    cell.setAttribute('role', 'gridcell');
    cell.setAttribute('aria-selected', 'false');
    cell.className = name.length === 2 ? 'cell pair' : 'cell';
    cell.dataset.class = name;
    cell.textContent = name;
    cell.addEventListener('click', () => select(name, true));
    return cell;
  });
  for (let i = 0; i < size; i++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'grid-row';
    row.append(...cells.slice(size * i, size * i + size));
    grid.append(row);
  }
  rovingGrid(cells, size);
}

function markSelected() {
  cells.forEach(c => {
    const on = c.dataset.class === selected;
    c.classList.toggle('sel', on);
    c.setAttribute('aria-selected', String(on));
  });
}

// The opponents the table covers (9 for Hold'em, 5 for short deck), the chosen one kept if
// it is still there (else the largest, and a note in `told` says so); equity without ties
// only where the table has it, the heads-up view only with a matrix.
function fitControls(told) {
  const most = table.equity_vs_opponents[0].length;
  const was = +opponents.value || 1;
  opponents.innerHTML = [...Array(most)].map((_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
  opponents.value = String(Math.min(was, most));
  if (was > most) told.push(`${gameLabel()} has figures against 1 to ${most} hands, so this shows ${most}.`);
  const win = measure.querySelector('option[value="win"]');
  win.disabled = !table.win_vs_opponents;
  if (win.disabled && measure.value === 'win') {
    measure.value = 'equity';
    told.push(`${gameLabel()} has no equity without ties, so this shows equity.`);
  }
  const vs = measure.querySelector('option[value="vs"]');
  vs.disabled = !table.heads_up;
  if (vs.disabled && measure.value === 'vs') {
    measure.value = 'equity';
    told.push(`${gameLabel()} has no heads-up matrix here (short deck has), so this shows equity.`);
  }
  opponents.disabled = measure.value === 'vs';
  $('rules-box').hidden = !short();
  $('detail-win-box').hidden = !table.win_vs_opponents;
  $('curve-title').textContent = `Equity against 1 to ${most} opponents`;
}

function colour(t) {  // t in [0, 1]: pale red, white, deep blue
  const mix = (a, b, u) => Math.round(a + (b - a) * u);
  return t < 0.5
    ? [mix(226, 247, t * 2), mix(98, 248, t * 2), mix(92, 250, t * 2)]
    : [mix(247, 20, (t - 0.5) * 2), mix(248, 80, (t - 0.5) * 2), mix(250, 190, (t - 0.5) * 2)];
}

// Black or white text, whichever contrasts more with the background: one of them always
// reaches 4.5:1 (WCAG's relative luminance; black wins above 0.179).
function ink([r, g, b]) {
  const lin = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.179 ? '#000' : '#fff';
}

const against = n => `against ${n} random hand${n > 1 ? 's' : ''}`;
const figures = () => (measure.value === 'win' ? table.win_vs_opponents : table.equity_vs_opponents);
const chosen = () => table.classes.indexOf(selected);
// The heads-up view: the matrix row of the chosen class (its exact equity against each class).
const headsUp = () => measure.value === 'vs' && table.heads_up && chosen() >= 0;

function draw() {
  if (!table) return;
  const n = +opponents.value;
  const vs = headsUp();
  const values = vs ? table.heads_up[chosen()] : figures().map(row => row[n - 1]);
  const lo = Math.min(...values), hi = Math.max(...values);
  const what = MEASURES[measure.value];
  opponents.disabled = measure.value === 'vs';
  if (vs) {  // the class's name as it is written (the heading is in capitals)
    $('grid-title').innerHTML = `Heads-up equity of <span class="pf-name">${selected}</span> against each class (exact)`;
  } else {
    $('grid-title').textContent = `${measure.value === 'win' ? 'Equity without ties' : 'Equity'} ${against(n)}`;
  }
  cells.forEach((cell, k) => {
    const rgb = colour(hi > lo ? (values[k] - lo) / (hi - lo) : 0.5);
    cell.style.background = `rgb(${rgb.join(', ')})`;
    cell.style.color = ink(rgb);
    cell.title = vs ? `${selected} against ${cell.dataset.class}: ${pct(values[k], 2)} (exact)`
      : `${cell.dataset.class}: ${what} ${pct(values[k], 2)} ${against(n)}`;
    cell.setAttribute('aria-label', vs ? `${cell.dataset.class}, ${selected} against it ${pct(values[k], 1)}`
      : `${cell.dataset.class}, ${what} ${pct(values[k], 1)}`);
    cell.innerHTML = `${cell.dataset.class}<span class="pf-value">${(100 * values[k]).toFixed(1)}</span>`;
  });
  showFigures();
}

function withError(value, se) {
  return se > 0 ? `${pct(value, 2)} ± ${(100 * se).toFixed(2)}` : pct(value, 2);
}

function showFigures() {
  if (!table || !selected) return;
  const n = +opponents.value;
  const k = table.classes.indexOf(selected);
  if (k < 0) return;  // a class of the game before a change of game
  $('detail-equity').textContent = pct(table.equity_vs_opponents[k][n - 1], 2);
  const se = table.stderr[k][n - 1];
  $('detail-sub').textContent = `${selected} (${table.combos[k]} combos) ${against(n)}${
    short() ? `, short deck (${RULES[rules.value]})` : ''}`;
  if (!table.win_vs_opponents) {
    $('detail-se').textContent = se > 0 ? `Monte Carlo: standard error ±${(100 * se).toFixed(2)} points.`
      : 'Exact: every board against every hand.';
    return;
  }
  $('detail-win').textContent = pct(table.win_vs_opponents[k][n - 1], 2);
  const winSe = table.win_stderr[k][n - 1];
  $('detail-se').textContent = se > 0
    ? `Monte Carlo: standard errors ±${(100 * se).toFixed(2)} and ±${(100 * winSe).toFixed(2)} points.`
    : 'Exact: every board against every hand.';
}

let switched = '';  // what a change of game did, said before the figures
function announce() {
  if (!table || !selected) return;
  const before = switched;
  switched = '';
  const n = +opponents.value;
  const k = table.classes.indexOf(selected);
  if (k < 0) return;  // a class of the game before a change of game
  const equity = withError(table.equity_vs_opponents[k][n - 1], table.stderr[k][n - 1]);
  say(before + (short() ? `${gameLabel()}: ` : '') + (table.win_vs_opponents
    ? `${selected} ${against(n)}: equity ${equity}, without ties ${
      withError(table.win_vs_opponents[k][n - 1], table.win_stderr[k][n - 1])}.`
    : `${selected} ${against(n)}: equity ${equity}.`));
}

function writeAddress() {
  const q = new URLSearchParams();
  if (selected) q.set('class', selected);
  q.set('n', opponents.value);
  if (measure.value !== 'equity') q.set('measure', measure.value);
  if (short()) q.set('game', game.value);
  if (short() && rules.value !== DEFAULT_RULES) q.set('rules', rules.value);
  history.replaceState(null, '', `/preflop?${q}`);
}

function noClass(message) {
  selected = null;
  info = null;
  markSelected();
  $('detail-title').textContent = 'Class';
  $('detail-equity').textContent = '–';
  $('detail-win').textContent = '–';
  $('detail-sub').textContent = message;
  $('detail-se').textContent = '';
  for (const id of ['distribution', 'curve']) {
    $(id).className = 'muted';
    $(id).textContent = 'Pick a class on the grid.';
  }
}

// A short-deck class's distribution of best hands, in the shape of Hold'em's
// /api/preflop/class answer (categories worst first, rank buckets), from the table's
// `distributions`: the class's boards per bucket; a category's boards are its buckets'.
function shortDistribution(k) {
  const d = table.distributions;
  const counts = d.counts[k];
  const buckets = d.buckets.map((b, i) => ({ ...b, boards: counts[i], probability: counts[i] / d.boards }));
  const categories = {};
  d.categories.forEach((label, i) => {
    const boards = buckets.filter(b => b.category === label).reduce((sum, b) => sum + b.boards, 0);
    categories[label] = { boards, probability: boards / d.boards, average_probability: d.average[i] };
  });
  return { class: table.classes[k], boards: d.boards, mean_rank: d.mean_rank[k],
           average_mean_rank: d.average_mean_rank, categories, buckets };
}

// Short deck's detail panel: everything comes with the table (no request per class): its
// distribution of best hands and its curve against 1..5 hands, its figures (with their
// standard errors) in a table open below it, as the panel has always shown them.
function selectShort(name, byUser) {
  const wanted = name.trim().toUpperCase().replace(/([SO])$/, c => c.toLowerCase());
  const k = table.classes.indexOf(wanted);
  if (k < 0) {
    noClass(`No class shown: ${JSON.stringify(name)} is not a short-deck class. Pick a class on the grid.`);
    say([...notes.splice(0), `${byUser ? '' : 'The address asks for '}class ${JSON.stringify(name)}: `
      + 'short deck\'s classes are those of cards 6 to A (AA, AKs, ..., 66). Pick a class on the grid.'].join(' '),
    'error');
    writeAddress();
    return;
  }
  info = shortDistribution(k);
  selected = wanted;
  markSelected();
  $('detail-title').textContent = selected;
  $('distribution').className = '';
  categoryBars($('distribution'), [info]);
  $('curve').className = '';
  equityCurve($('curve'), table.equity_vs_opponents[k], {
    win: table.win_vs_opponents?.[k], name: `${selected} (short deck, ${RULES[rules.value]})`,
    stderr: table.stderr[k], winStderr: table.win_stderr?.[k], open: true });
  if (measure.value === 'vs') draw(); else showFigures();
  writeAddress();
  if (notes.length) say(notes.splice(0).join(' '), 'error');
  else announce();
}

// A class picked while the game's table is on its way (at the start, or after a change of
// game) is marked on the grid and kept: it is shown once the table has come, in place of the
// address's class or the class kept across the change (the figures need the table, and short
// deck's whole panel comes from it).
let loading = false;  // a table is on its way
let picked = false;   // the user picked `selected` while it was
let serial = 0;
async function select(name, byUser = false) {
  const mine = ++serial;
  if (loading) {
    if (byUser) {
      picked = true;
      selected = name;
      markSelected();
      say(`${name}: its figures show when the table has loaded.`, 'muted');
    }
    return;
  }
  if (short()) { selectShort(name, byUser); return; }
  let answer;
  try {
    answer = await getJSON(`/api/preflop/class/${encodeURIComponent(name)}`);
  } catch (e) {
    if (mine !== serial) return;
    noClass(`No class shown: ${e.message}. Pick a class on the grid.`);
    say([...notes.splice(0), `${byUser ? '' : `The address asks for class ${JSON.stringify(name)}: `}${
      e.message}. Pick a class on the grid.`].join(' '), 'error');
    writeAddress();
    return;
  }
  if (mine !== serial) return;
  info = answer;
  selected = info.class;
  markSelected();
  $('detail-title').textContent = selected;
  $('distribution').className = '';
  categoryBars($('distribution'), [info]);
  $('curve').className = '';
  equityCurve($('curve'), info.equity_vs_opponents, {
    win: info.win_vs_opponents, name: selected, stderr: info.stderr, winStderr: info.win_stderr });
  showFigures();
  writeAddress();
  if (notes.length) say(notes.splice(0).join(' '), 'error');
  else announce();
}

function changed() {
  draw();
  writeAddress();
  announce();
}
opponents.addEventListener('change', changed);
measure.addEventListener('change', changed);

// The table of the chosen game and rule order, the grid drawn for it (what the controls had
// to change is pushed onto `told`); false if it failed.
let loads = 0;
async function loadTable(told) {
  const mine = ++loads;
  loading = true;
  const params = short() ? { game: game.value, rules: rules.value } : {};
  let answer;
  try {
    answer = await getJSON('/api/preflop', params);
  } catch (e) {
    if (mine !== loads) return false;
    loading = false;
    picked = false;
    table = null;
    cells = [];
    $('grid').replaceChildren();
    say(`The preflop table could not be loaded: ${e.message}. Reload the page to try again.`, 'error');
    noClass('The preflop table could not be loaded.');
    return false;
  }
  if (mine !== loads) return false;
  loading = false;
  table = answer;
  buildGrid(table.classes, table.grid_size || 13);
  fitControls(told);
  draw();
  return true;
}

// A change of game or rule order: the new table, the same class if the game has it (AKs if
// not), said in the status line.
async function switchGame() {
  const told = [];
  if (!(await loadTable(told))) return;
  const keep = selected;  // the class shown before, or the one picked while the table came
  picked = false;
  const name = keep && table.classes.includes(keep) ? keep : 'AKs';
  switched = `${gameLabel()}: ${table.classes.length} classes${
    keep && name !== keep ? ` (no ${keep}: this shows AKs)` : ''}. ${told.map(t => `${t} `).join('')}`;
  await select(name, true);
}
game.addEventListener('change', switchGame);
rules.addEventListener('change', switchGame);

// The address: every value checked, each problem named once on the page.
const q = new URLSearchParams(location.search);
if (q.has('game')) {
  const raw = q.get('game');
  if (raw in GAMES) game.value = raw;
  else notes.push(`The address asks for game=${JSON.stringify(raw)}; the preflop explorer has holdem and shortdeck, so this shows Hold'em.`);
}
if (q.has('rules')) {
  const raw = q.get('rules');
  if (!short()) notes.push(`The address gives rules=${JSON.stringify(raw)}; rule orders are for short deck only, so they are ignored.`);
  else if (raw in RULES) rules.value = raw;
  else notes.push(`The address asks for rules=${JSON.stringify(raw)}; short deck's rule orders are trips-beat-straight and straight-beats-trips, so this uses trips beat straights.`);
}
if (q.has('n')) {
  const raw = q.get('n');
  if (/^[1-9]$/.test(raw.trim())) opponents.value = raw.trim();
  else notes.push(`The address asks for n=${JSON.stringify(raw)} opponents; it must be a whole number from 1 to 9, so this shows 1.`);
}
if (q.has('measure')) {
  const raw = q.get('measure');
  if (raw in MEASURES) measure.value = raw;
  else notes.push(`The address asks to show ${JSON.stringify(raw)}; it can show "equity" or "win" (without ties), or "vs" (short deck's heads-up matrix), so this shows equity.`);
}
buildGrid(gameClasses(), short() ? 9 : 13);
if (await loadTable(notes)) {
  const wanted = q.has('class') ? q.get('class').trim() : 'AKs';
  if (picked) {  // the user's pick wins over the address's class
    picked = false;
    await select(selected, true);
  } else if (wanted) await select(wanted);
  else {
    noClass('Pick a class on the grid.');
    notes.push('The address names no class (class= is empty). Pick a class on the grid.');
    say(notes.splice(0).join(' '), 'error');
    writeAddress();
  }
}
