import { insertRow, json, write } from '../../platform/projections/sql-write';
import { streamProjection } from '../../platform/projections/stream-projection';
import { squarePictureStream, type SquarePictureEvent } from './square-picture.events';

/** One row per Square picture: the file last asked for, the items waiting for it, the copy once kept. */
export const squarePictureProjection = streamProjection<SquarePictureEvent>({ name: 'square-pictures', tables: ['square_pictures'], stream: squarePictureStream }, (event, id, stamp) => {
  switch (event.type) {
    case 'SquarePictureWanted': {
      const { url, squareItemId } = event.data;
      const row = insertRow('square_pictures', { id, url, waiting: json([squareItemId]), failed: false, ...stamp });
      // A new file starts over (no copy, only this item waiting); the same file adds the item once.
      return [
        write(
          `${row.sql} on conflict (id) do update set
             waiting = case when square_pictures.url = excluded.url
               then (select coalesce(jsonb_agg(distinct w), '[]'::jsonb) from jsonb_array_elements_text(square_pictures.waiting || excluded.waiting) w)
               else excluded.waiting end,
             picture = case when square_pictures.url = excluded.url then square_pictures.picture end,
             url = excluded.url, failed = false, version = excluded.version, updated_at = excluded.updated_at`,
          ...row.params,
        ),
      ];
    }
    case 'SquarePictureCopied':
      return [write('update square_pictures set picture = ?, failed = false, version = ?, updated_at = ? where id = ?', event.data.picture, stamp.version, stamp.updated_at, id)];
    case 'SquarePictureNotCopied':
      return [write('update square_pictures set failed = true, version = ?, updated_at = ? where id = ?', stamp.version, stamp.updated_at, id)];
    default:
      return [];
  }
});
