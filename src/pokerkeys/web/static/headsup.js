// Head-to-head: exact equity of two classes, hands or ranges; for two classes every
// suit-distinct matchup with its combo pairs (they add up to the class figure); the rank
// distributions side by side. The input lives in the URL: /headsup?a=AKs&b=QQ.
import { getJSON, nav, pct } from './api.js';
import { categoryBars } from './charts.js';
import { RangeEditor } from './grid.js';

nav('/headsup');
const $ = id => document.getElementById(id);
let target = null;
const editor = new RangeEditor($('range-box'), text => { if (target) target.value = text; });
document.querySelectorAll('[data-range]').forEach(button => button.addEventListener('click', () => {
  target = $(button.dataset.range);
  $('range-editor').hidden = false;
  $('range-title').textContent = `Range of hand ${button.dataset.range === 'a' ? 1 : 2}`;
  editor.load(target.value);
}));
$('range-close').addEventListener('click', () => { $('range-editor').hidden = true; compare(); });

let serial = 0;
async function compare() {
  const a = $('a').value.trim(), b = $('b').value.trim();
  if (!a || !b) return;
  history.replaceState(null, '', `/headsup?${new URLSearchParams({ a, b }).toString().replace(/%2C/g, ',')}`);
  const mine = ++serial;
  $('state').textContent = 'enumerating every board…';
  $('state').className = 'muted';
  let r;
  try {
    r = await getJSON('/api/headsup', { a, b });
  } catch (e) {
    if (mine === serial) { $('state').textContent = e.message; $('state').className = 'error'; }
    return;
  }
  if (mine !== serial) return;
  $('state').textContent = '';
  $('eq-a').textContent = pct(r.equity, 2);
  $('eq-b').textContent = pct(1 - r.equity, 2);
  $('name-a').textContent = r.hand1;
  $('name-b').textContent = r.hand2;
  if (r.matchups.length) {
    $('suits-title').textContent = `By suit situation: ${r.matchups.length} suit-distinct matchups`;
    $('suits').className = '';
    $('suits').innerHTML = `<table class="plain" id="suit-table"><thead><tr><th>${r.hand1}</th><th>${r.hand2}</th>
      <th>combo pairs</th><th>equity</th><th>win</th><th>tie</th></tr></thead><tbody>${
      r.matchups.map(m => `<tr><td>${m.hand1}</td><td>${m.hand2}</td><td class="combos">${m.combos}</td>
        <td class="eq" data-equity="${m.equity}">${pct(m.equity, 2)}</td><td>${pct(m.win, 2)}</td><td>${pct(m.tie, 2)}</td></tr>`).join('')
      }</tbody><tfoot><tr><td colspan="2">weighted total</td><td id="combo-total" style="text-align:right;font-family:inherit">${r.combo_pairs}</td>
      <td id="class-equity" data-equity="${r.equity}">${pct(r.equity, 2)}</td><td colspan="2" class="muted">
      shipped table: ${pct(r.shipped_equity, 4)}</td></tr></tfoot></table>`;
  } else {
    $('suits-title').textContent = 'By suit situation';
    $('suits').className = 'muted';
    $('suits').textContent = 'Suit situations are shown for two classes.';
  }
  const dists = r.distributions.filter(d => d);
  if (dists.length) categoryBars($('distributions'), dists);
  else { $('distributions').className = 'muted'; $('distributions').textContent = 'Ranges have no single distribution.'; }
}

$('go').addEventListener('click', compare);
for (const id of ['a', 'b']) $(id).addEventListener('keydown', e => { if (e.key === 'Enter') compare(); });
const q = new URLSearchParams(location.search);
$('a').value = q.get('a') || 'AKs';
$('b').value = q.get('b') || 'QQ';
compare();
