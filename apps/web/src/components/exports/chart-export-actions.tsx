import { Download } from 'lucide-react';
import { useState } from 'react';
import type { ExportTarget } from '../../lib/exports/export-file';
import { Button } from '../ui/button';
import { CHART_FORMATS, FORMAT_LABELS } from './export-formats';
import { useExport } from './use-export';

export interface ChartExportActionsProps {
  target: ExportTarget;
  chart: { key: string; title: string };
}

/**
 * A chart's downloads (PNG, CSV), beside its title. A refusal is said under the buttons: the report
 * frame shows no toasts.
 */
export function ChartExportActions({ target, chart }: ChartExportActionsProps) {
  const [error, setError] = useState<string | null>(null);
  const exporter = useExport(target, setError);
  const preparing = exporter.pending?.format;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex gap-1">
        {CHART_FORMATS.map((format) => (
          <Button
            key={format}
            variant="ghost"
            size="sm"
            className="h-7 px-2 text-xs text-muted"
            aria-label={`Download ${chart.title} as ${FORMAT_LABELS[format]}`}
            icon={<Download aria-hidden="true" className="size-3.5" />}
            loading={preparing === format}
            disabled={Boolean(preparing)}
            onClick={() => {
              setError(null);
              void exporter.run({ format, chart: chart.key });
            }}
          >
            {FORMAT_LABELS[format]}
          </Button>
        ))}
      </div>
      {error && (
        <p role="alert" className="max-w-64 text-right text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}
