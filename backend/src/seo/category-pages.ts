import { Injectable, OnModuleInit } from '@nestjs/common';
import { CATEGORIES } from '../catalog';
import { StorefrontPages } from '../site';

/** A category's page, `/shop/<slug>`; the storefront draws it, with its own title. */
export const CATEGORY_PAGE = /^\/shop\/([^/]+)$/;

/** Tells the storefront's pages which `/shop/<slug>` exist: the vocabulary's; any other is its 404 page. */
@Injectable()
export class CategoryPages implements OnModuleInit {
  constructor(private readonly pages: StorefrontPages) {}

  onModuleInit(): void {
    this.pages.register(CATEGORY_PAGE, async ([, slug]) => CATEGORIES.some((c) => c.slug === slug));
  }
}
