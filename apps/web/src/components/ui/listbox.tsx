import { Check, ChevronDown } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

export interface ListboxProps<T extends string> {
  /** Visible label (or pass `hideLabel` to keep it for assistive tech only). */
  label: string;
  hideLabel?: boolean;
  /** The label beside the button (a toolbar's), or above it (a form's). */
  layout?: 'inline' | 'stacked';
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  /** How an option is shown (the value itself by default). */
  optionLabel?: (value: T) => string;
  disabled?: boolean;
  className?: string;
}

/**
 * The design system's custom select (docs/PRODUCT.md#visual-design): a button that opens a listbox. Keyboard: Enter, Space
 * or the arrows open it; arrows, Home and End move; Enter or Space choose; Escape and Tab close.
 */
export function Listbox<T extends string>({
  label,
  hideLabel = false,
  layout = 'inline',
  value,
  options,
  onChange,
  optionLabel = String,
  disabled = false,
  className = '',
}: ListboxProps<T>) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(Math.max(0, options.indexOf(value)));
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onDown = (e: MouseEvent) => {
      const root = button.current?.parentElement;
      if (root && !root.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const openList = () => {
    setActive(Math.max(0, options.indexOf(value)));
    setOpen(true);
  };
  const choose = (index: number) => {
    const next = options[index];
    setOpen(false);
    button.current?.focus();
    if (next !== undefined && next !== value) onChange(next);
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(e.key)) {
      e.preventDefault();
      openList();
    }
  };
  const onListKey = (e: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key]!);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div
      className={`relative ${layout === 'stacked' ? 'flex flex-col items-start gap-1.5' : 'inline-flex items-center gap-2'} ${className}`}
    >
      <span
        id={`${id}-label`}
        className={
          hideLabel ? 'sr-only' : `text-sm font-medium ${layout === 'stacked' ? 'text-ink' : 'text-muted'}`
        }
      >
        {label}
      </span>
      <button
        ref={button}
        type="button"
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={onButtonKey}
        className="inline-flex h-9 min-w-28 items-center justify-between gap-2 rounded-[var(--radius-control)] border border-line bg-surface px-3 text-sm font-semibold text-ink hover:bg-page disabled:cursor-not-allowed disabled:text-muted"
      >
        <span id={`${id}-value`}>{optionLabel(value)}</span>
        <ChevronDown aria-hidden="true" className="size-4 text-muted" />
      </button>
      {open && (
        <div
          ref={list}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
          className={`absolute top-full ${layout === 'stacked' ? 'left-0' : 'right-0'} z-50 mt-1 min-w-full rounded-[var(--radius-control)] border border-line bg-surface py-1 shadow-[var(--shadow-card)] outline-none`}
        >
          {options.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox itself handles the keyboard (aria-activedescendant).
            <div
              key={option}
              tabIndex={-1}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={option === value}
              onClick={() => choose(index)}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
                index === active ? 'bg-brand-soft text-ink' : 'text-ink'
              }`}
            >
              {optionLabel(option)}
              {option === value && <Check aria-hidden="true" className="size-4 text-brand" />}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
