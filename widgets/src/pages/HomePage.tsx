import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Bio } from '../site/Bio';
import { Footer } from '../site/Footer';
import { Hero } from '../site/Hero';
import { LocalEvents } from '../local-events/LocalEvents';
import { Newsletter } from '../newsletter/Newsletter';
import { ProductGrid } from '../catalog/ProductGrid';
import { scrollToSection } from '../lib/scroll';

export function HomePage() {
  const location = useLocation();

  // Arriving at "/#shop" from another page: the router does not scroll to fragments itself.
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (id) scrollToSection(id);
  }, [location.key, location.hash]);

  return (
    <>
      <title>The Dark Circle — Gothic Embroidery</title>
      <main id="main">
        <Hero />
        <section id="shop" className="section" aria-labelledby="shop-title">
          <div className="container">
            <h2 id="shop-title" className="section__title">
              Shop
            </h2>
            <ProductGrid />
          </div>
        </section>
        <LocalEvents />
        <Bio />
        <Newsletter />
      </main>
      <Footer />
    </>
  );
}
