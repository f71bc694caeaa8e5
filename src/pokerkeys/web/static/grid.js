// The 13 x 13 grid of the 169 starting-hand classes, as a range selector (click and drag,
// weights, a top-X% slider, the range text and its combo count) or as a coloured table (the
// preflop explorer). Every grid is an ARIA grid with one tab stop: the arrow keys move,
// Enter or Space acts on the focused cell (see a11y.js).
import { rovingGrid } from './a11y.js';
import { getJSON, RANKS } from './api.js';

export const CLASS_NAMES = [];
for (let i = 0; i < 13; i++) {
  for (let j = 0; j < 13; j++) {
    CLASS_NAMES.push(i === j ? RANKS[i] + RANKS[i]
      : i < j ? RANKS[i] + RANKS[j] + 's' : RANKS[j] + RANKS[i] + 'o');
  }
}

// Combos of a class: 6 for a pair, 4 suited, 12 offsuit.
export const classCombos = name => (name.length === 2 ? 6 : name.endsWith('s') ? 4 : 12);

// The 169 cells in `container`, row by row, as an ARIA grid (role=grid, 13 rows of 13
// gridcells, named by their class, e.g. "AKs") with a roving tabindex. A click, Enter or
// Space on a cell calls onCell(className, cell). A cell's aria-selected follows its classes
// "sel" (the preflop explorer's chosen class) and "on" (a range's classes). Options: `label`,
// the grid's accessible name; `activate(cell, event)` and `moved(cell, event)` replace the
// keyboard's default (Enter/Space click the cell) and see arrow moves (see rovingGrid).
// Returns the cells in CLASS_NAMES order.
export function gridCells(container, onCell, { label = 'Starting hands, 13 by 13',
                                               activate, moved } = {}) {
  container.classList.add('grid');
  container.setAttribute('role', 'grid');
  if (!container.hasAttribute('aria-label') && !container.hasAttribute('aria-labelledby')) {
    container.setAttribute('aria-label', label);
  }
  container.innerHTML = [...Array(13)].map((_, i) => `<div role="row" class="grid-row">${
    CLASS_NAMES.slice(13 * i, 13 * i + 13).map((n, j) =>
      `<div role="gridcell" aria-selected="false" class="cell${n.length === 2 ? ' pair' : ''}"
        data-class="${n}" data-k="${13 * i + j}">${n}</div>`).join('')}</div>`).join('');
  const cells = [...container.querySelectorAll('.cell')];
  if (onCell) cells.forEach(c => c.addEventListener('click', () => onCell(c.dataset.class, c)));
  const selected = cell => String(cell.classList.contains('sel') || cell.classList.contains('on'));
  new MutationObserver(changes => {
    for (const { target } of changes) {
      if (target.getAttribute('aria-selected') !== selected(target)) {
        target.setAttribute('aria-selected', selected(target));
      }
    }
  }).observe(container, { attributes: true, attributeFilter: ['class'], subtree: true });
  rovingGrid(cells, 13, { activate, moved });
  return cells;
}

// One item of a range's description (the server's canonical text): a class ('AKs', 'QQ:0.5')
// or one combo ('AhKh', 'QsQd:0.25'); null for anything else.
function describedClass(item) {
  const cls = /^([AKQJT2-9]{2}[so]?)(?::[\d.]+)?$/.exec(item);
  if (cls) return { name: cls[1], combo: false };
  const combo = /^([AKQJT2-9])([cdhs])([AKQJT2-9])([cdhs])(?::[\d.]+)?$/.exec(item);
  if (!combo) return null;
  const [, r1, s1, r2, s2] = combo;
  const [hi, lo] = RANKS.indexOf(r1) <= RANKS.indexOf(r2) ? [r1, r2] : [r2, r1];
  return { name: hi === lo ? hi + lo : hi + lo + (s1 === s2 ? 's' : 'o'), combo: true };
}

