/**
 * Just enough MIME to read what our own sender wrote: headers (unfolded), and the decoded
 * text of the first part of a given content type, whether it was sent as base64 or
 * quoted-printable (nodemailer picks by how much of the text is not ASCII).
 */
export function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0 && !headers.has(line.slice(0, i).toLowerCase())) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The decoded body of the first part whose content type starts with `type` (e.g. text/html). */
export function mimePart(raw: string, type: string): string | undefined {
  const { headers, body } = splitHeaders(raw);
  const ctype = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(ctype)?.[1];
  if (ctype.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const found = mimePart(part.replace(/^\r?\n/, ''), type);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  return ctype.toLowerCase().startsWith(type) ? decodeBody(body, headers.get('content-transfer-encoding')) : undefined;
}
