import type { Reporter, TestModule } from 'vitest/node';

interface Span { files: number; tests: number; first: number; last: number; busy: number; imports: number }

/**
 * Prints, after a run, how long each vitest project took: its files and tests, the wall time
 * from its first file's start to its last file's end, the time its files spent in total, and
 * how much of that was importing modules. These are the figures the suite's speed is judged by
 * (README, the test command); the slowest files follow, because that is where time is won.
 */
export default class ProjectTimesReporter implements Reporter {
  private started = new Map<string, number>();
  private spans = new Map<string, Span>();
  private files: { name: string; seconds: number }[] = [];

  onTestModuleStart(module: TestModule) {
    this.started.set(module.id + module.project.name, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const project = module.project.name || 'root';
    const start = this.started.get(module.id + module.project.name) ?? Date.now();
    const d = module.diagnostic();
    const span = this.spans.get(project) ?? { files: 0, tests: 0, first: start, last: 0, busy: 0, imports: 0 };
    span.files += 1;
    span.tests += [...module.children.allTests()].length;
    span.first = Math.min(span.first, start);
    span.last = Math.max(span.last, Date.now());
    span.busy += d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    span.imports += d.collectDuration;
    this.spans.set(project, span);
    this.files.push({ name: `${project} ${module.relativeModuleId}`, seconds: (Date.now() - start) / 1000 });
  }

  onTestRunEnd() {
    if (!this.spans.size) return;
    const s = (ms: number) => `${Math.round(ms / 1000)} s`;
    console.log('\nTime per project (wall from its first file to its last; file time summed; of which importing):');
    for (const [name, p] of [...this.spans].sort((a, b) => a[1].first - b[1].first)) {
      console.log(`  ${name.padEnd(16)} ${String(p.files).padStart(4)} files ${String(p.tests).padStart(5)} tests  wall ${s(p.last - p.first).padStart(7)}  files ${s(p.busy).padStart(7)}  import ${s(p.imports).padStart(6)}`);
    }
    console.log('Slowest files:');
    for (const f of this.files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
      console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
    }
  }
}
