// Talking to the server: JSON requests, and the equity stream (server-sent events read
// from fetch, so errors come back as JSON and aborting the fetch cancels the job).
//
// Sharing the server fairly:
// - Every request names this tab in the X-Pokerkeys-Client header: one random id per tab,
//   kept in sessionStorage so that a reload keeps it. The server lets a tab's new long job
//   replace its running one, so quick clicks or a reload never block the tab itself.
// - A busy server answers 503 with retry_after seconds: the request waits and tries again
//   by itself, for a minute at most, with a countdown shown through the wait handler
//   (setWaitHandler; by default in the page's #status element). The caller's AbortSignal
//   also ends the wait.

export class ApiError extends Error {
  // status: the HTTP status (0 for an error event of a stream that had begun).
  constructor(message, status = 0) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export const CLIENT_HEADER = 'X-Pokerkeys-Client';
export const MAX_WAIT_SECONDS = 60;  // the longest a request waits for a busy server, in all
const CLIENT_KEY = 'pokerkeys-client';

function newClientId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  // randomUUID needs a secure context (http://127.0.0.1 is one; a LAN address is not).
  return [...crypto.getRandomValues(new Uint8Array(16))]
    .map(b => b.toString(16).padStart(2, '0')).join('');
}

function storedClientId() {
  try {
    let id = sessionStorage.getItem(CLIENT_KEY);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id || '')) {
      id = newClientId();
      sessionStorage.setItem(CLIENT_KEY, id);
    }
    return id;
  } catch {  // storage refused (privacy settings): an id for this page's life
    return newClientId();
  }
}

let client = storedClientId();

// A duplicated tab starts with a copy of its original's sessionStorage, so with the same id:
// it asks the other tabs whether the id is taken, and takes a new one if so. (A reloaded
// page asks too, but the page it replaces is gone by then, so it keeps its id.)
if (globalThis.BroadcastChannel) {
  const channel = new BroadcastChannel(CLIENT_KEY);
  let asking = true;
  setTimeout(() => { asking = false; }, 2000);
  channel.onmessage = ({ data }) => {
    if (data?.id !== client) return;
    if (data.ask) {
      channel.postMessage({ id: client, taken: true });
    } else if (data.taken && asking) {
      asking = false;
      client = newClientId();
      try { sessionStorage.setItem(CLIENT_KEY, client); } catch { /* kept in memory */ }
    }
  };
  channel.postMessage({ id: client, ask: true });
}

// This tab's id, as sent in the X-Pokerkeys-Client header.
export const clientId = () => client;

// The default wait handler: the countdown in the page's #status element, whose text comes
// back when the wait ends.
let savedStatus = null;
function showWaitInStatus(secondsLeft, message) {
  const status = document.getElementById('status');
  if (!status) return;
  if (secondsLeft > 0) {
    if (savedStatus === null) savedStatus = status.textContent;
    status.textContent = message;
  } else if (savedStatus !== null) {
    status.textContent = savedStatus;
    savedStatus = null;
  }
}

let waitHandler = showWaitInStatus;

// fn(secondsLeft, message) is called every second while a request waits for a busy server
// (message says so, with the seconds), and fn(0, '') when the wait ends (retried, or
// aborted). Pages call it once; null brings back the default (the page's #status element).
export function setWaitHandler(fn) {
  waitHandler = fn || showWaitInStatus;
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) { reject(signal.reason); return; }
    const done = () => { signal?.removeEventListener('abort', stop); resolve(); };
    const timer = setTimeout(done, ms);
    function stop() { clearTimeout(timer); reject(signal.reason); }
    signal?.addEventListener('abort', stop, { once: true });
  });
}

async function countdown(seconds, signal) {
  try {
    for (let left = seconds; left > 0; left--) {
      waitHandler(left, `The server is busy with other long runs; trying again in ${left} s…`);
      await sleep(1000, signal);
    }
  } finally {
    waitHandler(0, '');
  }
}

function retryAfter(response, body) {
  if (Number.isInteger(body?.retry_after)) return body.retry_after;
  const header = Number(response.headers.get('Retry-After'));
  return Number.isInteger(header) ? header : null;
}

// fetch, naming this tab, waiting and retrying while the server answers 503 with a retry
// time (MAX_WAIT_SECONDS in all); any other answer is returned as it is.
async function send(path, init = {}) {
  let waited = 0;
  for (;;) {
    const response = await fetch(path, {
      ...init, headers: { ...init.headers, [CLIENT_HEADER]: client } });
    if (response.status !== 503 || waited >= MAX_WAIT_SECONDS) return response;
    const body = await response.clone().json().catch(() => null);
    const seconds = retryAfter(response, body);
    if (!(seconds > 0)) return response;  // e.g. the server is stopping: no retry
    const wait = Math.min(seconds, MAX_WAIT_SECONDS - waited);
    await countdown(wait, init.signal);
    waited += wait;
  }
}

async function answer(response) {
  const body = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new ApiError(body.error || `HTTP ${response.status}`, response.status);
  return body;
}

export async function getJSON(path, params = {}, signal = undefined) {
  const query = new URLSearchParams(params).toString();
  return answer(await send(query ? `${path}?${query}` : path, { signal }));
}

export async function postJSON(path, body, signal) {
  return answer(await send(path, { method: 'POST', body: JSON.stringify(body), signal,
                                   headers: { 'Content-Type': 'application/json' } }));
}

// Calls onResult(result) for each partial and the final result; resolves when the stream ends.
export async function streamEquity(body, onResult, signal) {
  const response = await send('/api/equity/stream', {
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

// The page links; the current page's is marked for screen readers (aria-current) and eyes.
export function nav(active) {
  const links = [['/', 'Odds calculator'], ['/preflop', 'Preflop explorer'],
                 ['/headsup', 'Head-to-head'], ['/analysis', 'Range analysis']];
  document.querySelector('header nav').innerHTML = links.map(([href, name]) =>
    `<a href="${href}"${href === active ? ' class="active" aria-current="page"' : ''}>` +
    `${name}</a>`).join('');
}
