/**
 * Messages for input that breaks a schema rule with no message of its own: every validation answer
 * says, in words for a person, which field is wrong and why — never a schema library's default text.
 * The schemas' own messages (SPEC wording, e.g. 'Name is required') always win over these.
 */

/** Field names whose words alone would read badly. */
const LABELS: Record<string, string> = {
  q: 'Search text',
  idToken: 'Google ID token',
  id: 'ID',
  ids: 'IDs',
  reportUuid: 'Report ID',
  issueTypeOther: 'Issue type description',
};

const ACRONYMS = new Set(['id', 'uuid', 'url', 'bi', 'pdf', 'csv']);

/** `dashboardHeader` → "Dashboard header"; `user_id` → "User ID". */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((k): k is string => typeof k === 'string');
  if (key === undefined) return 'The request';
  const label = LABELS[key];
  if (label) return label;
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w.toLowerCase()));
  const text = words.join(' ') || key;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const INPUT_MESSAGES = {
  unstorable: (label: string) => `${label} contains a character that is not allowed`,
  required: (label: string) => `${label} is required`,
  notValid: (label: string) => `${label} is not valid`,
  unknownFields: (keys: readonly string[]) =>
    `Unknown field${keys.length === 1 ? '' : 's'}: ${keys.join(', ')}`,
  bodyNotObject: 'The request body must be a JSON object',
} as const;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

/** The zod issue fields this map reads (zod 4 raw issues, as handed to an `error` map). */
interface IssueLike {
  code?: string;
  path?: readonly PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
}

function sizeMessage(label: string, iss: IssueLike, small: boolean): string {
  const n = Number(small ? iss.minimum : iss.maximum);
  const bound = iss.inclusive === false ? (small ? n + 1 : n - 1) : n;
  const more = small ? 'at least' : 'at most';
  switch (iss.origin) {
    case 'string':
      if (small && bound <= 1) return INPUT_MESSAGES.required(label);
      return `${label} must be ${more} ${bound} character${bound === 1 ? '' : 's'} long`;
    case 'array':
    case 'set':
      return `${label} must have ${more} ${bound} item${bound === 1 ? '' : 's'}`;
    case 'number':
    case 'int':
    case 'bigint':
      return `${label} must be ${more} ${bound}`;
    default:
      return INPUT_MESSAGES.notValid(label);
  }
}

/**
 * A zod `error` map (pass it to `safeParse(data, { error })` or a schema's `error` option): answers a
 * human message naming the field for any issue whose schema gave none.
 */
export function inputErrorMessage(iss: IssueLike): string {
  const label = fieldLabel(iss.path);
  const atRoot = !iss.path || iss.path.length === 0;
  switch (iss.code) {
    case 'invalid_type':
      if (atRoot) return INPUT_MESSAGES.bodyNotObject;
      if (iss.input === undefined || iss.input === null) return INPUT_MESSAGES.required(label);
      return `${label} must be ${KINDS[iss.expected ?? ''] ?? 'of another kind'}`;
    case 'invalid_value':
      if (iss.input === undefined) return INPUT_MESSAGES.required(label);
      return iss.values && iss.values.length > 0 && iss.values.length <= 12
        ? `${label} must be one of: ${iss.values.map(String).join(', ')}`
        : INPUT_MESSAGES.notValid(label);
    case 'too_small':
      return sizeMessage(label, iss, true);
    case 'too_big':
      return sizeMessage(label, iss, false);
    case 'invalid_format':
      if (iss.format === 'email') return 'Invalid email format';
      return INPUT_MESSAGES.notValid(label);
    case 'unrecognized_keys':
      return INPUT_MESSAGES.unknownFields(iss.keys ?? []);
    default:
      if (iss.input === undefined && !atRoot) return INPUT_MESSAGES.required(label);
      return INPUT_MESSAGES.notValid(label);
  }
}

/**
 * An error map for one field whose absence or wrong type should read as `message` (SPEC wording);
 * its other rules keep their own messages or fall back to `inputErrorMessage`.
 */
export const requiredAs =
  (message: string) =>
  (iss: IssueLike): string | undefined =>
    iss.code === 'invalid_type' ? message : undefined;

/** UTF-16 halves without their pair: no UTF-8 encoding, so PostgreSQL cannot keep them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store `text` as it is: no NUL character, no half of a surrogate pair. */
export function isStorableText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const wellFormed = (text as { isWellFormed?: () => boolean }).isWellFormed;
  return wellFormed ? wellFormed.call(text) : !LONE_SURROGATE.test(text);
}
