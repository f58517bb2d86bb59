/**
 * The only script a pre-rendered page (decision 120) loads at first: the page is already complete HTML,
 * so the app's JavaScript loads when the visitor first interacts with it, or at once when there is a
 * session to show or a #section to scroll to. Clicks and submits that arrive before the app has taken
 * over are held and handed to it afterwards (main.tsx), so nothing the visitor does is lost or done twice.
 */
import type { PendingInteractions } from './app/pending-interactions';

const html = document.documentElement;
const self = document.querySelector<HTMLScriptElement>('script[data-session-key]');
const TRIGGERS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
const pending: PendingInteractions = { actions: [] };
window.__insightraPending = pending;

function start() {
  if (html.dataset.app) return;
  html.dataset.app = 'starting';
  for (const type of TRIGGERS) window.removeEventListener(type, start, true);
  // The app's entry and its preloads, as the build wrote them into the page's <template>.
  const template = document.getElementById('app-scripts') as HTMLTemplateElement | null;
  for (const source of template?.content.children ?? []) {
    const element = document.createElement(source.tagName.toLowerCase());
    for (const { name, value } of source.attributes) element.setAttribute(name, value);
    document.head.append(element);
  }
}

const ready = () => html.dataset.app === 'started';
document.addEventListener(
  'click',
  (event) => {
    if (ready() || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const target = (event.target as Element | null)?.closest('a[href], button, label');
    if (!target) return;
    // Held whole: the app may have hydrated already without yet holding the typed text, and must see
    // this click only when it is replayed, once (app/pending-interactions.ts).
    event.preventDefault();
    event.stopPropagation();
    pending.actions.push({ kind: 'click', element: target });
    start();
  },
  true,
);
document.addEventListener(
  'submit',
  (event) => {
    if (ready()) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = (event as SubmitEvent).submitter;
    pending.actions.push({ kind: 'submit', element: event.target as HTMLFormElement, submitter });
    start();
  },
  true,
);

let signedIn = false;
try {
  signedIn = Boolean(self?.dataset.sessionKey && localStorage.getItem(self.dataset.sessionKey));
} catch {
  // Storage unavailable: no session.
}
if (signedIn || location.hash.length > 1) start();
else {
  for (const type of TRIGGERS) window.addEventListener(type, start, { capture: true, passive: true });
  // A part of the page only the app can fill (the /bi gallery's live figures, `data-app-fills`) starts
  // it when that part comes within half a screen of the viewport, however it gets there (on screen at
  // load, a reading cursor, a jump): nobody looks at an empty frame for not having moved.
  const fills = document.querySelectorAll('main [data-app-fills]');
  if (fills.length && 'IntersectionObserver' in window) {
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        near.disconnect();
        start();
      },
      { rootMargin: '50% 0px' },
    );
    for (const element of fills) near.observe(element);
  } else if (fills.length) start();
}
