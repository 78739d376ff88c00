/** A refusal the domain explains to the caller; the HTTP layer maps the kind to a status. */
export type RefusalKind = 'invalid' | 'not-found' | 'conflict';

export class DomainError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
