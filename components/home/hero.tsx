import './hero-art.css';

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="hero bg-base-200">
      <div className="hero-content w-full max-w-6xl flex-col gap-10 px-4 py-12 lg:flex-row lg:py-20">
        <div className="max-w-xl text-center lg:text-left">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            Toolhaus Manufacturing
          </p>
          <h1
            id="hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl"
          >
            We are leading in Tools Building
          </h1>
          <p className="mt-5 text-lg text-base-content/75">
            Get to know more about our products and services
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3 lg:justify-start">
            <a href="#tools" className="btn btn-primary">
              See our tools
            </a>
            <a href="#contact" className="btn btn-outline">
              Talk to our team
            </a>
          </div>
        </div>
        <div
          role="img"
          aria-label="A workshop wall with a hammer, wrench, screwdrivers and tape measure above a bench with a cordless drill and boxed orders"
          className="hero-art aspect-4/3 w-full max-w-md lg:max-w-lg"
        />
      </div>
    </section>
  );
}
