import { describe, expect, it } from 'vitest';
import { EventStreamParser } from './parse-event-stream.ts';

describe('EventStreamParser', () => {
  it('reads events, data, retry and skips heartbeats', () => {
    const p = new EventStreamParser();
    const out = p.push('retry: 3000\n\nevent: snapshot\ndata: {"a":1}\n\n: ping\n\nevent: items\ndata: []\n\n');
    expect(p.retryMs).toBe(3000);
    expect(out).toEqual([{ event: 'snapshot', data: '{"a":1}' }, { event: 'items', data: '[]' }]);
  });

  it('joins messages split anywhere across chunks, CRLF split too', () => {
    const text = 'event: items\r\ndata: [1,\r\ndata: 2]\r\n\r\nevent: snapshot\rdata: {}\r\r';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const p = new EventStreamParser();
      const out = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut))];
      expect(out, `cut at ${cut}`).toEqual([{ event: 'items', data: '[1,\n2]' }, { event: 'snapshot', data: '{}' }]);
    }
  });

  it('names a message without an event "message", ignores unknown fields and a bad retry', () => {
    const p = new EventStreamParser();
    expect(p.push('id: 7\nretry: soon\ndata:x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
    expect(p.retryMs).toBeNull();
    // A block without data is no message.
    expect(p.push('event: items\n\n')).toEqual([]);
  });
});
