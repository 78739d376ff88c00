import { Module } from '@nestjs/common';
import { InstagramController } from './instagram.controller';
import { InstagramFeed } from './instagram-feed';
import { InstagramGraph } from './instagram-graph';
import { SiteController } from './site.controller';

/** The studio's Instagram strip and the links the storefront shows from configuration. */
@Module({
  controllers: [InstagramController, SiteController],
  providers: [InstagramGraph, InstagramFeed],
  exports: [InstagramFeed],
})
export class SocialModule {}
