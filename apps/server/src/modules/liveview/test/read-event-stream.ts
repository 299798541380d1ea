/** A message of a Server-Sent Events stream as a test reads it. */
export interface StreamMessage { event: string; data: unknown }

/**
 * Opens the live stream with a real HTTP client (fetch) and collects its messages, so a test
 * waits for the message it expects rather than for time.
 */
export async function openEventStream(url: string, token: string) {
  const ctl = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: ctl.signal });
  const messages: StreamMessage[] = [];
  const raw: string[] = [];
  const waiters: { test: (m: StreamMessage) => boolean; resolve: (m: StreamMessage) => void }[] = [];
  let ended = false;
  const pump = async () => {
    if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let cut;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          raw.push(block);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!event || data === undefined) continue;
          const m = { event, data: JSON.parse(data) as unknown };
          messages.push(m);
          for (const w of [...waiters]) {
            if (w.test(m)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(m);
            }
          }
        }
      }
    } catch { /* aborted */ }
    ended = true;
  };
  const pumping = pump();
  return {
    res,
    messages,
    raw,
    get ended() { return ended; },
    /** The first message (already received or still to come) that passes `test`. */
    next(test: (m: StreamMessage) => boolean): Promise<StreamMessage> {
      const seen = messages.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ test, resolve }));
    },
    async close() {
      ctl.abort();
      await pumping;
    },
    /** Resolves when the server ends the stream. */
    finished: pumping,
  };
}
