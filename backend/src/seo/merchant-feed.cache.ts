import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { ProductsCache } from '../catalog';
import { ChangeFeed } from '../platform/change-feed/change-feed';
import { type ChangeNotice, ChangesMissed, StreamCommitted } from '../platform/change-feed/committed-events';
import { compressOnce, type CompressedBody } from '../platform/web/compressed-body';
import { type CurrentShopSettings, SHOP_SETTINGS_STREAM_TYPE, ShopSettingsReader } from '../settings';
import { merchantFeedXml } from './merchant-feed';

export interface BuiltFeed {
  body: CompressedBody;
  etag: string;
}

interface Built extends BuiltFeed {
  origin: string;
  catalogue: number;
  settings: number;
}

/**
 * The merchant feed, built once and kept until what it is built from moves: the catalogue (its
 * version, from `ProductsCache`, which the change feed keeps current in every process) and the shop's
 * settings (dropped here on their commit, this process's or another's, or a missed notice). A sale
 * of the last unit is a new catalogue version, so the next fetch is built again with the size out of
 * stock. While the change feed is not trusted the settings are read for every fetch, as the catalogue is.
 */
@Injectable()
@EventsHandler(StreamCommitted, ChangesMissed)
export class MerchantFeedCache implements IEventHandler<ChangeNotice> {
  private settings: Promise<CurrentShopSettings> | undefined;
  private built: Built | undefined;

  constructor(
    private readonly products: ProductsCache,
    private readonly reader: ShopSettingsReader,
    private readonly feed: ChangeFeed,
  ) {}

  handle(notice: ChangeNotice): void {
    if (!(notice instanceof StreamCommitted) || notice.streamType === SHOP_SETTINGS_STREAM_TYPE) this.settings = undefined;
  }

  async get(origin: string): Promise<BuiltFeed> {
    const [{ version, products }, settings] = await Promise.all([this.products.listed(), this.currentSettings()]);
    const built = this.built;
    if (built && built.origin === origin && built.catalogue === version && built.settings === settings.version) return built;
    const xml = merchantFeedXml(
      origin,
      products.map((p) => p.dto),
      settings,
    );
    const fresh = { origin, catalogue: version, settings: settings.version, body: compressOnce(xml), etag: `"${createHash('sha1').update(xml).digest('base64url')}"` };
    this.built = fresh;
    return fresh;
  }

  private currentSettings(): Promise<CurrentShopSettings> {
    if (!this.feed.trusted) return this.reader.current();
    if (!this.settings) {
      const token = this.feed.token();
      const loading = this.reader.current();
      this.settings = loading;
      // A failed read is not remembered, nor one the change feed may have missed a change during.
      const forget = () => this.settings === loading && (this.settings = undefined);
      loading.then(() => this.feed.stillLive(token) || forget(), forget);
    }
    return this.settings;
  }
}
