/** One message of a Server-Sent Events stream. */
export interface StreamMessage {
  event: string;
  data: string;
}

/**
 * The text/event-stream format (WHATWG HTML, "Server-sent events") read chunk by chunk from a
 * fetch body: lines end in LF, CRLF or CR, a blank line ends a message, `:` lines are comments
 * (the server's heartbeats), `data:` lines join with LF, `retry:` sets the reconnection delay.
 * A chunk may end anywhere, even inside a CRLF pair.
 */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private pendingCR = false;
  /** The last `retry:` the server sent, in milliseconds. */
  retryMs: number | null = null;

  push(chunk: string): StreamMessage[] {
    const out: StreamMessage[] = [];
    let text = chunk;
    // A CR ended the last chunk: an LF starting this one belongs to it.
    if (this.pendingCR && text.startsWith('\n')) text = text.slice(1);
    this.pendingCR = false;
    this.buffer += text;
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      if (!m) break;
      if (m[0] === '\r' && m.index === this.buffer.length - 1) this.pendingCR = true;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const msg = this.line(line);
      if (msg) out.push(msg);
    }
    return out;
  }

  private line(line: string): StreamMessage | null {
    if (line === '') {
      const msg = this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n') } : null;
      this.event = '';
      this.data = [];
      return msg;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }
}
