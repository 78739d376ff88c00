import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Site, siteSchema } from './social.responses';

/**
 * `GET /api/site`: what the home page shows from configuration rather than code: the footer's
 * contact and social links and the events film. A setting left unset is left out.
 */
@Controller('api/site')
export class SiteController {
  private readonly site: Site;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.site = siteOf(config);
  }

  @Get()
  @ApiAnswers({ 200: siteSchema })
  get(): Site {
    return this.site;
  }
}

function siteOf(c: AppConfig): Site {
  const social = [
    { label: 'Instagram', href: c.INSTAGRAM_URL },
    { label: 'Facebook', href: c.FACEBOOK_URL },
    { label: 'TikTok', href: c.TIKTOK_URL },
  ].filter((s): s is { label: string; href: string } => Boolean(s.href));
  return {
    contact: { email: c.CONTACT_EMAIL ?? null, phone: c.CONTACT_PHONE ?? null, area: c.STUDIO_AREA ?? null },
    social,
    eventsVideo: { url: c.EVENTS_VIDEO_URL ?? null, posterUrl: c.EVENTS_VIDEO_POSTER_URL ?? null },
  };
}
