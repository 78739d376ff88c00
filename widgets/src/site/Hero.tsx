import { SocialStrip } from '../social/SocialStrip';
import { SectionLink } from './SectionLink';

export function Hero() {
  return (
    <section id="hero" className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <p className="hero__eyebrow">Hand-stitched gothic embroidery</p>
        <h1 id="hero-title" className="hero__title">
          The Dark Circle
        </h1>
        <p className="hero__tagline">Gothic embroidery, stitched by hand in the dark</p>
        <div className="hero__actions">
          <SectionLink section="shop" className="button">
            Shop the Collection
          </SectionLink>
          <SectionLink section="about" className="button button--ghost">
            Meet Us Locally
          </SectionLink>
        </div>
        <SocialStrip />
      </div>
    </section>
  );
}
