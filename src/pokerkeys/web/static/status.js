// The status line of the head-to-head and preflop pages: one element with role=status (a
// polite live region) that says what the page is doing, its results and its errors, and,
// while a busy server is waited for (api.js retries by itself), the countdown.
import * as api from './api.js';

// Returns say(text, kind): shows `text` in `element` with the class `kind` ('error',
// 'muted' or ''), keeping the element's own classes. Registers the page's wait handler, so
// the countdown shows here and the line comes back as it was when the wait ends.
export function statusLine(element) {
  const base = element.className;
  const say = (text, kind = '') => {
    element.textContent = text;
    element.className = `${base} ${kind}`.trim();
  };
  let beforeWait = null;  // the line's text and class while the countdown runs
  if (typeof api.setWaitHandler === 'function') {
    api.setWaitHandler((secondsLeft, message) => {
      if (secondsLeft > 0) {
        beforeWait ??= [element.textContent, element.className];
        say(message, 'muted');
      } else if (beforeWait) {
        [element.textContent, element.className] = beforeWait;
        beforeWait = null;
      }
    });
  }
  return say;
}
