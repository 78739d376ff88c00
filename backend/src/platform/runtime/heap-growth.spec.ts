import { constants, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { collectOnceStarted, type HeapSample, IdleCollector } from './heap-growth';

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

describe('IdleCollector', () => {
  const MB = 1024 * 1024;

  /** A collector over scripted samples: each tick takes the next one; collecting leaves `liveAfter` in use. */
  function scripted(first: number, liveAfter = first) {
    const samples: HeapSample[] = [];
    let oldSpaceUsed = first;
    const collections: number[] = [];
    const collector = new IdleCollector(
      () => samples.shift() ?? { utilization: 1, oldSpaceUsed },
      () => {
        collections.push(oldSpaceUsed);
        oldSpaceUsed = liveAfter;
      },
    );
    const tick = (utilization: number, used: number) => {
      oldSpaceUsed = used;
      samples.push({ utilization, oldSpaceUsed: used });
      return collector.tick();
    };
    return { tick, collections };
  }

  it('collects in a quiet second once the old generation has grown by half', () => {
    const { tick, collections } = scripted(80 * MB);
    expect(tick(0.01, 119 * MB)).toBe(false);
    expect(tick(0.01, 120 * MB)).toBe(true);
    expect(collections).toEqual([120 * MB]);
  });

  it('waits while the process is busy, however much has gathered', () => {
    const { tick, collections } = scripted(80 * MB);
    expect(tick(0.03, 300 * MB)).toBe(false);
    expect(tick(0.4, 300 * MB)).toBe(false);
    expect(tick(0.029, 300 * MB)).toBe(true);
    expect(collections).toHaveLength(1);
  });

  it('measures growth from what its own collection left alive', () => {
    const { tick, collections } = scripted(80 * MB, 90 * MB);
    expect(tick(0, 200 * MB)).toBe(true);
    expect(tick(0, 134 * MB)).toBe(false);
    expect(tick(0, 135 * MB)).toBe(true);
    expect(collections).toEqual([200 * MB, 135 * MB]);
  });

  it("measures growth from what V8's own full collection left alive", () => {
    const { tick, collections } = scripted(80 * MB);
    expect(tick(0.5, 60 * MB)).toBe(false);
    expect(tick(0, 89 * MB)).toBe(false);
    expect(tick(0, 90 * MB)).toBe(true);
    expect(collections).toEqual([90 * MB]);
  });
});
