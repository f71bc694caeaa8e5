// Two small charts drawn as HTML and SVG (no chart library): category bars against the
// average hand, and an equity curve against 1..9 opponents.
import { pct } from './api.js';

// dists: [{class, categories: {label: {probability, average_probability}}}, ...] side by side.
export function categoryBars(container, dists) {
  const colors = ['#1f6feb', '#8250df'];
  const labels = Object.keys(dists[0].categories).reverse();  // straight flush first
  const max = Math.max(...dists.flatMap(d => labels.map(l =>
    Math.max(d.categories[l].probability, d.categories[l].average_probability))));
  container.classList.add('chart');
  container.innerHTML = labels.map(label => `<div class="brow"><span>${label}</span><div>${
    dists.map((d, i) => {
      const c = d.categories[label];
      return `<div class="track" style="margin:2px 0"><div class="v" style="width:${100 * c.probability / max}%;background:${colors[i]}"></div>
        <div class="avg" style="left:${100 * c.average_probability / max}%"></div></div>`;
    }).join('')}</div><div class="num">${dists.map(d => pct(d.categories[label].probability, 2)).join('<br>')}</div></div>`).join('')
    + `<div class="legend">${dists.map((d, i) => `<i style="background:${colors[i]}"></i>${d.label || d.class}`).join('')}
       <i style="background:#e0822b;width:3px"></i>average of all hands · best hand by the river, over all boards</div>`;
}

export function equityCurve(container, values) {
  const w = 420, h = 190, left = 44, bottom = 26, top = 10;
  const x = i => left + (i * (w - left - 12)) / 8;
  const y = v => top + (1 - v) * (h - top - bottom);
  const grid = [0, 0.25, 0.5, 0.75, 1].map(v =>
    `<line x1="${left}" x2="${w - 8}" y1="${y(v)}" y2="${y(v)}" stroke="#eef0f4"/>
     <text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${100 * v}%</text>`).join('');
  const xs = values.map((_, i) => `<text x="${x(i)}" y="${h - 8}" text-anchor="middle">${i + 1}</text>`).join('');
  const path = values.map((v, i) => `${i ? 'L' : 'M'}${x(i)},${y(v)}`).join('');
  const dots = values.map((v, i) => `<circle cx="${x(i)}" cy="${y(v)}" r="3.5" fill="#1f6feb"><title>${i + 1} opponents: ${pct(v, 2)}</title></circle>`).join('');
  const fair = values.map((_, i) => `${i ? 'L' : 'M'}${x(i)},${y(1 / (i + 2))}`).join('');
  container.innerHTML = `<svg class="curve" viewBox="0 0 ${w} ${h}" width="100%">${grid}${xs}
    <path d="${fair}" fill="none" stroke="#e0822b" stroke-dasharray="4 3"/>
    <path d="${path}" fill="none" stroke="#1f6feb" stroke-width="2"/>${dots}</svg>
    <div class="legend">opponents (random hands) →; dashed: a fair share 1/(n+1)</div>`;
}
