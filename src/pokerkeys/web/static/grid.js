// The 13 x 13 grid of the 169 starting-hand classes, as a range selector (click and drag,
// weights, a top-X% slider, PokerStove text) or as a coloured table (the preflop explorer).
import { getJSON, RANKS } from './api.js';

export const CLASS_NAMES = [];
for (let i = 0; i < 13; i++) {
  for (let j = 0; j < 13; j++) {
    CLASS_NAMES.push(i === j ? RANKS[i] + RANKS[i]
      : i < j ? RANKS[i] + RANKS[j] + 's' : RANKS[j] + RANKS[i] + 'o');
  }
}

export function gridCells(container, onCell) {
  container.classList.add('grid');
  container.innerHTML = CLASS_NAMES.map((n, k) =>
    `<div class="cell${n.length === 2 ? ' pair' : ''}" data-class="${n}" data-k="${k}">${n}</div>`)
    .join('');
  const cells = [...container.children];
  if (onCell) cells.forEach(c => c.addEventListener('click', () => onCell(c.dataset.class, c)));
  return cells;
}

// A range editor bound to one text field: the grid, a weight, a top-X% slider, the text.
export class RangeEditor {
  constructor(root, onText) {
    this.onText = onText;
    root.innerHTML = `
      <div class="grid-box"></div>
      <div class="range-tools">
        <label class="small">weight <input type="number" class="weight" min="0.05" max="1"
          step="0.05" value="1" style="width:70px"></label>
        <label class="small row">top <input type="range" class="top" min="0" max="100"
          step="0.5" value="0" style="flex:1"> <span class="top-value">0%</span></label>
        <button class="clear">Clear</button>
      </div>
      <div class="hint range-summary"></div>`;
    this.weights = new Map();
    this.cells = gridCells(root.querySelector('.grid-box'));
    this.summary = root.querySelector('.range-summary');
    this.weightInput = root.querySelector('.weight');
    const top = root.querySelector('.top');
    const topValue = root.querySelector('.top-value');
    let painting = null;
    const paint = cell => {
      const name = cell.dataset.class;
      if (painting === 'off') this.weights.delete(name);
      else this.weights.set(name, Math.min(1, Math.max(0.05, +this.weightInput.value || 1)));
      this.draw();
    };
    this.cells.forEach(cell => {
      cell.addEventListener('mousedown', e => {
        e.preventDefault();
        painting = this.weights.has(cell.dataset.class) &&
          this.weights.get(cell.dataset.class) === (+this.weightInput.value || 1) ? 'off' : 'on';
        paint(cell);
      });
      cell.addEventListener('mouseenter', () => { if (painting) paint(cell); });
    });
    window.addEventListener('mouseup', () => {
      if (painting) { painting = null; this.emit(); }
    });
    top.addEventListener('input', () => { topValue.textContent = `${top.value}%`; });
    top.addEventListener('change', async () => {
      if (+top.value === 0) { this.weights.clear(); this.draw(); this.emit(); return; }
      await this.load(`${top.value}%`);
      this.emit();
    });
    root.querySelector('.clear').addEventListener('click', () => {
      this.weights.clear(); top.value = 0; topValue.textContent = '0%'; this.draw(); this.emit();
    });
  }

  // Show the range of a text (asks the server, which parses ranges exactly as the engine).
  async load(text) {
    this.weights.clear();
    if (text && text.trim()) {
      try {
        const info = await getJSON('/api/range', { text });
        for (const [name, w] of Object.entries(info.classes)) this.weights.set(name, w);
      } catch (e) { this.summary.textContent = e.message; return; }
    }
    this.draw();
  }

  text() {
    return CLASS_NAMES.filter(n => this.weights.has(n)).map(n => {
      const w = this.weights.get(n);
      return w >= 1 ? n : `${n}:${+w.toFixed(4)}`;
    }).join(',');
  }

  draw() {
    let combos = 0;
    for (const cell of this.cells) {
      const w = this.weights.get(cell.dataset.class) || 0;
      cell.classList.toggle('on', w > 0);
      cell.style.background = w > 0 ? `rgba(31, 111, 235, ${0.35 + 0.65 * w})` : '';
      const n = cell.dataset.class;
      combos += w * (n.length === 2 ? 6 : n.endsWith('s') ? 4 : 12);
    }
    this.summary.textContent = combos
      ? `${+combos.toFixed(2)} combos, ${(100 * combos / 1326).toFixed(1)}% of hands`
      : 'click or drag over the grid to select classes';
  }

  emit() { this.onText(this.text()); }
}
