import { Search } from 'lucide-react';
import { useId } from 'react';

interface SearchBoxProps {
  /** The box's accessible name, e.g. 'Search users by full name'. */
  label: string;
  placeholder: string;
  value: string;
  onChange(value: string): void;
}

/** The admin lists' search box, with a search icon. */
export function SearchBox({ label, placeholder, value, onChange }: SearchBoxProps) {
  const id = useId();
  return (
    <div className="relative max-w-xl">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        className="h-11 w-full rounded-[var(--radius-control)] border border-line bg-surface pr-3 pl-9 text-sm text-ink shadow-sm placeholder:text-muted focus:border-brand"
      />
    </div>
  );
}
