/**
 * The machine-readable part of a DSN (message/delivery-status, RFC 3464) or an ARF report
 * (message/feedback-report, RFC 5965): groups of `Name: value` lines separated by blank lines.
 * Each group becomes a map keyed by lower-case field name (first occurrence wins), folded
 * lines joined.
 */
export function parseReportFields(text: string): Map<string, string>[] {
  const groups: Map<string, string>[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const fields = new Map<string, string>();
    for (const line of block.replace(/\n[ \t]+/g, ' ').split('\n')) {
      const i = line.indexOf(':');
      if (i <= 0) continue;
      const name = line.slice(0, i).trim().toLowerCase();
      if (!fields.has(name)) fields.set(name, line.slice(i + 1).trim());
    }
    if (fields.size) groups.push(fields);
  }
  return groups;
}

/**
 * The first recipient a DSN reports as failed for good (Action: failed with a 5.x.x Status),
 * with its diagnostic; null when none is (a 4.x.x "delayed" report, or a success notice).
 */
export function permanentFailureOf(text: string): { status: string; diagnostic: string } | null {
  // The first group describes the message and carries no Action, so every group can be looked at.
  for (const f of parseReportFields(text)) {
    const status = /^5\.\d{1,3}\.\d{1,3}\b/.exec(f.get('status') ?? '')?.[0];
    if (f.get('action')?.toLowerCase() === 'failed' && status) return { status, diagnostic: f.get('diagnostic-code') ?? '' };
  }
  return null;
}
