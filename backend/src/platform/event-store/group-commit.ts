import type { AppendRequest } from './append-statement';
import { ConcurrencyError } from './concurrency.error';
import type { RecordedEvent } from './recorded-event';

/**
 * The group's transaction certainly did not commit (a statement failed, or it never got to send
 * COMMIT): its members may be tried again. `alone` is what a group of one member answers.
 */
export class GroupRolledBack extends Error {
  constructor(readonly alone: unknown) {
    super('The group of appends was rolled back');
  }
}

/**
 * Writes requests in one transaction and announces them once committed; per request, its recorded
 * events, or undefined where the stream was not at the expected version. Throws GroupRolledBack
 * when nothing was committed, anything else when the outcome is unknown.
 */
export type WriteGroup = (requests: readonly AppendRequest[]) => Promise<(RecordedEvent[] | undefined)[]>;

interface Waiting {
  request: AppendRequest;
  resolve(events: RecordedEvent[]): void;
  reject(error: unknown): void;
}

export interface GroupLimits {
  /** Transactions in flight at once; the rest of the appends wait and go together in the next. */
  transactions: number;
  /** Requests in one transaction at most, so that one statement stays a reasonable size. */
  requests: number;
}

/**
 * Group commit: a commit costs the same flush to disk however much it carries, so appends that
 * arrive while the transactions in flight are busy wait and are then written together, one
 * statement and one commit for all of them. Each caller still gets its own answer: a stream not at
 * its expected version fails alone, and a group that failed as a whole (two transactions raced on
 * a stream, a projection refused a write) is retried member by member.
 */
export class GroupCommit {
  private readonly waiting: Waiting[] = [];
  private inFlight = 0;

  constructor(
    private readonly writeGroup: WriteGroup,
    private readonly limits: GroupLimits,
  ) {}

  append(request: AppendRequest): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.inFlight < this.limits.transactions && this.waiting.length > 0) {
      const group = this.take();
      this.inFlight++;
      // The slot is given back only after the callers just answered have run on, so that a writer
      // appending again at once joins the next group instead of starting one of its own.
      void this.commit(group).finally(() =>
        setImmediate(() => {
          this.inFlight--;
          this.next();
        }),
      );
    }
  }

  /** The longest-waiting requests, one per stream: a second append to a stream waits for the next group rather than clash. */
  private take(): Waiting[] {
    const group: Waiting[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.waiting.length && group.length < this.limits.requests;) {
      const waiting = this.waiting[i];
      if (streams.has(waiting.request.stream.id)) {
        i++;
        continue;
      }
      streams.add(waiting.request.stream.id);
      group.push(waiting);
      this.waiting.splice(i, 1);
    }
    return group;
  }

  private async commit(group: Waiting[]): Promise<void> {
    try {
      const results = await this.writeGroup(group.map((w) => w.request));
      group.forEach((w, i) => {
        const events = results[i];
        if (events) w.resolve(events);
        else w.reject(new ConcurrencyError(w.request.stream.id, w.request.expectedVersion));
      });
    } catch (error) {
      if (!(error instanceof GroupRolledBack)) {
        for (const w of group) w.reject(error);
      } else if (group.length === 1) {
        group[0].reject(error.alone);
      } else {
        for (const w of group) await this.commit([w]);
      }
    }
  }
}
