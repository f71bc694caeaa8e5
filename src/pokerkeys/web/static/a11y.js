// Keyboard and screen-reader helpers shared by the pages: a roving tabindex for grids of
// cells (the card picker, the 13 x 13 grid) and a polite live region for results.

// Makes `cells` (laid out row by row, `columns` to a row) one tab stop: Tab enters the grid on
// the last focused cell, the arrow keys move (Home/End: row start/end; Ctrl+Home/End: first and
// last cell; PageUp/PageDown: first/last row), Enter and Space activate. `activate(cell, event)`
// runs on Enter/Space (default: a click on the cell); `moved(cell, event)` runs after a move by
// key (event.shiftKey tells a Shift+arrow move, which range grids use to extend a selection).
export function rovingGrid(cells, columns, { activate = cell => cell.click(), moved = null } = {}) {
  let current = 0;
  const focusCell = (k, event) => {
    cells[current].tabIndex = -1;
    current = k;
    cells[k].tabIndex = 0;
    cells[k].focus();
    if (moved && event) moved(cells[k], event);
  };
  cells.forEach((cell, k) => {
    cell.tabIndex = k === 0 ? 0 : -1;
    // A click or a programmatic focus makes the cell the grid's tab stop too.
    cell.addEventListener('focus', () => {
      if (current !== k) { cells[current].tabIndex = -1; current = k; cell.tabIndex = 0; }
    });
    cell.addEventListener('keydown', event => {
      const row = Math.floor(k / columns), col = k % columns;
      const rows = Math.ceil(cells.length / columns);
      const last = cells.length - 1;
      let to = null;
      switch (event.key) {
        case 'ArrowRight': to = col < columns - 1 ? k + 1 : k; break;
        case 'ArrowLeft': to = col > 0 ? k - 1 : k; break;
        case 'ArrowDown': to = row < rows - 1 ? Math.min(last, k + columns) : k; break;
        case 'ArrowUp': to = row > 0 ? k - columns : k; break;
        case 'Home': to = event.ctrlKey ? 0 : row * columns; break;
        case 'End': to = event.ctrlKey ? last : Math.min(last, row * columns + columns - 1); break;
        case 'PageUp': to = col; break;
        case 'PageDown': to = Math.min(last, (rows - 1) * columns + col); break;
        case 'Enter': case ' ':
          event.preventDefault();
          if (!event.repeat) activate(cell, event);
          return;
        default: return;
      }
      event.preventDefault();
      if (to !== k) focusCell(to, event);
    });
  });
  return { focus: k => focusCell(k ?? current) };
}

// The page's visually hidden polite live region (role=status), #announcer: the page's own if
// it has one, else made when this module loads, so it is in the document before its first
// message (screen readers ignore live regions that appear together with their text).
function liveRegion() {
  let region = document.getElementById('announcer');
  if (!region) {
    region = document.createElement('div');
    region.id = 'announcer';
    region.className = 'sr-only';
    region.setAttribute('role', 'status');
    region.setAttribute('aria-live', 'polite');
    document.body.append(region);
  }
  return region;
}
liveRegion();

// Says `text` to screen readers (politely: after what they are reading). The same text twice
// in a row is still announced.
export function announce(text) {
  const region = liveRegion();
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}
