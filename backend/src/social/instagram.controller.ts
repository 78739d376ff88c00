import { BadGatewayException, Controller, Get, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { notFound } from '../platform/errors/domain-error';
import { InstagramFeed } from './instagram-feed';
import { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { InstagramPost, instagramPostSchema, InstagramProfile, instagramProfileSchema } from './social.responses';

/** Browsers may keep the answer for a few minutes too; the server's own cache sets the pace upstream. */
const CACHE_CONTROL = 'public, max-age=300';

@Controller('api/instagram')
export class InstagramController {
  constructor(private readonly feed: InstagramFeed) {}

  /** With no INSTAGRAM_ACCESS_TOKEN there is no feed: an empty list, and the strip hides itself. */
  @Get('posts')
  @ApiAnswers({ 200: z.array(instagramPostSchema) })
  async posts(@Res({ passthrough: true }) reply: FastifyReply): Promise<InstagramPost[]> {
    if (!this.feed.configured) return [];
    return cachedFromInstagram(reply, 'posts', () => this.feed.getPosts());
  }

  @Get('profile')
  @ApiAnswers({ 200: instagramProfileSchema })
  async profile(@Res({ passthrough: true }) reply: FastifyReply): Promise<InstagramProfile> {
    if (!this.feed.configured) throw notFound('No Instagram account is connected.');
    return cachedFromInstagram(reply, 'profile', () => this.feed.getProfile());
  }
}

/** What Instagram answered, which clients may keep for five minutes; Instagram failing is a 502. */
async function cachedFromInstagram<T>(reply: FastifyReply, what: 'posts' | 'profile', read: () => Promise<T>): Promise<T> {
  try {
    const answer = await read();
    reply.header('cache-control', CACHE_CONTROL);
    return answer;
  } catch {
    throw new BadGatewayException({ code: 'INSTAGRAM_UNAVAILABLE', message: `Failed to fetch Instagram ${what}` });
  }
}
