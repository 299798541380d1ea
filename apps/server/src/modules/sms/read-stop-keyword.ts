/**
 * The words that opt a number out or back in: the carriers' standard English keywords and the
 * Chinese 退订 with its usual abbreviations (TD, T). The whole reply is the keyword, trimmed and
 * in any case, so a sentence that merely contains "stop" changes nothing.
 */
const STOP = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', '退订', 'TD', 'T']);
const START = new Set(['START', 'UNSTOP']);

export function readStopKeyword(body: string): 'stop' | 'start' | null {
  const word = body.trim().toUpperCase();
  if (STOP.has(word)) return 'stop';
  if (START.has(word)) return 'start';
  return null;
}
