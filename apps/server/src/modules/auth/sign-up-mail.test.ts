import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { sendSignUpMail } from './send-sign-up-mail.ts';

let outboxApp: TestApp;
let smtpApp: TestApp;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  [outboxApp, smtpApp] = await Promise.all([startTestApp(), startTestApp({ smtpUrl: sink.url() })]);
});
afterAll(async () => {
  await Promise.all([outboxApp?.close(), smtpApp?.close()]);
  await sink?.close();
});

/** A logger that keeps what it was told, as the server log would print it. */
function recorder() {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  return { lines, log: { info: keep, error: keep } };
}

describe('the sign-up code in the server log', () => {
  it('is logged when mail stays in the local outbox, so the embedded default can be tried', async () => {
    const { lines, log } = recorder();
    await sendSignUpMail(outboxApp.deps, 'try-me@example.com', { kind: 'code', code: '314159' }, 'en-US', log);
    expect(lines.join('\n')).toContain('314159');
  });

  it('is never logged when mail leaves by SMTP; the mail comes from the system sender', async () => {
    const { lines, log } = recorder();
    await sendSignUpMail(smtpApp.deps, 'real@example.com', { kind: 'code', code: '271828' }, 'zh-CN', log);
    expect(lines.join('\n')).not.toContain('271828');
    const mail = sink.messages.find((m) => m.to.includes('real@example.com'));
    expect(mail?.from).toBe(smtpApp.deps.config.mailFrom);
  });

  it('a notice to a taken address carries no code and logs none', async () => {
    const { lines, log } = recorder();
    await sendSignUpMail(outboxApp.deps, 'owner@example.com', { kind: 'notice' }, 'en-US', log);
    expect(lines.join('\n')).not.toMatch(/\d{6}/);
  });
});
