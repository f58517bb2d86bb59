/** What a 429 answer says (with `Retry-After` in seconds); `seconds` is the wait left. */
const inMinutes = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

export const LIMIT_MESSAGES = {
  signIn: (seconds: number) => `Too many failed sign-in attempts. Please try again in ${inMinutes(seconds)}.`,
  publicForm: (seconds: number) =>
    `Too many messages from this address. Please try again in ${inMinutes(seconds)}.`,
  register: (seconds: number) =>
    `Too many accounts registered from this address. Please try again in ${inMinutes(seconds)}.`,
  invitations: (seconds: number) => `Too many invitations sent. Please try again in ${inMinutes(seconds)}.`,
  /** Registrations in all (every address) over the hour's ceiling. */
  registerEverywhere: (seconds: number) =>
    `Too many accounts are being registered right now. Please try again in ${inMinutes(seconds)}.`,
  passwordReset: (seconds: number) =>
    `Too many password resets asked from this address. Please try again in ${inMinutes(seconds)}.`,
} as const;
