import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../platform/context/request-context';
import { Aggregate } from '../../platform/event-store/aggregate';
import { CommandRunner } from '../../platform/event-store/command-runner';
import { EventStore } from '../../platform/event-store/event-store';
import type { PictureCopy } from './picture-copies';
import { squarePictureDecider, type SquarePictureCommand, type SquarePictureState } from './square-picture.decider';
import { squarePictureStream, type SquarePictureEvent } from './square-picture.events';

/** The shop's copies of Square's pictures: one stream per Square IMAGE (`square-picture-<id>`), and the copies kept as the sync reads them. */
@Injectable()
export class SquarePictures {
  private readonly pictures: Aggregate<string, SquarePictureState, SquarePictureCommand, SquarePictureEvent>;

  constructor(
    runner: CommandRunner,
    store: EventStore,
    private readonly orm: MikroORM,
  ) {
    this.pictures = new Aggregate(runner, store, squarePictureDecider, squarePictureStream);
  }

  run(squareImageId: string, command: SquarePictureCommand, caller: RequestContext) {
    return this.pictures.run(squareImageId, command, caller);
  }

  async load(squareImageId: string): Promise<SquarePictureState> {
    return (await this.pictures.load(squareImageId)).state;
  }

  /** Every copy kept, by Square image id: the file it copies and the catalogue's address of it. */
  async copies(): Promise<Map<string, PictureCopy>> {
    const rows = await (this.orm.em as EntityManager)
      .getConnection()
      .execute<{ id: string; url: string; picture: string }[]>('select id, url, picture from square_pictures where picture is not null');
    return new Map(rows.map((r) => [r.id, { url: r.url, picture: r.picture }]));
  }
}
