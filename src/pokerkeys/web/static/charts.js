// Small charts drawn as HTML and SVG (no chart library), each with its figures as text for
// screen readers: the distribution of the best hand by the river (categories, each opening
// onto its rank buckets) against the average hand, and equity against 1..n opponents.
import { pct } from './api.js';

const COLORS = ['#1f6feb', '#8250df'];
const esc = s => String(s).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
let chartCount = 0;

// A share as the charts print it: two decimals, and two significant digits below 0.01%
// (a royal flush's 0.0032% is not 0.00%).
const share = v => (v > 0 && v < 1e-4 ? `${(100 * v).toPrecision(2)}%` : pct(v, 2));

// One bar row's cells: the label, the bars (hidden from screen readers: the numbers are in
// the next cells), one number per distribution and the average hand's.
function barCells(values, average, max, label, scope) {
  const bars = values.map((v, i) => `<div class="track"><div class="v" style="width:${
    (100 * v / max).toFixed(3)}%;background:${COLORS[i]}"></div><div class="avg" style="left:${
    (100 * average / max).toFixed(3)}%"></div></div>`).join('');
  return `<th scope="${scope}">${label}</th><td class="bars" aria-hidden="true">${bars}</td>${
    values.map(v => `<td class="num">${share(v)}</td>`).join('')}<td class="num avg-col">${
    share(average)}</td>`;
}

