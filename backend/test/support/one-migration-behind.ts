import { MikroORM } from '@mikro-orm/postgresql';
import { ormOptions } from '../../src/platform/database/orm-options';

/** The database as a shop one release behind left it: every migration but the latest applied. */
export async function oneMigrationBehind(url: string): Promise<void> {
  const orm = await MikroORM.init(ormOptions(url, false));
  try {
    await orm.getMigrator().up();
    await orm.getMigrator().down();
  } finally {
    await orm.close();
  }
}
