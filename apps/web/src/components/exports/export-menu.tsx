import { ChevronDown, Download, FileDown, Loader2, Mail } from 'lucide-react';
import { useState } from 'react';
import type { ExportTarget } from '../../lib/exports/export-file';
import { usePublicConfig } from '../../lib/public-config';
import { SubscriptionDialog } from '../subscriptions/subscription-dialog';
import { buttonClasses } from '../ui/button';
import { MENU_ITEM, MENU_PANEL, useMenu } from '../ui/menu';
import { useToast } from '../ui/toast/toast-context';
import { FORMAT_LABELS, reportFormats } from './export-formats';
import { useExport } from './use-export';

export interface ExportMenuProps {
  target: ExportTarget;
  className?: string;
}

/**
 * A report's Export menu: the whole report as a file (PDF and Excel; PDF and PNG in Power BI mode), and
 * for a report tab Subscribe by e-mail. The item being prepared shows a spinner and the others wait; a
 * refusal is a toast with the server's message.
 */
export function ExportMenu({ target, className = '' }: ExportMenuProps) {
  const menu = useMenu();
  const toast = useToast();
  const { bi } = usePublicConfig();
  const exporter = useExport(target, toast.error);
  const [subscribing, setSubscribing] = useState(false);
  const preparing = exporter.pending?.format;

  return (
    <div ref={menu.wrapRef} className={`relative ${className}`}>
      <button
        {...menu.buttonProps}
        aria-busy={preparing ? true : undefined}
        className={buttonClasses('ghost', 'sm')}
      >
        {preparing ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Download aria-hidden="true" className="size-4" />
        )}
        <span className="sr-only sm:not-sr-only">Export</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </button>
      {menu.open && (
        <div
          {...menu.menuProps}
          role="menu"
          aria-label={`Export ${target.name}`}
          className={`${MENU_PANEL} ${menu.side} w-64`}
        >
          {reportFormats(bi.provider).map((format) => (
            <button
              key={format}
              type="button"
              role="menuitem"
              aria-disabled={preparing ? true : undefined}
              className={MENU_ITEM}
              onClick={async () => {
                if (preparing) return;
                await exporter.run({ format });
                // Back to the Export button, unless the reader has moved on meanwhile.
                menu.close(menu.wrapRef.current?.contains(document.activeElement) ?? false);
              }}
            >
              {preparing === format ? (
                <Loader2 aria-hidden="true" className="size-4 animate-spin text-brand" />
              ) : (
                <FileDown aria-hidden="true" className="size-4 text-muted" />
              )}
              {preparing === format ? `Preparing ${FORMAT_LABELS[format]}...` : FORMAT_LABELS[format]}
            </button>
          ))}
          {target.kind === 'report' && (
            <>
              <hr className="my-1 border-line" />
              <button
                type="button"
                role="menuitem"
                className={MENU_ITEM}
                onClick={() => {
                  menu.close(true);
                  setSubscribing(true);
                }}
              >
                <Mail aria-hidden="true" className="size-4 text-muted" />
                Subscribe by e-mail
              </button>
            </>
          )}
        </div>
      )}
      <span role="status" className="sr-only">
        {preparing ? `Preparing ${FORMAT_LABELS[preparing]}...` : ''}
      </span>
      {subscribing && target.kind === 'report' && (
        <SubscriptionDialog report={target} onClose={() => setSubscribing(false)} />
      )}
    </div>
  );
}
