// The preflop explorer: the 169 classes coloured by equity, or equity without ties (win
// only), against N random hands; a class's figures, its exact distribution of best hands
// (by category, each opening onto its rank buckets) and its curve against 1..9 opponents.
// The state lives in the URL (/preflop?class=AKs&n=3&measure=win); a value there that is out
// of range or unknown is named in the status line (a live region) and replaced by the default.
import { getJSON, nav, pct } from './api.js';
import { categoryBars, equityCurve } from './charts.js';
import { gridCells } from './grid.js';
import { statusLine } from './status.js';

nav('/preflop');
const $ = id => document.getElementById(id);
const opponents = $('opponents');
const measure = $('measure');
const MEASURES = { equity: 'equity', win: 'equity without ties' };
opponents.innerHTML = [...Array(9)].map((_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
let table = null;
let selected = null;  // the class shown in the detail panel (its normalised name)
let info = null;      // its /api/preflop/class answer
const notes = [];     // what the address asked for that the page could not show

const say = statusLine($('state'));

const cells = gridCells($('grid'), name => select(name, true), { label: 'Starting hands' });

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

function draw() {
  if (!table) return;
  const n = +opponents.value;
  const values = figures().map(row => row[n - 1]);
  const lo = Math.min(...values), hi = Math.max(...values);
  const what = MEASURES[measure.value];
  $('grid-title').textContent = `${measure.value === 'win' ? 'Equity without ties' : 'Equity'} ${against(n)}`;
  cells.forEach((cell, k) => {
    const rgb = colour(hi > lo ? (values[k] - lo) / (hi - lo) : 0.5);
    cell.style.background = `rgb(${rgb.join(', ')})`;
    cell.style.color = ink(rgb);
    cell.title = `${cell.dataset.class}: ${what} ${pct(values[k], 2)} ${against(n)}`;
    cell.setAttribute('aria-label', `${cell.dataset.class}, ${what} ${pct(values[k], 1)}`);
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
  $('detail-equity').textContent = pct(table.equity_vs_opponents[k][n - 1], 2);
  $('detail-win').textContent = pct(table.win_vs_opponents[k][n - 1], 2);
  const se = table.stderr[k][n - 1], winSe = table.win_stderr[k][n - 1];
  $('detail-sub').textContent = `${selected} (${table.combos[k]} combos) ${against(n)}`;
  $('detail-se').textContent = se > 0
    ? `Monte Carlo: standard errors ±${(100 * se).toFixed(2)} and ±${(100 * winSe).toFixed(2)} points.`
    : 'Exact: every board against every hand.';
}

function announce() {
  if (!table || !selected) return;
  const n = +opponents.value;
  const k = table.classes.indexOf(selected);
  say(`${selected} ${against(n)}: equity ${withError(table.equity_vs_opponents[k][n - 1], table.stderr[k][n - 1])}, without ties ${
    withError(table.win_vs_opponents[k][n - 1], table.win_stderr[k][n - 1])}.`);
}

function writeAddress() {
  const q = new URLSearchParams();
  if (selected) q.set('class', selected);
  q.set('n', opponents.value);
  if (measure.value !== 'equity') q.set('measure', measure.value);
  history.replaceState(null, '', `/preflop?${q}`);
}

function noClass(message) {
  selected = null;
  info = null;
  cells.forEach(c => c.classList.remove('sel'));
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

let serial = 0;
async function select(name, byUser = false) {
  const mine = ++serial;
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
  cells.forEach(c => c.classList.toggle('sel', c.dataset.class === selected));
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

// The address: every value checked, each problem named once on the page.
const q = new URLSearchParams(location.search);
if (q.has('n')) {
  const raw = q.get('n');
  if (/^[1-9]$/.test(raw.trim())) opponents.value = raw.trim();
  else notes.push(`The address asks for n=${JSON.stringify(raw)} opponents; it must be a whole number from 1 to 9, so this shows 1.`);
}
if (q.has('measure')) {
  const raw = q.get('measure');
  if (raw in MEASURES) measure.value = raw;
  else notes.push(`The address asks to show ${JSON.stringify(raw)}; it can show "equity" or "win" (without ties), so this shows equity.`);
}
try {
  table = await getJSON('/api/preflop');
} catch (e) {
  say(`The preflop table could not be loaded: ${e.message}. Reload the page to try again.`, 'error');
  noClass('The preflop table could not be loaded.');
}
if (table) {
  draw();
  const wanted = q.has('class') ? q.get('class').trim() : 'AKs';
  if (wanted) await select(wanted);
  else {
    noClass('Pick a class on the grid.');
    notes.push('The address names no class (class= is empty). Pick a class on the grid.');
    say(notes.splice(0).join(' '), 'error');
    writeAddress();
  }
}
