// Confirmation mails still on their way, so closing a test can wait for them.
const inFlight = new Set<Promise<void>>();

/**
 * Sends once the answer has gone out: a slow provider must not hold the shopper's pop-up, and on
 * the embedded database the send's own writes would otherwise delay the answer. A failed send is
 * logged; the shopper can sign up again for a new mail.
 */
export function mailAfterAnswer(task: () => Promise<void>, onError: (err: unknown) => void): void {
  const sending = new Promise<void>((resolve) => setImmediate(resolve))
    .then(task)
    .catch(onError)
    .finally(() => inFlight.delete(sending));
  inFlight.add(sending);
}

/** Resolves when every confirmation mail started so far has been handed over (or has failed). */
export const settleStorefrontMail = async (): Promise<void> => void (await Promise.all(inFlight));