// A range editor: the grid (click or drag to paint classes with the chosen weight; Enter or
// Space toggles the focused cell, Shift+arrow extends), a weight, a top-X% slider, Clear, and
// the range text with its combo count, kept in sync both ways: painting rewrites the text,
// typing a range redraws the grid (the server parses it exactly as the engine does, through
// /api/range). onText(text) is called with the range text after every change.
// A class given by single combos (e.g. 'AhKh') shows the share of its combos and keeps those
// combos in the text until the class itself is painted. Options: `label` names the editor
// for screen readers (default 'Range'); `read(text)` asks the server for a range's reading
// (default: hold'em's, /api/range), resolving to its `description` and `classes` or
// rejecting with the server's message; a page may replace `editor.read` later (games.js's
// readRangesAs reads short deck's ranges).
// While a range is being read the grid is busy (aria-busy="true", greyed, "reading the
// range…" under it): the grid does not show that range yet, so clicks, drags and Enter/Space
// paint nothing (painted then, the class would replace the range being read); once it is
// read, painting works on it.
export class RangeEditor {
  constructor(root, onText, { label = 'Range',
                              read = text => getJSON('/api/range', { text }) } = {}) {
    this.onText = onText;
    this.label = label;
    this.read = read;
    root.classList.add('range-box');
    root.innerHTML = `
      <div class="grid-box"></div>
      <div class="range-tools">
        <label class="small">weight <input type="number" class="weight" min="0.05" max="1"
          step="0.05" value="1"></label>
        <label class="small top-label">top <input type="range" class="top" min="0" max="100"
          step="0.5" value="0"> <span class="top-value">0%</span></label>
        <button type="button" class="clear">Clear</button>
      </div>
      <label class="small range-text-label">range text
        <input type="text" class="range-text" autocomplete="off" spellcheck="false"
          placeholder="e.g. QQ+, AKs, JJ:0.5"></label>
      <div class="hint range-summary" role="status" aria-live="polite"></div>`;
    this.weights = new Map();   // class -> weight, for classes given whole
    this.combos = new Map();    // class -> {items, weight}, for classes given by single combos
    this.serial = 0;            // the latest load: older server answers are dropped
    this.timer = null;
    this.summary = root.querySelector('.range-summary');
    this.weightInput = root.querySelector('.weight');
    this.textInput = root.querySelector('.range-text');
    this.top = root.querySelector('.top');
    this.topValue = root.querySelector('.top-value');
    this.lastAction = 'on';
    this.allCombos = 1326;      // starting hands of the game, for the share (630 in short deck)
    const gridBox = root.querySelector('.grid-box');
    gridBox.setAttribute('aria-label', `${label}: 169 starting hands; Enter or Space toggles a `
                                       + 'class, Shift with an arrow key extends');
    this.gridBox = gridBox;
    this.busy = false;
    this.cells = gridCells(gridBox, null, {
      activate: cell => {
        if (this.busy) return;
        this.lastAction = this.action(cell);
        this.paint(cell, this.lastAction);
        this.edited();
      },
      moved: (cell, event) => {
        if (event.shiftKey && !this.busy) { this.paint(cell, this.lastAction); this.edited(); }
      },
    });
    gridBox.setAttribute('aria-multiselectable', 'true');
    // Click and drag, with a mouse, a pen or a finger (touch-action: none on the grid keeps a
    // drag from scrolling the page; the capture a touch takes is released so that the cells
    // under the finger see it).
    let painting = null;
    gridBox.addEventListener('pointerdown', e => {
      const cell = e.target.closest('.cell');
      if (!cell || e.button > 0) return;
      e.preventDefault();
      if (this.busy) return;
      if (e.target.hasPointerCapture?.(e.pointerId)) e.target.releasePointerCapture(e.pointerId);
      painting = this.lastAction = this.action(cell);
      this.paint(cell, painting);
    });
    gridBox.addEventListener('pointerover', e => {
      const cell = e.target.closest('.cell');
      if (painting && cell) this.paint(cell, painting);
    });
    const end = () => { if (painting) { painting = null; this.edited(); } };
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    this.top.addEventListener('input', () => { this.topValue.textContent = `${this.top.value}%`; });
    // The range text is written after a load only if no newer load replaced it: written
    // after every load, an older change's text would drop the newer load (arrow keys held
    // down outrun the server's answers).
    this.top.addEventListener('change', async () => {
      if (+this.top.value === 0) { this.clear(); this.edited(); return; }
      if (await this.load(`${this.top.value}%`) !== undefined) this.edited();
    });
    root.querySelector('.clear').addEventListener('click', () => { this.clear(); this.edited(); });
    this.textInput.addEventListener('input', () => {
      const text = this.textInput.value;
      this.load(text, { delay: 250, typed: true }).then(ok => { if (ok !== undefined) this.onText(text); });
    });
    this.draw();
  }

  // The weight new paint gets, from the weight box (0.05 to 1).
  weight() { return Math.min(1, Math.max(0.05, +this.weightInput.value || 1)); }

  // What a click on a cell does: a class already at the chosen weight goes, else it is
  // painted with that weight.
  action(cell) { return this.weights.get(cell.dataset.class) === this.weight() ? 'off' : 'on'; }

  paint(cell, action) {
    const name = cell.dataset.class;
    this.combos.delete(name);
    if (action === 'off') this.weights.delete(name);
    else this.weights.set(name, this.weight());
    this.draw();
  }

  clear() {
    this.weights.clear();
    this.combos.clear();
    this.top.value = 0;
    this.topValue.textContent = '0%';
    this.draw();
  }

