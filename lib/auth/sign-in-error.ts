/**
 * The sign-in refusal as it travels: next-auth hands the message of an Error
 * thrown by `authorize` to the browser as `signIn(…).error`. The message is
 * readable English on its own (next-auth's error page, logs); the login form
 * recognises it and shows its own translation with the same number of minutes.
 * No server imports: the login form (a client component) uses this too.
 */

const TOO_MANY = /^Too many sign-in attempts, try again in (\d+) minutes?\.$/;

export function tooManyAttemptsMessage(minutes: number): string {
  return `Too many sign-in attempts, try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** The minutes of a too-many-attempts refusal, or null for any other error. */
export function tooManyAttemptsMinutes(error: string | null | undefined): number | null {
  const match = error?.match(TOO_MANY);
  return match ? Number(match[1]) : null;
}
