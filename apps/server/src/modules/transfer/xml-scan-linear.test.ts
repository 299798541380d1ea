import { describe, expect, it } from 'vitest';
import { checkOdsRepeats } from './check-ods-repeats.ts';

/**
 * The spreadsheet checks scan the XML of an upload before anything parses it, so a hostile file
 * must not make that scan slow: a tag pattern free to run past the next `<` rescanned the rest of
 * the part from every unclosed tag (140 KB took seconds, the 1 MB allowed would take minutes).
 */
describe('scanning the XML of an upload', () => {
  it('stays linear on a megabyte of unclosed tags', () => {
    const hostile = `<table:table>${'<table:table-cell '.repeat(60_000)}`;
    const start = performance.now();
    try {
      checkOdsRepeats(hostile);
    } catch {
      // A refusal is fine; only the time matters here.
    }
    expect(performance.now() - start).toBeLessThan(1000);
  });
});
