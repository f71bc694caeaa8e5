// The games of the preflop pages (the preflop explorer, head-to-head) and of the odds
// calculator's range grid: Hold'em and short deck (six-plus: the 36 cards 6 to A) in either
// rule order, as the pages name them, and short deck's view of the 13 x 13 range grid.
import { getJSON } from './api.js';

export const GAMES = { holdem: "Hold'em", shortdeck: 'Short deck' };
export const RULES = { 'trips-beat-straight': 'trips beat straights',
                       'straight-beats-trips': 'straights beat trips' };
export const DEFAULT_RULES = 'trips-beat-straight';

// Short deck's combos of two cards: C(36, 2); Hold'em's C(52, 2).
const ALL_COMBOS = { holdem: 1326, shortdeck: 630 };

// The range editors that read their text as short deck does (readRangesAs).
const shortDeckReaders = new WeakSet();

// A range editor (grid.js's RangeEditor in `box`) fitted to a game: in short deck the classes
// holding a card below the six are out (greyed, aria-disabled); the share of hands counts the
// game's combos. The top-X% slider ranks hold'em's hands unless the editor reads short deck's
// ranges through the server (readRangesAs): in short deck it is hidden, or, for such an editor,
// shown with steps of 1% (6.3 of the 630 hands: 0.5% is fewer than the best class, AA).
export function fitRangeGrid(box, editor, game) {
  const short = game === 'shortdeck';
  for (const cell of box.querySelectorAll('.cell')) {
    const out = short && /[2-5]/.test(cell.dataset.class.slice(0, 2));
    cell.classList.toggle('out', out);
    if (out) cell.setAttribute('aria-disabled', 'true'); else cell.removeAttribute('aria-disabled');
  }
  box.querySelector('.top-label').hidden = short && !shortDeckReaders.has(editor);
  editor.top.step = short ? '1' : '0.5';
  editor.allCombos = ALL_COMBOS[game];
  editor.draw();
}

// Makes a range editor read its text (typed, given by the page, or the top-X% slider's 'N%')
// as the game does: in short deck the server reads it as pk.Range(text, game="shortdeck",
// rules=rulesOf()) does (/api/range/shortdeck), so 'N%' is the top N% of the 630 hands in that
// rule order's class order and a card below the six is refused with the server's message; the
// grid shows that answer's classes and description, which read the same as hold'em's. Other
// games keep the editor's own reading. gameOf() and rulesOf() give the page's current game and
// rule order, asked at each read.
export function readRangesAs(editor, gameOf, rulesOf) {
  const holdemRead = editor.read;
  shortDeckReaders.add(editor);
  editor.read = text => (gameOf() === 'shortdeck'
    ? getJSON('/api/range/shortdeck', { text, rules: rulesOf() }) : holdemRead(text));
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
