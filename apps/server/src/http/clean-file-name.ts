import path from 'node:path';

/**
 * The name of an uploaded file as we keep it: its last path segment, without NUL and other
 * control characters or broken UTF-16 (which PostgreSQL text cannot hold or would turn into
 * U+FFFD), at most 200 characters cut between whole characters. It is only ever shown, so a
 * hostile name is cleaned rather than refused.
 */
export function cleanFileName(raw: string | undefined, fallback: string): string {
  // A lone surrogate cannot match the pair alternative, so the second one removes it. Control
  // characters are what this pattern is for.
  const cleaned = path.basename(raw ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[\u0000-\u001f\u007f]/g, (m) => (m.length === 2 ? m : ''))
    .trim();
  return Array.from(cleaned || fallback).slice(0, 200).join('');
}