  // Shows the range of a text: asks the server (this.read), which parses ranges exactly as
  // the engine.
  // Resolves to true when shown, false when the text is refused (the message is shown under
  // the grid), undefined when a newer load replaced this one. `delay` (ms) waits for more
  // typing first; `typed` leaves the text box as the user is typing it.
  async load(text, { delay = 0, typed = false } = {}) {
    const mine = ++this.serial;
    if (!typed) this.textInput.value = text || '';
    clearTimeout(this.timer);
    this.setBusy(Boolean(text && text.trim()));
    if (delay) {
      await new Promise(resolve => { this.timer = setTimeout(resolve, delay); });
      if (mine !== this.serial) return undefined;
    }
    const weights = new Map(), combos = new Map();
    if (text && text.trim()) {
      let info;
      try {
        info = await this.read(text);
      } catch (e) {
        if (mine !== this.serial) return undefined;
        this.setBusy(false);
        this.textInput.setAttribute('aria-invalid', 'true');
        this.textInput.classList.add('invalid');
        this.summary.textContent = e.message;
        this.summary.classList.add('error');
        return false;
      }
      if (mine !== this.serial) return undefined;
      const items = new Map();  // class -> its items in the description, when combos are among them
      for (const item of info.description.split(/,\s*/)) {
        const found = describedClass(item);
        if (found?.combo) items.set(found.name, []);
      }
      for (const item of info.description.split(/,\s*/)) {
        const found = describedClass(item);
        if (found && items.has(found.name)) items.get(found.name).push(item);
      }
      for (const [name, w] of Object.entries(info.classes)) {
        if (items.has(name)) combos.set(name, { items: items.get(name), weight: w });
        else weights.set(name, w);
      }
    } else if (mine !== this.serial) {
      return undefined;
    }
    this.weights = weights;
    this.combos = combos;
    this.textInput.removeAttribute('aria-invalid');
    this.textInput.classList.remove('invalid');
    this.setBusy(false);
    this.draw();
    return true;
  }

  // Marks the grid busy (a range is being read) or not; the summary says so while it is.
  setBusy(on) {
    if (on === this.busy) return;
    this.busy = on;
    this.gridBox.setAttribute('aria-busy', String(on));
    if (on) {
      this.summary.classList.remove('error');
      this.summary.textContent = 'reading the range…';
    }
  }

  // The weight of each class in the range ({AKs: 1, JJ: 0.5, ...}; a class given by single
  // combos has the share of its combos), for pages that analyse the range.
  classWeights() {
    const out = {};
    for (const n of CLASS_NAMES) {
      const w = this.weights.get(n) ?? this.combos.get(n)?.weight;
      if (w) out[n] = w;
    }
    return out;
  }

  // The range as text, classes in grid order ('AA,AKs,KK,QQ,JJ:0.5'; '' for none).
  text() {
    return CLASS_NAMES.flatMap(n => {
      if (this.weights.has(n)) {
        const w = this.weights.get(n);
        return [w >= 1 ? n : `${n}:${+w.toFixed(4)}`];
      }
      return this.combos.get(n)?.items || [];
    }).join(',');
  }

  // Combos in the range (a weight counts its share), as the server's /api/range counts them.
  comboCount() {
    return CLASS_NAMES.reduce((sum, n) => sum + classCombos(n) *
      (this.weights.get(n) ?? this.combos.get(n)?.weight ?? 0), 0);
  }

  draw() {
    for (const cell of this.cells) {
      const name = cell.dataset.class;
      const whole = this.weights.get(name);
      const w = whole ?? this.combos.get(name)?.weight ?? 0;
      cell.classList.toggle('on', w > 0);
      cell.classList.toggle('full', w >= 1);
      cell.classList.toggle('part', w > 0 && w < 1);
      let bar = cell.querySelector('.w');
      if (w > 0 && w < 1) {
        if (!bar) {
          bar = document.createElement('span');
          bar.className = 'w';
          bar.setAttribute('aria-hidden', 'true');
          cell.append(bar);
        }
        bar.style.width = `${100 * w}%`;
      } else if (bar) {
        bar.remove();
      }
      const n = classCombos(name);
      const detail = whole === undefined && w > 0
        ? `${+(w * n).toFixed(2)} of ${n} combos: ${this.combos.get(name).items.join(', ')}`
        : w > 0 && w < 1 ? `weight ${+w.toFixed(4)}` : '';
      if (detail) {
        cell.setAttribute('aria-label', `${name}, ${detail}`);
        cell.title = `${name}: ${detail}`;
      } else {
        cell.removeAttribute('aria-label');
        cell.removeAttribute('title');
      }
    }
    this.textInput.removeAttribute('aria-invalid');
    this.textInput.classList.remove('invalid');
    this.summary.classList.remove('error');
    const combos = this.comboCount();
    this.summary.textContent = combos
      ? `${+combos.toFixed(2)} combos, ${(100 * combos / this.allCombos).toFixed(1)}% of hands`
      : 'click or drag over the grid to select classes, or type a range';
  }

  // After an edit on the grid: the text box and the listener get the new text.
  edited() {
    const text = this.text();
    this.serial++;  // an older load must not overwrite the edit
    if (this.busy) { this.setBusy(false); this.draw(); }
    this.textInput.value = text;
    this.onText(text);
  }

  emit() { this.edited(); }
}
