/** Another writer appended to the stream since it was read. */
export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} moved past version ${expectedVersion}`);
    this.name = 'ConcurrencyError';
  }
}
