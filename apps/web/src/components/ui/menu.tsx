import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

/** A menu item's look: full width, highlighted on hover and keyboard focus, faded while unavailable. */
export const MENU_ITEM =
  'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-page focus:bg-page focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-muted';

/** The menu's panel under its button. */
export const MENU_PANEL =
  'absolute top-full z-50 mt-2 max-w-[calc(100vw-1.5rem)] rounded-[var(--radius-control)] border border-line bg-surface p-1 shadow-[var(--shadow-card)]';

const ITEMS = '[role^="menuitem"]';
/** The least room between an open panel and the screen's edge. */
const EDGE = 12;

/**
 * A menu button's behaviour (WAI-ARIA menu button): the button or ArrowDown opens it and focuses the
 * checked item, else the first; arrows, Home and End move; Escape closes back to the button; Tab or a
 * click outside closes. Spread `buttonProps` on the button, `menuProps` on the `role="menu"` element,
 * `wrapRef` on both's parent.
 */
export function useMenu() {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  // The panel opens towards the wider side of the screen, so that it stays on a phone's screen.
  const [side, setSide] = useState<'left-0' | 'right-0'>('left-0');
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  // A panel wider than the room on its side is moved back onto the screen (a phone's narrow header).
  useLayoutEffect(() => {
    const panel = menuRef.current;
    if (!open || !panel) return;
    const { left, right } = panel.getBoundingClientRect();
    const shift =
      left < EDGE ? EDGE - left : right > window.innerWidth - EDGE ? window.innerWidth - EDGE - right : 0;
    panel.style.translate = shift ? `${shift}px 0` : '';
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? menuRef.current?.querySelector<HTMLElement>(ITEMS))?.focus();
    const onDown = (e: MouseEvent) => {
      if (!wrapRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const show = () => {
    const rect = buttonRef.current?.getBoundingClientRect();
    setSide(rect && rect.left + rect.width / 2 > window.innerWidth / 2 ? 'right-0' : 'left-0');
    setOpen(true);
  };

  const close = useCallback((refocus = false) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }, []);

  const onMenuKeyDown = (e: KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => items[(i + items.length) % items.length]?.focus();
    const moves: Record<string, () => void> = {
      ArrowDown: () => go(index + 1),
      ArrowUp: () => go(index - 1),
      Home: () => go(0),
      End: () => go(items.length - 1),
      Escape: () => close(true),
    };
    if (e.key === 'Tab') close();
    else if (moves[e.key]) {
      e.preventDefault();
      moves[e.key]?.();
    }
  };

  return {
    open,
    close,
    /** The panel's anchoring class, beside MENU_PANEL. */
    side,
    wrapRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
      onClick: () => (open ? setOpen(false) : show()),
      onKeyDown: (e: KeyboardEvent) => {
        if (e.key === 'ArrowDown') {
          e.preventDefault();
          show();
        }
      },
    },
    menuProps: { ref: menuRef, id: menuId, onKeyDown: onMenuKeyDown },
  };
}
