import type { Sector } from '@insightra/contract';
import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

export interface SectorSelectProps {
  sectors: Sector[];
  value: number | null;
  onChange: (id: number) => void;
  label: string;
  disabled?: boolean;
}

/**
 * The custom dropdown of docs/PRODUCT.md#onboarding-and-sectors as an ARIA listbox: Enter, Space or the arrows open it; the
 * arrows, Home and End move; Enter or Space choose; Escape and Tab close; typing a letter jumps.
 */
export function SectorSelect({ sectors, value, onChange, label, disabled }: SectorSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = sectors.find((s) => s.id === value) ?? null;

  useEffect(() => {
    if (open) listRef.current?.focus();
  }, [open]);

  const openList = () => {
    if (disabled || !sectors.length) return;
    setActive(
      Math.max(
        0,
        sectors.findIndex((s) => s.id === value),
      ),
    );
    setOpen(true);
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };
  const choose = (index: number) => {
    const sector = sectors[index];
    if (sector) onChange(sector.id);
    close();
  };

  const onButtonKey = (e: React.KeyboardEvent) => {
    if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(e.key)) {
      e.preventDefault();
      openList();
    }
  };

  const onListKey = (e: React.KeyboardEvent) => {
    const last = sectors.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => Math.min(last, active + 1),
      ArrowUp: () => Math.max(0, active - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[e.key]) {
      e.preventDefault();
      setActive(moves[e.key]!());
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      close(false);
    } else if (e.key.length === 1) {
      const i = sectors.findIndex((s) => s.name.toLowerCase().startsWith(e.key.toLowerCase()));
      if (i >= 0) setActive(i);
    }
  };

  return (
    <div className="relative">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        disabled={disabled}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onButtonKey}
        className="mt-1.5 flex h-12 w-full items-center justify-between rounded-[var(--radius-control)] border border-line bg-surface px-4 text-left text-base text-ink shadow-sm transition-colors duration-150 hover:border-brand disabled:cursor-not-allowed disabled:text-muted"
      >
        <span id={`${id}-value`} className={selected ? '' : 'text-muted'}>
          {selected ? selected.name : 'Select your industry'}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={`size-5 text-muted transition-transform duration-150 ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <div
          ref={listRef}
          role="listbox"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
          }}
          className="absolute z-20 mt-2 max-h-72 w-full overflow-auto rounded-[var(--radius-control)] border border-line bg-surface py-1 shadow-[var(--shadow-card)] focus:outline-none"
        >
          {sectors.map((s, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox handles the keyboard for its options.
            <div
              key={s.id}
              id={`${id}-opt-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={s.id === value}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(i)}
              className={`flex cursor-pointer items-center justify-between px-4 py-2.5 text-ink ${
                i === active ? 'bg-brand-soft' : ''
              }`}
            >
              {s.name}
              {s.id === value && <Check aria-hidden="true" className="size-4 text-brand" />}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
