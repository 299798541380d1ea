import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, lowerLayersKnowNoFeature, noTestCodeInProduction, packagesPointDown, throughIndexOnly } from './boundary-rules.ts';
import { readImportGraph } from './read-import-graph.ts';

/**
 * Keeps the boundaries ARCHITECTURE.md states ("Boundaries the tests keep"), read from the
 * import graph of the apps and packages, so an arrow running the wrong way fails here with the
 * file that draws it rather than surfacing later as a loop or a tangle.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const graph = readImportGraph(ROOT, [
  'apps/server/src', 'apps/web/src', 'apps/storefront/src', 'packages/contract/src', 'packages/db/src', 'packages/email/src', 'packages/popup-view/src',
]);

describe('import boundaries', () => {
  it('reads the whole tree', () => {
    // A broken reader would pass every rule; these arrows exist as long as the layout does.
    const app = graph.find((s) => s.file === 'apps/server/src/app.ts');
    expect(graph.length).toBeGreaterThan(300);
    expect(app?.imports.some((i) => i.target === 'apps/server/src/http/register-route.ts')).toBe(true);
    expect(graph.some((s) => s.imports.some((i) => i.dynamic && i.target?.startsWith('apps/web/src/features/')))).toBe(true);
  });

  it('reaches another server module or web feature only through its index.ts', () => {
    expect(throughIndexOnly(graph), 'import the index.ts of the module or feature instead, exporting what is needed there').toEqual([]);
  });

  it('keeps http/, worker/, messaging/, db/ and the web shared/ free of features', () => {
    expect(lowerLayersKnowNoFeature(graph), 'a lower layer imports a feature: pass it in from app.ts / app/ instead').toEqual([]);
  });

  it('has no import circles among production files', () => {
    expect(importCircles(graph), 'each line is one circle: move the shared piece (often a type) below both').toEqual([]);
  });

  it('lets packages import no app and the apps import each other never', () => {
    expect(packagesPointDown(graph)).toEqual([]);
  });

  it('keeps test helpers out of production code', () => {
    expect(noTestCodeInProduction(graph), 'production file -> test file: move the helper under a test/ folder or into the code').toEqual([]);
  });
});
