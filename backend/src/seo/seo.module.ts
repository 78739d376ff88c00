import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog';
import { SettingsModule } from '../settings';
import { CategoryPages } from './category-pages';
import { MerchantFeedCache } from './merchant-feed.cache';
import { SeoController } from './seo.controller';

/** What brings shoppers from elsewhere: the sitemap, robots.txt, the Google Merchant feed, the category pages' paths. */
@Module({
  imports: [CatalogModule, SettingsModule],
  controllers: [SeoController],
  providers: [MerchantFeedCache, CategoryPages],
})
export class SeoModule {}
