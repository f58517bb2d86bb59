import { afterEach, describe, expect, it } from 'vitest';
import { replayPendingInteractions } from './pending-interactions';

const html = document.documentElement;

afterEach(() => {
  delete html.dataset.app;
  delete window.__insightraPending;
  document.body.innerHTML = '';
});

describe('handing a pre-rendered page to the app', () => {
  it('marks the app started only after the typed text is handed over, so a click meanwhile is still held', async () => {
    // The page as the visitor left it: text typed in the pre-rendered field, the app starting.
    document.body.innerHTML = '<div id="root"><form><input name="username" value=""></form></div>';
    const root = document.getElementById('root')!;
    const field = root.querySelector('input')!;
    field.value = 'e2eadmin';
    html.dataset.app = 'starting';
    const seenAtInput: (string | undefined)[] = [];
    field.addEventListener('input', () => seenAtInput.push(html.dataset.app));
    const clicked: (string | undefined)[] = [];
    const button = document.createElement('button');
    button.addEventListener('click', () => clicked.push(html.dataset.app));
    root.append(button);
    window.__insightraPending = { actions: [{ kind: 'click', element: button }] };

    replayPendingInteractions(root);
    // Hydration has committed, the typed text is not React's yet: the boot script must keep holding clicks.
    expect(html.dataset.app).toBe('starting');
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(seenAtInput).toEqual(['starting']);
    expect(field.value).toBe('e2eadmin');
    // The held click is replayed once the app is started (the boot script lets it through then).
    expect(clicked).toEqual(['started']);
    expect(html.dataset.app).toBe('started');
  });
});
