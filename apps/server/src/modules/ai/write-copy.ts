import type { Config } from '../../config.ts';
import { askChatCompletions } from './ask-chat-completions.ts';
import { buildCopyPrompt } from './build-copy-prompt.ts';
import { parseWrittenCopy } from './parse-written-copy.ts';
import { writeCopyOffline } from './write-copy-offline.ts';
import type { CopyRequest, WrittenCopy } from './write-copy-types.ts';

/** What writing copy needs: only the configuration (the writer never reads the database). */
export type AiDeps = { config: Pick<Config, 'ai'> };

/**
 * Copy from the configured chat-completions API; with no API, or when it fails
 * (time-out, 401, 429 and 5xx after retries, an unusable answer), the built-in writer writes it.
 * For background work (AI management, default flows), where nobody is waiting to retry.
 */
export async function writeCopy(deps: AiDeps, request: CopyRequest): Promise<WrittenCopy> {
  if (!deps.config.ai.baseUrl) return writeCopyOffline(request);
  try {
    return await writeCopyWithAi(deps, request);
  } catch {
    return writeCopyOffline(request);
  }
}

/**
 * Copy from the chat-completions API only; throws AiUnavailableError when it is not configured
 * or gives no usable answer. The person-facing route turns that into SPEC's message.
 */
export async function writeCopyWithAi(deps: AiDeps, request: CopyRequest): Promise<WrittenCopy> {
  const content = await askChatCompletions(deps.config, buildCopyPrompt(request), {
    json: true,
    // "Write again" should give other words, as the built-in writer's next variant does.
    temperature: request.seed ? 0.9 : 0.7,
  });
  const coupon = request.facts.coupon && request.facts.coupon.discount > 0 ? request.facts.coupon.discount : null;
  return parseWrittenCopy(content, request.channel, writeCopyOffline(request), coupon);
}
