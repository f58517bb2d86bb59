import {
  api,
  DEFAULT_ISSUE_TYPE,
  firstIssueReportError,
  ISSUE_TYPES,
  type IssueType,
  LIMITS,
  MESSAGES,
} from '@insightra/contract';
import { useMutation } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { apiRequest, errorMessage } from '../../../lib/api-client';

interface Fields {
  name: string;
  email: string;
  issueType: IssueType | '';
  issueTypeOther: string;
  subject: string;
  description: string;
}

const EMPTY: Fields = {
  name: '',
  email: '',
  issueType: DEFAULT_ISSUE_TYPE,
  issueTypeOther: '',
  subject: '',
  description: '',
};

const control =
  'mt-1.5 block w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 py-2.5 text-ink transition-colors duration-150 hover:border-slate-400 focus:border-brand';
const label = 'text-sm font-semibold text-ink';

/** The report-issue form (docs/PRODUCT.md#issue-reports): checks in the order of docs/PRODUCT.md#issue-reports, first failure as an error toast. */
export function IssueForm() {
  const toast = useToast();
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [screenshot, setScreenshot] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const submitReport = useMutation({
    mutationFn: (form: FormData) => apiRequest(api.issues.report, { body: form }),
    onSuccess: () => {
      toast.success(MESSAGES.issue.submitted);
      setFields(EMPTY);
      clearFile();
    },
    onError: (err) => toast.error(errorMessage(err, MESSAGES.issue.submissionFailed)),
  });

  const set =
    (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setFields((f) => ({ ...f, [key]: e.target.value }));

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file && !file.type.startsWith('image/')) {
      toast.error('Screenshot must be an image file');
      e.target.value = '';
      setScreenshot(null);
      return;
    }
    if (file && file.size > LIMITS.screenshotMaxBytes) {
      toast.error(`Screenshot must be smaller than ${LIMITS.screenshotMaxBytes / (1024 * 1024)} MB`);
      e.target.value = '';
      setScreenshot(null);
      return;
    }
    setScreenshot(file);
  };

  const clearFile = () => {
    setScreenshot(null);
    if (fileRef.current) fileRef.current.value = '';
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const other = fields.issueType === 'Other';
    const problem = firstIssueReportError({
      ...fields,
      email: fields.email,
      issueTypeOther: other ? fields.issueTypeOther : undefined,
    });
    if (problem) {
      toast.error(problem);
      return;
    }
    const form = new FormData();
    form.append('name', fields.name.trim());
    if (fields.email.trim()) form.append('email', fields.email.trim());
    form.append('subject', fields.subject.trim());
    form.append('issueType', fields.issueType);
    if (other) form.append('issueTypeOther', fields.issueTypeOther.trim());
    form.append('description', fields.description.trim());
    if (screenshot) form.append('screenshot', screenshot, screenshot.name);
    submitReport.mutate(form);
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Report an issue" className="grid grid-cols-1 gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            Name{' '}
            <span aria-hidden="true" className="text-error">
              *
            </span>
          </label>
          <input
            id={`${id}-name`}
            className={control}
            autoComplete="name"
            aria-required="true"
            maxLength={LIMITS.issueNameMax}
            value={fields.name}
            onChange={set('name')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            Email <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={`${id}-email`}
            type="email"
            className={control}
            autoComplete="email"
            maxLength={LIMITS.emailMax}
            value={fields.email}
            onChange={set('email')}
          />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className={label}>
            Issue type
          </label>
          <select id={`${id}-type`} className={control} value={fields.issueType} onChange={set('issueType')}>
            {ISSUE_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        {fields.issueType === 'Other' && (
          <div>
            <label htmlFor={`${id}-other`} className={label}>
              Specify Type{' '}
              <span aria-hidden="true" className="text-error">
                *
              </span>
            </label>
            <input
              id={`${id}-other`}
              className={control}
              aria-required="true"
              maxLength={100}
              value={fields.issueTypeOther}
              onChange={set('issueTypeOther')}
            />
          </div>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className={label}>
          Subject{' '}
          <span aria-hidden="true" className="text-error">
            *
          </span>
        </label>
        <input
          id={`${id}-subject`}
          className={control}
          aria-required="true"
          maxLength={LIMITS.issueSubjectMax}
          value={fields.subject}
          onChange={set('subject')}
        />
      </div>
      <div>
        <label htmlFor={`${id}-description`} className={label}>
          Description{' '}
          <span aria-hidden="true" className="text-error">
            *
          </span>
        </label>
        <textarea
          id={`${id}-description`}
          rows={6}
          className={control}
          aria-required="true"
          maxLength={LIMITS.issueDescriptionMax}
          value={fields.description}
          onChange={set('description')}
        />
      </div>
      <div>
        <label htmlFor={`${id}-screenshot`} className={label}>
          Screenshot <span className="font-normal text-muted">(optional, image only)</span>
        </label>
        <div className="mt-1.5 flex flex-wrap items-center gap-3 rounded-[var(--radius-control)] border border-dashed border-line bg-page px-4 py-3">
          <ImagePlus aria-hidden="true" className="size-5 text-muted" />
          <input
            ref={fileRef}
            id={`${id}-screenshot`}
            type="file"
            accept="image/*"
            onChange={onFile}
            className="min-w-0 flex-1 text-sm text-muted file:mr-3 file:rounded-md file:border-0 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink file:ring-1 file:ring-line"
          />
          {screenshot && (
            <button
              type="button"
              onClick={clearFile}
              className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-muted hover:text-ink"
            >
              <X aria-hidden="true" className="size-4" />
              Remove
            </button>
          )}
        </div>
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          size="lg"
          loading={submitReport.isPending}
          loadingText={MESSAGES.other.submitting}
          className="w-full sm:w-auto"
        >
          Submit Issue
        </Button>
      </div>
    </form>
  );
}