// The distribution of the best 7-card hand over all boards of one or two classes or hands,
// side by side, by category; each category opens (a button, or "Show all rank buckets") onto
// its rank buckets (hands of the category with the same leading rank: "Pair, aces") when the
// distributions carry `buckets` (as /api/preflop/class/{name} and /api/headsup give them).
// dists: [{class, label?, categories: {label: {probability, average_probability}},
//          buckets?: [{category, label, probability, average_probability}]}, ...]
export function categoryBars(container, dists) {
  const id = `dist${++chartCount}`;
  const labels = Object.keys(dists[0].categories).reverse();  // straight flush first
  const finer = dists.every(d => Array.isArray(d.buckets));
  const max = Math.max(...dists.flatMap(d => labels.map(l =>
    Math.max(d.categories[l].probability, d.categories[l].average_probability))));
  const names = dists.map(d => esc(d.label || d.class));
  const head = `<thead><tr><th scope="col">hand category</th><td aria-hidden="true"></td>${
    names.map((n, i) => `<th scope="col" class="num"><i class="key" style="background:${
      COLORS[i]}"></i>${n}</th>`).join('')}<th scope="col" class="num avg-col">all hands</th></tr></thead>`;
  const groups = labels.map((label, g) => {
    const values = dists.map(d => d.categories[label].probability);
    const average = dists[0].categories[label].average_probability;
    let rows = '';
    let toggle = finer ? '<span class="no-expand"></span>' : '';
    if (finer) {
      const buckets = dists[0].buckets.map((b, k) => ({ ...b, k }))
        .filter(b => b.category === label && dists.some(d => d.buckets[b.k].probability > 0))
        .reverse();  // best first, as the categories
      if (buckets.length) {
        toggle = `<button type="button" class="expand" aria-expanded="false"
          aria-controls="${id}-g${g}" aria-label="${label}: show its ${buckets.length} rank bucket${
          buckets.length > 1 ? 's' : ''}">+</button>`;
        rows = buckets.map(b => `<tr class="bucket" data-group="${id}-g${g}" hidden>${barCells(
          dists.map(d => d.buckets[b.k].probability), b.average_probability, max,
          esc(b.label.replace(/^[^,]*, /, '')), 'row')}</tr>`).join('');
      }
    }
    return `<tbody id="${id}-g${g}"><tr class="category brow">${barCells(values, average, max,
      `<span class="cat-label">${toggle}<span>${label}</span></span>`, 'row')}</tr>${rows}</tbody>`;
  }).join('');
  container.classList.remove('chart');  // the table lays itself out
  container.innerHTML = `<table class="dist-chart">
    <caption class="sr-only">Best hand by the river over all boards, by hand category${
      finer ? ' (each category opens onto its rank buckets)' : ''}: the chance of each for ${
      names.join(' and ')}, and for all hands</caption>${head}${groups}</table>
    ${finer ? `<div class="row dist-tools"><button type="button" class="expand-all"
      data-open="false">Show all rank buckets</button><span class="hint">A bucket: the hands
      of a category with the same leading rank (pair of aces, kings up, eights full).</span></div>` : ''}
    <div class="legend" aria-hidden="true">${dists.map((d, i) => `<i style="background:${
      COLORS[i]}"></i>${names[i]}`).join('')}<i class="avg-key"></i>average of all hands ·
      best hand by the river, over all boards</div>`;
  const table = container.querySelector('table');
  const open = (button, on) => {
    button.setAttribute('aria-expanded', String(on));
    button.textContent = on ? '−' : '+';
    button.setAttribute('aria-label', button.getAttribute('aria-label')
      .replace(/^([^:]*): (show|hide)/, `$1: ${on ? 'hide' : 'show'}`));
    table.querySelectorAll(`tr[data-group="${button.getAttribute('aria-controls')}"]`)
      .forEach(row => { row.hidden = !on; });
  };
  table.querySelectorAll('button.expand').forEach(button => button.addEventListener('click',
    () => open(button, button.getAttribute('aria-expanded') !== 'true')));
  const all = container.querySelector('.expand-all');
  if (all) {
    all.addEventListener('click', () => {
      const on = all.dataset.open !== 'true';
      all.dataset.open = String(on);
      all.textContent = on ? 'Hide the rank buckets' : 'Show all rank buckets';
      table.querySelectorAll('button.expand').forEach(button => open(button, on));
    });
  }
}

// How many opponents, in words (the text alternative reads "against nine").
const COUNT_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const countWord = n => COUNT_WORDS[n - 1] || String(n);

// Equity against 1..n random opponents as a line chart, with a dashed fair share 1/(n+1);
// n is the number of values (9 for Hold'em, 5 for short deck), spread over the same width.
// `values`: the equities; options: `win` (equity without ties, a second line), `name` (what
// the figures are of, for the text alternative), `stderr` and `winStderr` (shown with the
// figures when not 0), `open` (the figures' table starts open). The figures are also in a
// table that opens below the chart.
export function equityCurve(container, values, { win = null, name = '', stderr = null,
                                                  winStderr = null, open = false } = {}) {
  const w = 420, h = 190, left = 44, bottom = 26, top = 10;
  const last = values.length - 1;  // the x scale's last step
  const x = i => left + (last > 0 ? (i * (w - left - 12)) / last : 0);
  const y = v => top + (1 - v) * (h - top - bottom);
  const id = `curve${++chartCount}`;
  const grid = [0, 0.25, 0.5, 0.75, 1].map(v =>
    `<line x1="${left}" x2="${w - 8}" y1="${y(v)}" y2="${y(v)}" stroke="#eef0f4"/>
     <text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${100 * v}%</text>`).join('');
  const xs = values.map((_, i) => `<text x="${x(i)}" y="${h - 8}" text-anchor="middle">${i + 1}</text>`).join('');
  // Equity's points are dots, the figures without ties squares: told apart without colour.
  const line = (series, color, dash, mark) => `<path d="${series.map((v, i) => `${i ? 'L' : 'M'}${x(i)},${y(v)}`).join('')}"
    fill="none" stroke="${color}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ''}/>${
    series.map((v, i) => (mark === 'dot' ? `<circle cx="${x(i)}" cy="${y(v)}" r="3.5" fill="${color}"/>`
      : `<rect x="${x(i) - 3}" y="${y(v) - 3}" width="6" height="6" fill="${color}"/>`)).join('')}`;
  const fair = values.map((_, i) => `${i ? 'L' : 'M'}${x(i)},${y(1 / (i + 2))}`).join('');
  const of = name ? ` of ${esc(name)}` : '';
  const summary = `Equity${of} against 1 to ${last + 1} random hands: ${pct(values[0], 1)} against one, ${
    pct(values[last], 1)} against ${countWord(last + 1)}${
    win ? `; without ties ${pct(win[0], 1)} and ${pct(win[last], 1)}` : ''}.`;
  const withSe = (v, se) => (se && se > 0 ? `${pct(v, 2)} ± ${(100 * se).toFixed(2)}` : pct(v, 2));
  const rows = values.map((v, i) => `<tr><th scope="row">${i + 1}</th><td>${withSe(v, stderr?.[i])}</td>${
    win ? `<td>${withSe(win[i], winStderr?.[i])}</td>` : ''}<td>${pct(1 / (i + 2), 2)}</td></tr>`).join('');
  container.innerHTML = `<svg class="curve" viewBox="0 0 ${w} ${h}" width="100%" role="img"
      aria-labelledby="${id}-summary">${grid}${xs}
    <path d="${fair}" fill="none" stroke="#e0822b" stroke-dasharray="4 3"/>
    ${line(values, COLORS[0], '', 'dot')}${win ? line(win, '#1a7f37', '6 3', 'square') : ''}</svg>
    <p class="sr-only" id="${id}-summary">${summary}</p>
    <div class="legend" aria-hidden="true"><i class="dot" style="background:${COLORS[0]}"></i>equity${
      win ? '<i style="background:#1a7f37"></i>without ties (win only)' : ''}<i
      style="background:#e0822b"></i>fair share 1/(n+1) · opponents (random hands) →</div>
    <details class="figures"${open ? ' open' : ''}><summary>The figures</summary>
      <table class="plain curve-table"><caption class="sr-only">${summary}</caption>
      <thead><tr><th scope="col">opponents</th><th scope="col">equity</th>${
        win ? '<th scope="col">without ties</th>' : ''}<th scope="col">fair share</th></tr></thead>
      <tbody>${rows}</tbody></table></details>`;
}
