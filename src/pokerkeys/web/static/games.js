// The games of the preflop pages (the preflop explorer, head-to-head): Hold'em and short deck
// (six-plus: the 36 cards 6 to A) in either rule order, as the pages name them, and short
// deck's view of the 13 x 13 range grid.
export const GAMES = { holdem: "Hold'em", shortdeck: 'Short deck' };
export const RULES = { 'trips-beat-straight': 'trips beat straights',
                       'straight-beats-trips': 'straights beat trips' };
export const DEFAULT_RULES = 'trips-beat-straight';

// Short deck's combos of two cards: C(36, 2); Hold'em's C(52, 2).
const ALL_COMBOS = { holdem: 1326, shortdeck: 630 };

// A range editor (grid.js's RangeEditor in `box`) fitted to a game: in short deck the classes
// holding a card below the six are out (greyed, aria-disabled) and the top-X% slider, which
// ranks hold'em's hands, is hidden; the share of hands counts the game's combos.
export function fitRangeGrid(box, editor, game) {
  const short = game === 'shortdeck';
  for (const cell of box.querySelectorAll('.cell')) {
    const out = short && /[2-5]/.test(cell.dataset.class.slice(0, 2));
    cell.classList.toggle('out', out);
    if (out) cell.setAttribute('aria-disabled', 'true'); else cell.removeAttribute('aria-disabled');
  }
  box.querySelector('.top-label').hidden = short;
  editor.allCombos = ALL_COMBOS[game];
  editor.draw();
}

// Neither clicks, drags nor Enter/Space paint a class that is out (fitRangeGrid): the events
// stop before the editor sees them. Typed range text is still the server's to judge.
export function guardOutCells(box) {
  const out = e => e.target.closest?.('.cell.out');
  for (const type of ['pointerdown', 'pointerover', 'click']) {
    box.addEventListener(type, e => { if (out(e)) e.stopPropagation(); }, true);
  }
  box.addEventListener('keydown', e => {
    if ((e.key === 'Enter' || e.key === ' ') && out(e)) { e.preventDefault(); e.stopPropagation(); }
  }, true);
}
