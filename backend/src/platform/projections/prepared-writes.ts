import { randomBytes } from 'node:crypto';
import type { Platform } from '@mikro-orm/core';
import type { SqlWrite } from './sql-write';

/**
 * Writes as `execute <name>(values…)`, each distinct statement prepared once, so that PostgreSQL
 * parses and plans a statement shape once rather than once per event. For a long replay on one
 * connection (the rebuild); the names are new for every instance, as PREPARE is not undone by a
 * rollback, and `deallocate` forgets them.
 */
export class PreparedWrites {
  private readonly names = new Map<string, string>();
  private readonly prefix = `w_${randomBytes(4).toString('hex')}_`;

  constructor(private readonly platform: Platform) {}

  /** The script for `writes`: the PREPAREs of shapes not seen before, then one EXECUTE per write. */
  script(writes: readonly SqlWrite[]): string {
    const statements: string[] = [];
    for (const write of writes) {
      let name = this.names.get(write.sql);
      if (!name) {
        name = `${this.prefix}${this.names.size}`;
        this.names.set(write.sql, name);
        statements.push(`prepare ${name} as ${numbered(write.sql)}`);
      }
      const values = write.params.length ? `(${write.params.map(() => '?').join(', ')})` : '';
      statements.push(this.platform.formatQuery(`execute ${name}${values}`, write.params as unknown[]));
    }
    return statements.join(';\n');
  }

  deallocate(): string {
    return [...this.names.values()].map((name) => `deallocate ${name}`).join(';\n');
  }
}

/** `?` placeholders as PREPARE wants them: `$1`, `$2`… (the projections' statements hold no other `?`). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}
