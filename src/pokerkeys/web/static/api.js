// Talking to the server: JSON requests, and the equity stream (server-sent events read
// from fetch, so errors come back as JSON and aborting the fetch cancels the job).

export class ApiError extends Error {}

async function answer(response) {
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new ApiError(body.error || `HTTP ${response.status}`);
  return body;
}

export async function getJSON(path, params = {}) {
  const query = new URLSearchParams(params).toString();
  return answer(await fetch(query ? `${path}?${query}` : path));
}

export async function postJSON(path, body, signal) {
  return answer(await fetch(path, { method: 'POST', body: JSON.stringify(body), signal,
                                    headers: { 'Content-Type': 'application/json' } }));
}

// Calls onResult(result) for each partial and the final result; resolves when the stream ends.
export async function streamEquity(body, onResult, signal) {
  const response = await fetch('/api/equity/stream', {
    method: 'POST', body: JSON.stringify(body), signal,
    headers: { 'Content-Type': 'application/json' } });
  if (!response.ok) await answer(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const message = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(message)?.[1];
      const line = /^data: (.*)$/m.exec(message)?.[1];
      if (line === undefined) continue;  // a comment: the server is still working
      const data = JSON.parse(line);
      if (event === 'error') throw new ApiError(data.error);
      onResult(data);
    }
  }
}

export const pct = (x, digits = 1) => `${(100 * x).toFixed(digits)}%`;
export const SUITS = ['c', 'd', 'h', 's'];
export const RANKS = 'AKQJT98765432';
export const SUIT_SYMBOL = { s: '♠', h: '♥', d: '♦', c: '♣' };

// The cards of a text that is only cards ('AhKh', 'Ah Kh', 'Ah??'), normalised ('Ah'); [] for
// anything else (a range such as 'AKs' names no card).
export function cardsIn(text) {
  const t = (text || '').replace(/[\s,]/g, '');
  if (!/^((10|[2-9TJQKA])[cdhs])*(\?\?)?$/i.test(t)) return [];
  return [...t.matchAll(/(10|[2-9TJQKA])([cdhs])/gi)]
    .map(m => (m[1] === '10' ? 'T' : m[1].toUpperCase()) + m[2].toLowerCase());
}

export function nav(active) {
  const links = [['/', 'Odds calculator'], ['/preflop', 'Preflop explorer'],
                 ['/headsup', 'Head-to-head']];
  document.querySelector('header nav').innerHTML = links.map(([href, name]) =>
    `<a href="${href}"${href === active ? ' class="active"' : ''}>${name}</a>`).join('');
}
