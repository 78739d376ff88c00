export function Bio() {
  return (
    <section id="bio" className="section" aria-labelledby="bio-title">
      <div className="container bio">
        <h2 id="bio-title" className="section__title">
          The Studio
        </h2>
        <div className="bio__text">
          <p>
            The Dark Circle is a two-person studio: one of us draws, the other digitizes and stitches, and both of us argue happily about thread colours. We started by patching our own
            battle jackets and never stopped.
          </p>
          <p>
            Everything is made in small runs in our home studio — apparel, patches, framed hoops, portraits of your pets and people, and one-off originals. Part of every Pride Collection
            sale goes to local queer youth.
          </p>
        </div>
        <ul className="bio__makers">
          <li>
            <h3>The Artist</h3>
            <p>Sketches every motif, from ravens to roses, and designs the custom pieces with you.</p>
          </li>
          <li>
            <h3>The Stitcher</h3>
            <p>Turns drawings into stitch files and runs the machines late into the night.</p>
          </li>
        </ul>
      </div>
    </section>
  );
}
