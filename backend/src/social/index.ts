export { SocialModule } from './social.module';
export { InstagramFeed } from './instagram-feed';
