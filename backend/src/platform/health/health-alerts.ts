import { Injectable, Logger } from '@nestjs/common';

/** Something a module wants `/api/health` to say is wrong (the shop still serves): which module, and what. */
export interface HealthAlert {
  source: string;
  message: string;
}

/**
 * What modules add to `/api/health` (platform knows no module): each registers a reader of its
 * alerts at start-up; any alert makes the health `degraded`. A reader that fails is left out (and
 * logged): the database being away is health's own verdict.
 */
@Injectable()
export class HealthAlerts {
  private readonly logger = new Logger('Health');
  private readonly readers = new Map<string, () => Promise<string[]>>();

  register(source: string, read: () => Promise<string[]>): void {
    this.readers.set(source, read);
  }

  async read(): Promise<HealthAlert[]> {
    const all = await Promise.all(
      [...this.readers].map(async ([source, read]) => {
        try {
          return (await read()).map((message) => ({ source, message }));
        } catch (error) {
          this.logger.warn(`Could not read the ${source} alerts: ${error instanceof Error ? error.message : error}`);
          return [];
        }
      }),
    );
    return all.flat();
  }
}
