import { EntitySchema, type EntityClass } from '@mikro-orm/core';

/**
 * What every read row a projection writes carries (the `RowStamp`): the version of the stream it
 * reflects and when that was recorded. A read row's class extends it, and `projectedTable` maps its
 * columns, so the two are declared once, here.
 */
export class ProjectedRow {
  version!: number;
  updatedAt!: Date;
}

/** Abstract: no table of its own; MikroORM adds its columns to each schema that extends it. */
const ProjectedRowSchema = new EntitySchema<ProjectedRow>({
  class: ProjectedRow,
  abstract: true,
  properties: {
    version: { type: 'integer' },
    updatedAt: { type: 'datetime' },
  },
});

/** The columns of a read row beside the version and time every one has. */
export type ProjectedColumns<T extends ProjectedRow> = NonNullable<ConstructorParameters<typeof EntitySchema<T, ProjectedRow>>[0]['properties']>;

/** The schema of a read table a projection writes: `row`'s own columns, and the stamp's. */
export function projectedTable<T extends ProjectedRow>(row: EntityClass<T>, tableName: string, properties: ProjectedColumns<T>): EntitySchema<T, ProjectedRow> {
  return new EntitySchema<T, ProjectedRow>({ class: row, extends: ProjectedRowSchema, tableName, properties });
}
