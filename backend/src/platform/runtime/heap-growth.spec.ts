import { constants, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { collectOnceStarted } from './heap-growth';

describe('collectOnceStarted', () => {
  it('runs one full collection and leaves gc unexposed', async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ['gc'] });
    collectOnceStarted();
    // GC entries are delivered asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
