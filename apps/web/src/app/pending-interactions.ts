import { flushSync } from 'react-dom';

/**
 * What a visitor did on a pre-rendered page before the app took over (src/boot.ts holds it), handed to
 * the app once it has hydrated (main.tsx): typed text, then clicks and submits in order.
 */
export interface PendingInteractions {
  actions: (
    | { kind: 'click'; element: Element }
    | { kind: 'submit'; element: HTMLFormElement; submitter: HTMLElement | null }
  )[];
}

declare global {
  interface Window {
    /** Set by src/boot.ts on a pre-rendered page (a global: the boot script shares no module with the app). */
    __insightraPending?: PendingInteractions;
  }
}

/**
 * Text typed before hydration stays in the field, but React's state does not know it: set it again so
 * that React sees a change (its tracker holds the old value) and the form's state takes it.
 */
function replayTypedText(root: HTMLElement) {
  const fields = root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
  // All typed values first: React's render after the first field's change resets the others to its state.
  const typed = [...fields].filter((f) => f.value !== f.defaultValue).map((f) => [f, f.value] as const);
  for (const [field, value] of typed) {
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    field.value = field.defaultValue;
    setter?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Hands what the visitor did before hydration to the app, once; later events go to the app itself.
 * Called after hydration's commit; the typed text is committed before the clicks and submits, whose
 * handlers read the form's state from the render. The page is marked started only then: until the
 * typed text is React's, the boot script keeps holding clicks and submits (one sent in between would
 * reach a form whose state is still empty), and they are replayed here with the rest.
 */
export function replayPendingInteractions(root: HTMLElement) {
  setTimeout(() => {
    flushSync(() => replayTypedText(root));
    document.documentElement.dataset.app = 'started';
    for (const action of window.__insightraPending?.actions.splice(0) ?? []) {
      if (!action.element.isConnected) continue;
      if (action.kind === 'submit') action.element.requestSubmit(action.submitter ?? undefined);
      else (action.element as HTMLElement).click();
    }
  }, 0);
}
