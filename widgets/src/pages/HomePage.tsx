import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Bio } from '../components/Bio';
import { Footer } from '../components/Footer';
import { Hero } from '../components/Hero';
import { LocalEvents } from '../components/LocalEvents';
import { Newsletter } from '../components/Newsletter';
import { ProductGrid } from '../components/ProductGrid';
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
