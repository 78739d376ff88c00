import { useEffect } from 'react';
import { assetUrl } from '../api/config';
import { InstagramPost, useInstagramPosts, useInstagramProfile } from './instagram-api';

const SHOWN = 5;

/** The hero's strip of the studio's latest Instagram posts; it hides itself when there is no feed. */
export function SocialStrip() {
  const posts = useInstagramPosts();
  const shown = (posts.data ?? []).slice(0, SHOWN);
  const profile = useInstagramProfile(shown.length > 0);

  useEffect(() => {
    if (posts.error) console.error(posts.error.message);
  }, [posts.error]);

  if (shown.length === 0) return null;
  const username = profile.data?.username;
  return (
    <section className="social-strip" aria-label="Latest from our Instagram">
      {username && (
        <p className="social-strip__profile">
          <a href={`https://www.instagram.com/${encodeURIComponent(username)}/`} target="_blank" rel="noopener noreferrer">
            @{username}
          </a>
        </p>
      )}
      <ul className="social-strip__list">
        {shown.map((post) => (
          <li key={post.id}>
            <SocialPost post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const KIND: Record<string, { mark: string; label: string } | undefined> = {
  VIDEO: { mark: 'play', label: 'Video' },
  CAROUSEL_ALBUM: { mark: 'stack', label: 'Album' },
};

function SocialPost({ post }: { post: InstagramPost }) {
  const kind = KIND[post.media_type];
  // A video's media_url is the film itself: its thumbnail is the picture to show.
  const image = post.media_type === 'VIDEO' ? (post.thumbnail_url ?? post.media_url) : post.media_url;
  const caption = post.caption?.trim() || 'Instagram post';
  return (
    <a className="social-post" href={post.permalink} target="_blank" rel="noopener noreferrer" data-media-type={post.media_type}>
      {image ? (
        <img src={assetUrl(image)} alt={kind ? `${kind.label}: ${caption}` : caption} loading="lazy" decoding="async" width={160} height={160} />
      ) : (
        <span className="social-post__empty">{caption}</span>
      )}
      {kind && <span className={`social-post__mark social-post__mark--${kind.mark}`} aria-hidden="true" data-testid={`mark-${kind.mark}`} />}
    </a>
  );
}
