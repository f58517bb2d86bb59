import type { IssueStatus } from '@insightra/contract';
import { CheckCircle2, CircleDot } from 'lucide-react';

export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  const resolved = status === 'resolved';
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        resolved ? 'bg-success-soft text-success' : 'bg-warning-soft text-warning'
      }`}
    >
      {resolved ? (
        <CheckCircle2 aria-hidden="true" className="size-3.5" />
      ) : (
        <CircleDot aria-hidden="true" className="size-3.5" />
      )}
      {resolved ? 'Resolved' : 'Open'}
    </span>
  );
}
