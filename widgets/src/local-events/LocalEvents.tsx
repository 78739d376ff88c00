const STEPS = [
  { title: 'Ideation', text: 'We sketch your idea, or ours, by candlelight until the motif feels right.' },
  { title: 'Digital Design', text: 'The sketch becomes clean vector artwork sized for the garment or hoop.' },
  { title: 'Digitization', text: 'Every stitch is plotted by hand: direction, density and thread colour.' },
  { title: 'Embroidery', text: 'The machine and our hands finish it, trimmed and checked thread by thread.' },
] as const;

import { UpcomingEvents } from './UpcomingEvents';
import { useSite } from '../site/site-api';

/** "Local Events" in the nav: markets, open-studio nights and how a piece is made. */
export function LocalEvents() {
  return (
    <section id="about" className="section section--alt" aria-labelledby="about-title">
      <div className="container">
        <h2 id="about-title" className="section__title">
          Local Events &amp; Community
        </h2>
        <p className="section__lead">
          Find us at night markets, oddities fairs and our monthly open-studio evenings. Bring a jacket and we will talk patches; bring a photo of your familiar and we will talk portraits.
        </p>

        <UpcomingEvents />

        <EventsVideo />

        <h3 className="process__title">From Sketch to Stitch</h3>
        <ol className="process">
          {STEPS.map((step, i) => (
            <li key={step.title} className="process__step">
              <span className="process__number" aria-hidden="true">
                {i + 1}
              </span>
              <h4 className="process__name">{step.title}</h4>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** The events film from EVENTS_VIDEO_URL; with none configured, its poster frame alone. */
function EventsVideo() {
  const video = useSite().data?.eventsVideo;
  return (
    <figure className="studio-video">
      {video?.url ? (
        <video className="studio-video__film" controls preload="metadata" playsInline poster={video.posterUrl ?? undefined} data-testid="events-video">
          <source src={video.url} />
          <a href={video.url}>Watch the film</a>
        </video>
      ) : video?.posterUrl ? (
        <img className="studio-video__film" src={video.posterUrl} alt="Inside the studio: a hoop in progress" loading="lazy" />
      ) : (
        // A CSS-drawn poster frame: an embroidery hoop under the needle.
        <div className="studio-video__poster" role="img" aria-label="Poster frame: an embroidery hoop under the needle in the studio">
          <span className="studio-video__hoop" />
          <span className="studio-video__needle" />
        </div>
      )}
      <figcaption>Inside the studio — a hoop in progress.</figcaption>
    </figure>
  );
}
