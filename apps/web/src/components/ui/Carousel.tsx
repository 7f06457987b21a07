import { Children, useEffect, useState, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** Milliseconds each slide shows; paused while the pointer or focus is on it. */
  interval: number;
  className?: string;
  /** What the slides are, for screen readers. */
  label: string;
}

/**
 * Slides one at a time with dots below (antd's Carousel look, ui.css), advancing by itself; hovering or focusing it
 * pauses, and a reader who prefers less motion gets no autoplay. Every slide stays in the document (links reachable,
 * text found by search), the others hidden.
 */
export function Carousel({ children, interval, className, label }: Props) {
  const slides = Children.toArray(children);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (paused || count < 2 || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % count), interval);
    return () => clearInterval(timer);
  }, [paused, count, interval]);

  return (
    <div
      className={className ? `carousel ${className}` : 'carousel'}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== current}
            inert={i !== current}
          >
            {slide}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="carousel__dots">
          {slides.map((_, i) => (
            <button
              key={i}
              type="button"
              className={i === current ? 'carousel__dot is-active' : 'carousel__dot'}
              aria-label={`第 ${i + 1} 条`}
              aria-current={i === current}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
