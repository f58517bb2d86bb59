import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../lib/format';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  /** What is counted, plural ('users', 'reports'). */
  noun: string;
  onPage(page: number): void;
  busy?: boolean;
}

/** "Showing 25–48 of 10,001 users" with Previous and Next. */
export function Pager({ page, pageSize, total, noun, onPage, busy }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={`${noun} pages`}
      className="flex flex-col items-center justify-between gap-3 border-t border-line pt-4 text-sm text-muted sm:flex-row"
    >
      <p className="tabular" aria-live="polite">
        Showing {formatCount(from)}–{formatCount(to)} of {formatCount(total)} {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1 || busy}
          onClick={() => onPage(page - 1)}
          icon={<ChevronLeft aria-hidden="true" className="size-4" />}
        >
          Previous
        </Button>
        <span className="tabular px-1 text-ink">
          Page {formatCount(page)} of {formatCount(pages)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages || busy}
          onClick={() => onPage(page + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </nav>
  );
}
