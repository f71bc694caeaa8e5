// The preflop explorer: the 169 classes coloured by equity against N random hands, and a
// class's exact rank distribution and equity curve.
import { getJSON, nav, pct } from './api.js';
import { categoryBars, equityCurve } from './charts.js';
import { gridCells } from './grid.js';

nav('/preflop');
const $ = id => document.getElementById(id);
const opponents = $('opponents');
opponents.innerHTML = [...Array(9)].map((_, i) => `<option value="${i + 1}">${i + 1}</option>`).join('');
let table = null;
let selected = null;
const cells = gridCells($('grid'), name => select(name));

function colour(t) {  // t in [0, 1]: pale red, white, deep blue
  const mix = (a, b, u) => Math.round(a + (b - a) * u);
  return t < 0.5
    ? `rgb(${mix(226, 247, t * 2)}, ${mix(98, 248, t * 2)}, ${mix(92, 250, t * 2)})`
    : `rgb(${mix(247, 31, (t - 0.5) * 2)}, ${mix(248, 111, (t - 0.5) * 2)}, ${mix(250, 235, (t - 0.5) * 2)})`;
}

function draw() {
  const n = +opponents.value;
  const values = table.equity_vs_opponents.map(row => row[n - 1]);
  const lo = Math.min(...values), hi = Math.max(...values);
  cells.forEach((cell, k) => {
    const t = (values[k] - lo) / (hi - lo);
    cell.style.background = colour(t);
    cell.style.color = t > 0.75 ? '#fff' : '#1d2330';
    cell.title = `${cell.dataset.class}: ${pct(values[k], 2)} against ${n} random hand${n > 1 ? 's' : ''}`;
    cell.innerHTML = `${cell.dataset.class}<br><span style="font-weight:400;font-size:10px">${(100 * values[k]).toFixed(1)}</span>`;
  });
  if (selected) showEquity(selected);
}

function showEquity(name) {
  const n = +opponents.value;
  const k = table.classes.indexOf(name);
  $('detail-equity').textContent = pct(table.equity_vs_opponents[k][n - 1], 2);
  $('detail-sub').textContent = `${name} (${table.combos[k]} combos) against ${n} random hand${n > 1 ? 's' : ''}`;
}

async function select(name) {
  selected = name;
  cells.forEach(c => c.classList.toggle('sel', c.dataset.class === name));
  $('detail-title').textContent = name;
  showEquity(name);
  history.replaceState(null, '', `/preflop?class=${name}&n=${opponents.value}`);
  const info = await getJSON(`/api/preflop/class/${encodeURIComponent(name)}`);
  if (selected !== name) return;
  categoryBars($('distribution'), [info]);
  equityCurve($('curve'), info.equity_vs_opponents);
}

opponents.addEventListener('change', () => {
  draw();
  if (selected) history.replaceState(null, '', `/preflop?class=${selected}&n=${opponents.value}`);
});

const q = new URLSearchParams(location.search);
if (q.get('n')) opponents.value = q.get('n');
table = await getJSON('/api/preflop');
draw();
select(q.get('class') || 'AKs');
